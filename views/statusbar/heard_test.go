package statusbar

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/problem"
)

// Issue 29 §4: what the root tells the bar are messages, not setters: a
// sync's end, the held letters' countdown, the keys. A key press ends a
// refusal of the last key; NextKey ends an answer but keeps an offer to
// take a move back; a sync's end says when it succeeded.
func TestBarHearsTheRoot(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(200, 2)
	line := func() string { return ansi.Strip(m.View()) }

	m.Update(Held{Countdown: "letter to Иванова leaves in 7 s"})
	if !strings.Contains(line(), "letter to Иванова leaves in 7 s") {
		t.Fatalf("the countdown told:\n%s", line())
	}
	m.Update(Held{})
	if strings.Contains(line(), "leaves in") {
		t.Fatalf("no letter held, yet:\n%s", line())
	}

	m.Refused(problem.Problem{Kind: problem.Refused, Detail: "no money on the account"})
	refusal := line()
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	if line() == refusal {
		t.Fatalf("a key after a refusal left it:\n%s", line())
	}

	m.Queued("1 → Considered", "u", 7)
	m.Update(NextKey{})
	if !m.Offers() || !strings.Contains(line(), "u takes it back") {
		t.Fatalf("the next key took the offer away:\n%s", line())
	}
	m.Say("copied")
	m.Update(NextKey{})
	if strings.Contains(line(), "copied") {
		t.Fatalf("the next key left the last one's answer:\n%s", line())
	}

	m.Update(SyncStarted{})
	at := panetest.Noon().Add(30 * time.Minute)
	m.Update(SyncDone{At: at})
	if m.Syncing() || !strings.Contains(line(), "synced 12:30") {
		t.Errorf("a sync that ended at %s:\n%s", at.Format("15:04"), line())
	}
}
