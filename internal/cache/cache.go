// Package cache keeps rendered public responses (pages, JSON, feeds,
// sitemaps) in memory. Entries belong to a workspace: any write to that
// workspace drops them at once. A TTL bounds how long another app instance's
// writes can stay unseen. Concurrent misses for one key render once.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// Entry is a rendered response.
type Entry struct {
	Body         []byte
	ContentType  string
	ETag         string
	LastModified time.Time
	Status       int
	stored       time.Time
	gzip         []byte // compressed copy of Body, when worth it
}

// Cache is safe for concurrent use.
type Cache struct {
	ttl     time.Duration
	maxKeys int
	now     func() time.Time

	// OnInvalidate, when set, is told about every Invalidate, so other app
	// instances can learn of the change (see Follow).
	OnInvalidate func(workspaceID int64)

	mu      sync.RWMutex
	entries map[int64]map[string]*Entry // workspace id -> key -> entry
	n       int
	group   singleflight.Group
}

// New returns a cache whose entries live at most ttl and which holds at most
// maxKeys entries (it empties a workspace's entries when full).
func New(ttl time.Duration, maxKeys int) *Cache {
	return &Cache{ttl: ttl, maxKeys: maxKeys, now: time.Now, entries: map[int64]map[string]*Entry{}}
}

// Get returns the entry for (workspace, key), rendering it with fill on a
// miss. fill's error is returned and nothing is stored.
func (c *Cache) Get(workspaceID int64, key string, fill func() (*Entry, error)) (*Entry, error) {
	if e := c.lookup(workspaceID, key); e != nil {
		return e, nil
	}
	v, err, _ := c.group.Do(flightKey(workspaceID, key), func() (any, error) {
		if e := c.lookup(workspaceID, key); e != nil {
			return e, nil
		}
		e, err := fill()
		if err != nil {
			return nil, err
		}
		if e.ETag == "" {
			e.ETag = ETag(e.Body)
		}
		if e.Status == 0 {
			e.Status = 200
		}
		e.compress()
		c.store(workspaceID, key, e)
		return e, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Entry), nil
}

func (c *Cache) lookup(ws int64, key string) *Entry {
	c.mu.RLock()
	e := c.entries[ws][key]
	c.mu.RUnlock()
	if e == nil || c.now().Sub(e.stored) > c.ttl {
		return nil
	}
	return e
}

func (c *Cache) store(ws int64, key string, e *Entry) {
	e.stored = c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n >= c.maxKeys {
		// Crude but bounded: start over rather than track recency per key.
		c.entries, c.n = map[int64]map[string]*Entry{}, 0
	}
	m := c.entries[ws]
	if m == nil {
		m = map[string]*Entry{}
		c.entries[ws] = m
	}
	if _, ok := m[key]; !ok {
		c.n++
	}
	m[key] = e
}

// Invalidate drops every entry of the workspace, here and (through
// OnInvalidate) in the other app instances.
func (c *Cache) Invalidate(workspaceID int64) {
	c.drop(workspaceID)
	if c.OnInvalidate != nil {
		c.OnInvalidate(workspaceID)
	}
}

// drop forgets the workspace's entries in this instance only.
func (c *Cache) drop(workspaceID int64) {
	c.mu.Lock()
	c.n -= len(c.entries[workspaceID])
	delete(c.entries, workspaceID)
	c.mu.Unlock()
}

// InvalidateAll drops everything (e.g. after an admin-wide change).
func (c *Cache) InvalidateAll() {
	c.mu.Lock()
	c.entries, c.n = map[int64]map[string]*Entry{}, 0
	c.mu.Unlock()
}

// ETag is a strong validator of body.
func ETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

func flightKey(ws int64, key string) string {
	return strconv.FormatInt(ws, 10) + "\x00" + key
}
