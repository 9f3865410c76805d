package dialogs

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
)

// refusingEditor is a session served over SSH: no external editor.
type refusingEditor struct{ asked *int }

var errRefused = errors.New("not over SSH")

func (e refusingEditor) Available() error { return errRefused }
func (e refusingEditor) Command(string) (*exec.Cmd, error) {
	*e.asked++
	return nil, errRefused
}

func TestLetterEditorRefused(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	asked := 0
	set := store.TemplateSet{Templates: []store.Template{{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: "Здравствуйте"}}}
	d := NewLetterDialog(newCommon(), store.ActionInvite, []int64{7}, set, refusingEditor{&asked})
	d.SetSize(100, 30)
	if strings.Contains(ansi.Strip(d.View()), "ctrl+o") {
		t.Errorf("the footer offers an editor that is not there:\n%s", ansi.Strip(d.View()))
	}
	for _, field := range []int{0, 2} {
		d.focusField(field)
		_, cmd := d.Update(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl})
		if cmd == nil {
			t.Fatalf("field %d: ctrl+o did nothing visible", field)
		}
		msg, ok := cmd().(EditorUnavailableMsg)
		if !ok || !errors.Is(msg.Err, errRefused) {
			t.Fatalf("field %d: ctrl+o gave %#v, want EditorUnavailableMsg with the reason", field, msg)
		}
	}
	if asked != 0 {
		t.Errorf("the command was asked for %d times after Available refused", asked)
	}
	if files, _ := filepath.Glob(filepath.Join(tmp, "*")); len(files) > 0 {
		t.Errorf("files written for an editor that never runs: %v", files)
	}
}
