package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
)

// Eight 40-megapixel uploads at once (each a few hundred KB that decodes to
// 160 MB): every one is stored (201) or refused with 503, images_busy and
// a Retry-After while the image memory budget is taken, and the server
// stays up. (internal/media's TestConcurrentHugeUploadsStayWithinTheBudget
// bounds the heap of the same work.)
func TestConcurrentHugeUploadsAreStoredOrToldToComeBack(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("decodes 40-megapixel images (minutes under the race detector)")
	}
	a := apptest.Start(t, "")
	c := a.Client(t)
	c.SignUp("Big Pictures", "big@example.com", "secret12")
	u, _ := url.Parse(a.URL)
	var token string
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "inkpress_csrf" {
			token = ck.Value
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, 8000, 5000))
	for y := range 5000 {
		row := img.Pix[y*img.Stride:]
		for x := range 8000 {
			row[x*4], row[x*4+1], row[x*4+2], row[x*4+3] = uint8(x/32), uint8(y/20), 120, 255
		}
	}
	var file bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&file, img); err != nil {
		t.Fatal(err)
	}
	img = nil

	type answer struct {
		status      int
		code, retry string
		err         error
	}
	const n = 8
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			var body bytes.Buffer
			mw := multipart.NewWriter(&body)
			fw, _ := mw.CreateFormFile("file", fmt.Sprintf("big-%d.png", i))
			_, _ = fw.Write(file.Bytes())
			_ = mw.Close()
			req, _ := http.NewRequest(http.MethodPost, a.URL+"/api/workspace/media", &body)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			req.Header.Set("X-CSRF-Token", token)
			resp, err := c.HTTP.Do(req)
			if err != nil {
				answers[i] = answer{err: err}
				return
			}
			defer resp.Body.Close()
			var e struct {
				Error struct{ Code string } `json:"error"`
			}
			_ = json.NewDecoder(resp.Body).Decode(&e)
			answers[i] = answer{status: resp.StatusCode, code: e.Error.Code, retry: resp.Header.Get("Retry-After")}
		})
	}
	wg.Wait()
	stored := 0
	for i, an := range answers {
		switch {
		case an.err != nil:
			t.Fatalf("upload %d: %v", i, an.err)
		case an.status == http.StatusCreated:
			stored++
		case an.status != http.StatusServiceUnavailable || an.code != "images_busy" || an.retry == "":
			t.Errorf("upload %d: %d %q, Retry-After %q; want 201, or 503 images_busy with Retry-After", i, an.status, an.code, an.retry)
		}
	}
	if stored == 0 {
		t.Fatal("no upload was stored")
	}
	if r := c.Get("/healthz"); r.StatusCode != http.StatusOK {
		t.Fatalf("healthz after the uploads: %d", r.StatusCode)
	}
	var lib struct {
		Items []any `json:"items"`
	}
	c.Get("/api/workspace/media").JSON(t, &lib)
	if len(lib.Items) != stored {
		t.Fatalf("library holds %d images, %d uploads were stored", len(lib.Items), stored)
	}
}
