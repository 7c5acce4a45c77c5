// Package erase erases accounts whose deletion grace is over: the files of
// their blogs (media and its variants, stored reader pages, a data export),
// then every row of the account and its blogs in one transaction. Each due
// deletion is claimed by one instance under a renewed lease; a purge that
// fails or whose process dies is taken up again later, and every step can
// run twice.
package erase

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/store"
)

// Store is what a purge reads and deletes.
type Store interface {
	ClaimDeletion(ctx context.Context, now, leaseUntil time.Time) (*store.AccountDeletion, error)
	RenewDeletion(ctx context.Context, userID int64, from, to time.Time) error
	FailDeletion(ctx context.Context, userID int64, errText string, retryAt time.Time) error
	OwnedWorkspaces(ctx context.Context, userID int64) ([]*store.Workspace, error)
	MediaFileKeys(ctx context.Context, workspaceID int64, after string, limit int) ([]string, error)
	GetExport(ctx context.Context, userID int64) (*store.DataExport, error)
	PurgeAccount(ctx context.Context, userID int64) error
}

// Pages drops a workspace's stored reader pages (pages.Service).
type Pages interface {
	DropAll(ctx context.Context, workspaceID int64) error
}

// Lease is how long a purge holds its claim between renewals; RetryAfter
// is how long a failed purge waits before another try.
const (
	Lease      = 5 * time.Minute
	RetryAfter = 15 * time.Minute
	keyBatch   = 200
)

// Worker purges due deletions.
type Worker struct {
	Store Store
	// Files deletes recorded media with their variants and rows; its
	// Storage is walked for the workspace's files nothing recorded.
	Files *media.Files
	Pages Pages
	// Forget runs once an account is gone: caches holding its blogs drop
	// them (the blog addresses, the rendered responses).
	Forget func(workspaceIDs []int64)
	Now    func() time.Time
	Logger *slog.Logger
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger != nil {
		return w.Logger
	}
	return slog.Default()
}

// Run purges due deletions every `every` until ctx ends.
func (w *Worker) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		for {
			done, err := w.RunOnce(ctx)
			if err != nil && ctx.Err() == nil {
				w.logger().Error("erase a deleted account", "err", err)
			}
			if !done || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce claims one due deletion and purges it; done is false when none
// was due.
func (w *Worker) RunOnce(ctx context.Context) (done bool, err error) {
	now := w.now()
	until := now.Add(Lease)
	d, err := w.Store.ClaimDeletion(ctx, now, until)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	held := until
	wctx, stop := lease.Keep(ctx, lease.Every(Lease), w.logger(), func(rctx context.Context) error {
		next := w.now().Add(Lease)
		if err := w.Store.RenewDeletion(rctx, d.UserID, held, next); err != nil {
			return err
		}
		held = next
		return nil
	})
	err = w.purge(wctx, d.UserID)
	stop()
	if err != nil {
		ferr := w.Store.FailDeletion(context.WithoutCancel(ctx), d.UserID, err.Error(), w.now().Add(RetryAfter))
		return true, errors.Join(err, ferr)
	}
	w.logger().Info("deleted account erased", "user", d.UserID, "requested", d.RequestedAt)
	return true, nil
}

func (w *Worker) purge(ctx context.Context, userID int64) error {
	owned, err := w.Store.OwnedWorkspaces(ctx, userID)
	if err != nil {
		return err
	}
	ids := make([]int64, len(owned))
	for i, ws := range owned {
		ids[i] = ws.ID
		if err := w.deleteFiles(ctx, ws.ID); err != nil {
			return err
		}
		if err := w.Pages.DropAll(ctx, ws.ID); err != nil {
			return err
		}
	}
	if ex, err := w.Store.GetExport(ctx, userID); err == nil && ex.FileKey != "" {
		if err := w.Files.Storage.Delete(ctx, ex.FileKey); err != nil {
			return err
		}
	} else if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if err := w.Store.PurgeAccount(ctx, userID); err != nil {
		return err
	}
	if w.Forget != nil {
		w.Forget(ids)
	}
	return nil
}

// deleteFiles removes the workspace's recorded files (with their variants
// and rows), then whatever the storage still holds under the workspace's
// keys: files written just before a crash, variants of files gone.
func (w *Worker) deleteFiles(ctx context.Context, wsID int64) error {
	after := ""
	for {
		keys, err := w.Store.MediaFileKeys(ctx, wsID, after, keyBatch)
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := w.Files.Delete(ctx, k); err != nil {
				return err
			}
		}
		if len(keys) < keyBatch {
			break
		}
		after = keys[len(keys)-1]
	}
	prefix := strconv.FormatInt(wsID, 10) + "/"
	return w.Files.Storage.List(ctx, func(o media.Object) error {
		if !strings.HasPrefix(o.Key, prefix) {
			return nil
		}
		return w.Files.Storage.Delete(ctx, o.Key)
	})
}
