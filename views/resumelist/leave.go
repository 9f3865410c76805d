package resumelist

import "hrdesk/store"

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
