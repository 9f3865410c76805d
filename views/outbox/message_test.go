package outbox

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// What kept an action back reads in the UI's language (issue 28 §6): an
// action the push found the service unreachable for says so in words, not
// in Go's English, and not as the server's message; a refusal keeps the
// service's own words as the server's.
func TestTheOutboxSaysWhatKeptAnActionBackInItsLanguage(t *testing.T) {
	now := panetest.Now()
	c := panetest.Plain(i18n.RU)
	m := New(c, nil)
	m.SetSize(120, 20)
	m.SetEntries([]store.OutboxEntry{
		{DisplayName: "Иванова Мария", Action: store.Action{ID: 1, ResumeID: 8, Kind: store.ActionMove, State: store.StatePending,
			NewFolder: store.FolderConsidered, CreatedAt: now, Error: `[offline] Post "http://127.0.0.1:1/2.0/resumes/received/8/move/": EOF`}},
		{DisplayName: "Петров Пётр", Action: store.Action{ID: 2, ResumeID: 9, Kind: store.ActionMove, State: store.StateFailed,
			NewFolder: store.FolderConsidered, CreatedAt: now, Error: "Резюме не найдено"}},
	})
	view := ansi.Strip(m.View())
	o := c.Text.Outbox
	if !strings.Contains(view, o.WhyOffline) || strings.Contains(view, "EOF") || strings.Contains(view, "Post") {
		t.Errorf("the waiting move's message:\n%s", view)
	}
	if strings.Contains(view, "Сервер: "+o.WhyOffline) {
		t.Errorf("hrdesk's own words are said as the server's:\n%s", view)
	}
	m.SetEntries(m.entries[1:])
	if view := ansi.Strip(m.View()); !strings.Contains(view, "Сервер: Резюме не найдено") {
		t.Errorf("the refusal's words are not the server's:\n%s", view)
	}
}
