package resumelist

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
)

// searched records the search texts of the loads and counts a Source is
// asked for.
type searched struct {
	rows
	listed, counted []string
	// holdCount makes a count wait until its context ends.
	holdCount bool
}

func (s *searched) ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	s.listed = append(s.listed, q.Search)
	return s.rows.ListEntries(ctx, q)
}

func (s *searched) CountEntries(ctx context.Context, q store.ListQuery) (int, error) {
	s.counted = append(s.counted, q.Search)
	if s.holdCount {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(testwait.Patience):
			return 0, errors.New("the count was not ended")
		}
	}
	return s.rows.CountEntries(ctx, q)
}

// Issue 22 §2: a keystroke searches at once when no rows are loading;
// while they load, the newest text waits for them, the texts typed before
// it are dropped, and nothing more of the query being replaced is loaded.
// The filter line's count is "…" while a newer text waits.
func TestTypingKeepsTheNewestText(t *testing.T) {
	src := &searched{rows: rows{all: many(500)}}
	m := newList(t, src)
	m.SetCountDelay(-1)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	src.listed, src.counted = nil, nil
	if n := m.Narrowing(); !strings.Contains(n, "500") {
		t.Fatalf("settled list: %q", n)
	}

	first := m.Search("М")
	if first == nil || m.Query().Search != "М" {
		t.Fatal("an idle list did not search at once")
	}
	for _, text := range []string{"Ме", "Мел"} {
		if cmd := m.Search(text); cmd != nil {
			t.Errorf("%q searched while the rows of М were loading", text)
		}
		if n := m.Narrowing(); strings.Contains(n, "500") || !strings.Contains(n, m.c.Styles.Glyphs.Ellipsis) {
			t.Errorf("while %q waits the line says %q, want … for the count", text, n)
		}
	}
	if m.SearchText() != "Мел" || m.Query().Search != "М" || m.Settled() {
		t.Errorf("waiting: text %q, query %q, settled %v", m.SearchText(), m.Query().Search, m.Settled())
	}
	drain(t, m, first)
	// М's screenful, then Мел's screenful and page; Ме never; one count, Мел's.
	if want := []string{"М", "Мел", "Мел"}; !slices.Equal(src.listed, want) {
		t.Errorf("loaded %q, want %q", src.listed, want)
	}
	if want := []string{"Мел"}; !slices.Equal(src.counted, want) {
		t.Errorf("counted %q, want %q", src.counted, want)
	}
	if n := m.Narrowing(); m.Query().Search != "Мел" || !m.Settled() || !strings.Contains(n, "500") {
		t.Errorf("after: query %q, settled %v, line %q", m.Query().Search, m.Settled(), n)
	}

	// A text typed while a page further down loads (the count known) waits
	// with "…" too, not beside the count of the rows shown.
	m.Focus()
	_, scroll := m.Update(tea.KeyPressMsg{Code: 'G', Text: "G"})
	if scroll == nil || m.Search("Мело") != nil {
		t.Fatal("no page loading at the bottom, or a text did not wait for it")
	}
	if n := m.Narrowing(); strings.Contains(n, "500") {
		t.Errorf("while a page loads the line pairs the new text with %q", n)
	}
	drain(t, m, scroll)
	if m.Query().Search != "Мело" {
		t.Errorf("after the page: query %q", m.Query().Search)
	}
	drain(t, m, m.Search("Мел"))

	// Typed back to the text shown while a load ran: nothing more is asked.
	src.listed = nil
	cmd := m.Search("Ме")
	m.Search("Мел")
	drain(t, m, cmd)
	if want := []string{"Ме", "Мел", "Мел"}; !slices.Equal(src.listed, want) {
		t.Errorf("loaded %q, want %q", src.listed, want)
	}
}

// A count under way is ended, not waited for, when the next keystroke
// replaces its query: it would hold a core for tens of ms over 100,000
// resumes, and its number is no longer wanted.
func TestTypingEndsTheOldCount(t *testing.T) {
	src := &searched{rows: rows{all: many(500)}, holdCount: true}
	m := newList(t, src)
	m.SetCountDelay(-1)
	start := m.Search("М")
	batch, ok := start().(tea.BatchMsg) // the screenful and the count, at once
	if !ok || len(batch) != 2 {
		t.Fatalf("the keystroke's loads: %#v", batch)
	}
	msgs := make(chan tea.Msg, 2)
	for _, c := range batch {
		go func() { msgs <- c() }()
	}
	head := <-msgs // the count waits for its context
	if p, ok := head.(PageMsg); !ok || p.Head == 0 {
		t.Fatalf("first came %#v, want the screenful", head)
	}
	_, next := m.Update(head)
	page, ok := pageAmong(next)
	if !ok || page.Page != 0 || page.Head != 0 {
		t.Fatalf("after the screenful came %#v, want the page", page)
	}
	m.Update(page)
	if next := m.Search("Ме"); next == nil {
		t.Fatal("a count under way held the next keystroke back")
	}
	var msg tea.Msg
	select {
	case msg = <-msgs:
	case <-time.After(testwait.Patience):
		t.Fatal("the old count was not ended")
	}
	p, _ := msg.(PageMsg)
	if p.Page != -1 || !errors.Is(p.Err, context.Canceled) {
		t.Errorf("the old count ended with %#v", msg)
	}
	if m.Update(p); m.Err() != nil {
		t.Errorf("an ended count shows as an error: %v", m.Err())
	}
}

// pageAmong runs cmd, or each command of its batch, and returns the page
// it loads (the screenful's repeat markers load beside it).
func pageAmong(cmd tea.Cmd) (PageMsg, bool) {
	msg := cmd()
	batch, ok := msg.(tea.BatchMsg)
	if !ok {
		batch = tea.BatchMsg{func() tea.Msg { return msg }}
	}
	for _, c := range batch {
		if c == nil {
			continue
		}
		if p, ok := c().(PageMsg); ok {
			return p, true
		}
	}
	return PageMsg{}, false
}
