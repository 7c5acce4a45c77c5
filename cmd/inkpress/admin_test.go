package main

import (
	"strings"
	"testing"
)

// bcrypt's limit is 72 bytes: 30 three-byte characters are over it.
func TestAdminCreateRefusesPasswordOver72Bytes(t *testing.T) {
	err := admin([]string{"create", "--email", "boss@example.com", "--password", strings.Repeat("€", 30),
		"-data-dir", t.TempDir(), "-demo=false"})
	if err == nil || !strings.Contains(err.Error(), "at most 72 bytes") {
		t.Fatalf("admin create with a 90-byte password: %v", err)
	}
}
