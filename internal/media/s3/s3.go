// Package s3 stores media in any S3-compatible object store (AWS S3, MinIO,
// Cloudflare R2, Backblaze B2, Garage...) so several app instances share one
// set of files. Objects are public-read through PublicURL; keys carry a
// timestamp and are never reused, so they are cached for a year.
package s3

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/inkpress/inkpress/internal/media"
)

// Config says where the bucket is and how its objects are reached.
type Config struct {
	Endpoint  string // host[:port], no scheme
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
	// PublicURL prefixes object keys in public URLs (a CDN or the bucket's
	// website address). Empty: {scheme}://{endpoint}/{bucket}.
	PublicURL string
	// Transport replaces the HTTP transport (tests).
	Transport http.RoundTripper
}

// Storage implements media.Storage on a bucket.
type Storage struct {
	client    *minio.Client
	bucket    string
	publicURL string // no trailing slash
}

var _ media.Storage = (*Storage)(nil)

// New returns a Storage for cfg. It does not contact the server; Check
// does.
func New(cfg Config) (*Storage, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("s3: endpoint and bucket are required")
	}
	if strings.Contains(cfg.Endpoint, "://") {
		return nil, fmt.Errorf("s3: endpoint %q must be host[:port] without a scheme", cfg.Endpoint)
	}
	region := cfg.Region
	if region == "" {
		region = "us-east-1"
	}
	// Path-style addressing works with every S3-compatible server, including
	// ones reached by IP address; a fixed region skips the location lookup.
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:       cfg.UseSSL,
		Region:       region,
		BucketLookup: minio.BucketLookupPath,
		Transport:    cfg.Transport,
	})
	if err != nil {
		return nil, fmt.Errorf("s3: %w", err)
	}
	public := strings.TrimRight(cfg.PublicURL, "/")
	if public == "" {
		scheme := "http"
		if cfg.UseSSL {
			scheme = "https"
		}
		public = scheme + "://" + cfg.Endpoint + "/" + url.PathEscape(cfg.Bucket)
	}
	return &Storage{client: client, bucket: cfg.Bucket, publicURL: public}, nil
}

// Check makes sure the bucket exists and the credentials may use it, so a
// wrong configuration stops the start with a clear message rather than
// failing every upload later.
func (s *Storage) Check(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("s3: cannot reach bucket %q: %w (check INKPRESS_S3_ENDPOINT, INKPRESS_S3_SSL and the access keys)", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("s3: bucket %q does not exist: create it, with public reads of its objects (see README, Media on S3), or set INKPRESS_S3_BUCKET", s.bucket)
	}
	return nil
}

// URL is the public URL of key.
func (s *Storage) URL(key string) string { return s.publicURL + "/" + key }

// List lists every object of the bucket.
func (s *Storage) List(ctx context.Context, fn func(media.Object) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing when fn fails
	for o := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			return fmt.Errorf("s3: list: %w", o.Err)
		}
		if err := fn(media.Object{Key: o.Key, Size: o.Size, Modified: o.LastModified}); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// Put uploads data under key and returns its public URL.
func (s *Storage) Put(ctx context.Context, key string, data []byte, contentType string) (string, error) {
	if !validKey(key) {
		return "", errors.New("s3: bad key")
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{
		ContentType:  contentType,
		CacheControl: "public, max-age=31536000, immutable",
	})
	if err != nil {
		return "", fmt.Errorf("s3: put %s: %w", key, err)
	}
	return s.URL(key), nil
}

// PutStream uploads r (size bytes) under key. A private file (a data
// export) is marked not to be cached: it is read back by the app only.
func (s *Storage) PutStream(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if !validKey(key) {
		return errors.New("s3: bad key")
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{
		ContentType: contentType, CacheControl: "private, no-store",
	})
	if err != nil {
		return fmt.Errorf("s3: put %s: %w", key, err)
	}
	return nil
}

// Open reads key; a missing object is an error wrapping os.ErrNotExist.
func (s *Storage) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if !validKey(key) {
		return nil, errors.New("s3: bad key")
	}
	if _, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{}); err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, fmt.Errorf("s3: open %s: %w", key, os.ErrNotExist)
		}
		return nil, fmt.Errorf("s3: open %s: %w", key, err)
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("s3: open %s: %w", key, err)
	}
	return obj, nil
}

// Delete removes key; a missing object is not an error (S3 answers 204).
func (s *Storage) Delete(ctx context.Context, key string) error {
	if !validKey(key) {
		return errors.New("s3: bad key")
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("s3: delete %s: %w", key, err)
	}
	return nil
}

// Size reports the stored size of key, or an error when it is missing.
// Generation uses it to check that a referenced upload really exists.
func (s *Storage) Size(ctx context.Context, key string) (int64, error) {
	if !validKey(key) {
		return 0, errors.New("s3: bad key")
	}
	info, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return 0, fmt.Errorf("s3: stat %s: %w", key, err)
	}
	return info.Size, nil
}

// KeyOf returns the key of a URL made by Put, or "".
func (s *Storage) KeyOf(u string) string {
	key, ok := strings.CutPrefix(u, s.publicURL+"/")
	if !ok || !validKey(key) {
		return ""
	}
	return key
}

// validKey refuses empty keys and path tricks; keys are made by media.Key.
func validKey(key string) bool {
	if key == "" || strings.HasPrefix(key, "/") || strings.ContainsAny(key, "\\?#\x00") {
		return false
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}
