package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"time"

	"github.com/inkpress/inkpress/server/api"
)

// Target of issue 21: the server's peak resident memory while N
// concurrent 40-megapixel uploads go through (the image memory budget is
// 512 MiB; before it, 6 such uploads were OOM-killed in 2 GiB).
const maxImagePeakMiB = 1024

// imagesResult is the image memory figure: concurrent uploads of a small
// PNG that decodes to 40 megapixels, each answered 201 (stored) or 503 with
// Retry-After (the image memory budget was taken), never an out-of-memory
// kill.
type imagesResult struct {
	Uploads   int     `json:"uploads"`
	FileBytes int     `json:"fileBytes"`
	Pixels    int     `json:"pixels"`
	Created   int     `json:"created"`
	Busy      int     `json:"busyWithRetryAfter"`
	Other     []int   `json:"otherStatuses,omitempty"`
	Seconds   float64 `json:"seconds"`
	// Retried is how many of the refused uploads were then stored, sent
	// again one at a time.
	Retried int `json:"retriedCreated"`
	// Up: the server answered /healthz after it all and its process lives.
	Up      bool    `json:"serverUp"`
	PeakMiB float64 `json:"peakRssMiB"` // the server's VmHWM
	RSSMiB  float64 `json:"rssMiB"`     // its VmRSS at the end
	Error   string  `json:"error,omitempty"`
}

// bigPNG is a 8000x5000 PNG of a smooth gradient: 40 megapixels (the
// upload cap) in a few hundred KB.
func bigPNG() ([]byte, int, error) {
	const w, h = 8000, 5000
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+w*4]
		for x := range w {
			row[x*4], row[x*4+1], row[x*4+2], row[x*4+3] = uint8(x/32), uint8(y/20), 120, 255
		}
	}
	var buf bytes.Buffer
	err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	return buf.Bytes(), w * h, err
}

// runImages starts a fresh server, signs an owner up and sends -image-uploads
// uploads of a 40-megapixel PNG to the media library at once; then sends the
// refused ones again one at a time, checks the server is up and reads its
// peak resident memory.
func runImages(ctx context.Context, o options, tmp string, rep *report) error {
	fmt.Printf("\nimages: %d concurrent uploads of a 40-megapixel PNG\n", o.imageUploads)
	db, err := freshDatabase(ctx, o.db, tmp, "images")
	if err != nil {
		return err
	}
	defer db.drop()
	db.closeStore()
	if rep.DB == "" {
		rep.DB = db.kind
	}
	res := &imagesResult{Uploads: o.imageUploads}
	rep.Images = res
	fail := func(err error) error {
		res.Error = err.Error()
		fmt.Println("  error:", err)
		return ctx.Err()
	}
	data, px, err := bigPNG()
	if err != nil {
		return err
	}
	res.FileBytes, res.Pixels = len(data), px
	srv, err := startServer(ctx, o, db.url, tmp, "")
	if err != nil {
		return err
	}
	defer srv.stop()
	owner, err := signUp(ctx, srv.base)
	if err != nil {
		return fail(err)
	}
	type answer struct {
		status int
		retry  string
		err    error
	}
	answers := make([]answer, o.imageUploads)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() {
			st, retry, err := owner.upload(ctx, fmt.Sprintf("big-%d.png", i), data)
			answers[i] = answer{st, retry, err}
		})
	}
	wg.Wait()
	res.Seconds = time.Since(start).Seconds()
	var refused []int
	for i, a := range answers {
		switch {
		case a.err != nil:
			res.Other = append(res.Other, 0)
		case a.status == http.StatusCreated:
			res.Created++
		case a.status == http.StatusServiceUnavailable && a.retry != "":
			res.Busy++
			refused = append(refused, i)
		default:
			res.Other = append(res.Other, a.status)
		}
	}
	sort.Ints(res.Other)
	fmt.Printf("  %d stored (201), %d refused with 503 + Retry-After, others %v, in %.1fs\n", res.Created, res.Busy, res.Other, res.Seconds)
	for _, i := range refused {
		if st, _, err := owner.upload(ctx, fmt.Sprintf("again-%d.png", i), data); err == nil && st == http.StatusCreated {
			res.Retried++
		}
	}
	if len(refused) > 0 {
		fmt.Printf("  the refused ones again, one at a time: %d of %d stored\n", res.Retried, len(refused))
	}
	_, _, herr := fetchAs(ctx, srv.base+"/healthz", nil)
	status, serr := procStatus(srv.cmd.Process.Pid)
	res.Up = herr == nil && serr == nil
	if serr == nil {
		res.PeakMiB, res.RSSMiB = status["VmHWM"], status["VmRSS"]
	}
	fmt.Printf("  server up: %v; resident %.1f MiB, peak %.1f MiB (VmHWM)\n", res.Up, res.RSSMiB, res.PeakMiB)
	return nil
}

// upload sends one image to the media library (POST /api/workspace/media)
// and returns the status and Retry-After of the answer.
func (o *owner) upload(ctx context.Context, name string, data []byte) (int, string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		return 0, "", err
	}
	if _, err := fw.Write(data); err != nil {
		return 0, "", err
	}
	if err := mw.Close(); err != nil {
		return 0, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.base+"/api/workspace/media", &body)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	u, _ := url.Parse(o.base)
	for _, c := range o.client.Jar.Cookies(u) {
		if c.Name == api.CSRFCookie {
			req.Header.Set(api.CSRFHeader, c.Value)
		}
	}
	resp, err := o.client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), nil
}

func (r *report) evaluateImages() {
	x := r.Images
	if x == nil {
		return
	}
	target := fmt.Sprintf("images: %d concurrent 40 MP uploads", x.Uploads)
	if x.Error != "" {
		r.expect(target, "201 or 503 + Retry-After; server up", x.Error, false)
		return
	}
	r.expect(target, "each 201 or 503 + Retry-After, some 201; server up",
		fmt.Sprintf("%d x 201, %d x 503, others %v; up %v", x.Created, x.Busy, x.Other, x.Up),
		len(x.Other) == 0 && x.Created > 0 && x.Created+x.Busy == x.Uploads && x.Up)
	r.expect(target+": server peak memory", fmt.Sprintf("VmHWM < %d MiB", maxImagePeakMiB),
		fmt.Sprintf("%.0f MiB", x.PeakMiB), x.PeakMiB > 0 && x.PeakMiB < maxImagePeakMiB)
}
