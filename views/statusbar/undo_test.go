package statusbar

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/store"
)

// Issue 28 §2: a move queued offers its undo, queued and then sent, until
// something else is said; a move back offers none.
func TestAMoveOffersItsUndoWhileItStands(t *testing.T) {
	for _, c := range []struct {
		lang         i18n.Lang
		queued, sent string
		back, moved  string
	}{
		{i18n.EN, "queued: 1 → Considered — u takes it back", "sent: 1 → Considered — u takes it back",
			"moving back: 1 → Inbox", "moved back: 1 → Inbox"},
		{i18n.RU, "в очереди: 1 → Considered, u — вернуть", "отправлено: 1 → Considered, u — вернуть",
			"возвращаем: 1 → Inbox", "возвращено: 1 → Inbox"},
	} {
		m := newBar(c.lang)
		m.SetSize(160, 2)
		if m.Offers() {
			t.Fatal("a fresh line offers an undo")
		}
		m.Queued("1 → Considered", "u")
		m.Update(store.OutboxCounts{Pending: 1})
		if out := ansi.Strip(m.View()); !strings.Contains(out, c.queued) || !m.Offers() {
			t.Errorf("%s queued (offers %v):\n%s", c.lang, m.Offers(), out)
		}
		m.Update(store.OutboxCounts{})
		if out := ansi.Strip(m.View()); !strings.Contains(out, c.sent) || !m.Offers() {
			t.Errorf("%s sent (offers %v):\n%s", c.lang, m.Offers(), out)
		}
		m.Say("copied")
		if m.Offers() {
			t.Errorf("%s: the offer outlived the line that made it", c.lang)
		}
		m.MovingBack("1 → Inbox")
		m.Update(store.OutboxCounts{Pending: 1})
		if out := ansi.Strip(m.View()); !strings.Contains(out, c.back) || m.Offers() {
			t.Errorf("%s moving back (offers %v):\n%s", c.lang, m.Offers(), out)
		}
		m.Update(store.OutboxCounts{})
		if out := ansi.Strip(m.View()); !strings.Contains(out, c.moved) || m.Offers() {
			t.Errorf("%s moved back (offers %v):\n%s", c.lang, m.Offers(), out)
		}
	}
}

// What the server refused is settled on the outbox screen: the line says
// so and no longer offers u.
func TestARefusedMoveOffersNoUndo(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(160, 2)
	m.Queued("2 → Considered", "u")
	m.Update(store.OutboxCounts{Pending: 2})
	m.Update(store.OutboxCounts{Failed: 1})
	if out := ansi.Strip(m.View()); m.Offers() || strings.Contains(out, "takes it back") {
		t.Errorf("after a refusal (offers %v):\n%s", m.Offers(), out)
	}
}

// A snooze offers its undo as a move does, in both languages, and the
// snooze it offers while the line stands; it queued nothing, so the
// outbox emptying does not turn it to "sent".
func TestASnoozeOffersItsUndoWhileItStands(t *testing.T) {
	slip := store.Slip{Snooze: store.Resnoozed{Before: []store.SnoozeState{{ResumeID: 7}}}}
	for _, c := range []struct {
		lang      i18n.Lang
		what, out string
	}{
		{i18n.EN, "snoozed until 2026-11-21 10:00: 2", "snoozed until 2026-11-21 10:00: 2 — u takes it back"},
		{i18n.RU, "скрыто до 2026-11-21 10:00: 2", "скрыто до 2026-11-21 10:00: 2, u — вернуть"},
	} {
		m := newBar(c.lang)
		m.SetSize(160, 2)
		m.Queued("1 → Considered", "u", 41)
		m.Offer(c.what, "u", slip)
		m.Update(store.OutboxCounts{})
		got := m.Offered()
		if out := ansi.Strip(m.View()); !strings.Contains(out, c.out) || len(got.Outbox) != 0 || len(got.Snooze.Before) != 1 {
			t.Errorf("%s: offers %+v:\n%s", c.lang, got, out)
		}
		m.Say("copied")
		if got := m.Offered(); len(got.Snooze.Before) != 0 {
			t.Errorf("%s: the snooze offered after the line went: %+v", c.lang, got)
		}
		m.Offer(c.what, "", slip)
		if m.Offers() {
			t.Errorf("%s: offered with no key to take it back", c.lang)
		}
	}
}
