package customdomain

import (
	"cmp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

func TestNormalize(t *testing.T) {
	const platform = "inkpress.io"
	ok := []struct{ in, want string }{
		{"blog.example.com", "blog.example.com"},
		{"  Blog.Example.COM.  ", "blog.example.com"},
		{"example.com", "example.com"},
		{"my-blog.example.co.uk", "my-blog.example.co.uk"},
		{"bücher.example", "xn--bcher-kva.example"},
		{"BÜCHER.de", "xn--bcher-kva.de"},
		{"xn--bcher-kva.de", "xn--bcher-kva.de"},
		{"a1.b2.example.org", "a1.b2.example.org"},
		{"notinkpress.io", "notinkpress.io"},
		{strings.Repeat("a", 63) + ".example.com", strings.Repeat("a", 63) + ".example.com"},
	}
	for _, tc := range ok {
		got, err := Normalize(tc.in, platform)
		if err != nil || got != tc.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	bad := []struct{ in, says string }{
		{"", "Enter a domain name"},
		{"   ", "Enter a domain name"},
		{"192.0.2.10", "not an IP address"},
		{"2001:db8::1", "not an IP address"},
		{"[2001:db8::1]", "not an IP address"},
		{"127.1", "not an IP address"},
		{"*.example.com", "Wildcard"},
		{"blog.*.com", "Wildcard"},
		{"blog.example.com:8080", "without a port"},
		{"https://blog.example.com", "without https://"},
		{"blog.example.com/path", "without https://"},
		{"blog.example.com?x=1", "without https://"},
		{"user@blog.example.com", "without https://"},
		{"example", "full domain name"},
		{"localhost", "full domain name"},
		{"blog.localhost", "localhost"},
		{"inkpress.io", "belongs to this platform"},
		{"INKPRESS.IO.", "belongs to this platform"},
		{"jane.inkpress.io", "belongs to this platform"},
		{"io", "full domain name"},
		{"co.uk", "public suffix"},
		{"blog_1.example.com", "not a valid domain"},
		{"-blog.example.com", "not a valid domain"},
		{"blog-.example.com", "not a valid domain"},
		{"blog..example.com", "not a valid domain"},
		{"blog example.com", "not a valid domain"},
		{"<script>.com", "not a valid domain"},
		{strings.Repeat("a", 64) + ".example.com", "too long"},
		{strings.Repeat("abcdefghi.", 26) + "com", "too long"},
	}
	for _, tc := range bad {
		got, err := Normalize(tc.in, platform)
		e := apperr.As(err)
		if e == nil || e.Kind != apperr.Invalid || e.Code != "invalid_domain" || !strings.Contains(e.Message, tc.says) {
			t.Errorf("Normalize(%q) = %q, %v; want invalid_domain saying %q", tc.in, got, err, tc.says)
		}
	}
	// A platform under a subdomain refuses its parents too.
	if _, err := Normalize("inkpress.io", "app.inkpress.io"); err == nil {
		t.Error("the platform host's parent was accepted")
	}
}

func TestHost(t *testing.T) {
	for in, want := range map[string]string{
		"https://InkPress.io":       "inkpress.io",
		"http://blog.test:8080":     "blog.test",
		"http://127.0.0.1:8080":     "127.0.0.1",
		"https://inkpress.io/base/": "inkpress.io",
	} {
		if got := Host(in); got != want {
			t.Errorf("Host(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRecords(t *testing.T) {
	type rec = Record
	txt := rec{Type: "TXT", Name: "_inkpress.blog.example.com", Value: "inkpress-verify=tok"}
	for _, tc := range []struct {
		name, domain, token, ip string
		platform                string // "" is inkpress.io
		want                    []rec
	}{
		{"subdomain", "blog.example.com", "tok", "", "", []rec{{Type: "CNAME", Name: "blog.example.com", Value: "inkpress.io"}, txt}},
		{"subdomain ignores the IP", "blog.example.com", "tok", "203.0.113.7", "", []rec{{Type: "CNAME", Name: "blog.example.com", Value: "inkpress.io"}, txt}},
		{"apex with an IPv4", "example.com", "tok", "203.0.113.7", "", []rec{{Type: "A", Name: "example.com", Value: "203.0.113.7"},
			{Type: "TXT", Name: "_inkpress.example.com", Value: "inkpress-verify=tok"}}},
		{"apex with an IPv6", "example.co.uk", "tok", "2001:db8::7", "", []rec{{Type: "AAAA", Name: "example.co.uk", Value: "2001:db8::7"},
			{Type: "TXT", Name: "_inkpress.example.co.uk", Value: "inkpress-verify=tok"}}},
		{"apex without an IP", "example.com", "tok", "", "", []rec{{Type: "ALIAS", Name: "example.com", Value: "inkpress.io",
			Note: "A root domain cannot have a CNAME: use your DNS provider's ALIAS, ANAME or CNAME flattening to inkpress.io."},
			{Type: "TXT", Name: "_inkpress.example.com", Value: "inkpress-verify=tok"}}},
		{"a platform without a host name", "blog.example.com", "tok", "", "198.51.100.4", []rec{{Type: "A", Name: "blog.example.com", Value: "198.51.100.4"}, txt}},
		{"no token (served before verification)", "blog.example.com", "", "", "", []rec{{Type: "CNAME", Name: "blog.example.com", Value: "inkpress.io"}}},
	} {
		platform := cmp.Or(tc.platform, "inkpress.io")
		got := Records(&store.Domain{Name: tc.domain, Token: tc.token}, platform, tc.ip)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Records = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestNext(t *testing.T) {
	added := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	verifiedAt := added.Add(time.Hour)
	soon, late := added.Add(time.Hour), added.Add(Window)
	pending := store.Domain{Status: store.DomainPending, AddedAt: added}
	failed := store.Domain{Status: store.DomainFailed, AddedAt: added, Error: "old"}
	verified := store.Domain{Status: store.DomainVerified, AddedAt: added, VerifiedAt: verifiedAt}
	withFailures := func(d store.Domain, n int) store.Domain { d.Failures = n; return d }
	for _, tc := range []struct {
		name     string
		d        store.Domain
		outcome  Outcome
		manual   bool
		now      time.Time
		status   string
		failures int
		verified time.Time
		err      string
	}{
		{"pending found", pending, Found, false, soon, store.DomainVerified, 0, soon, ""},
		{"pending missing, background, in window", pending, Missing, false, soon, store.DomainPending, 0, time.Time{}, "no"},
		{"pending missing, background, window over", pending, Missing, false, late, store.DomainFailed, 0, time.Time{}, "no"},
		{"pending missing, manual", pending, Missing, true, soon, store.DomainFailed, 0, time.Time{}, "no"},
		{"pending lookup failed, background", pending, LookupFailed, false, soon, store.DomainPending, 0, time.Time{}, "no"},
		{"failed found", failed, Found, false, soon, store.DomainVerified, 0, soon, ""},
		{"failed missing in window stays failed", failed, Missing, false, soon, store.DomainFailed, 0, time.Time{}, "no"},
		{"verified found keeps its date", withFailures(verified, 2), Found, false, late, store.DomainVerified, 0, verifiedAt, ""},
		{"verified missing once", verified, Missing, false, late, store.DomainVerified, 1, verifiedAt, "no"},
		{"verified missing, last allowed", withFailures(verified, MaxFailures-2), Missing, false, late, store.DomainVerified, MaxFailures - 1, verifiedAt, "no"},
		{"verified missing too often", withFailures(verified, MaxFailures-1), Missing, false, late, store.DomainFailed, MaxFailures, verifiedAt, "no"},
		{"verified missing, manual does not count", withFailures(verified, MaxFailures-1), Missing, true, late, store.DomainVerified, MaxFailures - 1, verifiedAt, "no"},
		{"verified lookup failed does not count", withFailures(verified, MaxFailures-1), LookupFailed, false, late, store.DomainVerified, MaxFailures - 1, verifiedAt, "no"},
	} {
		errText := ""
		if tc.outcome != Found {
			errText = "no"
		}
		got := Next(tc.d, tc.outcome, errText, tc.manual, tc.now)
		if got.Status != tc.status || got.Failures != tc.failures || !got.VerifiedAt.Equal(tc.verified) || got.Error != tc.err || !got.CheckedAt.Equal(tc.now) {
			t.Errorf("%s: Next = %+v; want status %s, failures %d, verified %v, error %q", tc.name, got, tc.status, tc.failures, tc.verified, tc.err)
		}
	}
}
