package ui

import (
	"context"
	"errors"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/theme"
)

// Issue 28 §5: the filter dialog's vacancy counts follow its "where"
// choice: "All folders" counts every folder, not the inbox. Программист Go
// has two responses in the inbox and a third, refused.
func TestFilterDialogCountsFollowWhere(t *testing.T) {
	st := repeatFixture(t)
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := newModelIn(t, st, lang, 120, 40)
		press(t, m, "F", "down", "down", "down", "down", "down", "down", "down", "right") // the vacancy row: the most answered
		if out := screen(m); !strings.Contains(out, "Программист Go (2)") {
			t.Fatalf("%v: the inbox's count:\n%s", lang, out)
		}
		press(t, m, "up", "up", "up", "up", "up", "up", "up", "right") // where: every folder
		if out := screen(m); !strings.Contains(out, "Программист Go (3)") {
			t.Errorf("%v: every folder's count:\n%s", lang, out)
		}
		press(t, m, "left") // the folder again
		if out := screen(m); !strings.Contains(out, "Программист Go (2)") {
			t.Errorf("%v: back to the inbox's count:\n%s", lang, out)
		}
	}
}

// Issue 28 §5: a move whose answer was lost stays "waiting" in the outbox
// and is sent again by itself; that is right (a move ends in the same
// folder however often it is sent, contract 4.9), so the status line says
// what kept the answer away, not "see the outbox before sending again".
func TestALostAnswerToAMoveSaysWhatKeptIt(t *testing.T) {
	st := fixture(t, 20)
	for _, tc := range []struct {
		under problem.Kind
		want  string
	}{
		{problem.Offline, "server unreachable — working offline, actions are queued"},
		{problem.Timeout, "the server did not answer in time — queued actions are kept and sent later"},
	} {
		m, b := newModelWith(t, st, keymap.Default(), 240, 30, func(o *Options) { // wide enough for the undo offer beside the words
			o.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Ambiguous, Under: tc.under} }
		})
		b.pushErr = errors.New("no answer")
		press(t, m, "l")
		line := statusLine(m)
		if !strings.Contains(line, tc.want) || strings.Contains(line, "before") || strings.Contains(line, "no answer came back") {
			t.Errorf("under %v: %q, want %q", tc.under, line, tc.want)
		}
		if n := len(pendingActions(t, st)); n == 0 {
			t.Errorf("under %v: the move is not waiting to go again", tc.under)
		}
		press(t, m, "u")
	}
}

// Issue 28 §5: the countdown of a letter mailed to an address names the
// address it goes to, not the applicant it is about.
func TestMailToCountdownNamesTheRecipient(t *testing.T) {
	st := fixture(t, 10)
	m, _, _ := heldModel(t, st, 140, 40)
	name := m.triage.List().Name(m.triage.Shown())
	press(t, m, "M")
	for _, r := range "boss@example.com" {
		press(t, m, string(r))
	}
	press(t, m, "enter")
	acts := pendingActions(t, st)
	if len(acts) != 1 || acts[0].Kind != store.ActionMailTo {
		t.Fatalf("outbox %+v", acts)
	}
	line := statusLine(m)
	if !strings.Contains(line, "letter to boss@example.com leaves in 10 s") || (name != "" && strings.Contains(line, name)) {
		t.Errorf("countdown %q; want it to name boss@example.com, not %q", line, name)
	}
}

