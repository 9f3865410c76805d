package dialogs

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// The letter dialog is never taller than the height it is given (issue 28
// §4: at 80×24, after tab, it took all 24 lines and hid the strip and the
// status bar): on its list with a long template, and in its fields, with a
// draft and the SMS box, at the heights an 80×24 to 80×40 screen leaves it
// (the screen's less the strip and the status bar), its text box at least
// three lines.
func TestLetterDialogKeepsToItsHeight(t *testing.T) {
	long := strings.Repeat("Строка письма.\n\n", 12)
	two := store.TemplateSet{SendSMS: true, Templates: []store.Template{
		{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: long},
		{ID: 2, Name: "Онлайн", Subject: "Онлайн-встреча", Body: "Ссылка придёт письмом."},
	}}
	many := store.TemplateSet{SendSMS: true}
	for i := range 14 {
		many.Templates = append(many.Templates, store.Template{ID: int64(i + 1), Name: fmt.Sprint("Шаблон ", i+1), Subject: "Тема", Body: long})
	}
	for _, set := range []store.TemplateSet{two, many} {
		for _, draft := range []bool{false, true} {
			for h := 21; h <= 37; h++ {
				for _, tabs := range []int{0, 1, 2, 3} {
					t.Run(fmt.Sprintf("%d/draft=%v/h=%d/tabs=%d", len(set.Templates), draft, h, tabs), func(t *testing.T) {
						c := newCommon()
						if draft {
							c.Drafts.Put(action.DraftKey("invite", 7), action.Draft{At: time.Unix(0, 0), TemplateID: 1, Body: "Черновик"})
						}
						d := NewLetterDialog(c, store.ActionInvite, []int64{7}, set, nil)
						d.SetSize(80, h)
						d.Update(renderedPreview(d))
						for range tabs {
							d.Update(panetest.Key(t, "tab"))
						}
						v := d.View()
						if n := len(strings.Split(v, "\n")); n > h {
							t.Errorf("%d lines at a height of %d:\n%s", n, h, v)
						}
						if d.field > 0 && d.body.Height() < 3 {
							t.Errorf("the text box has %d lines", d.body.Height())
						}
						if name := d.template().Name; !strings.Contains(v, name+" ") {
							t.Errorf("the chosen template %q is not shown:\n%s", name, v)
						}
					})
				}
			}
		}
	}
}

// renderedPreview is the preview the dialog asked for, rendered.
func renderedPreview(d *LetterDialog) previewMsg {
	cmd := d.Preview()
	if cmd == nil {
		return previewMsg{}
	}
	if msg, ok := cmd().(previewMsg); ok {
		return msg
	}
	return previewMsg{}
}
