package resumelist

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
)

// held is a Source whose page loads, once hold is set, wait until their
// context ends (or release is closed) and say so.
type held struct {
	rows
	hold    bool
	started chan struct{}
	ended   chan error
	release chan struct{}
}

func newHeld(n int) *held {
	return &held{rows: rows{all: many(n)}, started: make(chan struct{}, 16), ended: make(chan error, 16),
		release: make(chan struct{})}
}

func (h *held) ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	if !h.hold {
		return h.rows.ListEntries(ctx, q)
	}
	h.started <- struct{}{}
	select {
	case <-ctx.Done():
		h.ended <- ctx.Err()
		return nil, ctx.Err()
	case <-h.release:
		h.ended <- nil
		return h.rows.ListEntries(ctx, q)
	case <-time.After(testwait.Patience):
		h.ended <- errors.New("never ended")
		return nil, errors.New("the load was not ended")
	}
}

// running starts cmd's loads, each in a goroutine as the program runs
// them, and waits until the source holds one; their messages go to out.
func running(t *testing.T, h *held, cmd tea.Cmd) chan tea.Msg {
	t.Helper()
	out := make(chan tea.Msg, 16)
	var start func(tea.Cmd)
	start = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			msg := c()
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					start(c)
				}
				return
			}
			out <- msg
		}()
	}
	start(cmd)
	select {
	case <-h.started:
	case <-time.After(testwait.Patience):
		t.Fatal("no load reached the source")
	}
	return out
}

// endedBy waits for the held load to end and says whether its context
// ended it.
func endedBy(t *testing.T, h *held) error {
	t.Helper()
	select {
	case err := <-h.ended:
		return err
	case <-time.After(testwait.Patience):
		t.Fatal("the held load never ended")
	}
	return nil
}

// An undo ends the list's loads under way (issue 28 §7: a bulk's undo ran
// beside the page its later had left loading, on the same two cores): their
// queries stop, what they bring is dropped, the rows on screen stay, and
// the Reload after the undo loads the list again.
func TestAbandonEndsTheLoadsUnderWay(t *testing.T) {
	h := newHeld(50)
	m := newList(t, h)
	t.Cleanup(func() { close(h.release) })
	drain(t, m, m.SetQuery(store.ListQuery{}))

	h.hold = true
	out := running(t, h, m.Reload())
	m.Abandon()
	if err := endedBy(t, h); !errors.Is(err, context.Canceled) {
		t.Fatalf("the load under way ended with %v, want its context cancelled", err)
	}
	select {
	case msg := <-out:
		m.Update(msg)
	case <-time.After(testwait.Patience):
		t.Fatal("the ended load brought no message")
	}
	if m.Err() != nil || !strings.Contains(m.View(), "Person 000") {
		t.Errorf("the rows on screen went, or the ended load said an error (%v):\n%s", m.Err(), m.View())
	}
	if m.Settled() {
		t.Error("Settled after Abandon, before the Reload")
	}

	h.hold = false
	h.all = many(40)
	drain(t, m, m.Reload())
	if n, _ := m.Total(); !m.Settled() || n != 40 {
		t.Errorf("after the Reload: settled %v, total %d, want 40", m.Settled(), n)
	}
	if !strings.Contains(m.View(), "Person 000") {
		t.Errorf("after the Reload:\n%s", m.View())
	}
	m.Abandon() // nothing under way: nothing changes
	if !m.Settled() {
		t.Error("Abandon with no load under way unsettled the list")
	}
}

// A Reload ends the loads of the generation it replaces (a refresh after
// the push beside the one after the queue): their results were dropped,
// their queries ran on to the end.
func TestReloadEndsTheLoadsItReplaces(t *testing.T) {
	h := newHeld(50)
	m := newList(t, h)
	t.Cleanup(func() { close(h.release) })
	drain(t, m, m.SetQuery(store.ListQuery{}))

	h.hold = true
	running(t, h, m.Reload())
	next := m.Reload()
	if err := endedBy(t, h); !errors.Is(err, context.Canceled) {
		t.Fatalf("the replaced load ended with %v, want its context cancelled", err)
	}
	h.hold = false
	drain(t, m, next)
	if !m.Settled() {
		t.Error("the second Reload did not settle the list")
	}
}
