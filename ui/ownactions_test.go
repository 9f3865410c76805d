package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/hostexec"
	"hrdesk/keymap"
	"hrdesk/ownactions"
	"hrdesk/views/dialogs"
)

// ownModel is a workstation of a few resumes with the own actions cs.
func ownModel(t *testing.T, cs ...config.Action) *Model {
	t.Helper()
	km := keymap.Default()
	own, err := ownactions.Bind(&km, cs)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := newModelWith(t, fixture(t, 9), km, 120, 30, func(o *Options) {
		o.Own, o.OwnRunner = own, ownactions.Runner{Host: hostexec.Host{}}
	})
	return m
}

// The key runs the program on the highlighted resume and its output
// shows in a box; esc closes it.
func TestAnOwnActionShowsItsOutput(t *testing.T) {
	m := ownModel(t, config.Action{Key: "P", Name: "Echo", Command: []string{"/bin/sh", "-c", "echo ran $0; cat", "{{.ResumeID}}"}})
	row, _ := m.triage.List().Selected()
	press(t, m, "P")
	out := screen(m)
	for _, want := range []string{"Echo", "✓ " + m.triage.List().Name(row.ResumeID), "ran 1000", `"id":1000`} {
		if !strings.Contains(out, want) {
			t.Errorf("the box lacks %q:\n%s", want, out)
		}
	}
	press(t, m, "esc")
	if m.dialog != nil {
		t.Errorf("esc left the box open:\n%s", screen(m))
	}
}

// Each marked resume gets its own run; a failure says its exit and last
// lines.
func TestAnOwnActionOnTheMarkedAndAFailure(t *testing.T) {
	m := ownModel(t, config.Action{Key: "P", Name: "Fail", Command: []string{"/bin/sh", "-c", "echo first $0; echo last $0; exit 4", "{{.ResumeID}}"}})
	press(t, m, "space", "space")
	ids := m.triage.List().Marked()
	if len(ids) != 2 {
		t.Fatalf("marked %v", ids)
	}
	press(t, m, "P")
	out := screen(m)
	for _, id := range ids {
		name := m.triage.List().Name(id)
		if !strings.Contains(out, "✗ "+name+": exit status 4") || !strings.Contains(out, fmt.Sprintf("last %d", id)) {
			t.Errorf("no failure with its last line for %s:\n%s", name, out)
		}
	}
}

// confirm = true asks first, in the workstation's question box; no runs
// nothing, yes runs it.
func TestAnOwnActionAsksFirst(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "ran")
	m := ownModel(t, config.Action{Key: "P", Name: "Touch", Confirm: true, Command: []string{"touch", marker}})
	press(t, m, "P")
	if _, ok := m.dialog.(*ownDialog); !ok || !strings.Contains(screen(m), "Run “Touch” on 1 resume(s)?") {
		t.Fatalf("no question:\n%s", screen(m))
	}
	press(t, m, "n")
	if m.dialog != nil {
		t.Fatalf("no left a box:\n%s", screen(m))
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("no ran the program")
	}
	press(t, m, "P", "y")
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("yes did not run it: %v\n%s", err, screen(m))
	}
	if !strings.Contains(screen(m), "✓ ") {
		t.Errorf("no result after yes:\n%s", screen(m))
	}
}

// Help and the palette list it by name; the question is the same box as
// the workstation's other questions.
func TestOwnActionsInHelpAndThePalette(t *testing.T) {
	m := ownModel(t, config.Action{Key: "P", Name: "Push to the ATS", Confirm: true, Command: []string{"true"}})
	press(t, m, "?")
	if out := screen(m); !strings.Contains(out, "Own actions") || !strings.Contains(out, "Push to the ATS") {
		t.Errorf("help does not list it:\n%s", out)
	}
	press(t, m, "esc", ":")
	typeText(t, m, "ats")
	if out := screen(m); !strings.Contains(out, "Push to the ATS") {
		t.Errorf("the palette does not find it:\n%s", out)
	}
	press(t, m, "enter")
	d, ok := m.dialog.(*ownDialog)
	if !ok || d.ask == nil {
		t.Fatalf("enter on it asked nothing:\n%s", screen(m))
	}
	var _ dialogs.Dialog = d.ask // the workstation's own question box
}
