package selections

import (
	"context"
	"errors"
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// fakeSource is the cache as the screen reads it.
type fakeSource struct {
	list  []store.Selection
	err   error
	reads int
}

func (f *fakeSource) Selections(context.Context) ([]store.Selection, error) {
	f.reads++
	return f.list, f.err
}

func listIDs(m *Model) []int64 {
	var out []int64
	for _, s := range m.all {
		out = append(out, s.ID)
	}
	return out
}

// TestScreenLoadsThroughItsSource: the screen reads its selections
// itself, through the source it was built with, when shown (asking the
// root for the server's copy behind) and whenever the root says the cache
// changed; a failed read keeps what it shows.
func TestScreenLoadsThroughItsSource(t *testing.T) {
	all := selections()
	src := &fakeSource{list: all[:1]}
	m := New(newCommon(i18n.EN), src)
	m.SetSize(100, 20)

	asked := panetest.Drive(t, m, Show{})
	if len(asked) != 1 || asked[0] != (action.RefreshSelections{}) {
		t.Fatalf("shown, the screen asked %v; want the server's copy (RefreshSelections)", asked)
	}
	if got := listIDs(m); len(got) != 1 || got[0] != all[0].ID {
		t.Fatalf("shown, the list has %v, want the cache's %d", got, all[0].ID)
	}

	src.list = all
	if asked := panetest.Drive(t, m, action.CacheChanged{}); len(asked) != 0 {
		t.Fatalf("a cache change asked %v of the root", asked)
	}
	if got := listIDs(m); len(got) != len(all) {
		t.Fatalf("after the cache changed the list has %v, want all %d", got, len(all))
	}

	src.list, src.err = nil, errors.New("disk I/O error")
	panetest.Drive(t, m, action.CacheChanged{})
	if got := listIDs(m); len(got) != len(all) {
		t.Fatalf("a failed read left %v, want what was shown", got)
	}
	if src.reads != 3 {
		t.Fatalf("the source was read %d times, want 3", src.reads)
	}
}
