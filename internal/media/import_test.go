package media_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/safehttp"
	"github.com/inkpress/inkpress/internal/safehttp/safehttptest"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

func TestParseImportURL(t *testing.T) {
	tests := []struct {
		raw string
		ok  bool
	}{
		{"https://lh7-rt.googleusercontent.com/docsz/AD_4nXc?key=abc", true},
		{"  http://images.example/a.png  ", true},
		{"https://[2606:4700::1]/a.png", true},
		{"", false},
		{"/media/1/library/a.png", false}, // relative: nothing to fetch
		{"//cdn.example/a.png", false},
		{"data:image/png;base64,iVBORw0KGgo=", false}, // uploaded from the browser instead
		{"ftp://files.example/a.png", false},
		{"file:///etc/passwd", false},
		{"javascript:alert(1)", false},
		{"https://user:secret@images.example/a.png", false},
		{"https://", false},
		{"https://x.example/" + strings.Repeat("a", media.MaxImportURL), false},
	}
	for _, tt := range tests {
		_, err := media.ParseImportURL(tt.raw)
		if tt.ok && err != nil {
			t.Errorf("%q: %v, want it accepted", tt.raw, err)
		}
		if !tt.ok && !errors.Is(err, media.ErrImportURL) {
			t.Errorf("%q: %v, want ErrImportURL", tt.raw, err)
		}
	}
}

