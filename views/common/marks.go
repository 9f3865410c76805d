package common

import (
	"maps"
	"slices"
)

// Marks is a set of marked rows by id; the zero value is empty and ready.
type Marks struct{ set map[int64]struct{} }

// Toggle marks id, or unmarks it when marked.
func (m *Marks) Toggle(id int64) {
	if m.Has(id) {
		delete(m.set, id)
		return
	}
	m.Add(id)
}

// Add marks id.
func (m *Marks) Add(id int64) {
	if m.set == nil {
		m.set = map[int64]struct{}{}
	}
	m.set[id] = struct{}{}
}

// Has says id is marked.
func (m *Marks) Has(id int64) bool {
	_, ok := m.set[id]
	return ok
}

// Len is how many rows are marked.
func (m *Marks) Len() int { return len(m.set) }

// Clear unmarks every row.
func (m *Marks) Clear() { m.set = nil }

// Keep unmarks the rows that are no longer there (present says which are),
// after a reload.
func (m *Marks) Keep(present func(id int64) bool) {
	maps.DeleteFunc(m.set, func(id int64, _ struct{}) bool { return !present(id) })
}

// IDs is the marked ids in ascending order, so a bulk action's order does
// not depend on a map's.
func (m *Marks) IDs() []int64 { return slices.Sorted(maps.Keys(m.set)) }
