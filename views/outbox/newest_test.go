package outbox

import (
	"errors"
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// TestOnlyTheNewestLoadShows: of two reads under way, the older one
// answering last neither replaces the newer's entries nor, when it
// failed, says a problem the newer read did not have.
func TestOnlyTheNewestLoadShows(t *testing.T) {
	src := &fakeSource{entries: []store.OutboxEntry{entry(1, 10, store.StatePending)}}
	m := New(panetest.Common(i18n.EN), src)
	m.SetSize(100, 20)
	for _, failed := range []bool{false, true} {
		src.entries, src.err = []store.OutboxEntry{entry(1, 10, store.StatePending)}, nil
		if failed {
			src.err = errors.New("disk I/O error")
		}
		_, older := m.Update(action.CacheChanged{})
		oldMsg := panetest.Result(older)
		src.entries, src.err = []store.OutboxEntry{entry(1, 10, store.StatePending), entry(2, 20, store.StateFailed)}, nil
		_, newer := m.Update(action.CacheChanged{})
		m.Update(panetest.Result(newer))
		if a, _ := m.Update(oldMsg); a != nil {
			t.Fatalf("an older read (failed: %v) answering last asked %#v", failed, a)
		}
		if len(m.entries) != 2 {
			t.Fatalf("an older read (failed: %v) answering last left %d entries, want the newer's 2", failed, len(m.entries))
		}
	}
}
