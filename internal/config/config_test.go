package config

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestLoadDefaultsEnvAndFlags(t *testing.T) {
	env := map[string]string{"INKPRESS_SITE_NAME": "FromEnv", "INKPRESS_DATA_DIR": "/tmp/ink"}
	c, err := Load([]string{"-addr", ":9999"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9999" || c.SiteName != "FromEnv" || c.SiteWorkspace != "site" || c.DatabaseURL != "sqlite:/tmp/ink/inkpress.db" || !c.Demo || c.FeedItems != 50 {
		t.Fatalf("config = %+v", c)
	}
}

func TestValidate(t *testing.T) {
	bad := []map[string]string{
		{"INKPRESS_BASE_URL": "ftp://x"},
		{"INKPRESS_ADMIN_EMAIL": "a@b.c"},
		{"INKPRESS_ADMIN_EMAIL": "a@b.c", "INKPRESS_ADMIN_PASSWORD": "12345"},
		{"INKPRESS_AI_PROVIDER": "magic"},
		{"INKPRESS_FEED_ITEMS": "0"},
		{"INKPRESS_SESSION_TTL": "soon"},
	}
	for _, env := range bad {
		if _, err := Load(nil, func(k string) string { return env[k] }); err == nil {
			t.Errorf("Load(%v) accepted bad config", env)
		}
	}
}

func TestClientAddr(t *testing.T) {
	env := map[string]string{"INKPRESS_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1"}
	c, err := Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ peer, xff, want string }{
		{"203.0.113.9:5000", "1.2.3.4", "203.0.113.9"},             // untrusted peer: header ignored
		{"127.0.0.1:5000", "1.2.3.4", "1.2.3.4"},                   // trusted proxy
		{"10.1.2.3:5000", "6.6.6.6, 1.2.3.4, 10.0.0.7", "1.2.3.4"}, // right-most untrusted hop; spoofed left part ignored
		{"127.0.0.1:5000", "", "127.0.0.1"},
		{"127.0.0.1:5000", "nonsense", "127.0.0.1"},
	}
	for _, tt := range tests {
		if got := c.ClientAddr(tt.peer, tt.xff); got != tt.want {
			t.Errorf("ClientAddr(%q, %q) = %q, want %q", tt.peer, tt.xff, got, tt.want)
		}
	}
	if _, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_TRUSTED_PROXIES": "not-an-ip"}[k] }); err == nil {
		t.Fatal("bad proxy list accepted")
	}
}

// Every per-address limit counts an IPv6 client by its /64 (configurable),
// so one network cannot take a fresh slot per address.
func TestClientKey(t *testing.T) {
	for _, tt := range []struct {
		prefix, peer, xff, want string
	}{
		{"", "[2001:db8:1:2::1]:5000", "", "2001:db8:1:2::/64"},
		{"", "[2001:db8:1:2:ffff::9]:5000", "", "2001:db8:1:2::/64"},
		{"", "203.0.113.9:5000", "", "203.0.113.9"},
		{"", "127.0.0.1:5000", "2001:db8:7:8::42", "2001:db8:7:8::/64"},
		{"56", "[2001:db8:1:2::1]:5000", "", "2001:db8:1::/56"},
		{"128", "[2001:db8:1:2::1]:5000", "", "2001:db8:1:2::1/128"},
	} {
		env := map[string]string{"INKPRESS_TRUSTED_PROXIES": "127.0.0.1", "INKPRESS_IPV6_PREFIX": tt.prefix}
		c, err := Load(nil, func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		if got := c.ClientKey(tt.peer, tt.xff); got != tt.want {
			t.Errorf("prefix %q: ClientKey(%q, %q) = %q, want %q", tt.prefix, tt.peer, tt.xff, got, tt.want)
		}
	}
	for _, bad := range []string{"47", "129", "x"} {
		if _, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_IPV6_PREFIX": bad}[k] }); err == nil {
			t.Errorf("INKPRESS_IPV6_PREFIX=%s accepted", bad)
		}
	}
}

// The README's configuration table lists every setting with its default.
func TestREADMEListsEverySetting(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		row := "| `" + v.Env + "` | `-" + v.Flag + "` | `" + v.Default + "` |"
		if !strings.Contains(string(readme), row) {
			t.Errorf("README.md lacks the row for %s (%q)", v.Env, row)
		}
	}
}

func TestPublicIP(t *testing.T) {
	for in, want := range map[string]string{"": "", " 203.0.113.7 ": "203.0.113.7", "2001:DB8::7": "2001:db8::7", "::ffff:203.0.113.7": "203.0.113.7"} {
		c, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_PUBLIC_IP": in}[k] })
		if err != nil || c.PublicIP != want {
			t.Errorf("INKPRESS_PUBLIC_IP=%q: %q, %v; want %q", in, c.PublicIP, err, want)
		}
	}
	for _, in := range []string{"inkpress.io", "203.0.113.7/24", "fe80::1%eth0"} {
		if _, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_PUBLIC_IP": in}[k] }); err == nil {
			t.Errorf("INKPRESS_PUBLIC_IP=%q accepted", in)
		}
	}
}

func TestFetchAllow(t *testing.T) {
	for in, want := range map[string]string{"": "[]", "10.0.0.5": "[10.0.0.5/32]", " 10.1.2.3/16 , fd00::1 ": "[10.1.0.0/16 fd00::1/128]"} {
		c, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_FETCH_ALLOW": in}[k] })
		if err != nil || fmt.Sprint(c.FetchAllow) != want {
			t.Errorf("INKPRESS_FETCH_ALLOW=%q: %v, %v; want %s", in, c.FetchAllow, err, want)
		}
	}
	if _, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_FETCH_ALLOW": "intranet"}[k] }); err == nil {
		t.Error("a name accepted as an address")
	}
}

func TestImageMemory(t *testing.T) {
	for in, want := range map[string]int64{"": 512 << 20, "1GiB": 1 << 30, "64MiB": 64 << 20} {
		c, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_IMAGE_MEMORY": in}[k] })
		if err != nil || c.ImageMemory != want {
			t.Errorf("INKPRESS_IMAGE_MEMORY=%q: %d, %v; want %d", in, c.ImageMemory, err, want)
		}
	}
	for _, in := range []string{"10MiB", "lots", "-1"} {
		if _, err := Load(nil, func(k string) string { return map[string]string{"INKPRESS_IMAGE_MEMORY": in}[k] }); err == nil {
			t.Errorf("INKPRESS_IMAGE_MEMORY=%q accepted", in)
		}
	}
}

// An unknown database scheme stops the start with a reason, never becomes
// a SQLite file of that name; the URL's password is not repeated.
func TestUnknownDatabaseSchemeIsAnError(t *testing.T) {
	env := map[string]string{"INKPRESS_DATABASE_URL": "mysql://root:hunter2@db:3306/ink"}
	_, err := Load(nil, func(k string) string { return env[k] })
	if err == nil || !strings.Contains(err.Error(), "INKPRESS_DATABASE_URL") || !strings.Contains(err.Error(), `"mysql"`) {
		t.Fatalf("Load: %v, want an error naming INKPRESS_DATABASE_URL and the scheme", err)
	}
	if strings.Contains(err.Error(), "hunter2") {
		t.Errorf("the error repeats the password: %v", err)
	}
	for _, ok := range []string{"sqlite:/tmp/ink.db", "postgres://u@db/ink"} {
		env["INKPRESS_DATABASE_URL"] = ok
		if _, err := Load(nil, func(k string) string { return env[k] }); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
