package blog

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

// A blog's address is the slug of /blog/{slug} (its pages, feeds, sitemap,
// newsletter links, and the List-Id of its e-mails). Its owner chooses it in
// onboarding and may change it in Settings; every address a blog has had
// stays its own and redirects to the current one.

// Lengths of an address the owner chooses (the forms show them too).
const (
	MinAddress = 2
	MaxAddress = 60
)

// reservedAddresses are words no blog may take: they would pass for the
// platform speaking (admin, support, official...), or name mail and web
// hosts (a blog's e-mails carry "{address}.{platform host}" as their
// List-Id).
var reservedAddresses = map[string]bool{
	"abuse": true, "admin": true, "administrator": true, "api": true, "app": true, "assets": true, "billing": true,
	"blog": true, "blogs": true, "dashboard": true, "feed": true, "ftp": true, "help": true, "imap": true,
	"inkpress": true, "login": true, "logout": true, "mail": true, "media": true, "moderator": true, "new": true,
	"no-reply": true, "noreply": true, "null": true, "official": true, "onboarding": true, "postmaster": true,
	"root": true, "rss": true, "security": true, "settings": true, "signup": true, "site": true, "smtp": true,
	"staff": true, "static": true, "support": true, "system": true, "team": true, "undefined": true,
	"webmaster": true, "www": true,
}

// ReservedAddress reports whether no blog may take address.
func ReservedAddress(address string) bool { return reservedAddresses[address] }

// NormalizeAddress is the address as typed, without surrounding spaces and
// in lower case (addresses are lower case).
func NormalizeAddress(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// CheckAddress is the rule of an address anyone may choose (normalised):
// nil, or the refusal to show.
func CheckAddress(address string) error {
	switch {
	case address == "":
		return apperr.New(apperr.Invalid, "address_required", "Please enter a blog address")
	case len(address) < MinAddress || len(address) > MaxAddress || !content.ValidSlug(address):
		return apperr.Newf(apperr.Invalid, "address_invalid",
			"A blog address may only hold lowercase letters, numbers and single dashes, from %d to %d characters", MinAddress, MaxAddress)
	case ReservedAddress(address):
		return apperr.Newf(apperr.Invalid, "address_reserved", "The address %q is reserved: please choose another one", address)
	}
	return nil
}

// AddressTaken is the refusal of an address another blog holds.
func AddressTaken(address string) error { return addressTaken(address) }

// addressTaken is the refusal of an address another blog holds, now or as
// a former address (which one is not told).
func addressTaken(address string) error {
	return apperr.Newf(apperr.Conflict, "address_taken", "The address %q is taken: please choose another one", address)
}

// ErrSiteAddress refuses a change of the site blog's address: the server's
// configuration names it.
var ErrSiteAddress = apperr.New(apperr.Forbidden, "site_address",
	"The site blog's address is set by the server's configuration (INKPRESS_SITE_WORKSPACE)")

// AddressCheck answers whether a blog may have an address.
type AddressCheck struct {
	Address   string
	Available bool
	// Message is the refusal when not Available.
	Message string
}

// freeFor reports whether no other blog than ws holds address.
func (s *Service) freeFor(ctx context.Context, ws *store.Workspace, address string) (bool, error) {
	holder, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{Address: &address})
	if errors.Is(err, store.ErrNotFound) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return holder.ID == ws.ID, nil
}

// CheckAddress tells the owner of ws whether it may take address: its own
// addresses (current and former) are available to it.
func (s *Service) CheckAddress(ctx context.Context, ws *store.Workspace, address string) (*AddressCheck, error) {
	address = NormalizeAddress(address)
	out := &AddressCheck{Address: address}
	if s.isSite(ws) {
		out.Message = ErrSiteAddress.Message
		return out, nil
	}
	if err := CheckAddress(address); err != nil {
		out.Message = apperr.As(err).Message
		return out, nil
	}
	free, err := s.freeFor(ctx, ws, address)
	if err != nil {
		return nil, err
	}
	out.Available = free
	if !free {
		out.Message = addressTaken(address).Error()
	}
	return out, nil
}

// SuggestAddress proposes an address for a blog named name: the name as a
// slug, or with -2, -3... the first one ws may take ("blog" for a name
// without a letter or digit it can spell; "-blog" added to a reserved word).
func (s *Service) SuggestAddress(ctx context.Context, ws *store.Workspace, name string) (*AddressCheck, error) {
	if s.isSite(ws) {
		return &AddressCheck{Address: ws.Slug, Message: ErrSiteAddress.Message}, nil
	}
	base := AddressFromName(name)
	for i := 1; i <= 100; i++ {
		a := base
		if i > 1 {
			a += "-" + strconv.Itoa(i)
		}
		free, err := s.freeFor(ctx, ws, a)
		if err != nil {
			return nil, err
		}
		if free {
			return &AddressCheck{Address: a, Available: true}, nil
		}
	}
	// A hundred blogs of that name: the owner picks one by hand.
	return &AddressCheck{Address: base, Message: addressTaken(base).Error()}, nil
}

// AddressFromName is the address a blog's name suggests (CheckAddress
// takes it, with room left for a -NN suffix).
func AddressFromName(name string) string {
	a := content.Slugify(name)
	// Slugify's stand-ins for a title it cannot spell ("post", "post-{hash}")
	// say nothing of a blog.
	if (a == "post" || strings.HasPrefix(a, "post-")) &&
		!strings.Contains(strings.ToLower(name), "post") {
		a = ""
	}
	if limit := MaxAddress - 4; len(a) > limit {
		if i := strings.LastIndexByte(a[:limit+1], '-'); i >= MinAddress {
			a = a[:i]
		} else {
			a = strings.TrimRight(a[:limit], "-")
		}
	}
	switch {
	case len(a) < MinAddress || a == "blog":
		return "my-blog"
	case ReservedAddress(a):
		return a + "-blog"
	}
	return a
}

func (s *Service) isSite(ws *store.Workspace) bool {
	return s.Site != nil && s.Site.SiteWorkspace != "" && ws.Slug == s.Site.SiteWorkspace
}

// wantedAddress validates an address the owner of ws asks for: "" when it
// is the current one (nothing to change).
func (s *Service) wantedAddress(ws *store.Workspace, address string) (string, error) {
	address = NormalizeAddress(address)
	if address == ws.Slug {
		return "", nil
	}
	if s.isSite(ws) {
		return "", ErrSiteAddress
	}
	if err := CheckAddress(address); err != nil {
		return "", err
	}
	return address, nil
}

// ChangeAddress makes address the blog's: its former address keeps
// answering with redirects, its stored pages are rendered at the new one.
// A refusal changes nothing.
func (s *Service) ChangeAddress(ctx context.Context, ws *store.Workspace, address string) (*store.Workspace, error) {
	want, err := s.wantedAddress(ws, address)
	if err != nil || want == "" {
		return ws, err
	}
	old, err := s.Store.ChangeAddress(ctx, ws.ID, want)
	if errors.Is(err, store.ErrConflict) {
		return nil, addressTaken(want)
	}
	if err != nil {
		return nil, err
	}
	moved := *ws
	moved.Slug = want
	s.addressChanged(ctx, &moved, old)
	return &moved, nil
}

// addressChanged drops what named the blog at its former address: the
// cached pages and lookups, and the stored pages (rendered again at the new
// address).
func (s *Service) addressChanged(ctx context.Context, ws *store.Workspace, old string) {
	s.Cache.Invalidate(ws.ID)
	s.Site.Forget()
	if s.Pages != nil {
		s.Pages.AddressChanged(ctx, ws.ID, old)
	}
}
