package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Stored files are named "{workspace}/{kind}/{unixmilli}-{random}-{safe name}{ext}":
// the workspace prefix tells whose file a URL is, the time and random part
// keep two files of the same name apart, and the safe name keeps keys and
// URLs free of anything a client could smuggle in.

// Kinds of stored files (the second part of a key).
const (
	KindFeatured = "featured" // a post's uploaded featured image
	KindBanner   = "banners"  // a banner ad's image
	KindLibrary  = "library"  // a media-library item
	KindCover    = "covers"   // an AI-drawn cover
)

// maxSafeName caps the client part of a stored name, in bytes.
const maxSafeName = 60

// SafeName turns a client file name into a short, safe one for keys.
func SafeName(name, ext string) string {
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(name, `\`, "/")), path.Ext(name))
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '-' || r == '_' || r == ' ' || r == '.':
			b.WriteByte('-')
		}
		if b.Len() >= maxSafeName {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "image"
	}
	return s + ext
}

// UniqueName is SafeName with a random prefix, so two files stored in the
// same millisecond under the same name never overwrite each other.
func UniqueName(name, ext string) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b) + "-" + SafeName(name, ext)
}

// Key builds a storage key: "{workspace}/{kind}/{unixmilli}-{name}".
func Key(workspaceID int64, kind string, unixMilli int64, name string) string {
	return fmt.Sprintf("%d/%s/%d-%s", workspaceID, kind, unixMilli, name)
}

// NewKey is the key of a new file of the workspace, named after name.
func NewKey(workspaceID int64, kind string, now time.Time, name, ext string) string {
	return Key(workspaceID, kind, now.UnixMilli(), UniqueName(name, ext))
}

// maxDisplayName caps the file name a library item shows, in characters.
const maxDisplayName = 120

// DisplayName is the client's file name without directories, control
// characters or bidirectional overrides (which make "gpj.exe" show as
// "exe.jpg"), cut to 120 characters; it is only ever shown as text.
func DisplayName(name, ext string) string {
	if !utf8.ValidString(name) {
		return "image" + ext
	}
	name = strings.Map(func(r rune) rune {
		if hiddenRune(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "" || name == "." || name == "/" {
		return "image" + ext
	}
	if r := []rune(name); len(r) > maxDisplayName {
		name = string(r[:maxDisplayName])
	}
	return name
}

// hiddenRune reports C0 and C1 controls and the invisible marks that
// reorder text: LRM/RLM, the embeddings and overrides U+202A-U+202E and the
// isolates U+2066-U+2069.
func hiddenRune(r rune) bool {
	return r < 0x20 || (r >= 0x7F && r <= 0x9F) || r == 0x200E || r == 0x200F ||
		(r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// ownKeyRE matches keys made by Key with SafeName or UniqueName names.
// Anything else (other workspaces, "..", query strings, foreign URLs) is not
// a file of ours.
var ownKeyRE = regexp.MustCompile(`^([0-9]+)/[a-z-]+/[0-9]+-[a-z0-9-]+\.(png|jpg|gif|webp)$`)

var extTypes = map[string]string{"png": "image/png", "jpg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}

// OwnedKey reports whether key names an image stored for the workspace and
// returns its content type.
func OwnedKey(key string, workspaceID int64) (contentType string, ok bool) {
	m := ownKeyRE.FindStringSubmatch(key)
	if m == nil || m[1] != strconv.FormatInt(workspaceID, 10) {
		return "", false
	}
	return extTypes[m[2]], true
}

// sizer is implemented by storages that can report a stored file's size
// (internal/media/s3).
type sizer interface {
	Size(ctx context.Context, key string) (int64, error)
}

// StoredSize returns the size of a stored file, an error when it does not
// exist, and 0 when the storage cannot tell. key must have passed OwnedKey.
func StoredSize(ctx context.Context, st Storage, key string) (int64, error) {
	switch st := st.(type) {
	case sizer:
		return st.Size(ctx, key)
	case *Local:
		fi, err := os.Stat(filepath.Join(st.Dir, filepath.FromSlash(key)))
		if err != nil {
			return 0, err
		}
		if !fi.Mode().IsRegular() {
			return 0, errors.New("not a file")
		}
		return fi.Size(), nil
	}
	return 0, nil
}

// DeleteURL deletes the file behind a URL st produced; any other URL is
// left alone. It runs even when ctx is cancelled, so no file is orphaned
// because a client hung up.
func DeleteURL(ctx context.Context, st Storage, url string) (key string, err error) {
	if key = st.KeyOf(url); key == "" {
		return "", nil
	}
	return key, st.Delete(context.WithoutCancel(ctx), key)
}
