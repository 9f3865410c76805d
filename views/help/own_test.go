package help

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
)

// Help lists the own actions under their group, each key with its name,
// and no such group when there are none (a served session).
func TestHelpListsOwnActions(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := panetest.Colour(lang)
		group := c.Text.Own().Group
		m := opened(c, 140, 40)
		if view := ansi.Strip(m.View()); strings.Contains(view, group) {
			t.Errorf("%v: an own actions' group without any:\n%s", lang, view)
		}
		m.SetOwn([]key.Binding{key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "Push to the ATS"))})
		view := ansi.Strip(m.View())
		if !strings.Contains(view, group) || !strings.Contains(view, "P") || !strings.Contains(view, "Push to the ATS") {
			t.Errorf("%v: help does not list the own action:\n%s", lang, view)
		}
	}
}