func TestCleanAlt(t *testing.T) {
	tests := []struct{ in, want string }{
		{"A sleeping cat", "A sleeping cat"},
		{"  Two\n lines\t\tand  spaces ", "Two lines and spaces"},
		{"evil\u202eoverride", "eviloverride"},
		{strings.Repeat("é", media.MaxAltRunes+5), strings.Repeat("é", media.MaxAltRunes)},
		{"", ""},
	}
	for _, tt := range tests {
		if got := media.CleanAlt(tt.in); got != tt.want {
			t.Errorf("CleanAlt(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// remote is an image site on addr (a loopback address the test allows or
// not) that counts its requests.
func remote(t *testing.T, addr string, h http.Handler) (*httptest.Server, *atomic.Int64) {
	return safehttptest.Server(t, addr, h)
}

// imageSite serves a PNG, an oversized body (counting what it managed to
// send), a page, a missing file and a redirect to target.
func imageSite(t *testing.T, png []byte, target string, sent *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/photo.png", "/docsz/AD_4nX":
			w.Header().Set("Content-Type", "image/png")
			w.Write(png)
		case "/huge":
			// No Content-Length: the reader must stop by itself.
			w.Header().Set("Content-Type", "image/png")
			chunk := append(append([]byte{}, png...), make([]byte, 64<<10)...)
			for range (50 << 20) / len(chunk) {
				n, err := w.Write(chunk)
				sent.Add(int64(n))
				if err != nil {
					return
				}
			}
		case "/declared-huge":
			w.Header().Set("Content-Length", "8000000")
			w.Write(png)
		case "/page":
			w.Header().Set("Content-Type", "image/png") // a lie: the bytes decide
			w.Write([]byte("<!doctype html><title>Sign in</title>"))
		case "/inward":
			http.Redirect(w, r, target, http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	})
}

func kindOf(err error) apperr.Kind {
	if e := apperr.As(err); e != nil {
		return e.Kind
	}
	return 0
}

func TestImportCopiesARemoteImageLikeAnUpload(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws, files, local := variantFixture(t, s)
		// The inward server: loopback, never allowed.
		inward, inwardHits := remote(t, "127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("secret")) }))
		var sent atomic.Int64
		site, siteHits := remote(t, "127.0.0.2:0", imageSite(t, photo(t, 64, 48), inward.URL+"/x", &sent))
		lib := media.NewLibrary(s, files)
		// The image site stands for the Internet: allowed like a private network would be.
		lib.Fetch = safehttp.New([]netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")})

		im, err := lib.Import(ctx, ws.ID, media.Remote{URL: site.URL + "/docsz/AD_4nX?key=1", Alt: " A bowl of eggs\n"})
		if err != nil {
			t.Fatal(err)
		}
		if im.Item == nil || im.URL != im.Item.FileURL || !strings.HasPrefix(im.URL, "/media/") {
			t.Fatalf("imported = %+v", im)
		}
		if im.Item.Alt != "A bowl of eggs" || im.Item.FileName != "A bowl of eggs.png" || im.Item.MimeType != "image/png" {
			t.Fatalf("item = %+v", im.Item)
		}
		if !exists(local.Dir, local.KeyOf(im.URL)) {
			t.Fatal("no stored file")
		}
		if used, _ := s.MediaBytes(ctx, ws.ID); used != im.Item.FileSize {
			t.Fatalf("%d bytes counted against the quota, want %d", used, im.Item.FileSize)
		}

		refusals := []struct {
			name, url string
			kind      apperr.Kind
			code      string
		}{
			{"not an address", "not a url", apperr.Invalid, "invalid_image_url"},
			{"a missing image", site.URL + "/gone.png", apperr.Unprocessable, "image_unavailable"},
			{"a page, not an image", site.URL + "/page", apperr.Unsupported, "invalid_file_type"},
			{"declared above the cap", site.URL + "/declared-huge", apperr.TooLarge, "file_too_large"},
			{"streamed above the cap", site.URL + "/huge", apperr.TooLarge, "file_too_large"},
			{"loopback", inward.URL + "/x", apperr.Invalid, "image_url_not_allowed"},
			{"localhost by name", strings.Replace(inward.URL, "127.0.0.1", "localhost", 1), apperr.Invalid, "image_url_not_allowed"},
			{"a redirect inward", site.URL + "/inward", apperr.Invalid, "image_url_not_allowed"},
			{"cloud metadata", "http://169.254.169.254/latest/meta-data/", apperr.Invalid, "image_url_not_allowed"},
		}
		for _, tt := range refusals {
			_, err := lib.Import(ctx, ws.ID, media.Remote{URL: tt.url, Alt: "x"})
			if e := apperr.As(err); e == nil || e.Kind != tt.kind || e.Code != tt.code {
				t.Errorf("%s: err %v (kind %d), want %s", tt.name, err, kindOf(err), tt.code)
			}
		}
		if n := inwardHits.Load(); n != 0 {
			t.Fatalf("the loopback server answered %d requests", n)
		}
		// The reader stopped at the cap: the site could not push its 50 MB.
		if n := sent.Load(); n >= 50<<20-1<<20 {
			t.Errorf("the oversized body was read to the end (%d bytes sent)", n)
		}
		if items, _ := s.ListMedia(ctx, ws.ID); len(items) != 1 {
			t.Fatalf("%d library items after the refusals, want 1", len(items))
		}

		// A site that does not answer in time.
		slow, _ := remote(t, "127.0.0.2:0", http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}))
		lib.ImportTimeout = 200 * time.Millisecond
		if _, err := lib.Import(ctx, ws.ID, media.Remote{URL: slow.URL + "/a.png"}); kindOf(err) != apperr.Upstream {
			t.Errorf("slow site: %v, want an upstream refusal", err)
		}
		lib.ImportTimeout = 0

		// Without an allow-list even the image site is the server's own network.
		lib.Fetch = nil
		before := siteHits.Load()
		if _, err := lib.Import(ctx, ws.ID, media.Remote{URL: site.URL + "/photo.png"}); kindOf(err) != apperr.Invalid {
			t.Errorf("default client: %v, want the address refused", err)
		}
		if siteHits.Load() != before {
			t.Error("the default client reached a loopback address")
		}
	})
}

func TestImportKeepsTheLibrarysLimits(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws, files, _ := variantFixture(t, s)
		site, hits := remote(t, "127.0.0.2:0", imageSite(t, photo(t, 300, 200), "", new(atomic.Int64)))
		lib := media.NewLibrary(s, files)
		lib.Fetch = safehttp.New([]netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")})

		// The image memory budget is taken: 503 with Retry-After, as an upload.
		media.SetImageMemory(64 << 20)
		defer media.SetImageMemory(media.DefaultImageMemory)
		release, err := media.HoldImageMemory(64 << 20)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lib.Import(ctx, ws.ID, media.Remote{URL: site.URL + "/photo.png"}); !errors.Is(err, media.ErrImagesBusy) {
			t.Fatalf("while images are busy: %v, want ErrImagesBusy", err)
		}
		release()

		// A full library fetches nothing.
		for i := range plan.MaxMediaItems {
			m := &store.Media{WorkspaceID: ws.ID, FileName: "f.png", FileURL: "/m", FileSize: 1, MimeType: "image/png"}
			if err := s.CreateMedia(ctx, m, plan.MaxMediaItems); err != nil {
				t.Fatalf("item %d: %v", i, err)
			}
		}
		before := hits.Load()
		if _, err := lib.Import(ctx, ws.ID, media.Remote{URL: site.URL + "/photo.png"}); !errors.Is(err, media.ErrLibraryFull) {
			t.Fatalf("full library: %v, want ErrLibraryFull", err)
		}
		if hits.Load() != before {
			t.Error("a full library still fetched the image")
		}
	})
}

// An address that already is one of the workspace's files (a paste from
// one of its own posts, media on S3) is answered as it is: nothing fetched,
// nothing stored twice.
func TestImportOfTheWorkspacesOwnFile(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws, _, local := variantFixture(t, s)
		local.URLPrefix = "https://cdn.example/media/"
		lib := media.NewLibrary(s, media.NewFiles(s, local))
		lib.Fetch = &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
			t.Error("the workspace's own file was fetched")
			return nil, errors.New("no")
		})}
		m, err := lib.Add(ctx, ws.ID, media.Upload{FileName: "a.png", Data: photo(t, 20, 20)})
		if err != nil {
			t.Fatal(err)
		}
		im, err := lib.Import(ctx, ws.ID, media.Remote{URL: m.FileURL, Alt: "A"})
		if err != nil || im.URL != m.FileURL || im.Item != nil {
			t.Fatalf("import of an own file = %+v, %v", im, err)
		}
		if items, _ := s.ListMedia(ctx, ws.ID); len(items) != 1 {
			t.Fatalf("%d library items, want 1", len(items))
		}
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
