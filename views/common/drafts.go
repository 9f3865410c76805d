package common

import "hrdesk/views/action"

// Drafts are the session's unsent texts by key (action.DraftKey): a dialog
// or form looks its own up when it opens and offers it back. Only the root
// changes them, and it keeps them in the cache too, so a restart finds
// them (ui/drafts.go).
type Drafts struct{ m map[string]action.Draft }

// Get returns the draft of key.
func (d *Drafts) Get(key string) (action.Draft, bool) {
	if d == nil {
		return action.Draft{}, false
	}
	dr, ok := d.m[key]
	return dr, ok
}

// Put keeps dr as the draft of key.
func (d *Drafts) Put(key string, dr action.Draft) {
	if d.m == nil {
		d.m = map[string]action.Draft{}
	}
	d.m[key] = dr
}

// Drop forgets the draft of key; ok says there was one.
func (d *Drafts) Drop(key string) (ok bool) {
	_, ok = d.m[key]
	delete(d.m, key)
	return ok
}

// Len is how many drafts the session holds.
func (d *Drafts) Len() int { return len(d.m) }
