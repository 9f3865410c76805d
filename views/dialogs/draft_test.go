package dialogs

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// A letter's draft is offered on its own template, opened on its text, and
// only to the same kind of letter on the same resumes; a draft whose
// template is gone keeps its text on the first one.
func TestLetterDraftOpensOnItsTemplate(t *testing.T) {
	c := newCommon()
	set := store.TemplateSet{Templates: []store.Template{
		{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: "Ждём вас в офисе."},
		{ID: 2, Name: "Онлайн", Subject: "Онлайн-встреча", Body: "Ссылка придёт письмом."},
	}}
	c.Drafts.Put(action.DraftKey("invite", 9, 7), action.Draft{At: time.Unix(0, 0), TemplateID: 2, Subject: "Онлайн, 10:00", Body: "Ссылка: meet"})
	d := NewLetterDialog(c, store.ActionInvite, []int64{7, 9}, set, nil)
	d.SetSize(100, 30)
	if d.list.Cursor != 1 || d.field != 2 || d.subject.Value() != "Онлайн, 10:00" || d.body.Value() != "Ссылка: meet" {
		t.Fatalf("draft opened on template %d, field %d: %q / %q", d.list.Cursor, d.field, d.subject.Value(), d.body.Value())
	}
	if v := ansi.Strip(d.View()); !strings.Contains(v, "Draft from 00:00 · ctrl+x discards it") || !strings.Contains(v, "esc Keep draft") {
		t.Errorf("the dialog does not say it offers a draft:\n%s", v)
	}
	if r := NewLetterDialog(c, store.ActionReject, []int64{7, 9}, set, nil); r.body.Value() == "Ссылка: meet" {
		t.Error("a rejection was offered the invitation's draft")
	}
	if o := NewLetterDialog(c, store.ActionInvite, []int64{7}, set, nil); o.body.Value() == "Ссылка: meet" {
		t.Error("one of the two resumes was offered the bulk's draft")
	}
	// ctrl+x: the template's text again, and nothing to keep.
	d.Update(panetest.Key(t, "ctrl+x"))
	if _, _, keep := d.Draft(); keep || d.body.Value() != "Ссылка придёт письмом." {
		t.Fatalf("after ctrl+x: body %q, keep %v", d.body.Value(), keep)
	}
	if v := ansi.Strip(d.View()); strings.Contains(v, "Draft from") {
		t.Errorf("a discarded draft is still announced:\n%s", v)
	}
	c.Drafts.Put(action.DraftKey("invite", 7), action.Draft{TemplateID: 99, Body: "шаблона больше нет"})
	g := NewLetterDialog(c, store.ActionInvite, []int64{7}, set, nil)
	if _, dr, keep := g.Draft(); !keep || dr.TemplateID != 1 || dr.Body != "шаблона больше нет" {
		t.Fatalf("a draft of a gone template: %+v, keep %v", dr, keep)
	}
}

// Typing back to the template's own text leaves nothing to keep.
func TestLetterUntouchedKeepsNoDraft(t *testing.T) {
	d := letterWithTemplates(t, nil)
	d.focusField(2)
	d.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
	if _, _, keep := d.Draft(); !keep {
		t.Fatal("typed text is not kept")
	}
	d.Update(panetest.Key(t, "backspace"))
	if _, _, keep := d.Draft(); keep {
		t.Fatal("the template's own text is kept as a draft")
	}
}
