package help

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/keymap"
	"hrdesk/views/common"
)

// Help says the snooze exists, on its key as the keymap has it, that it
// stays in this profile (issue 31 §4), and that u takes it back, on undo's
// key (issue 28 §2).
func TestHelpSaysTheSnoozeIsLocal(t *testing.T) {
	helpSays(t, "snooze", func(c *common.Common, k keymap.KeyMap) string {
		return fmt.Sprintf(c.Text.Snooze().HelpLine, k.Snooze.Help().Key, k.Undo.Help().Key)
	})
	helpSays(t, "undo", func(c *common.Common, k keymap.KeyMap) string {
		return fmt.Sprintf(c.Text.Snooze().HelpLine, k.Snooze.Help().Key, k.Undo.Help().Key)
	})
}

// helpSays checks help's text holds line in both languages, with the
// keymap's own key for action and with it rebound to ctrl+p.
func helpSays(t *testing.T, action string, line func(*common.Common, keymap.KeyMap) string) {
	t.Helper()
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		km := keymap.Default()
		if err := keymap.Apply(&km, map[string][]string{action: {"ctrl+p"}}); err != nil {
			t.Fatal(err)
		}
		for _, k := range []keymap.KeyMap{keymap.Default(), km} {
			c := panetest.Colour(lang, panetest.Keymap(k))
			view := ansi.Strip(opened(c, 140, 40).View())
			if want := line(c, k); !strings.Contains(view, want) {
				t.Errorf("%v: help does not say %q:\n%s", lang, want, view)
			}
		}
	}
}
