package s3

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/media/s3/s3test"
)

// server is an S3 server the suite runs against: the fake or MinIO.
type server struct {
	endpoint, bucket, access, secret string
}

func (s server) storage(t *testing.T, bucket, public string) *Storage {
	t.Helper()
	st, err := New(Config{Endpoint: s.endpoint, Bucket: bucket, AccessKey: s.access, SecretKey: s.secret, PublicURL: public})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestDriver runs the same suite against the hand-written fake and a real
// S3 server (MinIO; see minio_test.go).
func TestDriver(t *testing.T) {
	t.Run("fake", func(t *testing.T) {
		f := s3test.New(t, "inkpress")
		runSuite(t, server{endpoint: f.Endpoint, bucket: "inkpress", access: s3test.AccessKey, secret: "secret"})
	})
	t.Run("minio", func(t *testing.T) {
		runSuite(t, startMinIO(t))
	})
}

func runSuite(t *testing.T, srv server) {
	ctx := context.Background()
	st := srv.storage(t, srv.bucket, "")
	if err := st.Check(ctx); err != nil {
		t.Fatalf("check: %v", err)
	}
	data := bytes.Repeat([]byte("\x89PNG\r\n\x1a\npixels"), 5000)
	key := "7/library/1700000000000-photo.png"
	other := "7/covers/1700000000001-cover.png"
	u, err := st.Put(ctx, key, data, "image/png")
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	if want := "http://" + srv.endpoint + "/" + srv.bucket + "/" + key; u != want || st.URL(key) != want {
		t.Fatalf("url = %q, URL() = %q, want %q", u, st.URL(key), want)
	}
	info, err := st.client.StatObject(ctx, srv.bucket, key, minio.StatObjectOptions{})
	if err != nil || info.Size != int64(len(data)) || info.ContentType != "image/png" ||
		!strings.Contains(info.Metadata.Get("Cache-Control"), "immutable") {
		t.Fatalf("stored %d bytes, type %q, cache %q, err %v", info.Size, info.ContentType, info.Metadata.Get("Cache-Control"), err)
	}
	if got := st.KeyOf(u); got != key {
		t.Fatalf("KeyOf = %q", got)
	}
	if n, err := st.Size(ctx, key); err != nil || n != int64(len(data)) {
		t.Fatalf("size = %d, %v", n, err)
	}
	if _, err := st.Put(ctx, other, []byte("x"), "image/png"); err != nil {
		t.Fatal(err)
	}
	listed := map[string]media.Object{}
	if err := st.List(ctx, func(o media.Object) error { listed[o.Key] = o; return nil }); err != nil {
		t.Fatalf("list: %v", err)
	}
	if o := listed[key]; len(listed) != 2 || o.Size != int64(len(data)) || time.Since(o.Modified) > time.Hour || o.Modified.After(time.Now().Add(time.Hour)) {
		t.Fatalf("listed %+v", listed)
	}
	// A new public URL applies to every key at once.
	cdn := srv.storage(t, srv.bucket, "https://cdn.example.com/media/")
	if got := cdn.URL(key); got != "https://cdn.example.com/media/"+key {
		t.Fatalf("cdn URL = %q", got)
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := st.Size(ctx, key); err == nil {
		t.Fatal("size of a deleted object must fail")
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Fatalf("deleting a missing object: %v", err)
	}
	if err := st.Delete(ctx, other); err != nil {
		t.Fatal(err)
	}

	missing := srv.storage(t, "no-such-bucket", "")
	if err := missing.Check(ctx); err == nil || !strings.Contains(err.Error(), `bucket "no-such-bucket" does not exist`) {
		t.Fatalf("check of a missing bucket: %v", err)
	}
	if _, err := missing.Put(ctx, "1/x/1-a.png", []byte("x"), "image/png"); err == nil ||
		!strings.Contains(err.Error(), "bucket does not exist") {
		t.Fatalf("put to a missing bucket: %v", err)
	}
	wrong, _ := New(Config{Endpoint: srv.endpoint, Bucket: srv.bucket, AccessKey: "NOPE", SecretKey: "s"})
	if _, err := wrong.Put(ctx, "1/x/1-a.png", []byte("x"), "image/png"); err == nil {
		t.Fatal("put with wrong credentials succeeded")
	}
	if err := wrong.Check(ctx); err == nil {
		t.Fatal("check with wrong credentials succeeded")
	}
}

func TestKeysAndPublicURL(t *testing.T) {
	st, err := New(Config{Endpoint: "s3.example.com", Bucket: "b", UseSSL: true, PublicURL: "https://cdn.example.com/media/"})
	if err != nil {
		t.Fatal(err)
	}
	for u, want := range map[string]string{
		"https://cdn.example.com/media/3/covers/1-a.png":    "3/covers/1-a.png",
		"https://cdn.example.com/media/3/../4/1-a.png":      "",
		"https://cdn.example.com/media/3/covers/1-a.png?x=": "",
		"https://other.example.com/media/3/covers/1-a.png":  "",
		"/media/3/covers/1-a.png":                           "",
		"https://cdn.example.com/media/":                    "",
	} {
		if got := st.KeyOf(u); got != want {
			t.Errorf("KeyOf(%q) = %q, want %q", u, got, want)
		}
	}
	if _, err := st.Put(context.Background(), "../x", nil, ""); err == nil {
		t.Error("put accepted a path-escaping key")
	}
	def, _ := New(Config{Endpoint: "127.0.0.1:9000", Bucket: "media"})
	if got := def.KeyOf("http://127.0.0.1:9000/media/1/a/2-b.png"); got != "1/a/2-b.png" {
		t.Errorf("default public URL: KeyOf = %q", got)
	}
	if _, err := New(Config{Endpoint: "https://s3.example.com", Bucket: "b"}); err == nil {
		t.Error("an endpoint with a scheme must be refused")
	}
}
