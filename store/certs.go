package store

import (
	"context"
	"time"
)

// CertStore keeps what automatic TLS needs (internal/tlsserve): a key/value
// table of certificates, keys and ACME state with slash-separated keys, and
// named locks with an expiry shared by every instance.
type CertStore interface {
	// PutCert stores value at key, replacing what was there.
	PutCert(ctx context.Context, key string, value []byte, modified time.Time) error
	// GetCert returns the value at key, or ErrNotFound.
	GetCert(ctx context.Context, key string) ([]byte, error)
	// StatCert describes the value at key (its size and time), or ErrNotFound.
	StatCert(ctx context.Context, key string) (CertInfo, error)
	// CertKeys lists the keys under prefix (prefix + "/..."; every key when
	// prefix is empty), sorted.
	CertKeys(ctx context.Context, prefix string) ([]string, error)
	// DeleteCerts deletes key and every key under it; a missing key is no error.
	DeleteCerts(ctx context.Context, key string) error

	// ClaimCertLock takes lock name for token until `until` when it is free
	// or its holder let it expire (expires_at <= now), in one atomic step;
	// false when someone else holds it.
	ClaimCertLock(ctx context.Context, name, token string, now, until time.Time) (bool, error)
	// RenewCertLock moves the expiry of name to until when token still
	// holds it; false when it was lost (expired and taken over).
	RenewCertLock(ctx context.Context, name, token string, until time.Time) (bool, error)
	// ReleaseCertLock frees name when token holds it (never another's lock).
	ReleaseCertLock(ctx context.Context, name, token string) error
}

// CertInfo describes one stored value.
type CertInfo struct {
	Key      string
	Size     int64
	Modified time.Time
}
