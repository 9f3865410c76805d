package resume

import (
	"container/list"
	"encoding/binary"
	"hash/fnv"

	"hrdesk/i18n"
	"hrdesk/store"
)

// cacheKey names one rendering: the same resume content at the same width,
// glamour style (dark, light, notty, ascii) and language renders the same.
type cacheKey struct {
	resumeID int64
	hash     uint64
	width    int
	style    string
	lang     i18n.Lang
}

// contentHash covers every field of the entry that the markdown reads.
func contentHash(d store.EntryDetail) uint64 {
	h := fnv.New64a()
	var n [8]byte
	num := func(v int64) {
		binary.LittleEndian.PutUint64(n[:], uint64(v))
		h.Write(n[:])
	}
	str := func(s string) {
		num(int64(len(s)))
		h.Write([]byte(s))
	}
	num(int64(len(d.RawJSON)))
	h.Write(d.RawJSON)
	str(d.DisplayName)
	str(d.Profession)
	str(d.Town)
	str(d.Currency)
	str(d.Skills)
	num(d.Salary)
	num(int64(d.Age))
	return h.Sum64()
}

// lru is a small least-recently-used cache of rendered lines, owned by one
// model and used only from Update, so it needs no lock.
type lru struct {
	max   int
	order *list.List // front = most recent; values are *lruEntry
	items map[cacheKey]*list.Element
}

type lruEntry struct {
	key   cacheKey
	lines []string
}

func newLRU(max int) *lru {
	return &lru{max: max, order: list.New(), items: make(map[cacheKey]*list.Element, max)}
}

func (c *lru) get(k cacheKey) ([]string, bool) {
	el, ok := c.items[k]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*lruEntry).lines, true
}

func (c *lru) put(k cacheKey, lines []string) {
	if el, ok := c.items[k]; ok {
		el.Value.(*lruEntry).lines = lines
		c.order.MoveToFront(el)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry{key: k, lines: lines})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}

func (c *lru) len() int { return c.order.Len() }
