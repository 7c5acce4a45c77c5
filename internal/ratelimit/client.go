package ratelimit

import (
	"net/netip"
	"strings"
)

// DefaultIPv6Prefix is the network a single IPv6 client is assumed to
// hold: a home or a server is usually given a whole /64, so limits keyed on
// the full address would give it 2^64 fresh keys.
const DefaultIPv6Prefix = 64

// ClientKey is the key every per-address limit counts a client by: an IPv4
// address as it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6
// address as its network of v6Prefix bits ("2001:db8:1:2::/64"). Anything
// that is not an address is returned unchanged (a test's made-up client).
func ClientKey(addr string, v6Prefix int) string {
	a, err := netip.ParseAddr(strings.TrimSpace(addr))
	if err != nil {
		return addr
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	if v6Prefix <= 0 || v6Prefix > 128 {
		v6Prefix = DefaultIPv6Prefix
	}
	p, err := a.WithZone("").Prefix(v6Prefix)
	if err != nil {
		return addr
	}
	return p.String()
}
