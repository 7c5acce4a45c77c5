package s3

import (
	"bufio"
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fakeS3 speaks enough of the S3 REST protocol (path-style, SigV4 headers,
// aws-chunked streaming uploads) for PutObject, StatObject and RemoveObject.
type fakeS3 struct {
	t      *testing.T
	bucket string
	mu     sync.Mutex
	objs   map[string]fakeObject
	calls  []string
}

type fakeObject struct {
	data        []byte
	contentType string
	cache       string
}

func newFakeS3(t *testing.T, bucket string) (*fakeS3, *httptest.Server) {
	f := &fakeS3{t: t, bucket: bucket, objs: map[string]fakeObject{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls = append(f.calls, r.Method+" "+r.URL.Path)
	f.mu.Unlock()
	if !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential=AKID/") {
		s3Error(w, http.StatusForbidden, "AccessDenied", "missing or wrong signature")
		return
	}
	bucket, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if bucket != f.bucket {
		s3Error(w, http.StatusNotFound, "NoSuchBucket", "The specified bucket does not exist")
		return
	}
	if key == "" {
		if _, ok := r.URL.Query()["location"]; ok {
			w.Header().Set("Content-Type", "application/xml")
			_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">us-east-1</LocationConstraint>`)
			return
		}
		s3Error(w, http.StatusNotImplemented, "NotImplemented", "bucket operation not supported by the fake")
		return
	}
	switch r.Method {
	case http.MethodPut:
		data, err := readBody(r)
		if err != nil {
			s3Error(w, http.StatusBadRequest, "IncompleteBody", err.Error())
			return
		}
		f.mu.Lock()
		f.objs[key] = fakeObject{data: data, contentType: r.Header.Get("Content-Type"), cache: r.Header.Get("Cache-Control")}
		f.mu.Unlock()
		sum := md5.Sum(data)
		w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:])+`"`)
		w.WriteHeader(http.StatusOK)
	case http.MethodHead, http.MethodGet:
		f.mu.Lock()
		o, ok := f.objs[key]
		f.mu.Unlock()
		if !ok {
			if r.Method == http.MethodHead {
				w.WriteHeader(http.StatusNotFound)
				return
			}
			s3Error(w, http.StatusNotFound, "NoSuchKey", "The specified key does not exist.")
			return
		}
		sum := md5.Sum(o.data)
		w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:])+`"`)
		w.Header().Set("Content-Type", o.contentType)
		w.Header().Set("Content-Length", strconv.Itoa(len(o.data)))
		w.Header().Set("Last-Modified", "Mon, 02 Jan 2006 15:04:05 GMT")
		if r.Method == http.MethodGet {
			_, _ = w.Write(o.data)
		}
	case http.MethodDelete:
		f.mu.Lock()
		delete(f.objs, key)
		f.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	default:
		s3Error(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "method not allowed")
	}
}

// readBody decodes an aws-chunked body ("size;chunk-signature=...\r\n
// data\r\n" ... "0;...\r\n" then optional trailers), or a plain one.
func readBody(r *http.Request) ([]byte, error) {
	if !strings.Contains(r.Header.Get("Content-Encoding"), "aws-chunked") &&
		!strings.HasPrefix(r.Header.Get("X-Amz-Content-Sha256"), "STREAMING-") {
		return io.ReadAll(r.Body)
	}
	br := bufio.NewReader(r.Body)
	var out bytes.Buffer
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("chunk header: %w", err)
		}
		sizeHex, _, _ := strings.Cut(strings.TrimSpace(line), ";")
		n, err := strconv.ParseInt(sizeHex, 16, 64)
		if err != nil {
			return nil, fmt.Errorf("chunk size %q: %w", sizeHex, err)
		}
		if n == 0 {
			break
		}
		if _, err := io.CopyN(&out, br, n); err != nil {
			return nil, err
		}
		if _, err := br.Discard(2); err != nil {
			return nil, err
		}
	}
	if want := r.Header.Get("X-Amz-Decoded-Content-Length"); want != "" && want != strconv.Itoa(out.Len()) {
		return nil, fmt.Errorf("decoded length %d, header says %s", out.Len(), want)
	}
	return out.Bytes(), nil
}

func s3Error(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>%s</Message><RequestId>1</RequestId></Error>`, code, msg)
}

func TestPutStatDeleteAgainstFake(t *testing.T) {
	f, srv := newFakeS3(t, "inkpress")
	st, err := New(Config{Endpoint: strings.TrimPrefix(srv.URL, "http://"), Bucket: "inkpress", AccessKey: "AKID", SecretKey: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	data := bytes.Repeat([]byte("\x89PNG\r\n\x1a\npixels"), 5000)
	key := "7/library/1700000000000-photo.png"
	u, err := st.Put(ctx, key, data, "image/png")
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	if want := srv.URL + "/inkpress/" + key; u != want {
		t.Fatalf("url = %q, want %q", u, want)
	}
	obj := f.objs[key]
	if !bytes.Equal(obj.data, data) || obj.contentType != "image/png" || !strings.Contains(obj.cache, "immutable") {
		t.Fatalf("stored %d bytes, type %q, cache %q", len(obj.data), obj.contentType, obj.cache)
	}
	if got := st.KeyOf(u); got != key {
		t.Fatalf("KeyOf = %q", got)
	}
	if n, err := st.Size(ctx, key); err != nil || n != int64(len(data)) {
		t.Fatalf("size = %d, %v", n, err)
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, ok := f.objs[key]; ok {
		t.Fatal("object still stored after delete")
	}
	if _, err := st.Size(ctx, key); err == nil {
		t.Fatal("size of a deleted object must fail")
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Fatalf("deleting a missing object: %v", err)
	}
}

func TestPutReportsServerErrors(t *testing.T) {
	_, srv := newFakeS3(t, "inkpress")
	st, err := New(Config{Endpoint: strings.TrimPrefix(srv.URL, "http://"), Bucket: "other", AccessKey: "AKID", SecretKey: "s"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(context.Background(), "1/x/1-a.png", []byte("x"), "image/png"); err == nil ||
		!strings.Contains(err.Error(), "bucket does not exist") {
		t.Fatalf("put to a missing bucket: %v", err)
	}
	wrong, _ := New(Config{Endpoint: strings.TrimPrefix(srv.URL, "http://"), Bucket: "inkpress", AccessKey: "NOPE", SecretKey: "s"})
	if _, err := wrong.Put(context.Background(), "1/x/1-a.png", []byte("x"), "image/png"); err == nil {
		t.Fatal("put with wrong credentials succeeded")
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
