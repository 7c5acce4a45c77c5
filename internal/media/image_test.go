package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// ExifJPEG returns a w x h JPEG (left half red, right half blue) carrying an
// APP1 Exif block with the given orientation and a GPS IFD at 48°51'N.
func exifJPEG(t testing.TB, w, h, orientation int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{255, 0, 0, 255}
			if x >= w/2 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	// TIFF: header, IFD0 {Orientation, GPSInfo pointer}, GPS IFD {GPSLatitudeRef "N", GPSLatitude 48/1 51/1 0/1}.
	le := binary.LittleEndian
	var tiff bytes.Buffer
	tiff.WriteString("II")
	_ = binary.Write(&tiff, le, uint16(42))
	_ = binary.Write(&tiff, le, uint32(8))
	entry := func(tag, typ uint16, count, value uint32) {
		_ = binary.Write(&tiff, le, tag)
		_ = binary.Write(&tiff, le, typ)
		_ = binary.Write(&tiff, le, count)
		_ = binary.Write(&tiff, le, value)
	}
	// IFD0 at 8: 2 entries (2+24+4 = 30 bytes), GPS IFD at 38.
	_ = binary.Write(&tiff, le, uint16(2))
	entry(0x0112, 3, 1, uint32(orientation))
	entry(0x8825, 4, 1, 38)
	_ = binary.Write(&tiff, le, uint32(0))
	// GPS IFD at 38: 2 entries (30 bytes), rationals at 68.
	_ = binary.Write(&tiff, le, uint16(2))
	entry(0x0001, 2, 2, uint32('N'))
	entry(0x0002, 5, 3, 68)
	_ = binary.Write(&tiff, le, uint32(0))
	for _, v := range []uint32{48, 1, 51, 1, 0, 1} {
		_ = binary.Write(&tiff, le, v)
	}
	app1 := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var out bytes.Buffer
	out.Write(enc.Bytes()[:2]) // SOI
	out.Write([]byte{0xFF, 0xE1})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(app1)+2))
	out.Write(app1)
	out.Write(enc.Bytes()[2:])
	return out.Bytes()
}

// hugePNG is a valid PNG signature and IHDR claiming w x h pixels, with a
// tiny IDAT: a few dozen bytes that would decode into gigabytes.
func hugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

func TestCleanStripsExifAndTurnsUpright(t *testing.T) {
	in := exifJPEG(t, 40, 20, 6)
	if !bytes.Contains(in, []byte("Exif")) || jpegOrientation(in) != 6 {
		t.Fatal("fixture lacks its Exif block")
	}
	out, err := Clean(in, 5<<20)
	if err != nil {
		t.Fatal(err)
	}
	if out.ContentType != "image/jpeg" || out.Ext != ".jpg" {
		t.Fatalf("type %q %q", out.ContentType, out.Ext)
	}
	if bytes.Contains(out.Data, []byte("Exif")) || bytes.Contains(out.Data, []byte{0xFF, 0xE1}) {
		t.Fatal("the stored JPEG still carries an Exif block")
	}
	img, err := jpeg.Decode(bytes.NewReader(out.Data))
	if err != nil {
		t.Fatal(err)
	}
	// Orientation 6: the stored picture is turned 90° clockwise, so the
	// red left half becomes the top half.
	if b := img.Bounds(); b.Dx() != 20 || b.Dy() != 40 || out.Width != 20 || out.Height != 40 {
		t.Fatalf("bounds %v, reported %dx%d; want 20x40", b, out.Width, out.Height)
	}
	if r, _, bl, _ := img.At(10, 5).RGBA(); r < bl {
		t.Fatalf("top is not red: r=%d b=%d", r>>8, bl>>8)
	}
	if r, _, bl, _ := img.At(10, 35).RGBA(); r > bl {
		t.Fatalf("bottom is not blue: r=%d b=%d", r>>8, bl>>8)
	}
}

func TestOrientations(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	src.Set(0, 0, color.RGBA{255, 0, 0, 255}) // marks the top-left corner
	for o, want := range map[int]struct{ w, h, x, y int }{
		1: {3, 2, 0, 0}, 2: {3, 2, 2, 0}, 3: {3, 2, 2, 1}, 4: {3, 2, 0, 1},
		5: {2, 3, 0, 0}, 6: {2, 3, 1, 0}, 7: {2, 3, 1, 2}, 8: {2, 3, 0, 2},
	} {
		got := orient(src, o)
		if b := got.Bounds(); b.Dx() != want.w || b.Dy() != want.h {
			t.Errorf("orientation %d: %v", o, b)
			continue
		}
		if r, _, _, _ := got.At(want.x, want.y).RGBA(); r == 0 {
			t.Errorf("orientation %d: corner not at %d,%d", o, want.x, want.y)
		}
	}
}

func TestCleanRefusesHugeImagesBeforeDecoding(t *testing.T) {
	for _, tc := range []struct{ w, h uint32 }{{30000, 30000}, {12001, 10}, {8000, 6000}} {
		_, err := Clean(hugePNG(tc.w, tc.h), 5<<20)
		if !errors.Is(err, ErrTooManyPixels) {
			t.Errorf("%dx%d: %v", tc.w, tc.h, err)
		}
	}
}

func TestCleanKeepsPNGAndConvertsGIF(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 5, 4))
	img.Set(1, 1, color.NRGBA{0, 200, 0, 128})
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	// A text chunk with a comment must not survive.
	data := b.Bytes()
	withText := append(append([]byte{}, data[:33]...), textChunk("Comment", "secret location")...)
	withText = append(withText, data[33:]...)
	out, err := Clean(withText, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if out.ContentType != "image/png" || bytes.Contains(out.Data, []byte("secret")) || out.Width != 5 || out.Height != 4 {
		t.Fatalf("png: %q %dx%d", out.ContentType, out.Width, out.Height)
	}
	gifData := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
	out, err = Clean(gifData, 1<<20)
	if err != nil || out.ContentType != "image/png" || out.Ext != ".png" {
		t.Fatalf("gif: %+v %v", out, err)
	}
	if _, err := Clean([]byte("\x89PNG\r\n\x1a\n garbage"), 1<<20); !errors.Is(err, ErrInvalidType) {
		t.Fatalf("broken png: %v", err)
	}
}

func textChunk(key, val string) []byte {
	var b bytes.Buffer
	data := []byte(key + "\x00" + val)
	_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte("tEXt"))
	crc.Write(data)
	b.WriteString("tEXt")
	b.Write(data)
	_ = binary.Write(&b, binary.BigEndian, crc.Sum32())
	return b.Bytes()
}
