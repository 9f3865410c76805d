package resumelist

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// asked records the loads a Source is asked for.
type asked struct {
	rows
	limits []int
}

func (a *asked) ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	a.limits = append(a.limits, q.Limit)
	return a.rows.ListEntries(ctx, q)
}

func many(n int) []store.EntryRow {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Person %03d", i)
	}
	return people(names...)
}

// step runs one command (a batch's first) and hands the list its message,
// returning the commands that follow.
func step(t *testing.T, m *Model, cmd tea.Cmd) tea.Cmd {
	t.Helper()
	for cmd != nil {
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			if len(msg) == 0 {
				return nil
			}
			cmd = tea.Batch(msg[1:]...)
			_, next := m.Update(msg[0]())
			return tea.Batch(next, cmd)
		default:
			_, next := m.Update(msg)
			return next
		}
	}
	return nil
}

// A new query (a filter keystroke) loads the rows on screen first, then
// their page, then the count: over 100,000 resumes the screenful of a
// common word costs a fraction of the page (store/matches.go).
func TestNewQueryShowsTheScreenFirst(t *testing.T) {
	src := &asked{rows: rows{all: many(500)}}
	m := newList(t, src) // 6 lines: the header and 5 rows
	next := step(t, m, m.SetQuery(store.ListQuery{Search: "P"}))
	if len(src.limits) != 1 || src.limits[0] != 5 {
		t.Fatalf("first load asked for %v, want the 5 rows on screen", src.limits)
	}
	if v := m.View(); !strings.Contains(v, "Person 004") || strings.Contains(v, "Person 005") {
		t.Errorf("the screen after the first load:\n%s", v)
	}
	if _, known := m.Total(); known || m.Settled() {
		t.Error("a screenful of 5 of 500 settled the list")
	}
	drain(t, m, next)
	if len(src.limits) != 2 || src.limits[1] != PageSize || src.counted != 1 {
		t.Errorf("then asked for %v and counted %d times, want the page of %d and one count", src.limits, src.counted, PageSize)
	}
	if n, known := m.Total(); !known || n != 500 || !m.Settled() {
		t.Errorf("total %d (known %v), settled %v", n, known, m.Settled())
	}
	// The page replaced the screenful: rows past it are there.
	m.Focus()
	for range 7 {
		m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	}
	if r, ok := m.Selected(); !ok || r.DisplayName != "Person 007" {
		t.Errorf("row 7 after the page: %+v %v", r, ok)
	}
}

// A screenful that is short is the whole list: nothing more is loaded,
// not even a count.
func TestShortScreenfulIsTheList(t *testing.T) {
	src := &asked{rows: rows{all: many(3)}}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{Search: "P"}))
	if len(src.limits) != 1 || src.counted != 0 {
		t.Errorf("loads %v, counts %d: want one load of the screen", src.limits, src.counted)
	}
	if n, known := m.Total(); !known || n != 3 || !m.Settled() {
		t.Errorf("total %d (known %v), settled %v", n, known, m.Settled())
	}
}

// A reload (after an action or a sync) keeps the rows on screen until the
// page replaces them, so it loads the page itself.
func TestReloadLoadsThePage(t *testing.T) {
	src := &asked{rows: rows{all: many(500)}}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	src.limits = nil
	drain(t, m, m.Reload())
	if len(src.limits) != 1 || src.limits[0] != PageSize {
		t.Errorf("a reload asked for %v, want one page", src.limits)
	}
}

// Keys pressed before the count comes move and mark over the rows loaded:
// space, space marks two resumes, not one twice (the cursor could not move
// while the total was unknown).
func TestKeysBeforeTheCount(t *testing.T) {
	src := &asked{rows: rows{all: many(500)}}
	m := newList(t, src)
	m.Focus()
	step(t, m, m.SetQuery(store.ListQuery{Search: "P"})) // the screenful only
	space := tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	m.Update(space)
	m.Update(space)
	if got := m.MarkedCount(); got != 2 {
		t.Errorf("two spaces marked %d", got)
	}
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	if r, ok := m.Selected(); !ok || r.DisplayName != "Person 003" {
		t.Errorf("the cursor after two marks and j: %+v %v", r, ok)
	}
}

// A keystroke's count starts with its first screenful, in the same
// generation, not after it: over 100,000 resumes the count of a broad
// prefix then came a screenful and a frame after the key (issue 28 §7).
// Whichever comes first is kept; the page follows the screenful, and no
// second count is asked for.
func TestCountStartsWithTheScreenful(t *testing.T) {
	src := &asked{rows: rows{all: many(500)}}
	m := newList(t, src)
	batch, ok := m.SetQuery(store.ListQuery{Search: "P"})().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("a new search's first loads: %#v, want the screenful and the count", batch)
	}
	var head, count PageMsg
	for _, c := range batch {
		switch p := c().(PageMsg); {
		case p.Page == -1:
			count = p
		case p.Head > 0:
			head = p
		}
	}
	if count.Total != 500 || head.Head == 0 {
		t.Fatalf("count %+v, screenful %+v", count, head)
	}
	m.Update(count) // the count first: it is the query's
	if n, known := m.Total(); !known || n != 500 {
		t.Errorf("after the count: total %d, known %v", n, known)
	}
	_, next := m.Update(head)
	drain(t, m, next)
	if src.counted != 1 || len(src.limits) != 2 || !m.Settled() {
		t.Errorf("counted %d, loads %v, settled %v: want one count, the screenful and the page", src.counted, src.limits, m.Settled())
	}
}
