package selections

import (
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/views/action"
)

// TestOnlyTheNewestLoadShows: two reads under way (a sync's change, then
// the screen shown), the older answering last, show the newer's list.
func TestOnlyTheNewestLoadShows(t *testing.T) {
	all := selections()
	src := &fakeSource{list: all[:1]}
	m := New(newCommon(i18n.EN), src)
	m.SetSize(100, 20)
	_, older := m.Update(action.CacheChanged{})
	oldMsg := panetest.Result(older)
	src.list = all
	_, newer := m.Update(Show{})
	m.Update(panetest.Result(newer))
	m.Update(oldMsg)
	if got := listIDs(m); len(got) != len(all) {
		t.Fatalf("an older read answering last replaced the list: %v, want all %d", got, len(all))
	}
}
