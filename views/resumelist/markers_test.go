package resumelist

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// askedMarks is a Source that notes every id whose markers are read.
type askedMarks struct {
	*searched
	asked []int64
}

func (a *askedMarks) RepeatCounts(ctx context.Context, ids []int64) (map[int64]int, error) {
	a.asked = append(a.asked, ids...)
	return a.searched.RepeatCounts(ctx, ids)
}

// timesAsked counts how often each id's markers were read.
func timesAsked(ids []int64) map[int64]int {
	n := map[int64]int{}
	for _, id := range ids {
		n[id]++
	}
	return n
}

// A search's count runs beside its screenful and page; the rows' markers
// wait for it, so as not to slow it (issue 28 §7: the count of М on a
// pty went from 50 to 65-75 ms with them beside it), and are read once
// it has come.
func TestMarkersWaitForTheCount(t *testing.T) {
	src := &askedMarks{searched: &searched{rows: rows{all: many(500)}}}
	m := newList(t, src)
	m.SetCountDelay(-1)
	batch, ok := m.Search("М")().(tea.BatchMsg) // the screenful and the count
	if !ok || len(batch) != 2 {
		t.Fatalf("the keystroke's loads: %#v", batch)
	}
	var count tea.Cmd
	for _, c := range batch {
		msg := c()
		if p, ok := msg.(PageMsg); ok && p.Page == -1 {
			count = func() tea.Msg { return msg }
			continue
		}
		_, next := m.Update(msg)
		drain(t, m, next) // the page, with no count
	}
	if count == nil {
		t.Fatal("no count beside the screenful")
	}
	if len(m.pages[0]) != PageSize {
		t.Fatalf("the page holds %d rows, want %d", len(m.pages[0]), PageSize)
	}
	if len(src.asked) != 0 {
		t.Errorf("%d rows' markers read while the count ran", len(src.asked))
	}
	drain(t, m, count)
	asked := timesAsked(src.asked)
	if len(asked) != PageSize {
		t.Errorf("after the count, the markers of %d rows read, want the page's %d", len(asked), PageSize)
	}
	for id, n := range asked {
		if n > 1 {
			t.Errorf("resume %d's markers read %d times", id, n)
		}
	}
}

// A row's marker is read once a generation: the page after its first
// screenful asks for the rest only. A reload (a new generation: the cache
// may have changed) reads them again.
func TestAMarkerIsReadOnceAGeneration(t *testing.T) {
	src := &askedMarks{searched: &searched{rows: rows{all: many(500)}}}
	m := newList(t, src)
	m.SetCountDelay(-1)
	drain(t, m, m.ShowFolder("inbox", "Inbox"))
	if !m.headed {
		t.Fatal("the folder came with no screenful first")
	}
	for id, n := range timesAsked(src.asked) {
		if n > 1 {
			t.Errorf("resume %d's markers read %d times", id, n)
		}
	}
	if n := len(src.asked); n != PageSize {
		t.Errorf("the markers of %d rows read, want the page's %d", n, PageSize)
	}
	src.asked = nil
	drain(t, m, m.Reload())
	if n := len(timesAsked(src.asked)); n != PageSize {
		t.Errorf("a reload read the markers of %d rows, want %d", n, PageSize)
	}
}

// The education titles the chips name come in two parts (the filter
// dialog's two reads of counts): the second adds to the first.
func TestEducationTitlesAddUp(t *testing.T) {
	m := newList(t, &rows{})
	m.SetEducationTitles([]store.EducationCount{{ID: 97, Title: "Два высших"}})
	m.SetEducationTitles([]store.EducationCount{{ID: 98, Title: "Курсы"}})
	names := m.ChipNames()
	if a, b := names.Education(97), names.Education(98); a != "Два высших" || b != "Курсы" {
		t.Errorf("titles %q and %q, want both parts'", a, b)
	}
}
