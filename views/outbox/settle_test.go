package outbox

import (
	"context"
	"errors"
	"slices"
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/action"
)

// fakeSettler is the cache's r, d and c: an id in moved left the state
// the key applies to meanwhile; err fails every call.
type fakeSettler struct {
	moved map[int64]bool
	err   error
	done  []int64
}

func (f *fakeSettler) op(_ context.Context, id int64) error {
	switch {
	case f.err != nil:
		return f.err
	case f.moved[id]:
		return store.ErrStateConflict
	}
	f.done = append(f.done, id)
	return nil
}

func (f *fakeSettler) Retry(ctx context.Context, id int64) error   { return f.op(ctx, id) }
func (f *fakeSettler) Dismiss(ctx context.Context, id int64) error { return f.op(ctx, id) }
func (f *fakeSettler) Cancel(ctx context.Context, id int64) error  { return f.op(ctx, id) }

// Issue 29 §4: the screen carries out r, d and c itself, through its
// Settler, and tells the root what it did: what left the state a key
// applies to is skipped and counted, the marks go; a question's answer
// coming back through the root is carried out the same way; a failing
// cache is a local problem.
func TestScreenSettlesItsKeys(t *testing.T) {
	src := &fakeSource{entries: []store.OutboxEntry{entry(1, 10, store.StateFailed), entry(2, 20, store.StateFailed)}}
	s := &fakeSettler{moved: map[int64]bool{2: true}}
	m := New(panetest.Common(i18n.EN), src)
	m.SettleWith(s)
	m.SetSize(100, 20)
	m.Focus()
	panetest.Drive(t, m, Show{})
	asked := panetest.Keys(t, m, "a", "r")
	if len(asked) != 1 {
		t.Fatalf("r asked %v of the root, want what it settled", asked)
	}
	got, ok := asked[0].(action.OutboxSettled)
	if _, retry := got.Act.(action.OutboxRetry); !ok || !retry || !slices.Equal(got.IDs, []int64{1}) ||
		got.Text != "sent again: 1 · 1 left as they were" || got.Problem.Kind != problem.None {
		t.Fatalf("r settled %#v", asked[0])
	}
	if !slices.Equal(s.done, []int64{1}) || m.list.Marks.Has(1) || m.list.Marks.Has(2) {
		t.Fatalf("done %v; marks left on 1 %v, 2 %v", s.done, m.list.Marks.Has(1), m.list.Marks.Has(2))
	}

	s.err = errors.New("disk I/O error")
	asked = panetest.Drive(t, m, action.OutboxDismiss{IDs: []int64{1}}) // yes to the question
	if len(asked) != 1 {
		t.Fatalf("the answer asked %v of the root", asked)
	}
	if got, ok := asked[0].(action.OutboxSettled); !ok || got.Problem.Kind != problem.Local || got.Text != "" {
		t.Errorf("a failing cache settled %#v", asked[0])
	}
}
