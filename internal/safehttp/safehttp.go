// Package safehttp is the one HTTP client for every URL the server fetches
// on someone's behalf (images an AI provider answers with, later imported
// images and webhooks). Such a URL is chosen by someone else, so it must
// not reach the server's own network: loopback, private, link-local (cloud
// metadata at 169.254.169.254 included) and other non-public addresses are
// refused. The check runs on the address actually dialled, after DNS
// resolution, for every connection, so neither a host name that resolves
// inward nor a redirect to one gets through. Self-hosted services on a
// private network are reached by allowing their prefixes explicitly.
package safehttp

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// ErrBlocked is a connection refused because of the address it would reach.
var ErrBlocked = errors.New("safehttp: address not allowed")

// MaxRedirects is how many redirects one request follows.
const MaxRedirects = 5

// blockedPrefixes are the non-public ranges netip's predicates do not name.
var blockedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast
	netip.MustParsePrefix("64:ff9b::/96"),    // NAT64: may embed a private IPv4
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("2002::/16"),       // 6to4: may embed a private IPv4
}

// Public reports whether a is an address anyone may make the server reach:
// not loopback, private, link-local, multicast, unspecified or reserved.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range blockedPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// Policy says which addresses a client may reach: public ones, and those
// in Allow.
type Policy struct {
	Allow []netip.Prefix
}

// Allowed reports whether the policy lets a connection reach a.
func (p Policy) Allowed(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	if Public(a) {
		return true
	}
	for _, pre := range p.Allow {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// control refuses, just before connecting, an address the policy does not
// allow: it sees the resolved address, whatever name was asked.
func (p Policy) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrBlocked, address)
	}
	if !p.Allowed(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrBlocked, ap.Addr())
	}
	return nil
}

// Client returns an HTTP client that connects only where the policy
// allows, follows at most MaxRedirects redirects and only to http and
// https URLs, and uses no proxy from the environment (a proxy would make
// the connection, out of the check's sight). Callers set deadlines with
// their requests' contexts.
func (p Policy) Client() *http.Client {
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: p.control}
	t := &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          10,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
		ResponseHeaderTimeout: time.Minute,
	}
	return &http.Client{Transport: t, CheckRedirect: checkRedirect}
}

// checkRedirect follows http and https redirects, at most MaxRedirects;
// where each one connects is checked by the dialer.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= MaxRedirects {
		return fmt.Errorf("safehttp: more than %d redirects", MaxRedirects)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("%w: redirect to %s", ErrBlocked, req.URL.Scheme)
	}
	return nil
}

// New is Policy{Allow: allow}.Client().
func New(allow []netip.Prefix) *http.Client { return Policy{Allow: allow}.Client() }

// Blocked reports whether err (from a client of this package) is a refused
// address.
func Blocked(err error) bool { return errors.Is(err, ErrBlocked) }
