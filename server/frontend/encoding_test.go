package frontend

import "testing"

func TestChooseEncoding(t *testing.T) {
	both := map[string]bool{".br": true, ".gz": true}
	gzOnly := map[string]bool{".gz": true}
	tests := []struct {
		header string
		files  map[string]bool
		want   string
	}{
		{"", both, ""},
		{"gzip, deflate, br, zstd", both, "br"},
		{"gzip, deflate", both, "gzip"},
		{"br", both, "br"},
		{"BR", both, "br"},
		{"br;q=0, gzip", both, "gzip"},
		{"br; q=0 , gzip", both, "gzip"},
		{"br;q=0.0, gzip;q=0", both, ""},
		{"gzip;q=1, br;q=0.5", both, "gzip"},
		{"gzip;q=0.5, br;q=0.5", both, "br"},
		{"*", both, "br"},
		{"*;q=0", both, ""},
		{"br;q=0, *", both, "gzip"},
		{"identity", both, ""},
		{"br;q=abc, gzip", both, "gzip"},
		{"br;q=2, gzip", both, "gzip"},
		{"br, gzip", gzOnly, "gzip"},
		{"br", gzOnly, ""},
		{"br, gzip", map[string]bool{}, ""},
		{",,br;;q=0.3,", both, "br"},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			got, suffix := chooseEncoding(tt.header, func(s string) bool { return tt.files[s] })
			if got != tt.want {
				t.Errorf("chooseEncoding(%q) = %q, want %q", tt.header, got, tt.want)
			}
			if (got == "") != (suffix == "") {
				t.Errorf("coding %q with suffix %q", got, suffix)
			}
		})
	}
}
