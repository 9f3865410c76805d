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
