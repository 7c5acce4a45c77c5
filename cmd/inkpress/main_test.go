package main

import (
	"bytes"
	"strings"
	"testing"
)

// Asking for help succeeds (exit 0) and lists every command and the flags;
// a wrong command or flag fails (exit 1) saying why.
func TestHelpListsTheCommands(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}, {"serve", "-h"}, {"backup", "-h"}, {"admin", "-h"}} {
		var out, errOut bytes.Buffer
		if code := runMain(args, &out, &errOut); code != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
			continue
		}
		for _, want := range []string{"Usage: inkpress [command]", "  serve ", "  admin create ", "  backup ", "  restore ", "-database-url", "$INKPRESS_DATABASE_URL"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%v: help lacks %q", args, want)
			}
		}
	}
	for args, want := range map[string]string{"frobnicate": `unknown command "frobnicate"`, "--bogus": "flag provided but not defined: -bogus"} {
		var out, errOut bytes.Buffer
		if code := runMain([]string{args}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), want) {
			t.Errorf("%s: exit %d, stderr %q, want 1 and %q", args, code, errOut.String(), want)
		}
	}
}
