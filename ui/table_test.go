package ui

import (
	"testing"

	"hrdesk/views/action"
)

// TestEveryScreenIsARowOfTheTable: the screen table drives the addresses,
// the layout, the drawing, the tabs and the keys (issue 29 §1), so an id
// without its row, or a row half written, would fail on the first key or
// frame that reaches it: each screen has its pane, each screen besides
// triage its key, tab, box title and what it is told when opened, and no
// two screens share a key or a pane.
func TestEveryScreenIsARowOfTheTable(t *testing.T) {
	m, _ := newModel(t, fixture(t, 3), 120, 30)
	keys := map[string]paneID{}
	for i, s := range m.screens {
		id := paneID(i)
		if s.pane == nil || m.pane(id) != s.pane {
			t.Fatalf("screen %d has no pane", id)
		}
		for j := range i {
			if m.screens[j].pane == s.pane {
				t.Errorf("screens %d and %d are one pane", j, id)
			}
		}
		if id == paneTriage {
			if s.key != nil || s.title != nil || !s.scoped {
				t.Errorf("triage draws its own frame, is reached by its folders and shows the scope: %+v", s)
			}
			continue
		}
		if s.key == nil || s.tab == nil || s.title == nil || s.show == nil {
			t.Fatalf("screen %d lacks its key, tab, title or show", id)
		}
		if s.tab() == "" || s.title() == "" || s.show() == nil {
			t.Errorf("screen %d: tab %q, title %q, show %v", id, s.tab(), s.title(), s.show())
		}
		for _, k := range s.key().Keys() {
			if other, ok := keys[k]; ok {
				t.Errorf("key %q opens screens %d and %d", k, other, id)
			}
			keys[k] = id
		}
	}
	for _, id := range []paneID{paneLogin, paneStatus, paneHelp, paneDialog} {
		if id.isScreen() {
			t.Errorf("the root's own pane %d is numbered among the screens", id)
		}
	}
}

// TestAScreenKeyOpensItsRow: each screen's key puts its row in front,
// focused, and marks its tab; leaving comes back to triage.
func TestAScreenKeyOpensItsRow(t *testing.T) {
	m, _ := newModel(t, fixture(t, 3), 120, 30)
	tab := 0
	for i, s := range m.screens {
		id := paneID(i)
		if s.key == nil {
			continue
		}
		press(t, m, firstKey(s.key()))
		if m.mode != id || m.focus != id || m.triage.Folders().Active() != tab {
			t.Fatalf("the key of screen %d: mode %d, focus %d, active tab %d (want %d)", id, m.mode, m.focus, m.triage.Folders().Active(), tab)
		}
		run(t, m, m.do(id, action.Leave{}))
		if m.mode != paneTriage || m.focus != paneTriage || m.triage.Folders().Active() != -1 {
			t.Fatalf("leaving screen %d: mode %d, focus %d, active tab %d", id, m.mode, m.focus, m.triage.Folders().Active())
		}
		tab++
	}
}
