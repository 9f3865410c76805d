package outbox

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// An action of unknown outcome says what to do in full under the table,
// its keys and all, at the outbox's width in an 80×24 window: the what
// line and the server's message give way first (issue 19 §2.8: the hint
// ended "r sends it again…", the key to give up cut off). EN and RU.
func TestUnknownHintShowsWhole(t *testing.T) {
	now := panetest.Now()
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := panetest.Plain(lang)
		m := New(c, nil)
		m.SetSize(78, 19)
		m.SetEntries([]store.OutboxEntry{{DisplayName: "Константинопольская Александра Викторовна", Action: store.Action{
			ID: 1, ResumeID: 8, Kind: store.ActionCommentAdd, State: store.StateUnknown, Attempts: 3, CreatedAt: now,
			Error:   "context deadline exceeded while awaiting headers from the service",
			Payload: store.ActionPayload{Text: "Сильный кандидат, позвать на второй этап собеседования с техническим директором"}}}})
		view := ansi.Strip(m.View())
		panetest.Frame(t, m.View(), 78, 19)
		lines := strings.Split(view, "\n")
		detail := strings.Join(lines[len(lines)-detailLines:], " ")
		detail = strings.Join(strings.Fields(detail), " ")
		k := c.Keys
		hint := strings.Join(strings.Fields(strings.ReplaceAll(c.Text.Outbox.UnknownWhy, "%s", "")), " ")
		last := hint[strings.LastIndex(hint[:len(hint)-3], " ")+1:]
		if !strings.Contains(detail, k.OutboxDismiss.Help().Key) || !strings.HasSuffix(detail, last) {
			t.Errorf("%s: the hint is cut:\n%s", lang, strings.Join(lines[len(lines)-detailLines:], "\n"))
		}
	}
}
