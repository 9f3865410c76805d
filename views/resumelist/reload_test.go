package resumelist

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// rows is a Source over a slice the test can change between loads.
type rows struct{ all []store.EntryRow }

func (r *rows) ListEntries(_ context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	lo := min(q.Offset, len(r.all))
	hi := min(q.Offset+q.Limit, len(r.all))
	return append([]store.EntryRow(nil), r.all[lo:hi]...), nil
}

func (r *rows) CountEntries(context.Context, store.ListQuery) (int, error) { return len(r.all), nil }

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
		case PageMsg:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

func newList(t *testing.T, src Source) *Model {
	t.Helper()
	c := common.New(i18n.EN, keymap.Default(), time.Now, theme.WithASCII(true))
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
