package resumelist

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
)

// heldRepeats is a Source whose repeat markers wait until the test lets
// them go, as a cold connection's did at start over 100,000 resumes.
type heldRepeats struct {
	*rows
	entered chan struct{} // a read of the markers began
	release chan struct{} // closed: the markers are read
}

func (h *heldRepeats) RepeatCounts(ctx context.Context, ids []int64) (map[int64]int, error) {
	h.entered <- struct{}{}
	<-h.release
	return h.rows.RepeatCounts(ctx, ids)
}

// loop runs a list's commands each in its own goroutine, as Bubble Tea
// does, and feeds their messages back to the list.
type loop struct {
	t       *testing.T
	m       *Model
	h       *heldRepeats
	msgs    chan tea.Msg
	running int // commands not yet answered
	held    int // of them, reading the markers
}

func (l *loop) start(c tea.Cmd) {
	if c != nil {
		l.running++
		go func() { l.msgs <- c() }()
	}
}

// settle runs until every command has answered but those held reading
// markers (all of them, once released).
func (l *loop) settle() {
	l.t.Helper()
	for l.running > l.held {
		select {
		case msg := <-l.msgs:
			l.running--
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					l.start(c)
				}
			case nil:
			default:
				_, next := l.m.Update(msg)
				l.start(next)
			}
		case <-l.h.entered:
			l.held++
		}
	}
}

// release lets the markers be read and runs what follows.
func (l *loop) release() {
	close(l.h.release)
	go func() {
		for range l.h.entered { // later reads pass at once
		}
	}()
	l.held = 0
	l.settle()
}

func rowOf(t *testing.T, out []string, name string) []rune {
	t.Helper()
	for _, l := range out {
		if strings.Contains(l, name) {
			return []rune(l)
		}
	}
	t.Fatalf("no row of %s:\n%s", name, strings.Join(out, "\n"))
	return nil
}

// The rows are on screen while their repeat markers are still being read,
// and the markers come into the rows shown once read (issue 28 §7: at
// start over 100,000 resumes the rows waited 12-28 ms for them).
func TestRowsComeBeforeTheirRepeatMarkers(t *testing.T) {
	h := &heldRepeats{rows: applicants(), entered: make(chan struct{}), release: make(chan struct{})}
	m := New(panetest.Plain(i18n.EN, panetest.Clock(func() time.Time { return listNow })), h)
	m.SetSize(80, 6)
	m.Focus()
	l := &loop{t: t, m: m, h: h, msgs: make(chan tea.Msg)}
	defer close(h.entered)
	l.start(m.ShowFolder("", "All"))
	l.start(m.SetEverywhere(true))
	l.settle()
	out := lines(t, m, 80, 6)
	if l.held == 0 {
		t.Fatal("no markers were asked for")
	}
	if marker := rowOf(t, out, "Clara")[3]; marker != ' ' {
		t.Fatalf("Clara marked %q before the markers were read", marker)
	}
	l.release()
	out = lines(t, m, 80, 6)
	if marker := rowOf(t, out, "Clara")[3]; marker != '↻' {
		t.Errorf("Clara's marker %q once read, want ↻:\n%s", marker, strings.Join(out, "\n"))
	}
	if marker := rowOf(t, out, "Anna")[3]; marker != ' ' {
		t.Errorf("Anna, no repeat, marked %q", marker)
	}
}

// A marker goes when the applicant's other application does, and the
// markers of a folder or filter no longer shown are not taken.
func TestRepeatMarkersFollowTheCache(t *testing.T) {
	m, src := narrowList(t, i18n.EN, 80, 6)
	drain(t, m, m.SetEverywhere(true))
	if marker := rowOf(t, lines(t, m, 80, 6), "Clara")[3]; marker != '↻' {
		t.Fatalf("Clara's marker %q, want ↻", marker)
	}
	src.repeat = map[int64]bool{}
	drain(t, m, m.Reload())
	if marker := rowOf(t, lines(t, m, 80, 6), "Clara")[3]; marker != ' ' {
		t.Errorf("Clara still marked %q once her other application left", marker)
	}

	m.Update(RepeatsMsg{Gen: m.gen - 1, IDs: []int64{1}, Counts: map[int64]int{1: 2}})
	if marker := rowOf(t, lines(t, m, 80, 6), "Anna")[3]; marker != ' ' {
		t.Errorf("an older list's markers marked Anna %q", marker)
	}
	m.Update(RepeatsMsg{Gen: m.gen, IDs: []int64{1}, Counts: map[int64]int{1: 2}})
	if marker := rowOf(t, lines(t, m, 80, 6), "Anna")[3]; marker != '↻' {
		t.Errorf("this list's markers left Anna %q", marker)
	}
}

// Markers that come for a later page redraw that page's rows: a row drawn
// before its marker came shows it once it has come.
func TestRepeatMarkersOfALaterPage(t *testing.T) {
	src := &rows{all: many(PageSize + 5), repeat: map[int64]bool{}}
	m := newList(t, src)
	m.Focus()
	drain(t, m, m.ShowFolder("inbox", "Inbox"))
	drain(t, m, func() tea.Msg { return tea.KeyPressMsg{Code: tea.KeyEnd} })
	last := fmt.Sprintf("Person %03d", PageSize+4)
	if marker := rowOf(t, lines(t, m, 60, 6), last)[3]; marker != ' ' {
		t.Fatalf("%s marked %q with no other application", last, marker)
	}
	m.Update(RepeatsMsg{Gen: m.gen, IDs: []int64{PageSize + 5}, Counts: map[int64]int{PageSize + 5: 1}})
	want := []rune(m.c.Styles.Glyphs.Repeat)[0] // ASCII here
	if marker := rowOf(t, lines(t, m, 60, 6), last)[3]; marker != want {
		t.Errorf("%s's marker %q once it came, want %q", last, marker, want)
	}
}
