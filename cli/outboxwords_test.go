package cli

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/ui"
)

// A refusal in the Russian workstation reads in the service's words, not
// behind the request's English method, path and status (issue 28 §6), on
// the outbox screen and in `hrdesk outbox`, whose table is Russian too.
func TestOutboxRefusalsInTheProfilesLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a, st, w := profileWorkspace(t, e)
	ctx := context.Background()
	b := w.Backend(nil)
	inbox := e.srv.OwnResumeIDs(0)
	if len(inbox) == 0 {
		t.Fatal("the fake's inbox is empty")
	}
	e.srv.Hide(inbox[0])
	id, err := st.Enqueue(ctx, store.Action{ResumeID: inbox[0], Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Push(ctx); err != nil {
		t.Fatal(err)
	}
	refused, err := st.Action(ctx, id)
	if err != nil || refused.State != store.StateFailed {
		t.Fatalf("the move of a hidden resume: %+v %v", refused, err)
	}
	if refused.Error != "Резюме не найдено" {
		t.Errorf("the outbox keeps %q, not the service's words", refused.Error)
	}
	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(st, b, ui.Options{Common: c, ThemeOptions: opts, DetailDelay: -1})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drain(t, m, cmd)
	keys(t, m, "7")
	v := ansi.Strip(m.View().Content)
	if !strings.Contains(v, "Резюме не найдено") || !strings.Contains(v, "Исходящие") {
		t.Errorf("the Russian outbox screen:\n%s", v)
	}
	for _, english := range []string{"POST", "HTTP", "refused"} {
		if strings.Contains(v, english) {
			t.Errorf("the Russian outbox screen says %q:\n%s", english, v)
		}
	}
	_, out, _ := e.run("", "outbox")
	for _, want := range []string{"СОСТОЯНИЕ", "отказ", "перенос → considered", "Резюме не найдено"} {
		if !strings.Contains(out, want) {
			t.Errorf("hrdesk outbox in Russian lacks %q:\n%s", want, out)
		}
	}
}
