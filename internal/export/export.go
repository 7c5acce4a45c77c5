// Package export makes an owner's archive of their blog: every post as
// Markdown with front matter and as JSON, the confirmed subscribers as
// CSV, and the media files, in one zip. It is made in the background (one
// instance claims each request under a renewed lease), stored privately in
// the media storage, announced by e-mail, downloaded by the signed-in
// owner only, and deleted when it expires. An account has one export at a
// time.
package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
)

// Terms of an export.
const (
	// TTL is how long a ready archive can be downloaded.
	TTL = 7 * 24 * time.Hour
	// Lease is how long a worker holds a claim between renewals.
	Lease = 5 * time.Minute
	// RequestsPerDay bounds the archives one account asks for in a day:
	// each reads the whole blog and copies its media.
	RequestsPerDay = 5
	// Attempts is how many times an export is tried before it fails.
	Attempts = 3
)

// Refusals.
var (
	ErrPending     = apperr.New(apperr.Conflict, "export_pending", "Your export is still being prepared. You will get an e-mail when it is ready.")
	ErrUnavailable = apperr.New(apperr.Unavailable, "export_unavailable", "Data exports are not available on this server.")
	ErrNotReady    = apperr.New(apperr.NotFound, "export_not_found", "There is no export to download. Ask for a new one.")
)

// Store is what exports read and keep.
type Store interface {
	store.ExportStore
	ratelimit.Store
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	GetUser(ctx context.Context, id int64) (*store.User, error)
	ListPosts(ctx context.Context, f store.FindPost) ([]*store.Post, error)
	ListCategories(ctx context.Context, workspaceID int64) ([]*store.Category, error)
	ExportSubscribers(ctx context.Context, workspaceID int64) ([]*store.Subscriber, error)
	MediaFileKeys(ctx context.Context, workspaceID int64, after string, limit int) ([]string, error)
}

