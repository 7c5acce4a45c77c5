// Package domain is a workspace's custom domain: which names may be one,
// the DNS records that point it at InkPress and prove its owner controls
// it, the checks that verify it (on demand and in the background), and
// whether a certificate may be issued for a name. A domain serves its blog
// only once verified.
package customdomain

import (
	"net/netip"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// Limits of a DNS name (RFC 1035), in ASCII (punycode) form.
const (
	MaxNameLength  = 253
	MaxLabelLength = 63
)

// TXTPrefix is the label of the verification record under the domain.
const TXTPrefix = "_inkpress."

// TXTValue is what the verification record holds for token.
func TXTValue(token string) string { return "inkpress-verify=" + token }

// Check timing. Pending domains (and failed ones still in their window)
// are looked up every RetryEvery for Window after they were added; a
// pending domain still unproven after Window fails. Verified domains are
// looked up again every RecheckEvery, and only MaxFailures consecutive
// misses (about two days without the record) take one off the air: a
// DNS provider's bad hour must not take a blog down.
const (
	RetryEvery   = 5 * time.Minute
	Window       = 72 * time.Hour
	RecheckEvery = 24 * time.Hour
	MaxFailures  = 3
)

// profile turns a typed name into its ASCII form the way browsers look
// names up (UTS #46 non-transitional), checking labels and lengths.
var profile = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.BidiRule(),
	idna.ValidateLabels(true), idna.StrictDomainName(true), idna.VerifyDNSLength(true))

func invalid(format string, args ...any) error {
	return apperr.Newf(apperr.Invalid, "invalid_domain", format, args...)
}

var errTooLong = invalid("That domain name is too long (at most %d characters, %d per part).", MaxNameLength, MaxLabelLength)

// tooLong reports whether name is over DNS's lengths.
func tooLong(name string) bool {
	if len(name) > MaxNameLength {
		return true
	}
	for _, l := range strings.Split(name, ".") {
		if len(l) > MaxLabelLength {
			return true
		}
	}
	return false
}

// Normalize returns the name as stored (trimmed, lower-case, punycode, no
// trailing dot) or refuses it: empty, an IP address, a wildcard, a port, a
// scheme or path, a single label, a public suffix, over-long names or
// labels, characters a host name cannot hold, localhost, and the
// platform's own host (platformHost), its subdomains and its parents.
func Normalize(raw, platformHost string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", invalid("Enter a domain name, like blog.example.com.")
	}
	if len(s) > 2*MaxNameLength {
		return "", invalid("That domain name is too long.")
	}
	if strings.Contains(s, "*") {
		return "", invalid("Wildcard domains are not supported: enter one name, like blog.example.com.")
	}
	if ip, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil && ip.IsValid() {
		return "", invalid("Enter a domain name, not an IP address.")
	}
	if strings.ContainsAny(s, "/\\?#@") {
		return "", invalid("Enter the domain name only, like blog.example.com, without https:// or a path.")
	}
	if strings.Contains(s, ":") {
		return "", invalid("Enter the domain name without a port.")
	}
	s = strings.TrimSuffix(s, ".")
	name, err := profile.ToASCII(s)
	if err != nil {
		if tooLong(s) {
			return "", errTooLong
		}
		return "", invalid("%q is not a valid domain name: use letters, digits, hyphens and dots.", raw)
	}
	name = strings.ToLower(name)
	if tooLong(name) {
		return "", errTooLong
	}
	labels := strings.Split(name, ".")
	for _, l := range labels {
		if l == "" || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return "", invalid("%q is not a valid domain name: use letters, digits, hyphens and dots.", raw)
		}
	}
	if len(labels) < 2 {
		return "", invalid("Enter a full domain name, like blog.example.com.")
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		// No top-level domain is numeric: this is an address in disguise (127.1).
		return "", invalid("Enter a domain name, not an IP address.")
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return "", invalid("localhost cannot be a custom domain.")
	}
	if platformHost != "" && (name == platformHost || strings.HasSuffix(name, "."+platformHost) || strings.HasSuffix(platformHost, "."+name)) {
		return "", invalid("%s belongs to this platform: enter a domain of your own.", name)
	}
	if _, err := publicsuffix.EffectiveTLDPlusOne(name); err != nil {
		return "", invalid("%s is a public suffix: enter a domain registered under it, like blog.%s.", name, name)
	}
	return name, nil
}

