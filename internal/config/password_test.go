package config

import (
	"strings"
	"testing"
)

// The first admin's password follows the sign-up rule, counted in bytes at
// the top (bcrypt's limit): 30 three-byte characters are 90 bytes.
func TestAdminPasswordLimitIsInBytes(t *testing.T) {
	for pw, want := range map[string]string{
		strings.Repeat("€", 30): "at most 72 bytes",
		"ééééé":                 "at least 6 characters",
		strings.Repeat("€", 24): "",
	} {
		env := map[string]string{"INKPRESS_ADMIN_EMAIL": "a@b.c", "INKPRESS_ADMIN_PASSWORD": pw}
		_, err := Load(nil, func(k string) string { return env[k] })
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("password of %d characters, %d bytes: %v, want %q", len([]rune(pw)), len(pw), err, want)
		}
	}
}
