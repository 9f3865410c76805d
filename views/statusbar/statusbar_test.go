package statusbar

import (
	"fmt"
	"hrdesk/problem"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

func newBar(lang i18n.Lang) *Model {
	c := panetest.Plain(lang, panetest.Clock(panetest.Noon))
	m := New(c, panetest.Noon().Add(-time.Hour))
	m.SetKeys([]key.Binding{c.Keys.Down, c.Keys.Up, c.Keys.Open, c.Keys.Mark, c.Keys.Later, c.Keys.Help})
	return m
}

func TestWidthInvariant(t *testing.T) {
	for _, w := range []int{20, 80, 200} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			m := newBar(i18n.EN)
			m.SetSize(w, 2)
			m.Update(store.OutboxCounts{Pending: 3, Failed: 1, Unknown: 2})
			m.Note(problem.Problem{Kind: problem.Local, Detail: strings.Repeat("долгая ошибка ", 20)})
			panetest.Frame(t, m.View(), w, 2)
		})
	}
}

// Queued, then sent once the outbox empties; a failed push keeps queued.
func TestQueuedThenSent(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(120, 2)
	m.Queued("1 → Considered", "")
	m.Update(store.OutboxCounts{Pending: 1})
	if out := ansi.Strip(m.View()); !strings.Contains(out, "queued: 1 → Considered") || !strings.Contains(out, "1 pending") {
		t.Fatalf("queued:\n%s", out)
	}
	m.Update(store.OutboxCounts{})
	if out := ansi.Strip(m.View()); !strings.Contains(out, "sent: 1 → Considered") {
		t.Fatalf("sent:\n%s", out)
	}
}

// The problem kinds are told in the UI's language; offline shows as such.
func TestProblemWords(t *testing.T) {
	m := newBar(i18n.RU)
	m.SetSize(160, 2)
	m.Note(problem.Problem{Kind: problem.Offline})
	if out := ansi.Strip(m.View()); !strings.Contains(out, "офлайн") {
		t.Errorf("offline:\n%s", out)
	}
	m.Note(problem.Problem{Kind: problem.Local, Detail: "database is locked"})
	out := ansi.Strip(m.View())
	if strings.Contains(out, "офлайн") || !strings.Contains(out, "локальная ошибка") || !strings.Contains(out, "database is locked") {
		t.Errorf("a local failure:\n%s", out)
	}
	m.Note(problem.Problem{})
	if out := ansi.Strip(m.View()); strings.Contains(out, "ошибка") {
		t.Errorf("a success left the problem:\n%s", out)
	}
}

// While a pane takes the typing, "? help" would only type a "?": the footer
// does not offer it then.
func TestNoHelpKeyWhileTyping(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(80, 2)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "? help") {
		t.Fatalf("the footer lacks ? help:\n%s", v)
	}
	m.SetTyping(true)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "help") || strings.HasSuffix(strings.TrimSpace(v), "•") {
		t.Errorf("while typing the footer offers help or ends in a separator:\n%s", v)
	}
	panetest.Frame(t, m.View(), 80, 2)
}

// Issue 19 §2.7: "sent: 8 → Mail by template" while 3 were refused and 1
// is of unknown outcome.
func TestSentOnlyWhatWasSent(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(120, 2)
	m.Update(store.OutboxCounts{Failed: 1}) // an old refusal, not this bulk's
	m.Queued("8 → Mail by template", "")
	m.Update(store.OutboxCounts{Pending: 8, Failed: 1})
	m.Update(store.OutboxCounts{Failed: 4, Unknown: 1})
	if v := ansi.Strip(m.View()); strings.Contains(v, "sent: 8") || !strings.Contains(v, "8 → Mail by template: 4 not sent — 7 shows them") {
		t.Errorf("3 refused and 1 unknown of the 8:\n%s", v)
	}
	m.Queued("2 → Considered", "")
	m.Update(store.OutboxCounts{Pending: 2, Failed: 4, Unknown: 1})
	m.Update(store.OutboxCounts{Failed: 4, Unknown: 1})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "sent: 2 → Considered") {
		t.Errorf("all of it sent, older failures aside:\n%s", v)
	}
}

// A service that takes connections and answers nothing is not "online",
// not even while a sync waits on it (issue 26 §4); its first answer is.
func TestNotAnsweringIsNotOnline(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(160, 2)
	m.Update(SyncStarted{})
	m.Note(problem.Problem{Kind: problem.Timeout})
	if out := ansi.Strip(m.View()); !strings.Contains(out, "the service is not answering") || strings.Contains(out, "online") || strings.Contains(out, "syncing") {
		t.Errorf("not answering during a sync:\n%s", out)
	}
	m.Note(problem.Problem{})
	if out := ansi.Strip(m.View()); strings.Contains(out, "not answering") {
		t.Errorf("answered again:\n%s", out)
	}
}