// Service asks for exports and hands out their archives; Run makes them.
type Service struct {
	Store Store
	// Storage keeps the archives (private keys) and is read for the media.
	Storage media.Streamer
	// Ready tells the owner by e-mail that their archive can be downloaded.
	Ready  func(ctx context.Context, u *store.User, e *store.DataExport) error
	Now    func() time.Time
	Logger *slog.Logger
	// TempDir is where archives are written before they are stored ("":
	// the system's).
	TempDir string
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// Get is the user's export (nil when they never asked for one), as the
// owner's screen shows it: an expired one counts as none.
func (s *Service) Get(ctx context.Context, userID int64) (*store.DataExport, error) {
	e, err := s.Store.GetExport(ctx, userID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !e.ExpiresAt.IsZero() && !e.ExpiresAt.After(s.now())) {
		return nil, nil
	}
	return e, err
}

// Request queues an export of ws for u, replacing (and deleting) their
// earlier archive; ErrPending while one is being made.
func (s *Service) Request(ctx context.Context, u *store.User, ws *store.Workspace) (*store.DataExport, error) {
	if s.Storage == nil {
		return nil, ErrUnavailable
	}
	if cur, err := s.Get(ctx, u.ID); err != nil {
		return nil, err
	} else if cur != nil && (cur.Status == store.ExportQueued || cur.Status == store.ExportRunning) {
		return nil, ErrPending
	}
	limiter := &ratelimit.Limiter{Store: s.Store, Now: s.now}
	if _, err := limiter.Reserve(ctx, "data exports",
		ratelimit.Rule{Key: "export:" + strconv.FormatInt(u.ID, 10), Max: RequestsPerDay, Window: 24 * time.Hour}); err != nil {
		return nil, err
	}
	prev, err := s.Store.RequestExport(ctx, u.ID, ws.ID, s.now())
	if errors.Is(err, store.ErrConflict) {
		return nil, ErrPending
	}
	if err != nil {
		return nil, err
	}
	if prev != nil && prev.FileKey != "" {
		if err := s.delete(ctx, prev.FileKey); err != nil {
			s.logger().Warn("export: delete the earlier archive", "key", prev.FileKey, "err", err)
		}
	}
	return s.Store.GetExport(ctx, u.ID)
}

// Download is the reader of u's ready archive of workspace wsID, with its
// size and file name; ErrNotReady when there is none (asked for another
// blog, not ready, failed or expired).
func (s *Service) Download(ctx context.Context, userID, wsID int64) (io.ReadCloser, *store.DataExport, error) {
	e, err := s.Get(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	if e == nil || e.Status != store.ExportReady || e.WorkspaceID != wsID || e.FileKey == "" {
		return nil, nil, ErrNotReady
	}
	rc, err := s.Storage.Open(ctx, e.FileKey)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, ErrNotReady
	}
	return rc, e, err
}

// FileName is the name an archive downloads as.
func FileName(e *store.DataExport) string { return path.Base(e.FileKey) }

func (s *Service) delete(ctx context.Context, key string) error {
	d, ok := s.Storage.(interface {
		Delete(ctx context.Context, key string) error
	})
	if !ok {
		return media.ErrNoStream
	}
	return d.Delete(ctx, key)
}

// Run makes queued exports and deletes expired ones every `every` until
// ctx ends.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		for {
			done, err := s.RunOnce(ctx)
			if err != nil && ctx.Err() == nil {
				s.logger().Error("data export", "err", err)
			}
			if !done {
				break
			}
		}
		if _, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.logger().Warn("sweep expired data exports", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce claims one export and makes it; done is false when none waited.
func (s *Service) RunOnce(ctx context.Context) (done bool, err error) {
	now := s.now()
	held := now.Add(Lease)
	e, err := s.Store.ClaimExport(ctx, now, held)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	wctx, stop := lease.Keep(ctx, lease.Every(Lease), s.logger(), func(rctx context.Context) error {
		next := s.now().Add(Lease)
		if err := s.Store.RenewExport(rctx, e.UserID, held, next); err != nil {
			return err
		}
		held = next
		return nil
	})
	key, size, err := s.make(wctx, e)
	stop()
	fctx := context.WithoutCancel(ctx)
	out := *e
	out.FinishedAt = s.now()
	if err != nil {
		if e.Attempts < Attempts && ctx.Err() == nil {
			// Left running: claimed again once its lease ends.
			s.logger().Warn("data export failed, will retry", "user", e.UserID, "attempt", e.Attempts, "err", err)
			return true, nil
		}
		out.Status, out.Error, out.ExpiresAt = store.ExportFailed, "The export could not be made. Please ask for a new one.", out.FinishedAt.Add(TTL)
		s.logger().Error("data export failed", "user", e.UserID, "err", err)
	} else {
		out.Status, out.FileKey, out.FileSize, out.ExpiresAt = store.ExportReady, key, size, out.FinishedAt.Add(TTL)
	}
	if ferr := s.Store.FinishExport(fctx, &out, held); ferr != nil {
		// The lease was lost (a new request replaced it): the archive is nobody's.
		if key != "" {
			_ = s.delete(fctx, key)
		}
		if errors.Is(ferr, store.ErrNotFound) {
			return true, nil
		}
		return true, ferr
	}
	if out.Status == store.ExportReady && s.Ready != nil {
		u, err := s.Store.GetUser(fctx, e.UserID)
		if err == nil {
			err = s.Ready(fctx, u, &out)
		}
		if err != nil {
			s.logger().Error("data export ready e-mail", "user", e.UserID, "err", err)
		}
	}
	return true, nil
}

// make writes the archive to a temporary file and stores it.
func (s *Service) make(ctx context.Context, e *store.DataExport) (key string, size int64, err error) {
	ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &e.WorkspaceID})
	if err != nil {
		return "", 0, err
	}
	f, err := os.CreateTemp(s.TempDir, "inkpress-export-*.zip")
	if err != nil {
		return "", 0, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if err := s.write(ctx, f, ws); err != nil {
		return "", 0, fmt.Errorf("write the archive: %w", err)
	}
	size, err = f.Seek(0, io.SeekEnd)
	if err != nil {
		return "", 0, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", 0, err
	}
	name := ws.Slug + "-export-" + s.now().UTC().Format("2006-01-02") + ".zip"
	key = media.PrivatePrefix + "exports/" + auth.RandomToken(24) + "/" + name
	if err := s.Storage.PutStream(ctx, key, f, size, "application/zip"); err != nil {
		return "", 0, err
	}
	return key, size, nil
}

// Sweep deletes expired archives and their rows, and reports how many.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	list, err := s.Store.ExpiredExports(ctx, s.now(), 100)
	if err != nil {
		return 0, err
	}
	for _, e := range list {
		if e.FileKey != "" {
			if err := s.delete(ctx, e.FileKey); err != nil {
				return 0, err
			}
		}
		if err := s.Store.DeleteExport(ctx, e.UserID, e.RequestedAt); err != nil {
			return 0, err
		}
	}
	return len(list), nil
}
