package resumelist

import (
	"slices"

	"hrdesk/store"
)

// Loaded is the loaded rows of the resumes ids, by resume: what the
// screen already knows of them before the cache is asked (a move's
// folders, issue 28 §7).
func (m *Model) Loaded(ids []int64) map[int64]store.EntryRow {
	want := make(map[int64]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	out := make(map[int64]store.EntryRow, len(ids))
	for _, p := range m.pages {
		for _, r := range p {
			if want[r.ResumeID] {
				out[r.ResumeID] = r
			}
		}
	}
	return out
}

// Leave shows at once what moving resumes ids to folder to does to the
// list, as the list read again after the move's write shows it: in a
// folder, they leave it (the rows below close up, the total drops, the
// cursor on a leaver goes to the next row); over every folder, they stay,
// marked queued, in their new folder. The Reload after the write replaces
// these rows whatever they guessed. A resume the list holds no row of
// leaves the list as it was: where its row was is not known.
func (m *Model) Leave(ids []int64, to string) {
	rows := m.Loaded(ids)
	if len(rows) == 0 || len(rows) < len(ids) && m.query.Folder != "" {
		return
	}
	m.fresh = map[int]bool{} // a guess until the Reload
	m.lines = map[int]rowText{}
	m.splitSeen = false
	if m.query.Folder == "" {
		for _, p := range m.pages {
			for i, r := range p {
				if _, ok := rows[r.ResumeID]; ok && r.Folder != to {
					p[i].Folder, p[i].Pending = to, r.Pending+1
				}
			}
		}
		return
	}
	if m.query.Folder != to {
		m.closeUp(rows)
	}
}

// closeUp takes the rows gone out of the loaded pages, each row after them
// moving up by as many as left above it. Every leaver is loaded, so the
// count above a loaded row is exact; a row whose new page would not begin
// with loaded rows is dropped, to be read again.
func (m *Model) closeUp(gone map[int64]store.EntryRow) {
	order := make([]int, 0, len(m.pages))
	for p := range m.pages {
		order = append(order, p)
	}
	slices.Sort(order)
	pages := map[int][]store.EntryRow{}
	above := 0 // leavers above the row at hand
	moved := func(i int) int { return i - above }
	cursor, offset := m.pos.Cursor, m.pos.Offset
	newCursor, newOffset := cursor, offset
	for _, p := range order {
		for k, r := range m.pages[p] {
			i := p*PageSize + k
			if i == cursor {
				newCursor = moved(i)
			}
			if i == offset {
				newOffset = moved(i)
			}
			if _, ok := gone[r.ResumeID]; ok {
				above++
				continue
			}
			at := moved(i)
			if q := at / PageSize; at%PageSize == len(pages[q]) {
				pages[q] = append(pages[q], r)
			}
		}
	}
	m.pages = pages
	if m.known {
		m.total = max(m.total-len(gone), 0)
	}
	m.pos.Cursor, m.pos.Offset = max(newCursor, 0), max(newOffset, 0)
	m.clampOffset()
}
