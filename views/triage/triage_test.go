package triage_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/triage"
)

// cache is a real cache of n resumes in the inbox, newest first by id
// order, with one template of each kind; each adjust changes every entry
// before it is written.
func cache(t *testing.T, n int, adjust ...func(*store.Entry)) store.ScopedStore {
	t.Helper()
	st, err := store.Open(t.TempDir() + "/cache.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	var es []store.Entry
	for i := range n {
		at := panetest.Now().Add(-time.Duration(i) * time.Hour)
		es = append(es, store.Entry{ResumeID: int64(100 + i), Scope: store.ScopeMine, Folder: store.FolderInbox,
			FirstName: fmt.Sprintf("Имя%d", i), LastName: fmt.Sprintf("Фамилия%d", i), Profession: "Повар", LastEventAt: at,
			Events:  []store.Event{{Type: 10, DateEvent: at, TypeTitle: "Отклик соискателя"}},
			RawJSON: []byte(fmt.Sprintf(`{"id":%d,"profession":"Повар"}`, 100+i))})
		for _, f := range adjust {
			f(&es[i])
		}
	}
	if err := st.UpsertEntries(ctx, es); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []store.TemplateKind{store.TemplateInvitation, store.TemplateRejection, store.TemplateMail} {
		if err := st.ReplaceTemplates(ctx, kind, true, []store.Template{{ID: 7, Name: "A", Subject: "S", Body: "B"}}); err != nil {
			t.Fatal(err)
		}
	}
	return store.Scoped(st, store.ScopeMine)
}

// screen is the triage screen of w×h over src, started and settled, the
// detail following the cursor at once.
func screen(t *testing.T, src triage.Source, w, h int) *triage.Model {
	t.Helper()
	m := triage.New(panetest.Common(i18n.EN), src, triage.Options{DetailDelay: -1})
	m.List().SetCountDelay(-1)
	m.SetSize(w, h)
	m.Focus()
	panetest.Settle(t, m, m.Start())
	panetest.Drive(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// The screen is exactly its size in both layouts, whichever pane has the
// focus: the root puts the status bar under it line for line. Narrow, it
// is a line shorter and says so: the root draws its tab bar on top
// (views/tabs), the folders are not drawn twice.
func TestViewIsItsSize(t *testing.T) {
	src := cache(t, 30)
	for _, sz := range [][2]int{{80, 22}, {140, 38}} {
		m := screen(t, src, sz[0], sz[1])
		narrow := sz[0] < 110
		if m.Narrow() != narrow {
			t.Errorf("at %d columns Narrow() = %v", sz[0], m.Narrow())
		}
		h := sz[1]
		if narrow {
			h--
		}
		for _, keys := range [][]string{nil, {"j"}, {"enter"}, {"tab"}, {"tab"}, {"esc"}, {"/"}} {
			panetest.Keys(t, m, keys...)
			panetest.Frame(t, m.View(), sz[0], h)
		}
	}
}

// The resume panes follow the highlighted row; the action keys ask the
// root for their dialogs about exactly that row, named.
func TestActionKeysAskAboutTheHighlightedRow(t *testing.T) {
	m := screen(t, cache(t, 10), 140, 38)
	panetest.Keys(t, m, "j", "j")
	row, ok := m.Highlighted()
	if !ok || m.Shown() != row.ResumeID {
		t.Fatalf("cursor on %d, resume pane on %d", row.ResumeID, m.Shown())
	}
	name := m.Name(row.ResumeID)
	asked := panetest.Keys(t, m, "m")
	if len(asked) != 1 || fmt.Sprint(asked[0]) != fmt.Sprint(action.AskMove{ResumeIDs: []int64{row.ResumeID}, Folder: store.FolderInbox, About: name}) {
		t.Errorf("m asked %+v", asked)
	}
	asked = panetest.Keys(t, m, "c")
	if len(asked) != 1 || fmt.Sprint(asked[0]) != fmt.Sprint(action.AskComment{ResumeID: row.ResumeID, About: name}) {
		t.Errorf("c asked %+v", asked)
	}
	// The letter's dialog opens with its templates read.
	asked = panetest.Keys(t, m, "i")
	if len(asked) != 1 {
		t.Fatalf("i asked %+v", asked)
	}
	letter, ok := asked[0].(action.AskLetter)
	if !ok || letter.Kind != store.ActionInvite || fmt.Sprint(letter.ResumeIDs) != fmt.Sprint([]int64{row.ResumeID}) ||
		letter.About != name || len(letter.Templates.Templates) != 1 {
		t.Errorf("i asked %+v", asked[0])
	}
	// Later needs no dialog: it goes to the root as it is.
	if asked := panetest.Keys(t, m, "l"); len(asked) != 1 || fmt.Sprint(asked[0]) != fmt.Sprint(action.Later{ResumeIDs: []int64{row.ResumeID}}) {
		t.Errorf("l asked %+v", asked)
	}
}

// Reaching the comments pane asks the root for the server's comments of
// the resume shown; a reply reloads it.
func TestCommentsPaneAsksForComments(t *testing.T) {
	m := screen(t, cache(t, 5), 140, 38)
	shown := m.Shown()
	asked := panetest.Keys(t, m, "tab", "tab", "tab") // resume, history, comments
	if m.Focused() != triage.OnComments || len(asked) != 1 || asked[0] != (action.LoadComments{ResumeID: shown}) {
		t.Fatalf("focus %v; asked %+v", m.Focused(), asked)
	}
	if asked := panetest.Drive(t, m, action.DoneMsg{Action: action.LoadComments{ResumeID: shown}}); len(asked) != 0 || m.Shown() != shown {
		t.Errorf("after the comments came: asked %+v, shown %d", asked, m.Shown())
	}
}

// The wheel over the list is the keymap's down and up, rebound or not.
func TestWheelOverTheList(t *testing.T) {
	m := screen(t, cache(t, 10), 140, 38)
	first, _ := m.Highlighted()
	panetest.Drive(t, m, tea.MouseWheelMsg{X: m.ListX() + 5, Y: 8, Button: tea.MouseWheelDown})
	if next, _ := m.Highlighted(); next.ResumeID == first.ResumeID || m.Shown() != next.ResumeID {
		t.Errorf("wheel down: cursor on %d (was %d), shown %d", next.ResumeID, first.ResumeID, m.Shown())
	}
}
