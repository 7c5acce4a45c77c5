package marks

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/store"
)

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	return img
}

func TestEveryKindIsAPNGOfItsSize(t *testing.T) {
	sizes := map[Kind]struct{ w, h, maxW int }{Card: {CardWidth, CardHeight, 0}, Icon: {IconSize, IconSize, 0},
		TouchIcon: {TouchIconSize, TouchIconSize, 0}, SmallIcon: {SmallIconSize, SmallIconSize, 0}, Logo: {0, LogoHeight, LogoMaxWidth}}
	for _, tc := range []struct {
		name  string
		kinds []Kind
	}{
		{"Olivia Writes", Kinds},
		// Names that change the layout of the images with text.
		{"A", []Kind{Logo}},
		{"", []Kind{Card, Logo}},
		{"東京ブログ", []Kind{Card, Logo, SmallIcon}},
		{strings.Repeat("Supercalifragilistic expialidocious ", 8), []Kind{Card, Logo}},
	} {
		for _, k := range tc.kinds {
			b, err := Draw(k, Spec{Name: tc.name, Color: "#10b981"})
			if err != nil {
				t.Fatalf("%s of %q: %v", k, tc.name, err)
			}
			want := sizes[k]
			got := decode(t, b).Bounds()
			if want.maxW > 0 {
				if got.Dy() != want.h || got.Dx() < want.h || got.Dx() > want.maxW {
					t.Errorf("%s of %q is %v, want %d high and %d to %d wide", k, tc.name, got.Size(), want.h, want.h, want.maxW)
				}
				continue
			}
			if got.Dx() != want.w || got.Dy() != want.h {
				t.Errorf("%s of %q is %v, want %dx%d", k, tc.name, got.Size(), want.w, want.h)
			}
		}
	}
}

// The card is the blog's colour, and the name and initial are drawn on it
// in the ink that reads on that colour.
func TestCardWearsTheBlogsColourAndInk(t *testing.T) {
	// A colour white reads on, one dark ink reads on, and no colour.
	for _, c := range []string{"#10b981", "#f59e0b", "not a colour"} {
		img := decode(t, mustDraw(t, Card, Spec{Name: "Olivia Writes", Color: c}))
		want := rgb(c)
		if got := img.At(2, 2); !near(got, want, 2) {
			t.Errorf("%s: the card's corner is %v, want the blog's colour %v", c, got, want)
		}
		ink := rgb(palette.ReadableOn(palette.Safe(c)))
		// The tile behind the initial is the ink; the name's letters too.
		if got := img.At(110, 180); !near(got, ink, 2) {
			t.Errorf("%s: the tile is %v, want the ink %v", c, got, ink)
		}
		if inked := count(img, image.Rect(96, 304, 1104, 420), ink); inked < 2000 {
			t.Errorf("%s: the name's area has %d pixels of ink, want the name drawn", c, inked)
		}
	}
	// A name the font cannot draw is left out, not drawn as boxes.
	img := decode(t, mustDraw(t, Card, Spec{Name: "東京ブログ", Color: "#10b981"}))
	if inked := count(img, image.Rect(96, 304, 1104, 420), rgb(palette.ReadableOn("#10b981"))); inked != 0 {
		t.Errorf("a name in a script the font lacks left %d pixels of ink", inked)
	}
}

func TestIconShowsTheInitial(t *testing.T) {
	with := decode(t, mustDraw(t, Icon, Spec{Name: "olivia", Color: "#6366f1"}))
	without := decode(t, mustDraw(t, Icon, Spec{Name: "!!!", Color: "#6366f1"}))
	ink := rgb(palette.ReadableOn("#6366f1"))
	if n := count(with, with.Bounds(), ink); n < 10000 {
		t.Errorf("the icon has %d pixels of ink, want its letter", n)
	}
	if n := count(without, without.Bounds(), ink); n != 0 {
		t.Errorf("a name without a letter drew %d pixels of ink", n)
	}
}