// Issue 28 §5: L again keeps the last login in its field (and takes the
// cursor to the password); the password is never kept. A login from
// config.toml is offered the same way.
func TestLoginKeepsTheLastLogin(t *testing.T) {
	st := fixture(t, 10)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &fakeBackend{loggedOut: true}
	m := New(st, b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	press(t, m, "h", "r", "@", "x", "tab", "s", "e", "c", "r", "e", "t", "enter")
	if m.mode == paneLogin {
		t.Fatalf("not logged in:\n%s", screen(m))
	}
	press(t, m, "L")
	if out := screen(m); m.mode != paneLogin || !strings.Contains(out, "hr@x") || strings.Contains(out, "••••••") {
		t.Fatalf("L again:\n%s", out)
	}
	press(t, m, "s", "e", "c", "r", "e", "t", "enter")
	if m.mode == paneLogin || b.syncs != 2 {
		t.Errorf("the kept login and a password did not log in (mode %v, %d syncs):\n%s", m.mode, b.syncs, screen(m))
	}

	c2 := panetest.Colour(i18n.RU, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	m2 := New(st, &fakeBackend{loggedOut: true}, Options{Common: c2, ThemeOptions: opts, MeterEvery: -1, Login: "anna@company.example"})
	run(t, m2, m2.Init())
	send(t, m2, tea.WindowSizeMsg{Width: 80, Height: 24})
	if out := screen(m2); !strings.Contains(out, "anna@company.example") || m2.login.Field() != 1 {
		t.Errorf("config's login not offered (field %d):\n%s", m2.login.Field(), out)
	}
}

// dialogText is the open dialog's words on one line: its wrapping and
// border undone.
func dialogText(m *Model) string {
	if m.dialog == nil {
		return ""
	}
	plain := strings.NewReplacer("│", " ", "┃", " ", "─", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ").Replace(ansi.Strip(m.dialog.View()))
	return strings.Join(strings.Fields(plain), " ")
}

// Issue 28 §5: giving up on a refused and an unknown action together says
// the server may have done the unknown one, and that the refused one it
// did not do; it said "The server may have done them" of both.
func TestGivingUpOnRefusedAndUnknownSaysWhichIsWhich(t *testing.T) {
	for _, tc := range []struct {
		lang      i18n.Lang
		want, not string
	}{
		{i18n.EN, "Actions with an unknown outcome to give up on: 1. The server may have done them; the next sync shows what it did. Refused actions cleared with them: 1 (the server did not do those).",
			"give up on: 2"},
		{i18n.RU, "Отказаться от действий с неясным исходом: 1. Сервер мог их выполнить; следующая синхронизация покажет. Вместе с ними убираются отклонённые сервером: 1 (их он не выполнил).",
			"действий: 2"},
	} {
		st := fixture(t, 30)
		ids := outboxFixture(t, st)
		m := newModelIn(t, clockedOutbox{st}, tc.lang, 120, 40)
		press(t, m, "7", "a", "d")
		if got := dialogText(m); !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%v: the question:\n%s\nwant %q", tc.lang, got, tc.want)
		}
		press(t, m, "y")
		left, err := st.ListOutbox(context.Background(), store.StateFailed, store.StateUnknown)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range left {
			if !a.Dismissed && (a.ResumeID == ids[3] || a.ResumeID == ids[4]) {
				t.Errorf("%v: still shown after giving up: %+v", tc.lang, a)
			}
		}
	}
}

// Issue 28 §5: the outbox emptied by giving up on refused actions says
// nothing waits; it said "every action has reached the server".
func TestOutboxEmptyAfterGivingUpSaysNothingWaits(t *testing.T) {
	for _, tc := range []struct {
		lang      i18n.Lang
		want, not string
	}{
		{i18n.EN, "The outbox is empty: nothing waits to be sent.", "reached the server"},
		{i18n.RU, "Исходящие пусты: ничего не ждёт отправки.", "дошли до сервера"},
	} {
		st := fixture(t, 10)
		ctx := context.Background()
		rows, err := st.ListEntries(ctx, store.ListQuery{Folder: store.FolderInbox, Limit: 1})
		if err != nil || len(rows) == 0 {
			t.Fatalf("inbox: %d %v", len(rows), err)
		}
		id, err := st.Enqueue(ctx, store.Action{ResumeID: rows[0].ResumeID, Kind: store.ActionCommentAdd, Payload: store.ActionPayload{Text: "ок"}})
		if err != nil || st.MarkInFlight(ctx, id) != nil || st.MarkFailed(ctx, id, "Нет такого резюме") != nil {
			t.Fatal("cannot refuse", err)
		}
		m := newModelIn(t, clockedOutbox{st}, tc.lang, 120, 30)
		press(t, m, "7", "d")
		if out := screen(m); !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
			t.Errorf("%v: after giving up:\n%s", tc.lang, out)
		}
	}
}

// Issue 28 §5: over SSH the letter dialog offers no ctrl+o: the external
// editor never runs there. At both sizes, in both languages, on the
// template list and in the fields.
func TestRemoteLetterDialogOffersNoEditor(t *testing.T) {
	st := fixture(t, 10)
	withTemplates(t, st)
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			m := newModelIn(t, st, lang, sz[0], sz[1])
			m.opts.Editor = hostexec.Host{Remote: true}.Editor()
			for _, keys := range [][]string{{"i"}, {"tab"}, {"tab"}} {
				press(t, m, keys...)
				if out := screen(m); m.dialog == nil || strings.Contains(out, "ctrl+o") || strings.Contains(out, "$EDITOR") {
					t.Errorf("%v %dx%d after %v:\n%s", lang, sz[0], sz[1], keys, out)
				}
			}
			press(t, m, "esc", "esc")
		}
	}
}
