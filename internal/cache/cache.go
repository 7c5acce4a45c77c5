// Package cache keeps rendered public responses (pages, JSON, feeds,
// sitemaps) in memory. Entries belong to a workspace: any write to that
// workspace drops them at once. A TTL bounds how long another app instance's
// writes can stay unseen. Concurrent misses for one key render once.
//
// Memory is bounded in bytes, not entries: each entry is charged its body,
// its gzip copy, its headers and its key. When a new entry would pass the
// budget, expired entries go first, then the least recently used. Expired
// entries are also freed by a periodic sweep (Follow), so an idle cache does
// not keep them. A response above an eighth of the budget is served but not
// kept, so a few huge bodies cannot flush everything else.
package cache

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// entryOverhead approximates what an entry costs beyond its bytes (the
// Entry and node structs, two list elements, a map slot).
const entryOverhead = 320

// Entry is a rendered response.
type Entry struct {
	Body         []byte
	ContentType  string
	ETag         string
	LastModified time.Time
	Status       int
	// CSP is the page's Content-Security-Policy, made once when the body is
	// rendered (it holds hashes of the body's inline scripts).
	CSP string
	// Gzip is the compressed copy of Body, when worth it (made once: by
	// Prepare, or kept with a stored page). An entry may hold Gzip alone
	// (Body nil): a stored page takes a quarter of the memory that way, and
	// a client that takes no gzip gets it decompressed.
	Gzip []byte
	// Version and Build say what a stored reader page was rendered from
	// (internal/pages): the workspace's content version and the app build.
	Version int64
	Build   string
	// PostID is the post a post page shows (view counting).
	PostID int64
	// NoStore marks an answer served but never kept (a plain page given
	// while the renderers were busy).
	NoStore bool
	// Stale marks the last copy of a page changed since, served because it
	// could not be made again (the database down): its answer says so.
	Stale bool
}

// node is a cached entry with its bookkeeping.
type node struct {
	ws      int64
	key     string
	entry   *Entry
	size    int64
	expires time.Time
	lru     *list.Element // in Cache.lru: front is the most recently used
	fifo    *list.Element // in Cache.fifo: front expires first
}

// Cache is safe for concurrent use.
type Cache struct {
	ttl      time.Duration
	maxBytes int64
	maxEntry int64
	now      func() time.Time

	// OnInvalidate, when set, is told about every Invalidate, so other app
	// instances can learn of the change (see Follow).
	OnInvalidate func(workspaceID int64)
	// OnFollow, when set, is told about each change Follow learns of
	// (another instance's write, or this one's own), with its time.
	OnFollow func(workspaceID int64, at time.Time)

	// StaleFor keeps an expired entry this much longer, to be served when
	// its refill fails (the database is down) and StaleOn accepts the error
	// (nil: any error). Invalidated entries are never served. Set before use.
	StaleFor time.Duration
	StaleOn  func(error) bool

	mu      sync.Mutex
	entries map[int64]map[string]*node // workspace id -> key -> node
	lru     list.List
	// fifo is in storing order, which is expiry order as every entry lives
	// the same ttl: expired entries are always at its front.
	fifo  list.List
	bytes int64
	group singleflight.Group
	// gens counts each workspace's invalidations: an answer made before
	// the last one shows what the workspace held then, so it is never
	// kept, and nobody asking after it joins the making of it.
	gens   map[int64]uint64
	allGen uint64
}

// New returns a cache whose entries live at most ttl and which holds at
// most maxBytes (0 caches nothing). A response larger than maxBytes/8 is
// never kept.
func New(ttl time.Duration, maxBytes int64) *Cache {
	c := &Cache{ttl: ttl, maxBytes: max(maxBytes, 0), now: time.Now, entries: map[int64]map[string]*node{}, gens: map[int64]uint64{}}
	c.maxEntry = c.maxBytes / 8
	return c
}

