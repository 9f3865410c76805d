package dialogs

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// A dialog's key hint never cuts a key: in Russian at an 80×24 screen each
// "key word" of the hint shows whole on some line, and at the narrowest
// dialog each key ("es…" was the letter dialog's cancel key, issue 19
// §2.8).
func TestDialogHintsWrapInsteadOfCutting(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := common.New(lang, keymap.Default(), func() time.Time { return time.Unix(0, 0) }, theme.WithNoColor(true))
		tx, k := c.Text, c.Keys
		set := store.TemplateSet{Templates: []store.Template{{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: "Ждём вас."}}}
		cases := []struct {
			name string
			d    Dialog
			keys []string
		}{
			{"letter", NewLetterDialog(c, store.ActionInvite, []int64{7}, set, pathEditor{new(string)}),
				[]string{keyLabel(k.DialogSubmit) + " " + tx.Buttons.Send, keyLabel(k.DialogEditor) + " " + tx.Buttons.Editor,
					keyLabel(k.DialogCancel) + " " + tx.Buttons.Cancel}},
			{"filters", NewFiltersDialog(c, criteria.Set{}, false, "Inbox", nil, nil), []string{keyLabel(k.DialogCancel)}},
		}
		for _, cs := range cases {
			for _, w := range []int{80, 28} {
				cs.d.SetSize(w, 24)
				view := ansi.Strip(cs.d.View())
				for _, want := range cs.keys {
					if w < 80 {
						// The narrowest dialog may cut a long word, not a key.
						want, _, _ = strings.Cut(want, " ")
						want += " "
					}
					if !strings.Contains(view, want) {
						t.Errorf("%s %s at %d columns: %q is not whole:\n%s", lang, cs.name, w, want, view)
					}
				}
			}
		}
	}
}