func TestInitial(t *testing.T) {
	for in, want := range map[string]string{"olivia": "O", "  3 Peaks": "3", "¡Hola!": "H", "élan": "É", "δέλτα": "Δ",
		"東京": "", "": "", "--": ""} {
		if got := Initial(in); got != want {
			t.Errorf("Initial(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVersionFollowsNameAndColour(t *testing.T) {
	base := Spec{Name: "Olivia Writes", Color: "#10b981"}
	for _, tc := range []struct {
		s    Spec
		same bool
	}{
		{Spec{Name: "Olivia Writes", Color: "#10B981"}, true}, // the same colour
		{Spec{Name: " Olivia Writes ", Color: "#10b981"}, true},
		{Spec{Name: "Olivia Cooks", Color: "#10b981"}, false},
		{Spec{Name: "Olivia Writes", Color: "#f43f5e"}, false},
	} {
		if got := tc.s.Version() == base.Version(); got != tc.same {
			t.Errorf("%+v: same version %v, want %v", tc.s, got, tc.same)
		}
	}
}

func TestByFile(t *testing.T) {
	for _, k := range Kinds {
		if got, ok := ByFile(k.File()); !ok || got != k {
			t.Errorf("ByFile(%q) = %q, %v", k.File(), got, ok)
		}
	}
	for _, name := range []string{"card", "icon.svg", "feed.xml", ""} {
		if _, ok := ByFile(name); ok {
			t.Errorf("ByFile(%q) found a kind", name)
		}
	}
}

type fakeStore struct {
	mu   sync.Mutex
	rows map[string]*store.Mark
	puts int
}

func (f *fakeStore) GetMark(_ context.Context, ws int64, kind string) (*store.Mark, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if m, ok := f.rows[kind]; ok && m.WorkspaceID == ws {
		c := *m
		return &c, nil
	}
	return nil, store.ErrNotFound
}

func (f *fakeStore) PutMark(_ context.Context, m *store.Mark) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rows == nil {
		f.rows = map[string]*store.Mark{}
	}
	f.rows[m.Kind] = m
	f.puts++
	return nil
}

func TestServiceDrawsOncePerNameAndColour(t *testing.T) {
	st := &fakeStore{}
	s := &Service{Store: st}
	ctx := context.Background()
	spec := Spec{Name: "Olivia Writes", Color: "#10b981"}
	first, err := s.Image(ctx, 7, Icon, spec)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if b, err := s.Image(ctx, 7, Icon, spec); err != nil || !bytes.Equal(b, first) {
			t.Fatalf("again: %v", err)
		}
	}
	// Another instance (an empty memory) reads what was stored.
	other := &Service{Store: st}
	if b, err := other.Image(ctx, 7, Icon, spec); err != nil || !bytes.Equal(b, first) {
		t.Fatalf("another instance: %v", err)
	}
	if st.puts != 1 {
		t.Fatalf("drawn and stored %d times, want once", st.puts)
	}
	// A new colour draws again and replaces the stored image.
	renamed, err := s.Image(ctx, 7, Icon, Spec{Name: "Olivia Writes", Color: "#f43f5e"})
	if err != nil || bytes.Equal(renamed, first) || st.puts != 2 || st.rows["icon"].Version != (Spec{Name: "Olivia Writes", Color: "#f43f5e"}).Version() {
		t.Fatalf("after a new colour: puts %d, err %v", st.puts, err)
	}
}

func TestServiceMemoryIsBounded(t *testing.T) {
	s := &Service{Store: &fakeStore{}, Memory: 3000}
	ctx := context.Background()
	for i := range 20 {
		if _, err := s.Image(ctx, int64(i), SmallIcon, Spec{Name: "Blog " + string(rune('A'+i)), Color: "#10b981"}); err != nil {
			t.Fatal(err)
		}
		if _, held := s.Held(); held > 3000 {
			t.Fatalf("holds %d bytes, budget 3000", held)
		}
	}
	if n, _ := s.Held(); n == 0 || n == 20 {
		t.Fatalf("holds %d images: want the most recent ones only", n)
	}
}

func mustDraw(t *testing.T, k Kind, s Spec) []byte {
	t.Helper()
	b, err := Draw(k, s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func near(c interface{ RGBA() (r, g, b, a uint32) }, want interface{ RGBA() (r, g, b, a uint32) }, tol int) bool {
	r1, g1, b1, _ := c.RGBA()
	r2, g2, b2, _ := want.RGBA()
	d := func(a, b uint32) bool { x := int(a>>8) - int(b>>8); return x <= tol && x >= -tol }
	return d(r1, r2) && d(g1, g2) && d(b1, b2)
}

func count(img image.Image, r image.Rectangle, c interface{ RGBA() (r, g, b, a uint32) }) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img.At(x, y), c, 8) {
				n++
			}
		}
	}
	return n
}