// Host is the host name (no port, lower-case) of an origin such as the
// configured base URL.
func Host(origin string) string {
	u, err := url.Parse(origin)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// IsApex reports whether name is a registrable domain itself (example.com,
// example.co.uk), where DNS allows no CNAME.
func IsApex(name string) bool {
	reg, err := publicsuffix.EffectiveTLDPlusOne(name)
	return err == nil && reg == name
}

// Record is one DNS record the owner creates at their DNS provider.
type Record struct {
	Type  string // CNAME, A, AAAA, ALIAS or TXT
	Name  string
	Value string
	// Note explains a record that is not plain DNS (ALIAS).
	Note string
}

// Records are what d needs at its DNS provider: one record pointing the name
// at the platform (a CNAME to platformHost for a subdomain; at an apex an A
// or AAAA record to publicIP when one is configured, else an ALIAS to the
// host; an A or AAAA record to the platform's address when it has no host
// name), and the TXT record proving control. A domain without a token (set
// before verification existed) has no TXT record to make.
func Records(d *store.Domain, platformHost, publicIP string) []Record {
	var out []Record
	target := publicIP
	_, err := netip.ParseAddr(platformHost)
	hostIsIP := err == nil
	if hostIsIP && target == "" {
		// A platform reached by its address (no host name to CNAME to).
		target = platformHost
	}
	switch ip, err := netip.ParseAddr(target); {
	case !IsApex(d.Name) && !hostIsIP:
		out = append(out, Record{Type: "CNAME", Name: d.Name, Value: platformHost})
	case err == nil && ip.Is4():
		out = append(out, Record{Type: "A", Name: d.Name, Value: ip.String()})
	case err == nil:
		out = append(out, Record{Type: "AAAA", Name: d.Name, Value: ip.String()})
	default:
		out = append(out, Record{Type: "ALIAS", Name: d.Name, Value: platformHost,
			Note: "A root domain cannot have a CNAME: use your DNS provider's ALIAS, ANAME or CNAME flattening to " + platformHost + "."})
	}
	if d.Token != "" {
		out = append(out, Record{Type: "TXT", Name: TXTPrefix + d.Name, Value: TXTValue(d.Token)})
	}
	return out
}

// Outcome is what one lookup of the TXT record found.
type Outcome int

const (
	// Found: a TXT record holds the token.
	Found Outcome = iota
	// Missing: no record, or none holding the token (the owner's DNS says no).
	Missing
	// LookupFailed: DNS did not answer (timeout, server failure): it says
	// nothing about the owner's records.
	LookupFailed
)

// Next is d after a check at now that found outcome (errText says why when
// not Found). manual is a check the owner asked for.
//
//   - Found: verified (VerifiedAt set the first time), error and failures cleared.
//   - pending or failed, not found: a manual check fails at once with the
//     reason; a background one keeps the status (and the reason) until the
//     window since AddedAt is over, then fails.
//   - verified, not found: still served; only MaxFailures consecutive misses
//     of background checks fail it. A failed lookup never counts.
func Next(d store.Domain, outcome Outcome, errText string, manual bool, now time.Time) store.Domain {
	d.CheckedAt = now
	if outcome == Found {
		if d.Status != store.DomainVerified || d.VerifiedAt.IsZero() {
			d.VerifiedAt = now
		}
		d.Status, d.Error, d.Failures = store.DomainVerified, "", 0
		return d
	}
	d.Error = errText
	switch {
	case d.Status == store.DomainVerified:
		if outcome == Missing && !manual {
			// Only the daily background checks count: an owner pressing
			// "Check now" while fixing a record must not take the blog down.
			d.Failures++
		}
		if d.Failures >= MaxFailures {
			d.Status = store.DomainFailed
		}
	case manual || !now.Before(d.AddedAt.Add(Window)):
		d.Status = store.DomainFailed
	}
	return d
}
