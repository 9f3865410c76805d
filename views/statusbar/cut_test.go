package statusbar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// At 80×24 with an outbox to report, the status line leaves out whole
// segments of less urgency rather than cutting the last one mid-word, and
// the answer to the last key stays, whole or readable with the ellipsis
// (issue 19 §2.8: "синхронизировано…", the answer gone). EN and RU.
func TestStatusLineDropsWholeSegments(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := newBar(lang)
		m.SetSize(80, 2)
		m.Update(store.OutboxCounts{Pending: 3, Failed: 1, Unknown: 1})
		m.Say("Ссылка скопирована")
		line := strings.TrimRight(strings.Split(ansi.Strip(m.View()), "\n")[0], " ")
		ell := m.c.Styles.Glyphs.Ellipsis
		if !strings.HasSuffix(line, "Ссылка скопирована") && !(strings.Contains(line, "Ссылка скоп") && strings.HasSuffix(line, ell)) {
			t.Errorf("%s: the answer is lost: %q", lang, line)
		}
		synced := strings.Split(m.c.Text.Status.LastSync, "%")[0]
		if strings.Contains(line, synced) && !strings.Contains(line, synced+m.c.Text.Date(panetest.Noon().Add(-60*60e9), panetest.Noon())) {
			t.Errorf("%s: the last sync is cut: %q", lang, line)
		}
		for _, want := range []string{fmt.Sprintf(m.c.Text.Status.Failed, 1), fmt.Sprintf(m.c.Text.Status.Pending, 3)} {
			if !strings.Contains(line, want) {
				t.Errorf("%s: %q went before less urgent words: %q", lang, want, line)
			}
		}
	}
}

// A letter's countdown and a long problem: the countdown stays whole; an
// answer with no readable room left goes rather than show "queued: …".
func TestStatusLineKeepsACountdown(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(80, 2)
	m.held = "letter to Фамилия0 Имя0 leaves in 7 s — u takes it back"
	m.Update(store.OutboxCounts{Pending: 1})
	m.Say("queued: 1 → Invited")
	line := strings.TrimRight(strings.Split(ansi.Strip(m.View()), "\n")[0], " ")
	if !strings.Contains(line, m.held) || strings.Contains(line, "queued: "+m.c.Styles.Glyphs.Ellipsis) {
		t.Errorf("%q", line)
	}
}
