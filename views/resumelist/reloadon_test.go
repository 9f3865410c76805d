package resumelist

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// Issue 28 §2: an undo brings a resume back into the list; the cursor
// returns to it, and stays where it is when the list does not hold it.
func TestReloadOnPutsTheCursorOnTheResumeBack(t *testing.T) {
	src := &rows{all: people("Anna", "Boris", "Clara", "Dora")}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	m.Focus()
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	boris, _ := m.Selected()
	src.all = append(people("Anna")[:1:1], src.all[2:]...) // Boris moved away
	drain(t, m, m.Reload())
	if r, _ := m.Selected(); r.DisplayName != "Clara" {
		t.Fatalf("after Boris left the cursor is on %q, want Clara", r.DisplayName)
	}
	src.all = people("Anna", "Boris", "Clara", "Dora") // the undo brings him back
	drain(t, m, m.ReloadOn(boris.ResumeID))
	if r, _ := m.Selected(); r.ResumeID != boris.ResumeID {
		t.Errorf("after the undo the cursor is on %q, want Boris", r.DisplayName)
	}
	drain(t, m, m.ReloadOn(99)) // not in the list
	if r, _ := m.Selected(); r.ResumeID != boris.ResumeID {
		t.Errorf("a resume the list lacks moved the cursor to %q", r.DisplayName)
	}
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	drain(t, m, m.ReloadOn(0)) // 0: as Reload, the cursor stays on its resume
	if r, _ := m.Selected(); r.DisplayName != "Clara" {
		t.Errorf("ReloadOn(0) moved the cursor to %q, want it kept on Clara", r.DisplayName)
	}
}

// positioned is rows that can say where a resume is (store.ListPosition).
type positioned struct{ *rows }

func (p positioned) ListPosition(_ context.Context, _ store.ListQuery, id int64) (int, bool, error) {
	for i, r := range p.all {
		if r.ResumeID == id {
			return i, true, nil
		}
	}
	return 0, false, nil
}

// Issue 28 §2, tried by hand: a resume taken back from Considered comes
// back as the newest, at the top of the inbox, while the cursor is 300
// rows down where the recruiter pressed l. The reload's pages are those
// around the cursor, which do not hold it: the cursor stayed 300 rows down
// while the resume pane showed the resume taken back. The list asks where
// it is and the cursor goes there.
func TestReloadOnFindsTheResumeBackBeyondThePagesLoaded(t *testing.T) {
	names := make([]string, 3*PageSize)
	for i := range names {
		names[i] = fmt.Sprintf("P%03d", i)
	}
	src := positioned{&rows{all: people(names...)}}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	m.Focus()
	for range 2*PageSize - 100 {
		drain(t, m, func() tea.Cmd { _, c := m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"}); return c }())
	}
	moved, _ := m.Selected()
	src.all = slices.DeleteFunc(src.all, func(r store.EntryRow) bool { return r.ResumeID == moved.ResumeID })
	drain(t, m, m.Reload())                               // l: it left the inbox
	src.all = append([]store.EntryRow{moved}, src.all...) // u: back, the newest
	drain(t, m, m.ReloadOn(moved.ResumeID))
	if r, _ := m.Selected(); r.ResumeID != moved.ResumeID {
		t.Fatalf("after the undo the cursor is on %s, want %s", r.DisplayName, moved.DisplayName)
	}
	if !strings.Contains(m.View(), moved.DisplayName) {
		t.Errorf("the resume taken back is not on screen:\n%s", m.View())
	}
	drain(t, m, m.ReloadOn(99999)) // not in the list: the cursor stays
	if r, _ := m.Selected(); r.ResumeID != moved.ResumeID {
		t.Errorf("a resume the list lacks moved the cursor to %s", r.DisplayName)
	}
}
