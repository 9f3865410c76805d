package syncer

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hrdesk/store"
)

// moreServer says "more" while the list goes on past the cap, and refuses
// a page beyond it, as a service that counts More from the whole total may.
type moreServer struct{ *memServer }

func (m *moreServer) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	if (q.Page+1)*q.Count > Cap {
		return ReceivedPage{}, fmt.Errorf("400 page %d of %d is beyond the cap", q.Page, q.Count)
	}
	p, err := m.memServer.Received(ctx, q)
	if err == nil && (q.Page+1)*q.Count < p.Total {
		p.More = true
	}
	return p, err
}

// The pages of a window stop at the cap whatever "more" says: a busy
// second of 620 responses is read to the 500th and no further request
// is made (issue 27 item 8).
func TestReadingStopsAtTheCapWhateverMoreSays(t *testing.T) {
	mem := newMemServer()
	busy := testNow.Add(-time.Hour)
	for i := int64(1); i <= 620; i++ {
		mem.add(i, 0, busy)
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(&moreServer{mem}, st, &now)
	var rep Report
	w := store.SyncWindow{Scope: store.ScopeMine, Status: 0, From: busy, To: busy}
	if err := eng.fetchWindow(context.Background(), "", w, true, &rep); err != nil {
		t.Fatalf("reading the busy second: %v; want the read to stop at the cap", err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != Cap || rep.Unread != 1 {
		t.Errorf("%d cached, %d unread; want the %d a query reaches and the busy second said unread", got, rep.Unread, Cap)
	}
}
