package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/store"
)

// clockedOutbox is the cache with the outbox's times on the test clock:
// the store stamps actions with the real one.
type clockedOutbox struct{ *store.Store }

func (s clockedOutbox) OutboxEntries(ctx context.Context) ([]store.OutboxEntry, error) {
	es, err := s.Store.OutboxEntries(ctx)
	for i := range es {
		es[i].CreatedAt = testNow.Add(-time.Duration(len(es)-i) * 7 * time.Minute)
		if !es[i].NotBefore.IsZero() {
			es[i].NotBefore = testNow.Add(7 * time.Second)
		}
	}
	return es, err
}

// outboxFixture puts one action in each state the screen shows in the
// cache, and returns the resumes they are about, in that order: waiting,
// held, sending, refused, unknown.
func outboxFixture(t *testing.T, st *store.Store) []int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := st.ListEntries(ctx, store.ListQuery{Folder: store.FolderInbox, Limit: 5})
	if err != nil || len(rows) < 5 {
		t.Fatalf("inbox: %v %v", len(rows), err)
	}
	var ids []int64
	for _, r := range rows {
		ids = append(ids, r.ResumeID)
	}
	queue := func(a store.Action) int64 {
		id, err := st.Enqueue(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	sent := func(id int64, end func(context.Context, int64, string) error, msg string) {
		if err := st.MarkInFlight(ctx, id); err != nil {
			t.Fatal(err)
		}
		if end != nil {
			if err := end(ctx, id, msg); err != nil {
				t.Fatal(err)
			}
		}
	}
	queue(store.Action{ResumeID: ids[0], Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}})
	queue(store.Action{ResumeID: ids[1], Kind: store.ActionInvite, NotBefore: time.Now().Add(time.Hour),
		Payload: store.ActionPayload{TemplateID: 7, Subject: "Собеседование в пятницу"}})
	sent(queue(store.Action{ResumeID: ids[2], Kind: store.ActionLater}), nil, "")
	sent(queue(store.Action{ResumeID: ids[3], Kind: store.ActionMailTo, Payload: store.ActionPayload{Email: "boss@example.com", Body: "x"}}),
		st.MarkFailed, "Ошибка валидации: \x1b[31mНеверный адрес\x1b[0m электронной почты; проверьте адрес получателя и отправьте письмо ещё раз, или отмените его")
	sent(queue(store.Action{ResumeID: ids[4], Kind: store.ActionCommentAdd, Payload: store.ActionPayload{Text: "Сильный кандидат, позвать на второй этап"}}),
		st.MarkUnknown, "context deadline exceeded")
	return ids
}

// The outbox screen at both sizes in both languages, every state on it.
func TestGoldenOutbox(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, size := range [][2]int{{80, 24}, {140, 40}} {
			w, h := size[0], size[1]
			t.Run(fmt.Sprintf("%s_%dx%d", lang, w, h), func(t *testing.T) {
				st := fixture(t, 30)
				outboxFixture(t, st)
				m := newModelIn(t, clockedOutbox{st}, lang, w, h)
				press(t, m, "7")
				out := screen(m)
				golden.RequireEqual(t, []byte(out))
				if strings.Contains(out, "\x1b") {
					t.Error("the server's escape sequence reached the screen")
				}
				t.Run("unknown", func(t *testing.T) {
					press(t, m, "G")
					golden.RequireEqual(t, []byte(screen(m)))
				})
			})
		}
	}
}

// The list's marker leads to its entry: 7 on a resume whose action the
// server refused opens the outbox on that action.
func TestOutboxOpensOnTheMarkedResume(t *testing.T) {
	st := fixture(t, 30)
	ids := outboxFixture(t, st)
	m, _ := newModel(t, st, 120, 30)
	for range 10 {
		if r, _ := m.triage.List().Selected(); r.ResumeID == ids[3] {
			break
		}
		press(t, m, "j")
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID != ids[3] || r.Failed == 0 {
		t.Fatalf("the refused resume is not under the cursor: %+v", r)
	}
	press(t, m, "7")
	e, ok := m.outboxPane().Selected()
	if !ok || e.ResumeID != ids[3] || e.State != store.StateFailed {
		t.Fatalf("the outbox opened on %+v, want the refused action of %d", e, ids[3])
	}
	// esc goes back to the list as it was.
	press(t, m, "esc")
	if r, _ := m.triage.List().Selected(); m.mode != paneTriage || r.ResumeID != ids[3] {
		t.Errorf("esc: mode %v, cursor on %d", m.mode, r.ResumeID)
	}
}

// r, d and c act only on actions in a state they apply to; with marks,
// on every marked one that is, and the rest is counted as left alone.
func TestOutboxKeysOnMarks(t *testing.T) {
	st := fixture(t, 30)
	outboxFixture(t, st)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "7", "a", "r") // all marked: only the refused and the unknown go again
	if out := screen(m); !strings.Contains(out, "sent again: 2 · 3 left as they were") {
		t.Errorf("r on every action:\n%s", out)
	}
	as, err := st.ListOutbox(context.Background(), store.StateFailed, store.StateUnknown)
	if err != nil || len(as) != 0 {
		t.Errorf("after r on all, failed or unknown: %d %v", len(as), err)
	}
}

// The outbox's count reaching the tabs while help covers the outbox
// screen keeps its tab marked as the one shown.
func TestOutboxTabStaysMarkedUnderHelp(t *testing.T) {
	st := fixture(t, 30)
	outboxFixture(t, st)
	m, _ := newModel(t, st, 100, 30)
	press(t, m, "7", "?")
	run(t, m, m.loadCounts())
	press(t, m, "?")
	if m.mode != paneOutbox || m.triage.Folders().Active() != 2 {
		t.Errorf("back from help: mode %v, active tab %d", m.mode, m.triage.Folders().Active())
	}
}
