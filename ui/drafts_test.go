package ui

import (
	"context"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/dialogs"
)

// typeIn types s, one key press per character, into whatever takes text.
func typeIn(t *testing.T, m *Model, s string) {
	t.Helper()
	for _, c := range s {
		send(t, m, tea.KeyPressMsg{Code: c, Text: string(c)})
	}
}

// drafted is the text the open dialog holds ("" with none open).
func drafted(m *Model) string {
	d, ok := m.dialog.(dialogs.Drafter)
	if !ok {
		return ""
	}
	_, dr, _ := d.Draft()
	return dr.Email + dr.Body
}

// cachedDrafts is the drafts the cache keeps.
func cachedDrafts(t *testing.T, st *store.Store) []store.Draft {
	t.Helper()
	d, err := st.Drafts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Issue 26 §6: esc on an edited letter keeps its text; i on the same
// resume offers it back, saying so; sent, the draft is gone.
func TestEscKeepsTheLetterAndIOffersItBack(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 120, 40)
	press(t, m, "i", "tab", "tab")
	typeIn(t, m, " Ждём в 10:00.")
	press(t, m, "esc")
	if m.dialog != nil {
		t.Fatal("esc left the dialog open")
	}
	if s := screen(m); !strings.Contains(s, "Draft kept") {
		t.Errorf("the status line does not say the draft was kept:\n%s", s)
	}
	press(t, m, "i")
	if got := drafted(m); !strings.Contains(got, "Ждём вас в офисе. Ждём в 10:00.") {
		t.Fatalf("i offered %q, not the text typed", got)
	}
	if s := screen(m); !strings.Contains(s, "Draft from") || !strings.Contains(s, "ctrl+x") {
		t.Errorf("the dialog does not say the text is a draft:\n%s", s)
	}
	// Another resume, another letter: the draft is this resume's.
	press(t, m, "esc", "j", "i")
	if got := drafted(m); strings.Contains(got, "10:00") {
		t.Fatalf("another resume's letter got the draft: %q", got)
	}
	press(t, m, "esc", "k", "i")
	send(t, m, ctrlS())
	acts := pendingActions(t, st)
	if len(acts) != 1 || !strings.Contains(acts[0].Payload.Body, "Ждём в 10:00.") {
		t.Fatalf("the draft was not what went: %+v", acts)
	}
	if d := cachedDrafts(t, st); len(d) != 0 || m.c.Drafts.Len() != 0 {
		t.Fatalf("a sent letter kept its draft: cache %+v, session %d", d, m.c.Drafts.Len())
	}
	press(t, m, "i")
	if s := screen(m); strings.Contains(s, "Draft from") {
		t.Errorf("a sent letter is offered again:\n%s", s)
	}
}

// The cache keeps a draft: a workstation started again (after q, or a
// crash) offers the comment and the mail written before.
func TestDraftsSurviveARestart(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "c")
	typeIn(t, m, "позвонить в пятницу")
	press(t, m, "esc", "M")
	typeIn(t, m, "boss@example.com")
	press(t, m, "esc")
	if d := cachedDrafts(t, st); len(d) != 2 {
		t.Fatalf("cache keeps %+v", d)
	}
	m, _ = newModel(t, st, 120, 30)
	press(t, m, "c")
	if got := drafted(m); got != "позвонить в пятницу" {
		t.Fatalf("after a restart c offers %q", got)
	}
	press(t, m, "enter")
	if acts := pendingActions(t, st); len(acts) != 1 || acts[0].Payload.Text != "позвонить в пятницу" {
		t.Fatalf("outbox %+v", acts)
	}
	press(t, m, "M")
	if got := drafted(m); got != "boss@example.com" {
		t.Fatalf("after a restart M offers %q", got)
	}
	if d := cachedDrafts(t, st); len(d) != 1 || !strings.HasPrefix(d[0].Key, "mail_to:") {
		t.Fatalf("after the comment went the cache keeps %+v", d)
	}
	press(t, m, "enter")
	if d := cachedDrafts(t, st); len(d) != 0 || m.c.Drafts.Len() != 0 {
		t.Fatalf("after the mail went the cache keeps %+v", d)
	}
}

