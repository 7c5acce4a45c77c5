package ratelimit

import (
	"sync"
	"time"

	"github.com/inkpress/inkpress/store"
)

// memoryKeys bounds the keys the memory fallback holds; past it, expired
// keys are dropped, and a new key is refused while none expired.
const memoryKeys = 10000

// memory keeps slots in this process while the store cannot record them
// (its disk full or read-only): the limits still hold, per instance, for as
// long as that lasts, and a sign-in does not fail for the bookkeeping.
type memory struct {
	mu   sync.Mutex
	keys map[string][]time.Time // key -> slots taken, oldest first
}

// reserve is store.RateStore.ReserveRate in memory.
func (m *memory) reserve(at time.Time, rules []Rule) (time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.keys == nil {
		m.keys = map[string][]time.Time{}
	}
	var retryAt time.Time
	for _, r := range rules {
		ts := m.keys[r.Key]
		i := 0
		for i < len(ts) && !ts[i].After(at.Add(-r.Window)) {
			i++
		}
		ts = ts[i:]
		m.keys[r.Key] = ts
		if len(ts) >= r.Max {
			if t := ts[len(ts)-r.Max].Add(r.Window); t.After(retryAt) {
				retryAt = t
			}
		}
	}
	if !retryAt.IsZero() {
		return retryAt, store.ErrLimit
	}
	if len(m.keys)+len(rules) > memoryKeys {
		for k, ts := range m.keys {
			if len(ts) == 0 || at.Sub(ts[len(ts)-1]) > time.Hour {
				delete(m.keys, k)
			}
		}
		if len(m.keys)+len(rules) > memoryKeys {
			return at.Add(time.Minute), store.ErrLimit
		}
	}
	for _, r := range rules {
		m.keys[r.Key] = append(m.keys[r.Key], at)
	}
	return time.Time{}, nil
}

// release removes one slot of key taken at `at`.
func (m *memory) release(key string, at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ts := m.keys[key]
	for i, t := range ts {
		if t.Equal(at) {
			m.keys[key] = append(ts[:i:i], ts[i+1:]...)
			return
		}
	}
}

// clear forgets every slot of key.
func (m *memory) clear(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.keys, key)
}
