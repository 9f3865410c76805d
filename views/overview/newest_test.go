package overview

import (
	"testing"

	"hrdesk/i18n"
	"hrdesk/views/action"
)

// TestOnlyTheNewestLoadShows: two reads under way (a sync's change, then
// another), the older answering last, show the newer's figures.
func TestOnlyTheNewestLoadShows(t *testing.T) {
	m, src := loaded(t, i18n.EN, true, 100, 20)
	_, older := m.Update(action.CacheChanged{})
	oldMsg := older()
	src.o = withStates() // one vacancy more
	_, newer := m.Update(action.CacheChanged{})
	m.Update(newer())
	m.Update(oldMsg)
	if want := len(withStates().Vacancies); len(m.shown) != want {
		t.Fatalf("an older read answering last left %d vacancies, want the newer's %d", len(m.shown), want)
	}
}