// Get returns the entry for (workspace, key), rendering it with fill on a
// miss. fill's error is returned and nothing is stored.
func (c *Cache) Get(workspaceID int64, key string, fill func() (*Entry, error)) (*Entry, error) {
	if e := c.lookup(workspaceID, key); e != nil {
		return e, nil
	}
	gen := c.gen(workspaceID)
	v, err, _ := c.group.Do(flightKey(workspaceID, key)+"\x00"+strconv.FormatUint(gen, 10), func() (any, error) {
		if e := c.lookup(workspaceID, key); e != nil {
			return e, nil
		}
		e, err := fill()
		if err != nil {
			if old := c.stale(workspaceID, key, err); old != nil {
				return old, nil
			}
			return nil, err
		}
		e.Prepare()
		if !e.NoStore {
			c.storeAt(gen, workspaceID, key, e)
		}
		return e, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Entry), nil
}

// Prepare fills what serving needs and is made once: the ETag, the status
// and the gzip copy.
func (e *Entry) Prepare() {
	if e.ETag == "" {
		e.ETag = ETag(e.Body)
	}
	if e.Status == 0 {
		e.Status = 200
	}
	e.compress()
}

// Set keeps e for (workspace, key), replacing what was there (a page
// rendered again in the background).
func (c *Cache) Set(workspaceID int64, key string, e *Entry) {
	e.Prepare()
	c.store(workspaceID, key, e)
}

// Delete forgets the entry of (workspace, key) in this instance.
func (c *Cache) Delete(workspaceID int64, key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := c.entries[workspaceID][key]; n != nil {
		c.remove(n)
	}
}

func (c *Cache) lookup(ws int64, key string) *Entry {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.entries[ws][key]
	if n == nil {
		return nil
	}
	if !now.Before(n.expires) {
		if !now.Before(n.expires.Add(c.StaleFor)) {
			c.remove(n)
		}
		return nil
	}
	c.lru.MoveToFront(n.lru)
	return n.entry
}

// stale returns the expired entry of (ws, key) if it is still within
// StaleFor and err allows serving it.
func (c *Cache) stale(ws int64, key string, err error) *Entry {
	if c.StaleFor <= 0 || (c.StaleOn != nil && !c.StaleOn(err)) {
		return nil
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := c.entries[ws][key]; n != nil && now.Before(n.expires.Add(c.StaleFor)) {
		return n.entry
	}
	return nil
}

// size is what an entry is charged against the budget: the memory its
// slices hold (capacity, not length) and the rest.
func size(key string, e *Entry) int64 {
	return int64(cap(e.Body)+cap(e.Gzip)+len(e.ContentType)+len(e.ETag)+len(e.CSP)+len(key)) + entryOverhead
}

// gen is the workspace's count of invalidations (its own and InvalidateAll's:
// both only grow, so their sum changes whenever either does).
func (c *Cache) gen(ws int64) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.genLocked(ws)
}

func (c *Cache) genLocked(ws int64) uint64 { return c.gens[ws] + c.allGen }

// storeAt keeps e, made at the workspace's generation gen, unless the
// workspace was invalidated since: e then shows what it held before.
func (c *Cache) storeAt(gen uint64, ws int64, key string, e *Entry) {
	c.keep(ws, key, e, &gen)
}

func (c *Cache) store(ws int64, key string, e *Entry) { c.keep(ws, key, e, nil) }

// keep stores e for (ws, key); with made set, only while the workspace is
// still at that generation.
func (c *Cache) keep(ws int64, key string, e *Entry, made *uint64) {
	if cap(e.Body)-len(e.Body) > len(e.Body)/8 {
		// A body built by appending may hold up to twice its length.
		e.Body = bytes.Clone(e.Body)
	}
	sz := size(key, e)
	if sz > c.maxEntry {
		return // served, not kept
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if made != nil && *made != c.genLocked(ws) {
		return
	}
	if old := c.entries[ws][key]; old != nil {
		c.remove(old)
	}
	c.dropExpired(now)
	for c.bytes+sz > c.maxBytes && c.lru.Len() > 0 {
		victim := c.lru.Back().Value.(*node)
		if f := c.fifo.Front().Value.(*node); !now.Before(f.expires) {
			victim = f // expired entries kept for StaleFor go first
		}
		c.remove(victim)
	}
	m := c.entries[ws]
	if m == nil {
		m = map[string]*node{}
		c.entries[ws] = m
	}
	n := &node{ws: ws, key: key, entry: e, size: sz, expires: now.Add(c.ttl)}
	n.lru, n.fifo = c.lru.PushFront(n), c.fifo.PushBack(n)
	m[key] = n
	c.bytes += sz
}

// remove forgets n; c.mu is held.
func (c *Cache) remove(n *node) {
	c.lru.Remove(n.lru)
	c.fifo.Remove(n.fifo)
	c.bytes -= n.size
	m := c.entries[n.ws]
	delete(m, n.key)
	if len(m) == 0 {
		delete(c.entries, n.ws)
	}
}

// dropExpired frees every entry expired at now (and past StaleFor); c.mu
// is held.
func (c *Cache) dropExpired(now time.Time) {
	for f := c.fifo.Front(); f != nil; f = c.fifo.Front() {
		n := f.Value.(*node)
		if now.Before(n.expires.Add(c.StaleFor)) {
			return
		}
		c.remove(n)
	}
}

// Sweep frees the expired entries now, without waiting for a read or a
// store to meet them.
func (c *Cache) Sweep() {
	now := c.now()
	c.mu.Lock()
	c.dropExpired(now)
	c.mu.Unlock()
}

// Stats reports how many entries the cache holds and the bytes charged
// for them.
func (c *Cache) Stats() (entries int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len(), c.bytes
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
	c.gens[workspaceID]++
	for _, n := range c.entries[workspaceID] {
		c.remove(n)
	}
	c.mu.Unlock()
}

// InvalidateAll drops everything (e.g. after an admin-wide change).
func (c *Cache) InvalidateAll() {
	c.mu.Lock()
	c.allGen++
	c.entries, c.bytes = map[int64]map[string]*node{}, 0
	c.lru.Init()
	c.fifo.Init()
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
