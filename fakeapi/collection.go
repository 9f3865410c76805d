package fakeapi

import (
	"net/url"
	"sort"
	"strconv"
	"sync"
)

// collection keeps simple resources created through the API (applicant
// subscriptions, resume selections) as the nested maps they were sent as.
type collection struct {
	mu    sync.Mutex
	next  int64
	items map[int64]map[string]any
}

func newCollection() *collection { return &collection{next: 1, items: map[int64]map[string]any{}} }

func (c *collection) create(fields map[string]any) (int64, map[string]any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id := c.next
	c.next++
	item := map[string]any{}
	for k, v := range fields {
		item[k] = v
	}
	item["id"] = id
	c.items[id] = item
	return id, copyMap(item)
}

func (c *collection) get(id int64) (map[string]any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[id]
	return copyMap(it), ok
}

func (c *collection) update(id int64, fields map[string]any) (map[string]any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[id]
	if !ok {
		return nil, false
	}
	for k, v := range fields {
		it[k] = v
	}
	it["id"] = id
	return copyMap(it), true
}

func (c *collection) remove(id int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.items[id]
	delete(c.items, id)
	return ok
}

func (c *collection) list() []map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	ids := make([]int64, 0, len(c.items))
	for id := range c.items {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := make([]map[string]any, 0, len(ids))
	for _, id := range ids {
		out = append(out, copyMap(c.items[id]))
	}
	return out
}

func copyMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// fieldsOf is the request's parameters as nested values, minus paging;
// numbers become numbers, as the real service answers them.
func fieldsOf(v url.Values) map[string]any {
	m := nest(v)
	delete(m, "page")
	delete(m, "count")
	return numbers(m).(map[string]any)
}

func numbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = numbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = numbers(e)
		}
	case string:
		if n, err := strconv.ParseInt(x, 10, 64); err == nil && strconv.FormatInt(n, 10) == x {
			return n
		}
	}
	return v
}
