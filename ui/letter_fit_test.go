package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"hrdesk/i18n"
)

// Issue 28 §4: at 80×24, after tab into its fields, the letter dialog sat
// on the screen box's top and bottom borders (its edges merged with those
// under the strip and over the footer). The box fits inside the screen
// box, whole: the strip, both borders and the status bar's two lines in
// sight, the subject, the text, the SMS box and the keys inside it; with
// a draft's line too, in both languages.
func TestLetterFieldsInsideTheScreenBox(t *testing.T) {
	border := map[int]*regexp.Regexp{1: regexp.MustCompile(`^┏━+┓$`), 21: regexp.MustCompile(`^┗━+┛$`)}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, draft := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s_draft_%v", lang, draft), func(t *testing.T) {
				st := fixture(t, 20)
				withTemplates(t, st)
				m := newModelIn(t, st, lang, 80, 24)
				press(t, m, "i", "tab", "tab")
				if draft {
					typeIn(t, m, " До встречи.")
					press(t, m, "esc", "i")
				}
				out := screen(m)
				lines := strings.Split(out, "\n")
				if len(lines) != 24 {
					t.Fatalf("%d lines:\n%s", len(lines), out)
				}
				for i, re := range border {
					if !re.MatchString(lines[i]) {
						t.Errorf("line %d is not the screen box's border: %q\n%s", i, lines[i], out)
					}
				}
				top, bottom := -1, -1
				for i, l := range lines {
					if strings.Contains(l, "╭") && top < 0 {
						top = i
					}
					if strings.Contains(l, "╰") {
						bottom = i
					}
				}
				if top <= 1 || bottom >= 21 || bottom < top {
					t.Fatalf("the dialog's box is at lines %d–%d, not inside 2–20:\n%s", top, bottom, out)
				}
				if n := len(strings.Split(m.dialog.View(), "\n")); n != bottom-top+1 {
					t.Errorf("the box shows %d of its %d lines (the rest cut to fit):\n%s", bottom-top+1, n, out)
				}
				box := strings.Join(lines[top:bottom+1], "\n")
				d := i18n.For(lang)
				for _, want := range []string{d.Dialogs.Subject, d.Dialogs.Body, d.Buttons.SendSMS, "ctrl+s", "esc", "Ждём вас"} {
					if !strings.Contains(box, want) {
						t.Errorf("%q is not inside the box:\n%s", want, out)
					}
				}
				if !strings.HasPrefix(lines[0], "1 ") || !strings.Contains(lines[23], "?") {
					t.Errorf("the strip or the footer is gone:\n%s", out)
				}
			})
		}
	}
}
