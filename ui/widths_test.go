package ui

import (
	"context"
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// widthSizes are the screens issue 28 §4 decides, 80×24 the smallest; what
// each width shows is in docs/ARCHITECTURE.md ("What each width shows").
var widthSizes = [][2]int{{80, 24}, {100, 30}, {120, 30}, {140, 30}, {200, 30}}

// morningFixture is the overview's fixture with responses in two user
// folders as the site names them (issue 28's morning).
func morningFixture(t *testing.T) *store.Store {
	t.Helper()
	st := overviewFixture(t)
	var batch []store.Entry
	for i := range 24 {
		at := testNow.Add(-time.Duration(3+i*5) * time.Hour)
		vac := []int64{501, 505}[i%2]
		// A third in each user folder (moved there), a third new in the inbox.
		e := store.Entry{ResumeID: int64(7000 + i), Scope: store.ScopeMine, Folder: store.FolderInbox, IsNew: true,
			FirstName: "Имя", LastName: fmt.Sprint("Утренний", i), Profession: "Водитель-экспедитор", Salary: 90000, Currency: "rub",
			LastEventAt: at, Events: []store.Event{{VacancyID: vac, Type: 10, DateEvent: at}}, RawJSON: []byte(`{}`)}
		if i%3 < 2 {
			e.Folder, e.IsNew, e.UserFolder = store.FolderConsidered, false, []string{"1002", "1003"}[i%3]
			e.Events = append(e.Events, store.Event{VacancyID: vac, Type: 110, DateEvent: at.Add(time.Hour)})
		}
		batch = append(batch, e)
	}
	if err := st.UpsertEntries(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
	return st
}

// morningModel is the workstation in an ASCII terminal in lang, with the
// two user folders configured.
func morningModel(t *testing.T, st *store.Store, lang i18n.Lang, w, h int) *Model {
	t.Helper()
	opts := []theme.Option{theme.WithNoColor(true), theme.WithASCII(true)}
	c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Talent pool"}, {ID: "1003", Name: "Shortlist"}}
	if lang == i18n.RU {
		c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Кадровый резерв"}, {ID: "1003", Name: "Шорт-лист"}}
	}
	m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1,
		Editor: hostexec.Host{}.Editor(), StaleAfter: 7 * 24 * time.Hour})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// TestGoldenWidths (issue 28 §4): the strip, the chips, the list beside
// the resume and the overview with user folders at 80, 100, 120, 140 and
// 200 columns, EN and RU, in an ASCII terminal. Every line is the screen's
// width; nothing on the strip, the chips or the overview's folders ends
// cut ("~", the ASCII ellipsis).
func TestGoldenWidths(t *testing.T) {
	st := morningFixture(t)
	screens := map[string][]string{
		// Four filters: responded, salary, new only (the filter dialog), a vacancy (the picker).
		"triage":   {"F", "down", "right", "right", "down", "down", "8", "0", "0", "0", "0", "-", "down", "down", "space", "enter", "v", "j", "enter"},
		"overview": {"8"},
		"list":     {}, // the inbox as it opens: beside the resume from 110 columns
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range widthSizes {
			for name, keys := range screens {
				t.Run(fmt.Sprintf("%s_%v_%dx%d", name, lang, sz[0], sz[1]), func(t *testing.T) {
					m := morningModel(t, st, lang, sz[0], sz[1])
					press(t, m, keys...)
					out := ansi.Strip(m.View().Content)
					golden.RequireEqual(t, []byte(out))
					lines := strings.Split(out, "\n")
					for i, l := range lines {
						if n := ansi.StringWidth(l); n != sz[0] {
							t.Fatalf("line %d is %d wide: %q", i, n, l)
						}
					}
					if name != "overview" && sz[0] < 110 || name == "overview" {
						if strings.Contains(lines[0], "~") {
							t.Errorf("the strip is cut: %q", lines[0])
						}
					}
					if strings.Contains(out, "~]") {
						t.Errorf("a chip is cut:\n%s", out)
					}
				})
			}
		}
	}
}

// TestLetterDialogAt80x24 (issue 28 §4): at 80×24, after tab into the
// fields (and with a draft's line and two lines of keys), the letter
// dialog fits between the strip and the status bar: both stay in sight
// as they were, and the box is whole, its text box with it.
func TestLetterDialogAt80x24(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, draft := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v_draft=%v", lang, draft), func(t *testing.T) {
				st := fixture(t, 20)
				withTemplates(t, st)
				m := newModelIn(t, st, lang, 80, 24)
				before := strings.Split(screen(m), "\n")
				press(t, m, "i", "tab")
				if draft {
					typeIn(t, m, " До встречи.")
					press(t, m, "esc", "i")
				}
				out := screen(m)
				lines := strings.Split(out, "\n")
				if len(lines) != 24 || len(before) != 24 {
					t.Fatalf("%d lines:\n%s", len(lines), out)
				}
				if lines[0] != before[0] || lines[23] != before[23] || strings.ContainsAny(lines[22], "│╰") {
					t.Errorf("the strip or the status bar is covered:\n%s", out)
				}
				top, bottom := -1, -1
				for i, l := range lines {
					if strings.Contains(l, "╭") {
						top = i
					}
					if strings.Contains(l, "╰") {
						bottom = i
					}
				}
				if top < 1 || bottom < top || bottom > 21 || !strings.Contains(out, "Ждём вас в офисе.") {
					t.Errorf("the dialog is not whole between the strip and the status bar (%d–%d):\n%s", top, bottom, out)
				}
			})
		}
	}
}
