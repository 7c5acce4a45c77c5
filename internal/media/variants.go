package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gen2brain/webp"
	"golang.org/x/sync/singleflight"
)

// Every stored image has derived copies at a few widths, in WebP, so pages
// can offer a phone a small file (srcset). A variant's key is its
// original's key with ".w{width}.webp" appended:
//
//	12/covers/1700000000000-ab12cd34-title.png
//	12/covers/1700000000000-ab12cd34-title.png.w480.webp
//
// so anyone holding an original's URL can name its variants, and a
// variant's bytes never change (the original's never do). Variants are
// made when an image is stored (uploads, AI covers) and, for images stored
// before they existed, on the first request of a variant URL.

// VariantWidths are the widths variants are made at, smallest first.
var VariantWidths = [...]int{480, 960, 1440}

// variantQuality is the WebP quality of variants: at the widths above it
// keeps photos and drawn covers clean at about a tenth of a PNG's bytes.
const variantQuality = 75

// variantKeyRE matches a variant key: an original key (the shape Key
// makes), the width and the WebP suffix.
var variantKeyRE = regexp.MustCompile(`^([0-9]+/[a-z-]+/[0-9]+-[a-z0-9-]+\.(?:png|jpg|gif|webp))\.w([1-9][0-9]{0,4})\.webp$`)

// VariantKey is the key of key's variant at width.
func VariantKey(key string, width int) string {
	return key + ".w" + strconv.Itoa(width) + ".webp"
}

// ParseVariantKey returns the original key and the width of a variant key;
// ok is false for anything else, a width outside VariantWidths included.
func ParseVariantKey(key string) (original string, width int, ok bool) {
	m := variantKeyRE.FindStringSubmatch(key)
	if m == nil {
		return "", 0, false
	}
	w, err := strconv.Atoi(m[2])
	if err != nil || !isVariantWidth(w) {
		return "", 0, false
	}
	return m[1], w, true
}

func isVariantWidth(w int) bool {
	for _, v := range VariantWidths {
		if v == w {
			return true
		}
	}
	return false
}

// localPrefix is where the app serves local media; only those URLs get
// variants in pages, since only there can the app make a missing one.
const localPrefix = "/media/"

// SrcSet returns the srcset of a stored image's URL ("{url}.w480.webp 480w,
// ..."); ok is false for a URL that has no variants (another host, an S3
// URL, anything not shaped like a key this app makes). The web app's
// coverImage helper applies the same rule.
func SrcSet(url string) (srcset string, ok bool) {
	key, found := strings.CutPrefix(url, localPrefix)
	if !found || !ownKeyRE.MatchString(key) {
		return "", false
	}
	parts := make([]string, len(VariantWidths))
	for i, w := range VariantWidths {
		parts[i] = localPrefix + VariantKey(key, w) + " " + strconv.Itoa(w) + "w"
	}
	return strings.Join(parts, ", "), true
}

// variantHeight is the height of a w-wide variant of a srcW x srcH image.
// Images are never enlarged: a width above the original's gives the
// original's size.
func variantSize(srcW, srcH, w int) (int, int) {
	if w >= srcW {
		return srcW, srcH
	}
	h := (srcH*w + srcW/2) / srcW
	return w, max(h, 1)
}

// Variants makes and keeps variants in a storage (the raw one: variants
// are not recorded as files of their own, see Files).
type Variants struct {
	Storage Storage
	Logger  *slog.Logger

	group singleflight.Group
	// encodes counts encoded variants (tests).
	encodes atomic.Int64
	// beforeEncode runs before each encode (tests).
	beforeEncode func()
}

// NewVariants returns the variant maker of st.
func NewVariants(st Storage) *Variants { return &Variants{Storage: st} }

func (v *Variants) logger() *slog.Logger {
	if v.Logger != nil {
		return v.Logger
	}
	return slog.Default()
}

// errNoVariant is a variant that cannot exist: its original is missing or
// not an image we read.
var errNoVariant = errors.New("media: no such variant")

// Make stores every variant of the original stored under key, whose bytes
// are data, waiting for its share of the image memory budget. A failure is
// logged only: the variant is made again on its first request.
func (v *Variants) Make(ctx context.Context, key string, data []byte) {
	if !ownKeyRE.MatchString(key) {
		return
	}
	ctx = context.WithoutCancel(ctx)
	img, release, err := decodeStored(ctx, data, true)
	if err != nil {
		v.logger().WarnContext(ctx, "image variants: decode", "key", key, "err", err)
		return
	}
	defer release()
	v.MakeFrom(ctx, key, img)
}

// MakeFrom stores every variant of the original stored under key, whose
// picture (upright, at its stored size) is img; the caller holds img's
// share of the image memory budget.
func (v *Variants) MakeFrom(ctx context.Context, key string, img image.Image) {
	if !ownKeyRE.MatchString(key) || img == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	for _, w := range VariantWidths {
		vk := VariantKey(key, w)
		if _, err, _ := v.group.Do(vk, func() (any, error) { return nil, v.store(ctx, vk, img, w) }); err != nil {
			v.logger().WarnContext(ctx, "image variant", "key", vk, "err", err)
		}
	}
}

