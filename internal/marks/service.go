package marks

import (
	"container/list"
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/inkpress/inkpress/store"
)

// DefaultMemory is how many bytes of drawn images a Service keeps in
// memory: a few hundred blogs' icons, or about a hundred cards.
const DefaultMemory = 4 << 20

// Store keeps drawn images (store.MarkStore).
type Store interface {
	GetMark(ctx context.Context, workspaceID int64, kind string) (*store.Mark, error)
	PutMark(ctx context.Context, m *store.Mark) error
}

// Service gives a blog's images: from memory, else from the store, else
// drawn and stored (once per name and colour, across instances: an image
// of the current version found in the store is never drawn again).
type Service struct {
	Store Store
	// Memory bounds the bytes kept in memory (<= 0: DefaultMemory).
	Memory int64
	// Now is the clock (tests); nil: time.Now.
	Now func() time.Time

	group singleflight.Group
	mu    sync.Mutex
	lru   list.List // of *memEntry, front most recently used
	byKey map[string]*list.Element
	bytes int64
}

type memEntry struct {
	key string
	png []byte
}

// Image is the PNG of kind k for workspace wsID drawn from s.
func (s *Service) Image(ctx context.Context, wsID int64, k Kind, sp Spec) ([]byte, error) {
	version := sp.Version()
	key := strconv.FormatInt(wsID, 10) + "/" + string(k) + "/" + version
	if png := s.recall(key); png != nil {
		return png, nil
	}
	v, err, _ := s.group.Do(key, func() (any, error) {
		if png := s.recall(key); png != nil {
			return png, nil
		}
		m, err := s.Store.GetMark(ctx, wsID, string(k))
		if err == nil && m.Version == version {
			s.keep(key, m.PNG)
			return m.PNG, nil
		}
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		png, err := Draw(k, sp)
		if err != nil {
			return nil, err
		}
		now := time.Now
		if s.Now != nil {
			now = s.Now
		}
		if err := s.Store.PutMark(ctx, &store.Mark{WorkspaceID: wsID, Kind: string(k), Version: version, PNG: png, CreatedAt: now()}); err != nil {
			return nil, err
		}
		s.keep(key, png)
		return png, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

func (s *Service) recall(key string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.byKey[key]; ok {
		s.lru.MoveToFront(el)
		return el.Value.(*memEntry).png
	}
	return nil
}

// keep remembers png, forgetting the least recently used images past the
// memory budget. An image larger than the whole budget is not kept.
func (s *Service) keep(key string, png []byte) {
	budget := s.Memory
	if budget <= 0 {
		budget = DefaultMemory
	}
	size := int64(len(png) + len(key))
	if size > budget {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byKey == nil {
		s.byKey = map[string]*list.Element{}
	}
	if _, ok := s.byKey[key]; ok {
		return
	}
	s.byKey[key] = s.lru.PushFront(&memEntry{key: key, png: png})
	s.bytes += size
	for s.bytes > budget {
		el := s.lru.Back()
		e := el.Value.(*memEntry)
		s.lru.Remove(el)
		delete(s.byKey, e.key)
		s.bytes -= int64(len(e.png) + len(e.key))
	}
}

// Held reports how many images and bytes the memory holds (tests, metrics).
func (s *Service) Held() (images int, bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lru.Len(), s.bytes
}
