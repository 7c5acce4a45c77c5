// Package password holds the one rule for a password that is being set
// (sign-up, `inkpress admin create`, INKPRESS_ADMIN_PASSWORD). It has no
// dependencies so the configuration can check with it too.
package password

import (
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
)

const (
	// MinLen is counted in characters.
	MinLen = 6
	// MaxBytes is bcrypt's limit, counted in bytes of UTF-8: bcrypt ignores
	// what follows, so a longer password would share its hash with every
	// password of the same first 72 bytes. Refusing (rather than pre-hashing)
	// keeps existing hashes valid and says plainly what the limit is.
	MaxBytes = 72
)

// Check refuses a password that is too short or above MaxBytes.
func Check(pw string) *apperr.Error {
	if utf8.RuneCountInString(pw) < MinLen {
		return apperr.Validation("Password must be at least %d characters", MinLen)
	}
	if len(pw) > MaxBytes {
		return apperr.Validation("Password must be at most %d bytes (letters with accents and symbols take 2 to 4 bytes each; this one has %d)", MaxBytes, len(pw))
	}
	return nil
}
