package dialogs

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/criteria"
)

// A dialog's key hint never cuts a key: in Russian at an 80×24 screen each
// "key word" of the hint shows whole on some line, and at the narrowest
// dialog each key ("es…" was the letter dialog's cancel key, issue 19
// §2.8).
func TestDialogHintsWrapInsteadOfCutting(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := panetest.Plain(lang)
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

// A text field is as wide as the box leaves it: an empty address or
// subject is not cut (it ended in a stray "…": the cursor's cell is past
// the field's width).
func TestFieldsFitTheBox(t *testing.T) {
	c := newCommon()
	set := store.TemplateSet{Templates: []store.Template{{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: "Ждём вас."}}}
	letter := NewLetterDialog(c, store.ActionInvite, []int64{7}, set, nil)
	mailTo, _ := NewMailToDialog(c, []int64{7})
	for _, w := range []int{80, 120} {
		letter.SetSize(w, 30)
		drive(letter, "tab") // to the subject
		mailTo.SetSize(w, 30)
		for name, d := range map[string]Dialog{"letter": letter, "mail to": mailTo} {
			if v := ansi.Strip(d.View()); strings.Contains(v, c.Styles.Glyphs.Ellipsis) {
				t.Errorf("%s at %d: something is cut:\n%s", name, w, v)
			}
		}
	}
}
