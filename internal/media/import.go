package media

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/safehttp"
	"github.com/inkpress/inkpress/store"
)

// An image pasted from another document (Google Docs, a web page) points at
// that site, often at an address that expires within hours. Import copies it
// into the workspace's library, so a post never shows someone else's file:
// it is fetched through safehttp (never the server's own network), read up
// to the upload cap and then stored exactly as an upload (Add).

// Caps of an import.
const (
	// MaxImportURL caps the address of an image to import, in bytes.
	MaxImportURL = 4096
	// MaxAltRunes caps a library image's alt text (as a post's cover's).
	MaxAltRunes = 300
	// DefaultImportTimeout bounds one fetch, headers and body.
	DefaultImportTimeout = 20 * time.Second
)

// Remote is an image on another site and the alt text it came with.
type Remote struct {
	URL string
	Alt string
}

// Imported is where an imported image lives now.
type Imported struct {
	// URL is the image's address on this server.
	URL string
	// Item is the new library item; nil when URL already was a file of the
	// workspace (nothing was fetched or stored).
	Item *store.Media
}

// Import refusals, besides the upload's (ErrTooLarge, ErrInvalidType,
// ErrLibraryFull, a full storage quota, ErrImagesBusy).
var (
	ErrImportURL     = apperr.New(apperr.Invalid, "invalid_image_url", "The image's address must be a full http:// or https:// URL")
	errImportBlocked = apperr.New(apperr.Invalid, "image_url_not_allowed",
		"The image's address is on a private or local network, which InkPress does not fetch from")
	errImportUnreachable = apperr.New(apperr.Upstream, "image_unreachable", "The image's site could not be reached. Try again later.")
)

// errImportStatus is a remote that answered, but not with the image.
func errImportStatus(code int) *apperr.Error {
	return apperr.Newf(apperr.Unprocessable, "image_unavailable",
		"The image could not be copied: its site answered %d %s", code, http.StatusText(code))
}

// ParseImportURL is raw as an absolute http or https URL without user
// information (a password in an address would be sent on), or ErrImportURL.
func ParseImportURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > MaxImportURL {
		return nil, ErrImportURL
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
		return nil, ErrImportURL
	}
	return u, nil
}

// CleanAlt is alt text as stored: spaces and line breaks collapsed, hidden
// marks removed, at most MaxAltRunes characters.
func CleanAlt(alt string) string {
	if !utf8.ValidString(alt) {
		alt = strings.ToValidUTF8(alt, "")
	}
	alt = strings.Map(func(r rune) rune {
		if hiddenRune(r) && r != '\n' && r != '\t' && r != '\r' {
			return -1
		}
		return r
	}, alt)
	alt = strings.Join(strings.Fields(alt), " ")
	if r := []rune(alt); len(r) > MaxAltRunes {
		alt = strings.TrimSpace(string(r[:MaxAltRunes]))
	}
	return alt
}

// importName is the file name an imported image is listed under: its alt
// text when it has one (Google Docs' addresses carry no name), else the
// address's last segment when that looks like a file name, else
// "pasted-image"; ext is the sniffed type's extension. The key's safe name
// is made from it like an upload's.
func importName(u *url.URL, alt, ext string) string {
	if alt = CleanAlt(alt); alt != "" {
		// Slashes would read as folders (DisplayName keeps the last part).
		alt = strings.NewReplacer("/", "-", `\`, "-").Replace(alt)
		if r := []rune(alt); len(r) > maxImportNameRunes {
			alt = strings.TrimSpace(string(r[:maxImportNameRunes]))
		}
		return alt + ext
	}
	if base := path.Base(u.Path); path.Ext(base) != "" && base != "." && base != "/" {
		return SafeName(base, ext)
	}
	return "pasted-image" + ext
}

// maxImportNameRunes keeps an alt-text name and its extension within the
// displayed name's cap.
const maxImportNameRunes = maxDisplayName - 8

func (l *Library) fetchClient() *http.Client {
	if l.Fetch != nil {
		return l.Fetch
	}
	return safehttp.New(nil)
}

func (l *Library) importTimeout() time.Duration {
	if l.ImportTimeout > 0 {
		return l.ImportTimeout
	}
	return DefaultImportTimeout
}

// Import copies a remote image into the workspace's library with its alt
// text: the same checks and limits as an upload to the library, after a
// fetch of at most the upload cap. An address that already is a file of
// the workspace is answered as it is.
func (l *Library) Import(ctx context.Context, wsID int64, r Remote) (*Imported, error) {
	u, err := ParseImportURL(r.URL)
	if err != nil {
		return nil, err
	}
	if key := l.Files.KeyOf(u.String()); key != "" {
		if _, ok := OwnedKey(key, wsID); ok {
			return &Imported{URL: u.String()}, nil
		}
	}
	// A full library would refuse the image anyway: fetch nothing in vain.
	if err := l.roomLeft(ctx, wsID); err != nil {
		return nil, err
	}
	data, err := l.fetch(ctx, u)
	if err != nil {
		return nil, err
	}
	name := importName(u, r.Alt, ExtOf(http.DetectContentType(data)))
	m, err := l.Add(ctx, wsID, Upload{FileName: name, Data: data, Alt: r.Alt})
	if err != nil {
		return nil, err
	}
	return &Imported{URL: m.FileURL, Item: m}, nil
}

// fetch reads the image at u: one GET through the fetch client, within the
// import timeout, refusing a body above the upload cap without reading
// past it.
func (l *Library) fetch(ctx context.Context, u *url.URL) ([]byte, error) {
	fctx, cancel := context.WithTimeout(ctx, l.importTimeout())
	defer cancel()
	req, err := http.NewRequestWithContext(fctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, ErrImportURL
	}
	// Only the types an upload accepts; some image hosts pick the format
	// by what the client says it takes.
	req.Header.Set("Accept", "image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1")
	req.Header.Set("User-Agent", "InkPress-ImageImport/1")
	resp, err := l.fetchClient().Do(req)
	if err != nil {
		return nil, l.fetchError(ctx, u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errImportStatus(resp.StatusCode)
	}
	if resp.ContentLength > plan.MaxUploadBytes {
		return nil, ErrTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, plan.MaxUploadBytes+1))
	if err != nil {
		return nil, l.fetchError(ctx, u, err)
	}
	if len(data) > plan.MaxUploadBytes {
		return nil, ErrTooLarge
	}
	return data, nil
}

// fetchError is the refusal for a failed fetch: the caller gone stays a
// context error, a refused address is the owner's to fix, anything else
// (DNS, connection, timeout) is the remote site's.
func (l *Library) fetchError(ctx context.Context, u *url.URL, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if safehttp.Blocked(err) {
		return errImportBlocked
	}
	l.logger().InfoContext(ctx, "image import failed", "host", u.Hostname(), "err", err)
	e := *errImportUnreachable
	e.Err = fmt.Errorf("fetch %s: %w", u.Hostname(), err)
	return &e
}
