package newsletter

import "testing"

func TestConfirmImport(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		trial                   bool
		earlier, addresses, max int
		want                    bool
	}{
		{"a trial, always", true, 3, 1, 100, true},
		{"a first small import", false, 0, 100, 100, false},
		{"a first large import", false, 0, 101, 100, true},
		{"a later large import", false, 1, 900, 100, false},
		{"the threshold off", false, 0, 900, -1, false},
	} {
		if got := confirmImport(tc.trial, tc.earlier, tc.addresses, tc.max); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
