package triage

// A move (l, m, or their bulk) shows on the folder counts at once, from
// what the screen already knows: the rows' folders. The outbox entry is
// written meanwhile, and the counts the cache then gives replace these
// (issue 28 §7: the write took 150–300 ms under load, most of it SQLite's
// pages given back and faulted in again after each commit).

// Moving is what a move did to the counts on screen, per folder, so an
// undo can take it back at once too.
type Moving []moved

type moved struct {
	folder     string
	total, new int // what came in (negative: left)
	snoozed    int // what was snoozed (negative: came back)
}

// Move shows on the counts and the list that resumes ids go to folder to
// (resumelist.Leave: the rows leave the folder shown). A resume
// whose folder the screen does not know (its row not loaded, the list
// showing more than one folder) is left to the cache's counts.
func (m *Model) Move(ids []int64, to string) Moving {
	rows := m.list.Loaded(ids)
	shown := m.list.Query().Folder
	type pair struct{ total, new int }
	from := map[string]pair{}
	var order []string
	for _, id := range ids {
		r, ok := rows[id]
		folder := r.Folder
		if !ok {
			if shown == "" {
				continue
			}
			folder = shown
		}
		if folder == to || folder == "" {
			continue
		}
		p, seen := from[folder]
		if !seen {
			order = append(order, folder)
		}
		p.total++
		if r.IsNew {
			p.new++
		}
		from[folder] = p
	}
	out := make(Moving, 0, len(order)+1)
	var total, fresh int
	for _, f := range order {
		out = append(out, moved{folder: f, total: -from[f].total, new: -from[f].new})
		total, fresh = total+from[f].total, fresh+from[f].new
	}
	if total == 0 {
		return nil
	}
	out = append(out, moved{folder: to, total: total, new: fresh})
	m.list.Leave(ids, to)
	m.shift(out, 1)
	return out
}

// Unmove takes back at once what Move showed: an undo asked.
func (m *Model) Unmove(mv Moving) { m.shift(mv, -1) }

func (m *Model) shift(mv Moving, sign int) {
	m.countsGen++ // a read under way started before this
	for _, d := range mv {
		m.folders.Add(d.folder, sign*d.total, sign*d.new)
		if d.snoozed != 0 {
			m.folders.AddSnoozed(d.folder, sign*d.snoozed)
		}
	}
	m.list.SetFolderStale(m.folders.Stale())
}
