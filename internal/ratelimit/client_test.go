package ratelimit

import "testing"

func TestClientKey(t *testing.T) {
	tests := []struct {
		addr   string
		prefix int
		want   string
	}{
		{"203.0.113.7", 64, "203.0.113.7"},
		{"::ffff:203.0.113.7", 64, "203.0.113.7"},
		{"2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2::1", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", 64, "2001:db8:1:3::/64"},
		{"2001:db8:1:2:aaaa::1", 56, "2001:db8:1::/56"},
		{"2001:db8:1:2::1", 128, "2001:db8:1:2::1/128"},
		{"2001:DB8:1:2::1", 0, "2001:db8:1:2::/64"},
		{"fe80::1%eth0", 64, "fe80::/64"},
		{"not-an-ip", 64, "not-an-ip"},
		{"", 64, ""},
	}
	for _, tt := range tests {
		if got := ClientKey(tt.addr, tt.prefix); got != tt.want {
			t.Errorf("ClientKey(%q, %d) = %q, want %q", tt.addr, tt.prefix, got, tt.want)
		}
	}
}
