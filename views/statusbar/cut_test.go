package statusbar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/store"
)

// At 80×24 with an outbox to report, the status line leaves out whole
// segments rather than cutting the last one mid-word, and the answer to
// the last key stays (issue 19 §2.8: "синхронизировано…", the copy's
// answer gone). EN and RU.
func TestStatusLineDropsWholeSegments(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := newBar(lang)
		m.SetSize(80, 2)
		m.SetOutbox(store.OutboxCounts{Pending: 3, Failed: 1, Unknown: 1})
		m.Say("Ссылка скопирована")
		line := strings.TrimRight(strings.Split(ansi.Strip(m.View()), "\n")[0], " ")
		if !strings.HasSuffix(line, "Ссылка скопирована") {
			t.Errorf("%s: the answer is not whole at the end: %q", lang, line)
		}
		if strings.Contains(line, m.c.Styles.Glyphs.Ellipsis) {
			t.Errorf("%s: a segment is cut: %q", lang, line)
		}
		synced := strings.Split(m.c.Text.Status.LastSync, "%")[0]
		if strings.Contains(line, synced) && !strings.Contains(line, synced+m.c.Text.Date(now.Add(-60*60e9), now)) {
			t.Errorf("%s: the last sync is cut: %q", lang, line)
		}
		if !strings.Contains(line, fmt.Sprintf(m.c.Text.Status.Failed, 1)) {
			t.Errorf("%s: the failed actions went before less urgent words: %q", lang, line)
		}
	}
}
