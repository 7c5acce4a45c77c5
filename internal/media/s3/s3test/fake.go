// Package s3test is a fake S3 server for tests: enough of the REST
// protocol (path-style, SigV4 headers, aws-chunked uploads) for the s3
// driver's calls: bucket check and listing, put, stat, get and delete.
package s3test

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// AccessKey is the only access key the fake takes.
const AccessKey = "AKID"

// Fake is a running fake S3 server with one bucket.
type Fake struct {
	Bucket string
	// Endpoint is host:port, as the driver's configuration wants it.
	Endpoint string
	URL      string
	mu       sync.Mutex
	objs     map[string]Object
	calls    []string
}

// Object is a stored object.
type Object struct {
	Data         []byte
	ContentType  string
	CacheControl string
	Modified     time.Time
}

// New starts a fake holding bucket; it stops when the test ends.
func New(t testing.TB, bucket string) *Fake {
	f := &Fake{Bucket: bucket, objs: map[string]Object{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	f.Endpoint = strings.TrimPrefix(srv.URL, "http://")
	return f
}

// Object returns a stored object.
func (f *Fake) Object(key string) (Object, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.objs[key]
	return o, ok
}

// Keys lists the stored keys, sorted.
func (f *Fake) Keys() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	keys := make([]string, 0, len(f.objs))
	for k := range f.objs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Age sets an object's modification time to d ago (orphan sweep tests).
func (f *Fake) Age(key string, d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o, ok := f.objs[key]; ok {
		o.Modified = time.Now().Add(-d)
		f.objs[key] = o
	}
}

// Calls lists the requests served ("METHOD /path").
func (f *Fake) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

func (f *Fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls = append(f.calls, r.Method+" "+r.URL.Path)
	f.mu.Unlock()
	if !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential="+AccessKey+"/") {
		s3Error(w, r, http.StatusForbidden, "AccessDenied", "missing or wrong signature")
		return
	}
	bucket, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if bucket != f.Bucket {
		s3Error(w, r, http.StatusNotFound, "NoSuchBucket", "The specified bucket does not exist")
		return
	}
	if key == "" {
		f.bucketOp(w, r)
		return
	}
	switch r.Method {
	case http.MethodPut:
		data, err := readBody(r)
		if err != nil {
			s3Error(w, r, http.StatusBadRequest, "IncompleteBody", err.Error())
			return
		}
		f.mu.Lock()
		f.objs[key] = Object{Data: data, ContentType: r.Header.Get("Content-Type"), CacheControl: r.Header.Get("Cache-Control"),
			Modified: time.Now()}
		f.mu.Unlock()
		w.Header().Set("ETag", etag(data))
		w.WriteHeader(http.StatusOK)
	case http.MethodHead, http.MethodGet:
		o, ok := f.Object(key)
		if !ok {
			s3Error(w, r, http.StatusNotFound, "NoSuchKey", "The specified key does not exist.")
			return
		}
		w.Header().Set("ETag", etag(o.Data))
		w.Header().Set("Content-Type", o.ContentType)
		if o.CacheControl != "" {
			w.Header().Set("Cache-Control", o.CacheControl)
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(o.Data)))
		w.Header().Set("Last-Modified", o.Modified.UTC().Format(http.TimeFormat))
		if r.Method == http.MethodGet {
			_, _ = w.Write(o.Data)
		}
	case http.MethodDelete:
		f.mu.Lock()
		delete(f.objs, key)
		f.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	default:
		s3Error(w, r, http.StatusMethodNotAllowed, "MethodNotAllowed", "method not allowed")
	}
}

func (f *Fake) bucketOp(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch {
	case r.Method == http.MethodHead:
		w.WriteHeader(http.StatusOK)
	case r.Method == http.MethodGet && q.Has("location"):
		w.Header().Set("Content-Type", "application/xml")
		_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">us-east-1</LocationConstraint>`)
	case r.Method == http.MethodGet && q.Get("list-type") == "2":
		f.list(w, q.Get("prefix"))
	default:
		s3Error(w, r, http.StatusNotImplemented, "NotImplemented", "bucket operation not supported by the fake")
	}
}

// list answers ListObjectsV2 in one page.
func (f *Fake) list(w http.ResponseWriter, prefix string) {
	type content struct {
		Key          string
		LastModified string
		ETag         string
		Size         int
		StorageClass string
	}
	out := struct {
		XMLName     xml.Name `xml:"http://s3.amazonaws.com/doc/2006-03-01/ ListBucketResult"`
		Name        string
		Prefix      string
		KeyCount    int
		MaxKeys     int
		IsTruncated bool
		Contents    []content
	}{Name: f.Bucket, Prefix: prefix, MaxKeys: 1000}
	for _, k := range f.Keys() {
		o, ok := f.Object(k)
		if !ok || !strings.HasPrefix(k, prefix) {
			continue
		}
		out.Contents = append(out.Contents, content{Key: k, LastModified: o.Modified.UTC().Format("2006-01-02T15:04:05.000Z"),
			ETag: etag(o.Data), Size: len(o.Data), StorageClass: "STANDARD"})
	}
	out.KeyCount = len(out.Contents)
	w.Header().Set("Content-Type", "application/xml")
	_, _ = io.WriteString(w, xml.Header)
	_ = xml.NewEncoder(w).Encode(out)
}

func etag(data []byte) string {
	sum := md5.Sum(data)
	return `"` + hex.EncodeToString(sum[:]) + `"`
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

func s3Error(w http.ResponseWriter, r *http.Request, status int, code, msg string) {
	if r.Method == http.MethodHead {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>%s</Message><RequestId>1</RequestId></Error>`, code, msg)
}
