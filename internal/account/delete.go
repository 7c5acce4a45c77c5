package account

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
)

// DeletionGrace is how long a deleted account can be restored by signing
// in; then it is erased for good (internal/erase).
const DeletionGrace = 7 * 24 * time.Hour

// Refusals of a deletion and of the sign-in that would restore one.
var (
	ErrConfirmMismatch = apperr.Validation("Type the name exactly as shown to confirm.")
	ErrLastAdmin       = apperr.New(apperr.Conflict, "last_admin",
		"You are the only admin of this platform. Make another account an admin before deleting yours.")
	ErrDeletionPending = apperr.New(apperr.Conflict, "deletion_pending", "This account is already being deleted.")
	// ErrAccountDeleted: the grace is over and the account is being
	// erased. Only its owner, who gave the right password, reads it.
	ErrAccountDeleted = apperr.New(apperr.Forbidden, "account_deleted",
		"This account was deleted and can no longer be restored.")
)

// Deletion is what the account screen shows about deleting: what to type
// to confirm (the blog's name, or the e-mail address of an account
// without a blog) and whose blog goes with the account.
type Deletion struct {
	Confirm string
	HasBlog bool
}

// DeletionOf tells u what confirms the deletion of their account.
func (s *Service) DeletionOf(ctx context.Context, u *store.User) (*Deletion, error) {
	s.init()
	ws, err := s.Store.OwnedWorkspaces(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for _, w := range ws {
		if s.SiteWorkspace != "" && w.Slug == s.SiteWorkspace {
			continue
		}
		set, err := s.Store.GetSettings(ctx, w.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		name := w.Name
		if set != nil && strings.TrimSpace(set.BlogTitle) != "" {
			name = strings.TrimSpace(set.BlogTitle)
		}
		return &Deletion{Confirm: name, HasBlog: true}, nil
	}
	return &Deletion{Confirm: u.Email}, nil
}

// Delete deletes u's account once they typed confirm (DeletionOf's name)
// and their password: every session ends, their blogs go offline at once
// and their timed work stops; signing in within DeletionGrace restores
// all of it (Restore). A notice with the date goes to their address.
func (s *Service) Delete(ctx context.Context, u *store.User, confirm, pw string) (*store.AccountDeletion, error) {
	s.init()
	d, err := s.DeletionOf(ctx, u)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(confirm) != d.Confirm {
		return nil, ErrConfirmMismatch
	}
	if pw == "" {
		return nil, apperr.Validation("Your current password is required")
	}
	key := "delete-account:" + strconv.FormatInt(u.ID, 10)
	if _, err := s.limiter.Reserve(ctx, "attempts to delete your account",
		ratelimit.Rule{Key: key, Max: PasswordChangesPerUser, Window: auth.Window}); err != nil {
		return nil, err
	}
	ok, err := s.Auth.CheckPassword(ctx, u, pw)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrWrongPassword
	}
	now := s.Now().UTC()
	ids, err := s.Store.RequestDeletion(ctx, u.ID, now, now.Add(DeletionGrace))
	switch {
	case errors.Is(err, store.ErrLastAdmin):
		return nil, ErrLastAdmin
	case errors.Is(err, store.ErrConflict):
		return nil, ErrDeletionPending
	case err != nil:
		return nil, err
	}
	s.blogsChanged(ctx, ids)
	del, err := s.Store.GetDeletion(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if err := s.send(ctx, store.MailAccountDeleted, u.Email, deletedMail, mailData{Name: u.Name,
		Link: s.BaseURL + "/login", Valid: del.PurgeAt.Format("January 2, 2006")}); err != nil {
		s.Logger.Error("account deleted e-mail", "user", u.ID, "err", err)
	}
	return del, nil
}

// Restore undoes u's deletion when they sign in during its grace, and
// reports whether there was one. Once the grace is over it refuses with
// ErrAccountDeleted.
func (s *Service) Restore(ctx context.Context, u *store.User) (bool, error) {
	s.init()
	ids, err := s.Store.CancelDeletion(ctx, u.ID, s.Now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return false, nil
	case errors.Is(err, store.ErrConflict):
		return false, ErrAccountDeleted
	case err != nil:
		return false, err
	}
	s.blogsChanged(ctx, ids)
	s.Logger.Info("deleted account restored by signing in", "user", u.ID)
	return true, nil
}

func (s *Service) blogsChanged(ctx context.Context, ids []int64) {
	if s.BlogsChanged != nil && len(ids) > 0 {
		s.BlogsChanged(ctx, ids)
	}
}

// ExportPath is the screen where an owner downloads their data export.
const ExportPath = "/dashboard/settings#data-export"

// ExportReady tells u their data export can be downloaded until e expires
// (the export worker's Ready).
func (s *Service) ExportReady(ctx context.Context, u *store.User, e *store.DataExport) error {
	s.init()
	return s.send(ctx, store.MailExportReady, u.Email, exportReadyMail, mailData{Name: u.Name,
		Link: s.BaseURL + ExportPath, Valid: e.ExpiresAt.UTC().Format("January 2, 2006")})
}
