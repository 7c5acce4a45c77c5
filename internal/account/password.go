package account

import (
	"context"
	"strconv"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/auth/password"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
)

// PasswordChangesPerUser bounds the attempts to change a signed-in user's
// password in auth.Window, as sign-in bounds the attempts per account: each
// checks the current password, so a stolen session cannot guess it faster
// than a login form could.
const PasswordChangesPerUser = auth.MaxPerAccount

// ErrSamePassword refuses a new password equal to the current one.
var ErrSamePassword = apperr.Validation("Your new password must be different from your current password.")

// ChangePassword sets u's password to next once current is proved: every
// other session of u ends (session is the cookie token of the request,
// which stays signed in) and a notice goes to u's address. A wrong current
// password changes nothing and keeps its rate-limit slot; a right one hands
// it back.
func (s *Service) ChangePassword(ctx context.Context, u *store.User, current, next, session string) error {
	s.init()
	if current == "" {
		return apperr.Validation("Your current password is required")
	}
	if err := password.Check(next); err != nil {
		return err
	}
	key := "change-password:" + strconv.FormatInt(u.ID, 10)
	slot, err := s.limiter.Reserve(ctx, "attempts to change your password",
		ratelimit.Rule{Key: key, Max: PasswordChangesPerUser, Window: auth.Window})
	if err != nil {
		return err
	}
	ok, err := s.Auth.CheckPassword(ctx, u, current)
	if err != nil {
		return err
	}
	if !ok {
		return ErrWrongPassword
	}
	// The password was proved: the attempt does not count.
	if err := slot.Release(context.WithoutCancel(ctx), key); err != nil {
		s.Logger.Warn("password change: hand back the slot", "err", err)
	}
	if current == next {
		return ErrSamePassword
	}
	hash, err := s.Auth.HashPassword(ctx, next)
	if err != nil {
		return err
	}
	if err := s.Store.ChangePassword(ctx, u.ID, hash, auth.HashToken(session)); err != nil {
		return err
	}
	// The password is changed: a notice that cannot be queued is logged,
	// not turned into a failure the user would retry.
	if err := s.send(ctx, store.MailPasswordChanged, u.Email, passwordChangedMail, mailData{Name: u.Name,
		Link: s.BaseURL + "/forgot-password"}); err != nil {
		s.Logger.Error("password changed e-mail", "user", u.ID, "err", err)
	}
	return nil
}
