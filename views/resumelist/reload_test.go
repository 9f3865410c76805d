package resumelist

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// rows is a Source over a slice the test can change between loads.
type rows struct {
	all     []store.EntryRow
	repeat  map[int64]bool
	counted int // CountEntries calls
}

func (r *rows) ListEntries(_ context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	lo := min(q.Offset, len(r.all))
	hi := min(q.Offset+q.Limit, len(r.all))
	return append([]store.EntryRow(nil), r.all[lo:hi]...), nil
}

func (r *rows) CountEntries(context.Context, store.ListQuery) (int, error) {
	r.counted++
	return len(r.all), nil
}

// RepeatCounts says every resume id in repeat has one other application.
func (r *rows) RepeatCounts(_ context.Context, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	for _, id := range ids {
		if r.repeat[id] {
			out[id] = 1
		}
	}
	return out, nil
}

func people(names ...string) []store.EntryRow {
	out := make([]store.EntryRow, len(names))
	for i, n := range names {
		out[i] = store.EntryRow{ResumeID: int64(i + 1), DisplayName: n, LastEventAt: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	}
	return out
}

// drain runs cmd and feeds every message it yields back to the list.
func drain(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

func newList(t *testing.T, src Source) *Model {
	t.Helper()
	c := panetest.Common(i18n.EN)
	m := New(c, src)
	m.SetSize(60, 6)
	return m
}

// Reload keeps the old rows on screen until the new ones arrive: an action
// or a finished sync must not blank the list for a frame.
func TestReloadKeepsRowsUntilReplaced(t *testing.T) {
	src := &rows{all: people("Anna", "Boris", "Clara")}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	if !m.Settled() || !strings.Contains(m.View(), "Boris") {
		t.Fatalf("first load:\n%s", m.View())
	}

	src.all = people("Anna", "Clara")
	cmd := m.Reload()
	if m.Settled() {
		t.Error("Settled right after Reload, before any load came back")
	}
	if v := m.View(); !strings.Contains(v, "Boris") || strings.Contains(v, "…") || strings.Contains(v, "...") {
		t.Errorf("while reloading the old rows should stay:\n%s", v)
	}
	drain(t, m, cmd)
	if v := m.View(); strings.Contains(v, "Boris") || !strings.Contains(v, "Clara") || !m.Settled() {
		t.Errorf("after the reload (settled %v):\n%s", m.Settled(), v)
	}
	if n, _ := m.Total(); n != 2 {
		t.Errorf("total %d, want 2", n)
	}
}

// A result for an older query never lands on a newer one.
func TestStalePageDropped(t *testing.T) {
	src := &rows{all: people("Anna")}
	m := newList(t, src)
	old := m.SetQuery(store.ListQuery{Folder: "inbox"})
	late := old() // the inbox answer, computed now and delivered late
	src.all = people("Zoe")
	drain(t, m, m.SetQuery(store.ListQuery{Folder: "invited"}))
	drain(t, m, func() tea.Msg { return late })
	if v := m.View(); strings.Contains(v, "Anna") || !strings.Contains(v, "Zoe") {
		t.Errorf("late result of the previous folder shown:\n%s", v)
	}
}

// Issue 12 §3: new responses arriving above the cursor (a background poll
// reloads the list) leave the cursor on the resume the recruiter is
// reading, and the detail panes are not sent to another resume meanwhile.
// A list seen from its top shows the newcomers there; one scrolled down
// keeps the row on its line.
func TestReloadKeepsTheCursorOnItsResume(t *testing.T) {
	names := []string{"Anna", "Boris", "Clara", "Dora", "Emil", "Fedor", "Gleb", "Hanna", "Igor"}
	lineOf := func(m *Model, name string) int {
		for i, l := range strings.Split(m.View(), "\n") {
			if strings.Contains(l, name) {
				return i
			}
		}
		return -1
	}
	for _, tc := range []struct {
		name        string
		down        int  // j presses before the arrivals
		keepsLine   bool // the cursor's row stays on its screen line
		newcomersOn bool // the arrivals are on screen
	}{
		{"from the top", 2, false, true},
		{"scrolled down", 6, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &rows{all: people(names...)}
			m := newList(t, src) // 5 rows on screen
			drain(t, m, m.SetQuery(store.ListQuery{}))
			m.Focus()
			for range tc.down {
				m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
			}
			reading, _ := m.Selected()
			line := lineOf(m, reading.DisplayName)
			arrived := people("Xenia", "Yuri")
			for i := range arrived {
				arrived[i].ResumeID = int64(100 + i)
			}
			src.all = append(arrived, src.all...)
			var highlights []int64
			queue := []tea.Cmd{m.Reload()}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				if c == nil {
					continue
				}
				switch msg := c().(type) {
				case tea.BatchMsg:
					queue = append(queue, msg...)
				case nil:
				default:
					act, next := m.Update(msg)
					if h, ok := act.(action.Highlight); ok {
						highlights = append(highlights, h.ResumeID)
					}
					queue = append(queue, next)
				}
			}
			if r, _ := m.Selected(); r.ResumeID != reading.ResumeID {
				t.Errorf("after two arrivals the cursor is on %q, not %q", r.DisplayName, reading.DisplayName)
			}
			if got := lineOf(m, reading.DisplayName); tc.keepsLine && got != line || got < 0 {
				t.Errorf("%s's row moved from line %d to %d:\n%s", reading.DisplayName, line, got, m.View())
			}
			if on := strings.Contains(m.View(), "Xenia"); on != tc.newcomersOn {
				t.Errorf("newcomers on screen: %v, want %v:\n%s", on, tc.newcomersOn, m.View())
			}
			if len(highlights) != 0 {
				t.Errorf("the detail panes were sent to %v while the cursor stayed", highlights)
			}
		})
	}

	// A resume that leaves the list leaves the cursor where it was.
	src := &rows{all: people(names...)}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	m.Focus()
	for range 3 {
		m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	}
	src.all = append(append([]store.EntryRow{}, src.all[:3]...), src.all[4:]...) // Dora moved away
	drain(t, m, m.Reload())
	if r, _ := m.Selected(); r.DisplayName != "Emil" {
		t.Errorf("Dora gone: cursor on %q, want the next one, Emil", r.DisplayName)
	}
}
