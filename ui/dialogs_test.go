package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/store"
)

func withTemplates(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	sets := map[store.TemplateKind][]store.Template{
		store.TemplateInvitation: {{ID: 1, Name: "Собеседование", Subject: "Приглашение", Body: "Ждём вас в офисе."}, {ID: 2, Name: "Онлайн", Subject: "Онлайн-встреча", Body: "Ссылка придёт позже."}},
		store.TemplateRejection:  {{ID: 11, Name: "Вежливый отказ", Subject: "Ответ", Body: "К сожалению, нет."}},
		store.TemplateMail:       {{ID: 21, Name: "Уточнить", Subject: "Вопрос", Body: "Какие ожидания?"}},
	}
	for kind, ts := range sets {
		if err := st.ReplaceTemplates(ctx, kind, kind != store.TemplateRejection, ts); err != nil {
			t.Fatal(err)
		}
	}
}

func pendingActions(t *testing.T, st *store.Store) []store.Action {
	t.Helper()
	a, err := st.ListOutbox(context.Background(), store.StatePending)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestMoveThroughTheDialog(t *testing.T) {
	st := fixture(t, 20)
	m, b := newModel(t, st, 80, 24)
	row, _ := m.triage.List().Selected()
	press(t, m, "m")
	if m.dialog == nil {
		t.Fatal("m opened no dialog")
	}
	golden.RequireEqual(t, []byte(screen(m)))
	press(t, m, "4")
	acts := pendingActions(t, st)
	if m.dialog != nil || len(acts) != 1 || acts[0].Kind != store.ActionMove || acts[0].Payload.Folder != store.FolderRefused || acts[0].ResumeID != row.ResumeID {
		t.Fatalf("move: %+v", acts)
	}
	if d, _ := st.Entry(context.Background(), row.ResumeID); d.Folder != store.FolderRefused || b.pushes == 0 {
		t.Errorf("folder %s, pushes %d", d.Folder, b.pushes)
	}
}

func TestBulkRejectWithoutLetter(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 140, 40)
	press(t, m, "space", "space", "x")
	if m.dialog == nil {
		t.Fatal("x opened no dialog")
	}
	golden.RequireEqual(t, []byte(screen(m)))
	press(t, m, "enter") // the first choice: without a letter
	if n := len(pendingActions(t, st)); n != 0 {
		t.Fatalf("a bulk reject went without asking: %d queued", n)
	}
	press(t, m, "y") // more than one applicant: asked first (issue 10, defect 1)
	acts := pendingActions(t, st)
	if len(acts) != 2 || acts[0].Kind != store.ActionReject || acts[0].Payload.TemplateID != 0 || acts[1].ResumeID == acts[0].ResumeID {
		t.Fatalf("bulk reject: %+v", acts)
	}
}

func TestInviteWithEditedSubject(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 120, 40)
	press(t, m, "i", "j", "tab")
	for _, r := range "!" {
		press(t, m, string(r))
	}
	press(t, m, "tab", "tab") // body, SMS
	press(t, m, "space")
	send(t, m, ctrlS())
	acts := pendingActions(t, st)
	if len(acts) != 1 {
		t.Fatalf("invite queued %d", len(acts))
	}
	p := acts[0].Payload
	if acts[0].Kind != store.ActionInvite || p.TemplateID != 2 || p.Subject != "Онлайн-встреча!" || !p.SendSMS || !strings.Contains(p.Body, "Ссылка") {
		t.Errorf("invite payload %+v", p)
	}
}

func TestCommentAndMailTo(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "c", "о", "к", "enter")
	press(t, m, "M")
	for _, r := range "boss@example.com" {
		press(t, m, string(r))
	}
	press(t, m, "enter")
	acts := pendingActions(t, st)
	if len(acts) != 2 || acts[0].Kind != store.ActionCommentAdd || acts[0].Payload.Text != "ок" ||
		acts[1].Kind != store.ActionMailTo || acts[1].Payload.Email != "boss@example.com" {
		t.Fatalf("outbox %+v", acts)
	}
	press(t, m, "M", "x", "enter")
	if m.dialog == nil || !strings.Contains(screen(m), "✗") {
		t.Error("an invalid address was accepted")
	}
}

func TestBuyContactsFailureInPlainWords(t *testing.T) {
	st := fixture(t, 10)
	m, b := newModel(t, st, 120, 30)
	m.opts.Explain = func(err error) problem.Problem { return problem.Problem{Kind: problem.Refused, Detail: err.Error()} }
	b.buyErr = errors.New("not enough money on the account to buy contacts")
	press(t, m, "b")
	if !strings.Contains(screen(m), "paid") {
		t.Error("no cost warning")
	}
	press(t, m, "enter") // the default is No
	if len(b.bought) != 0 {
		t.Fatal("enter on the default button bought contacts")
	}
	press(t, m, "b", "y")
	if len(b.bought) != 1 || !strings.Contains(screen(m), "not enough money") {
		t.Errorf("bought %v\n%s", b.bought, screen(m))
	}
}

// TestGoldenEveryScreen covers each folder, the detail tabs, offline with
// pending actions and each dialog, at both sizes.
func TestGoldenEveryScreen(t *testing.T) {
	st := fixture(t, 60)
	withTemplates(t, st)
	screens := map[string][]string{
		"considered": {"2"}, "invited": {"3"},
		"resume": {"enter"}, "history": {"enter", "tab"}, "comments": {"enter", "tab", "tab"},
		"invite": {"i"}, "mail": {"e"}, "mailto": {"M"}, "comment": {"c"}, "buy": {"b"},
		"filter": {"/", "П", "о"},
	}
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		for name, keys := range screens {
			t.Run(fmt.Sprintf("%s_%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				m, _ := newModel(t, st, sz[0], sz[1])
				press(t, m, keys...)
				golden.RequireEqual(t, []byte(screen(m)))
			})
		}
		t.Run(fmt.Sprintf("offline_pending_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m, _ := newModel(t, st, sz[0], sz[1])
			m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
			press(t, m, "space", "l")
			send(t, m, syncDoneMsg{err: errors.New("dial tcp: connection refused")})
			golden.RequireEqual(t, []byte(screen(m)))
			if !strings.Contains(screen(m), "offline") {
				t.Error("not shown as offline")
			}
		})
	}
}
