package dialogs

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// newCommon stands at the epoch: the drafts the tests keep are dated
// time.Unix(0, 0), and their "Draft from 00:00" is read at that clock.
func newCommon() *common.Common {
	c := panetest.Plain(i18n.EN, panetest.At(time.Unix(0, 0)))
	c.UserFolders = []common.UserFolder{{ID: "501", Name: "Shortlist"}}
	return c
}

// keyMsg is the key press the keymap names s (panetest's one builder).
func keyMsg(s string) tea.KeyPressMsg { return panetest.Press(s) }

func drive(d Dialog, keys ...string) action.Action {
	for _, k := range keys {
		if a, _ := d.Update(keyMsg(k)); a != nil {
			return a
		}
	}
	return nil
}

func TestFolderPicker(t *testing.T) {
	c := newCommon()
	p := NewFolderPicker(c, []int64{1, 2}, store.FolderInbox)
	p.SetSize(80, 24)
	if a := drive(p, "2"); a.(action.Move).Folder != store.FolderConsidered || len(a.(action.Move).ResumeIDs) != 2 {
		t.Errorf("2, the considered folder's key: %+v", a)
	}
	// A user folder has no key: "5" is the vacancies screen's.
	p = NewFolderPicker(c, []int64{1}, store.FolderInbox)
	if a := drive(p, "5"); a != nil {
		t.Errorf("5 chose %+v", a)
	}
	if a := drive(p, "j", "j", "j", "enter"); a.(action.Move).Folder != "501" {
		t.Errorf("down to the user folder: %+v", a)
	}
	p = NewFolderPicker(c, []int64{1}, store.FolderInbox)
	if a := drive(p, "j", "enter"); a.(action.Move).Folder != store.FolderInvited {
		t.Errorf("j enter from considered: %+v", a)
	}
	if _, ok := drive(NewFolderPicker(c, []int64{1}, store.FolderInbox), "esc").(action.Close); !ok {
		t.Error("esc")
	}
}

func TestLetterDialog(t *testing.T) {
	c := newCommon()
	set := store.TemplateSet{SendSMS: true, Templates: []store.Template{{ID: 7, Name: "A", Subject: "S", Body: "\x1b[31mB"}}}
	d := NewLetterDialog(c, store.ActionInvite, []int64{3}, set, nil)
	d.SetSize(80, 24)
	a := drive(d, "tab", "!", "ctrl+s").(action.Letter)
	if a.TemplateID != 7 || a.Subject != "S!" || a.Body != "B" || a.Kind != store.ActionInvite {
		t.Errorf("invite: %+v", a)
	}
	// To two applicants the dialog asks first, carrying the letter.
	r := NewLetterDialog(c, store.ActionReject, []int64{3, 4}, store.TemplateSet{}, nil)
	ask, ok := drive(r, "enter").(action.Confirm)
	if a, isLetter := ask.Then.(action.Letter); !ok || !isLetter || a.TemplateID != 0 || len(a.ResumeIDs) != 2 || !strings.Contains(ask.Question, "2") {
		t.Errorf("reject without letter: %+v", ask)
	}
	empty := NewLetterDialog(c, store.ActionSendMail, []int64{3}, store.TemplateSet{}, nil)
	if a := drive(empty, "ctrl+s"); a != nil {
		t.Errorf("mail without templates sent: %+v", a)
	}
}

func TestConfirmDefaultsToNo(t *testing.T) {
	c := newCommon()
	ask := action.Confirm{Title: "Buy", Question: "It costs money.", Yes: "Buy", Then: action.BuyContacts{ResumeID: 9}}
	if _, ok := drive(NewConfirmDialog(c, ask), "enter").(action.Close); !ok {
		t.Error("enter on the default must cancel")
	}
	if a := drive(NewConfirmDialog(c, ask), "tab", "enter"); a != (action.BuyContacts{ResumeID: 9}) {
		t.Errorf("confirm: %+v", a)
	}
	if a := drive(NewConfirmDialog(c, ask), "y"); a != (action.BuyContacts{ResumeID: 9}) {
		t.Errorf("y: %+v", a)
	}
}

func TestDialogsFitTheScreen(t *testing.T) {
	c := newCommon()
	long := strings.Repeat("очень длинное имя шаблона 👩‍💻 ", 40)
	for _, w := range []int{60, 80, 140, 200} {
		ds := []Dialog{
			NewFolderPicker(c, []int64{1}, store.FolderInbox),
			NewLetterDialog(c, store.ActionInvite, []int64{1, 2}, store.TemplateSet{SendSMS: true,
				Templates: []store.Template{{ID: 1, Name: long, Subject: long, Body: long}}}, nil),
			NewConfirmDialog(c, action.Confirm{Title: long, Question: long, Yes: "Yes", Then: action.Close{}}),
		}
		md, _ := NewMailToDialog(c, []int64{1})
		cd, _ := NewCommentDialog(c, 1)
		ds = append(ds, md, cd)
		for i, d := range ds {
			d.SetSize(w, 24)
			for _, l := range strings.Split(d.View(), "\n") {
				if got := ansi.StringWidth(l); got > w || got > maxWidth {
					t.Fatalf("dialog %d at %d columns: a line is %d wide", i, w, got)
				}
				if strings.Contains(l, "\x1b[31m") {
					t.Fatal("an escape from template text reached the dialog")
				}
			}
		}
	}
}

func TestLetterPreviewIsRenderedAndClean(t *testing.T) {
	c := newCommon()
	c.Styles = theme.New(true) // "notty" (NO_COLOR) keeps the ** markers by design
	set := store.TemplateSet{Templates: []store.Template{{ID: 1, Name: "A", Greeting: "Здравствуйте!", Body: "**Важно**: приходите\x1b]52;c;eA==\x07 вовремя."}}}
	d := NewLetterDialog(c, store.ActionInvite, []int64{1}, set, nil)
	d.SetSize(100, 30)
	cmd := d.Preview()
	if cmd == nil {
		t.Fatal("no preview command")
	}
	d.Update(cmd())
	out := d.View()
	if !strings.Contains(out, "Важно: приходите вовремя.") || !strings.Contains(out, "Здравствуйте!") {
		t.Errorf("preview not rendered from markdown:\n%s", ansi.Strip(out))
	}
	if strings.Contains(out, "\x1b]52") || strings.Contains(out, "**") {
		t.Error("raw markdown or an escape in the preview")
	}
}

// Issue 19 §2.7: the bulk question said "cannot be taken back" while u
// took the letters back for send_delay.
func TestBulkLetterQuestionKnowsTheUndoWindow(t *testing.T) {
	c := newCommon()
	set := store.TemplateSet{Templates: []store.Template{{ID: 7, Name: "A", Subject: "S", Body: "B"}}}
	for _, w := range []struct {
		undo time.Duration
		want string
	}{{10 * time.Second, "It leaves in 10 s; u takes it back until then."}, {0, "Once sent it cannot be taken back."}} {
		d := NewLetterDialog(c, store.ActionInvite, []int64{3, 4, 5}, set, nil)
		d.SetUndoWindow(w.undo)
		d.SetSize(80, 24)
		ask, ok := drive(d, "ctrl+s").(action.Confirm)
		if !ok || !strings.HasSuffix(ask.Question, w.want) {
			t.Errorf("undo window %s: %q, want it to end %q", w.undo, ask.Question, w.want)
		}
	}
}
