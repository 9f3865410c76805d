package statusbar

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/problem"
	"hrdesk/session/feed"
	"hrdesk/store"
)

// Issue 29 §4: the bar hears the meter's readings itself. A clock off the
// service's is said once, as the answer of no key (issue 26 §7); a
// reading asked during the bar's offline spell that shows the service
// answered since turns it online, one asked before the spell does not.
func TestBarHearsTheMetersReadings(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(200, 2)
	line := func() string { return ansi.Strip(m.View()) }
	const said = "this machine's clock is 7 days ahead of the service's"
	skew := feed.Meter{Left: 100, Limit: 120, ClockAhead: 7*24*time.Hour + 3*time.Second}
	m.Update(Reading{Meter: skew})
	if out := line(); !strings.Contains(out, said) {
		t.Fatalf("the reading knows the clock is a week ahead; the line:\n%s", out)
	}
	m.Say("copied")
	m.Update(Reading{Meter: skew})
	if out := line(); strings.Contains(out, said) || !strings.Contains(out, "copied") {
		t.Errorf("said again over a later answer:\n%s", out)
	}

	m.Note(problem.Problem{Kind: problem.Offline})
	away := m.Away()
	m.Update(Reading{Meter: feed.Meter{Outage: feed.Outage{Began: 2, Away: true}}, Away: away})
	answered := feed.Meter{Outage: feed.Outage{Began: 2, Answered: 2}}
	m.Update(Reading{Meter: answered}) // asked while online, before the spell
	if !m.Offline() {
		t.Fatalf("a reading asked before the spell turned the bar online:\n%s", line())
	}
	m.Update(Reading{Meter: answered, Away: away})
	if m.Offline() || strings.Contains(line(), "offline") {
		t.Errorf("the service answered since the bar went offline; the line:\n%s", line())
	}
}

// Issue 29 §4: the bar keeps the unit its line offers to take back (the
// root asks it, keeping no copy), for as long as the line offers it.
func TestTheOfferKeepsItsUnit(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(160, 2)
	m.Queued("2 → Considered", "u", 7, 8)
	m.Update(store.OutboxCounts{Pending: 2})
	if got := m.Offered().Outbox; !slices.Equal(got, []int64{7, 8}) {
		t.Fatalf("queued: offered %v", got)
	}
	m.Update(store.OutboxCounts{}) // sent: what has left is still taken back
	if got := m.Offered().Outbox; !slices.Equal(got, []int64{7, 8}) {
		t.Errorf("sent: offered %v", got)
	}
	m.Say("copied")
	if got := m.Offered(); got.Outbox != nil {
		t.Errorf("the line said something else and still offers %v", got)
	}
	m.Queued("1 → Considered", "", 9) // no key takes it back
	if got := m.Offered(); got.Outbox != nil {
		t.Errorf("with no undo key the line offers %v", got)
	}
	m.Queued("1 → Considered", "u", 10)
	m.MovingBack("1 → Inbox")
	if got := m.Offered(); got.Outbox != nil {
		t.Errorf("a move back offers %v", got)
	}
}