// ctrl+x throws the text away; esc then says so and nothing is offered.
func TestDiscardForgetsTheDraft(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "c")
	typeIn(t, m, "не то")
	press(t, m, "esc", "c", "ctrl+x")
	if got := drafted(m); got != "" {
		t.Fatalf("ctrl+x left %q", got)
	}
	press(t, m, "esc")
	if s := screen(m); !strings.Contains(s, "Draft discarded") {
		t.Errorf("the status line does not say the draft went:\n%s", s)
	}
	if d := cachedDrafts(t, st); len(d) != 0 {
		t.Fatalf("the cache keeps %+v", d)
	}
	press(t, m, "c")
	if got := drafted(m); got != "" {
		t.Fatalf("c offers %q after a discard", got)
	}
}

// No to a bulk letter's question keeps its text too; yes sends it and the
// draft goes.
func TestNoToABulkLetterKeepsItsText(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 140, 40)
	press(t, m, "space", "space", "e", "tab", "tab")
	typeIn(t, m, " Срок — пятница.")
	send(t, m, ctrlS())
	press(t, m, "n")
	if m.dialog != nil || len(pendingActions(t, st)) != 0 {
		t.Fatal("no did not close the question without sending")
	}
	if s := screen(m); !strings.Contains(s, "Draft kept") {
		t.Errorf("no said nothing of the text:\n%s", s)
	}
	press(t, m, "e")
	if got := drafted(m); !strings.Contains(got, "Срок — пятница.") {
		t.Fatalf("e on the same marks offers %q", got)
	}
	send(t, m, ctrlS())
	press(t, m, "y")
	if acts := pendingActions(t, st); len(acts) != 2 {
		t.Fatalf("queued %d", len(acts))
	}
	if d := cachedDrafts(t, st); len(d) != 0 || m.c.Drafts.Len() != 0 {
		t.Fatalf("the sent letter's draft stayed: %+v", d)
	}
}

// The selection form keeps what was typed the same way, per selection.
func TestSelectionFormKeepsItsDraft(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 40)
	press(t, m, "6", "n")
	typeIn(t, m, "Повара")
	press(t, m, "tab", "right", "esc")
	if m.selectionsPane().Typing() {
		t.Fatal("esc left the form open")
	}
	if d := cachedDrafts(t, st); len(d) != 1 || d[0].Key != "selection:0" {
		t.Fatalf("cache keeps %+v", d)
	}
	m, _ = newModel(t, st, 120, 40)
	press(t, m, "6", "n")
	s := screen(m)
	if !strings.Contains(s, "Повара") || !strings.Contains(s, "< 2 weeks >") || !strings.Contains(s, "Draft from") {
		t.Fatalf("n after a restart does not offer the draft:\n%s", s)
	}
	press(t, m, "ctrl+x")
	if strings.Contains(screen(m), "Повара") {
		t.Fatalf("ctrl+x kept the name:\n%s", screen(m))
	}
	press(t, m, "esc")
	if d := cachedDrafts(t, st); len(d) != 0 {
		t.Fatalf("a discarded form's draft stays: %+v", d)
	}
}

// ctrl+c ends the program, but the letter being written is kept first.
func TestForceQuitKeepsTheOpenText(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "c")
	typeIn(t, m, "на потом")
	_, cmd := m.Update(keyPress(t, "ctrl+c"))
	quit := false
	for _, msg := range sequence(t, cmd) {
		if _, ok := msg.(tea.QuitMsg); ok {
			quit = true
			continue
		}
		send(t, m, msg)
	}
	if !quit {
		t.Fatal("ctrl+c did not quit")
	}
	if d := cachedDrafts(t, st); len(d) != 1 || !strings.Contains(d[0].Body, "на потом") {
		t.Fatalf("ctrl+c lost the comment: %+v", d)
	}
}

// sequence runs a tea.Sequence's commands in order, as the program does,
// and returns their messages.
func sequence(t *testing.T, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	msg := settle(cmd)
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeOf(tea.Cmd(nil)) {
		return []tea.Msg{msg}
	}
	var out []tea.Msg
	for i := range v.Len() {
		out = append(out, sequence(t, v.Index(i).Interface().(tea.Cmd))...)
	}
	return out
}

