package ui

import (
	"strings"
	"testing"
)

// Issue 10, defect 9: dialogs and questions name what they act on: the
// applicant, the vacancy, the comment.
func TestDialogsNameWhatTheyActOn(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 140, 40)
	row, _ := m.triage.List().Selected()
	name := row.DisplayName
	if name == "" {
		t.Fatal("the fixture's first resume has no name")
	}
	for _, keys := range [][]string{{"i"}, {"x"}, {"e"}, {"M"}, {"m"}, {"c"}, {"b"}, {"o"}} {
		press(t, m, keys...)
		if m.dialog == nil {
			t.Fatalf("%v opened nothing", keys)
		}
		if out := screen(m); !strings.Contains(out, "— "+name) {
			t.Errorf("%v: the dialog does not name %q:\n%s", keys, name, out)
		}
		press(t, m, "esc")
	}
	cat := catalogFixture(t)
	v, _ := newModel(t, cat, 140, 40)
	press(t, v, "5", "j", "X") // the Go vacancy
	if out := screen(v); !strings.Contains(out, "— Программист Go") {
		t.Errorf("the archive question does not name the vacancy:\n%s", out)
	}
}