// Ensure makes the variant stored under vkey unless it exists. Concurrent
// calls for one key share a single encode. It returns errNoVariant when
// vkey is no variant key or its original cannot be read as an image.
func (v *Variants) Ensure(ctx context.Context, vkey string) error {
	orig, w, ok := ParseVariantKey(vkey)
	if !ok {
		return errNoVariant
	}
	if v.exists(ctx, vkey) {
		return nil
	}
	_, err, _ := v.group.Do(vkey, func() (any, error) {
		// A call that finished just before this one started stored it.
		if v.exists(ctx, vkey) {
			return nil, nil
		}
		data, err := v.read(ctx, orig)
		if err != nil {
			return nil, errNoVariant
		}
		// A reader's request does not wait for the budget: it is told to
		// come back (ErrImagesBusy).
		img, release, err := decodeStored(ctx, data, false)
		if errors.Is(err, ErrImagesBusy) {
			return nil, err
		}
		if err != nil {
			return nil, errNoVariant
		}
		defer release()
		return nil, v.store(ctx, vkey, img, w)
	})
	return err
}

// store scales img to width w (never up) and stores it as WebP under vkey.
func (v *Variants) store(ctx context.Context, vkey string, img image.Image, w int) error {
	b := img.Bounds()
	dw, dh := variantSize(b.Dx(), b.Dy(), w)
	var src image.Image = img
	if dw != b.Dx() {
		src = shrink(img, dw, dh)
	}
	if v.beforeEncode != nil {
		v.beforeEncode()
	}
	v.encodes.Add(1)
	var buf bytes.Buffer
	if err := webp.Encode(&buf, src, webp.Options{Quality: variantQuality}); err != nil {
		return fmt.Errorf("encode webp: %w", err)
	}
	_, err := v.Storage.Put(ctx, vkey, buf.Bytes(), "image/webp")
	return err
}

// exists reports whether key is stored (true when the storage cannot tell).
func (v *Variants) exists(ctx context.Context, key string) bool {
	_, err := StoredSize(ctx, v.Storage, key)
	return err == nil
}

// reader is implemented by storages whose files the app can read back.
type reader interface {
	Read(ctx context.Context, key string) ([]byte, error)
}

// maxStoredRead bounds an original read back for a variant: uploads are
// capped well below it, AI covers at 20 MB.
const maxStoredRead = 32 << 20

func (v *Variants) read(ctx context.Context, key string) ([]byte, error) {
	r, ok := v.Storage.(reader)
	if !ok {
		return nil, errors.New("media: storage cannot read files back")
	}
	return r.Read(ctx, key)
}

// Read returns a stored file's bytes.
func (l *Local) Read(_ context.Context, key string) ([]byte, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxStoredRead {
		return nil, errors.New("media: not a readable file")
	}
	data := make([]byte, fi.Size())
	if _, err := f.ReadAt(data, 0); err != nil {
		return nil, err
	}
	return data, nil
}

// decodeStored decodes a stored image within the pixel caps (files stored
// by earlier versions were not all checked), at most the stored size,
// turned upright, holding its share of the image memory budget (see
// decodeUpright) until release.
func decodeStored(ctx context.Context, data []byte, wait bool) (img image.Image, release func(), err error) {
	return decodeUpright(ctx, http.DetectContentType(data), data, wait)
}

// Handler serves variants of local files through next (the directory's
// handler), making a missing one first. A variant path whose width is not
// one of VariantWidths, or whose original is missing or no image, is 404.
func (v *Variants) Handler(prefix string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, ok := strings.CutPrefix(r.URL.Path, prefix)
		if !ok || !variantShapeRE.MatchString(key) {
			next.ServeHTTP(w, r)
			return
		}
		if err := v.Ensure(r.Context(), key); err != nil {
			if errors.Is(err, ErrImagesBusy) {
				w.Header().Set("Retry-After", strconv.Itoa(int(busyRetry/time.Second)))
				http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
				return
			}
			if !errors.Is(err, errNoVariant) {
				v.logger().ErrorContext(r.Context(), "make image variant", "key", key, "err", err)
				http.Error(w, "Internal Server Error", http.StatusInternalServerError)
				return
			}
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/webp")
		next.ServeHTTP(w, r)
	})
}

// variantShapeRE matches a path asked for as a variant, whatever its width
// or original: those are answered here, never by the directory.
var variantShapeRE = regexp.MustCompile(`\.w[0-9]+\.webp$`)

// variantKeysOf returns the keys of every variant key may have.
func variantKeysOf(key string) []string {
	keys := make([]string, len(VariantWidths))
	for i, w := range VariantWidths {
		keys[i] = VariantKey(key, w)
	}
	return keys
}