// The letter dialog with a draft, at the smallest size: it fits, and says
// where its text came from.
func TestDraftedLetterAt80x24(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 80, 24)
	press(t, m, "i", "tab", "tab")
	typeIn(t, m, " До встречи.")
	press(t, m, "esc", "i")
	lines := strings.Split(m.render(), "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w != 80 {
			t.Fatalf("line %d is %d wide: %q", i, w, ansi.Strip(l))
		}
	}
	golden.RequireEqual(t, []byte(screen(m)))
}

// The cache's writes of one draft run in commands, in any order: a keep
// decided before a drop never lands after it (a bulk letter's text kept at
// its question, then queued), nor a drop before a later keep.
func TestDraftWritesKeepTheirOrder(t *testing.T) {
	st := fixture(t, 1)
	m, _ := newModel(t, st, 80, 24)
	keep := m.keepDraft("invite:1000", action.Draft{Body: "первый"})
	drop, _ := m.dropDraft("invite:1000")
	settle(drop)
	settle(keep)
	if d := cachedDrafts(t, st); len(d) != 0 {
		t.Fatalf("a keep run after the later drop wrote %+v", d)
	}
	drop, _ = m.dropDraft("invite:1000")
	keep = m.keepDraft("invite:1000", action.Draft{Body: "второй"})
	settle(keep)
	settle(drop)
	if d := cachedDrafts(t, st); len(d) != 1 || !strings.Contains(d[0].Body, "второй") {
		t.Fatalf("a drop run after the later keep left %+v", d)
	}
}

// A draft row is the cache's, not trusted in shape: escape sequences in it
// never reach the terminal, and a row that is not a draft is left alone.
func TestHostileDraftRows(t *testing.T) {
	st := fixture(t, 4) // 1000 and 1003 in the inbox
	ctx := context.Background()
	for _, d := range []store.Draft{{Key: "comment_add:1000", Body: `{"body":"a\u001b]52;c;ZXZpbA==\u0007b\u009b2Jc"}`},
		{Key: "comment_add:1003", Body: `{"body": not json`}} {
		if err := st.SaveDraft(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "c")
	if got := drafted(m); !strings.HasPrefix(got, "ab") || strings.ContainsAny(got, "\x1b\x07\u009b") {
		t.Fatalf("the draft offered holds controls: %q", got)
	}
	if v := m.render(); strings.Contains(v, "\x1b]52") || strings.Contains(v, "\u009b") {
		t.Fatal("a draft's escape sequence reached the screen")
	}
	press(t, m, "esc", "j", "c")
	if got := drafted(m); got != "" {
		t.Fatalf("a broken row was offered as %q", got)
	}
}

// u takes a letter back inside its window: its text is not lost but kept
// as the draft the same key on the same resume offers again.
func TestUndoneLetterComesBackAsADraft(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _, _ := heldModel(t, st, 120, 40)
	press(t, m, "i", "j", "tab", "tab")
	typeIn(t, m, " Ссылка будет в письме.")
	send(t, m, ctrlS())
	press(t, m, "u")
	if n := len(pendingActions(t, st)); n != 0 {
		t.Fatalf("u left %d pending", n)
	}
	if line := statusLine(m); !strings.Contains(line, "Draft kept") {
		t.Errorf("after u: %q", line)
	}
	press(t, m, "g", "i") // back on the applicant: the cursor stayed on the next row
	d, ok := m.dialog.(*dialogs.LetterDialog)
	if !ok {
		t.Fatal("i opened no letter")
	}
	if _, dr, _ := d.Draft(); dr.TemplateID != 2 || dr.Subject != "Онлайн-встреча" || !strings.Contains(dr.Body, "Ссылка придёт позже. Ссылка будет в письме.") {
		t.Fatalf("i after u offers %+v", dr)
	}
	if dd := cachedDrafts(t, st); len(dd) != 1 {
		t.Fatalf("the cache keeps %+v", dd)
	}
}
