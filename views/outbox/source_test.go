package outbox

import (
	"context"
	"errors"
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/action"
)

// fakeSource is the cache's outbox as the screen reads it.
type fakeSource struct {
	entries []store.OutboxEntry
	err     error
	reads   int
}

func (f *fakeSource) OutboxEntries(context.Context) ([]store.OutboxEntry, error) {
	f.reads++
	return f.entries, f.err
}

func entry(id, resume int64, state store.ActionState) store.OutboxEntry {
	return store.OutboxEntry{Action: store.Action{ID: id, ResumeID: resume, Kind: store.ActionMove, State: state}}
}

// TestScreenLoadsThroughItsSource: the screen reads its entries itself,
// through the source it was built with: when shown (the cursor on the
// resume it was opened for) and when the root says the cache changed. A
// failed read is a local problem for the status line, and the entries
// stay.
func TestScreenLoadsThroughItsSource(t *testing.T) {
	src := &fakeSource{entries: []store.OutboxEntry{entry(1, 10, store.StatePending), entry(2, 20, store.StateFailed)}}
	m := New(panetest.Common(i18n.EN), src)
	m.SetSize(100, 20)

	if asked := panetest.Drive(t, m, Show{ResumeID: 20}); len(asked) != 0 {
		t.Fatalf("shown, the screen asked %v of the root", asked)
	}
	if e, ok := m.Selected(); !ok || e.ID != 2 || len(m.entries) != 2 {
		t.Fatalf("shown for resume 20: %d entries, cursor on %+v; want 2, on action 2", len(m.entries), e)
	}

	src.entries = append(src.entries, entry(3, 30, store.StateUnknown))
	panetest.Drive(t, m, action.CacheChanged{})
	if len(m.entries) != 3 {
		t.Fatalf("after the cache changed the screen has %d entries, want 3", len(m.entries))
	}
	if e, _ := m.Selected(); e.ID != 2 {
		t.Fatalf("the cursor moved to %d on a reload, want it kept on 2", e.ID)
	}

	src.err = errors.New("disk I/O error")
	asked := panetest.Drive(t, m, action.CacheChanged{})
	if len(asked) != 1 {
		t.Fatalf("a failed read asked %v, want one notice", asked)
	}
	if n, ok := asked[0].(action.Notice); !ok || n.Problem.Kind != problem.Local {
		t.Fatalf("a failed read asked %#v, want a local problem's notice", asked[0])
	}
	if len(m.entries) != 3 {
		t.Fatalf("a failed read left %d entries, want the 3 shown", len(m.entries))
	}
}
