package resumelist

// follow keeps the cursor on the resume it was on when a Reload began
// (m.keep). A window at the top of the list stays there, so new responses
// show above the cursor; a window scrolled down moves with the row, which
// then stays where the recruiter's eyes are. It returns the kept resume once the reload is
// through with it (found, or gone from the list: 0 while no reload keeps
// one) and whether it is: until then the list names no other resume to
// the detail panes.
func (m *Model) follow(msg PageMsg) (kept int64, settled bool) {
	if m.keep == 0 {
		return 0, true
	}
	kept = m.keep
	for i, r := range msg.Rows {
		if r.ResumeID != kept {
			continue
		}
		at := msg.Page*PageSize + i
		// The page proves the list holds at least this many rows, before
		// the count says how many.
		m.total = max(m.total, msg.Page*PageSize+len(msg.Rows))
		shift := at - m.pos.Cursor
		m.pos.Cursor = at
		if m.pos.Offset > 0 {
			m.pos.Offset = max(m.pos.Offset+shift, 0)
		}
		m.clampOffset()
		m.keep = 0
		return kept, true
	}
	if m.Settled() {
		m.keep = 0 // it left the list: the cursor stays where it was
		return kept, true
	}
	return kept, false
}
