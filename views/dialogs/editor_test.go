package dialogs

import (
	"errors"
	"os"
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

// pathEditor is a local editor that never runs: it keeps the file's path.
type pathEditor struct{ path *string }

func (pathEditor) Available() error { return nil }
func (e pathEditor) Command(path string) (*exec.Cmd, error) {
	*e.path = path
	return exec.Command("true"), nil
}

func letterWithTemplates(t *testing.T, ed Editor) *LetterDialog {
	t.Helper()
	set := store.TemplateSet{Templates: []store.Template{
		{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: "Ждём вас в офисе."},
		{ID: 2, Name: "Онлайн", Subject: "Онлайн-встреча", Body: "Ссылка придёт письмом."},
	}}
	d := NewLetterDialog(newCommon(), store.ActionInvite, []int64{7}, set, ed)
	d.SetSize(100, 30)
	return d
}

// Issue 10, defect 7: the $EDITOR round trip.
func TestEditorRoundTrip(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var path string
	d := letterWithTemplates(t, pathEditor{&path})
	d.focusField(2)
	if cmd := d.edit(); cmd == nil || path == "" {
		t.Fatal("no editor command")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(b), "\n") {
		t.Errorf("the editor's file has no last newline: %q (a line added after it runs into it)", b)
	}
	// The recruiter adds a line, the editor saves with its newline.
	os.WriteFile(path, append(b, []byte("P.S. Возьмите паспорт.\n")...), 0o600)
	msg := readEdited(path)
	if msg.err != nil || msg.text != "Ждём вас в офисе.\nP.S. Возьмите паспорт." {
		t.Fatalf("read back %q %v", msg.text, msg.err)
	}
	// The preview shows the edited text at once, not the template's.
	_, cmd := d.Update(msg)
	d.focusField(0)
	if cmd == nil {
		t.Fatal("no preview after the edit")
	}
	if pm, ok := cmd().(previewMsg); ok {
		d.Update(pm)
	}
	if v := ansi.Strip(d.View()); !strings.Contains(v, "Возьмите паспорт") {
		t.Errorf("the preview still shows the template:\n%s", v)
	}
}

func TestAnotherTemplateAsksBeforeDroppingEdits(t *testing.T) {
	d := letterWithTemplates(t, nil)
	d.focusField(2)
	for _, r := range " Можно с собакой." {
		d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	d.focusField(0)
	d.Update(keyMsg("j"))
	if v := ansi.Strip(d.View()); !strings.Contains(v, "Discard your changes?") {
		t.Fatalf("moving to another template did not ask:\n%s", v)
	}
	d.Update(keyMsg("n"))
	if d.list.Cursor != 0 || !strings.Contains(d.body.Value(), "Можно с собакой.") {
		t.Fatalf("no: cursor %d, body %q", d.list.Cursor, d.body.Value())
	}
	d.Update(keyMsg("j"))
	d.Update(keyMsg("y"))
	if d.list.Cursor != 1 || d.body.Value() != "Ссылка придёт письмом." {
		t.Errorf("yes: cursor %d, body %q", d.list.Cursor, d.body.Value())
	}
	// Without edits the cursor moves at once.
	d.Update(keyMsg("k"))
	if d.list.Cursor != 0 {
		t.Errorf("an unedited template asked: cursor %d", d.list.Cursor)
	}
}
