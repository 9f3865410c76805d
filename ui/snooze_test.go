package ui

import (
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/views/dialogs"
)

// snoozeModel is a workstation whose clock the test moves (*now) and
// whose wake timer it holds: planned is when it would end, due its message.
func snoozeModel(t *testing.T, w, h int, lang ...i18n.Lang) (m *Model, now *time.Time, planned *time.Time, due *tea.Msg) {
	t.Helper()
	now, planned, due = new(time.Time), new(time.Time), new(tea.Msg)
	*now = testNow
	m, _ = newModelWith(t, fixture(t, 24), keymap.Default(), w, h, func(o *Options) {
		o.Wake = func(at time.Time, msg tea.Msg) tea.Cmd { *planned, *due = at, msg; return nil }
		if len(lang) > 0 {
			c := panetest.Colour(lang[0], panetest.Clock(o.Common.Now), panetest.Theme(o.ThemeOptions...))
			c.Styles = o.Common.Styles
			o.Common = c
		}
	})
	m.c.Now = func() time.Time { return *now }
	return m, now, planned, due
}

// z on the highlighted resume, the first choice (tomorrow 10:00): it
// leaves the list and the folder's count, counted apart; when the clock
// gets there the timer the root planned wakes it, first and marked
// (issue 31 §4).
func TestSnoozeLeavesTheListAndComesBackMarked(t *testing.T) {
	m, now, planned, due := snoozeModel(t, 140, 40)
	list := m.triage.List()
	before, _ := list.Total()
	press(t, m, "j") // not the newest: it comes back above it
	top, ok := list.Selected()
	if !ok || before < 3 {
		t.Fatalf("the inbox shows %d resumes", before)
	}
	press(t, m, "z")
	if _, ok := m.overlay.dialog.(*dialogs.SnoozeDialog); !ok {
		t.Fatalf("z opened %T, want the snooze dialog", m.overlay.dialog)
	}
	press(t, m, "enter")
	if m.overlay.dialog != nil {
		t.Fatal("the dialog stayed open")
	}
	if n, _ := list.Total(); n != before-1 {
		t.Errorf("the list counts %d after the snooze, want %d", n, before-1)
	}
	if r, _ := list.Selected(); r.ResumeID == top.ResumeID {
		t.Error("the snoozed resume is still highlighted")
	}
	view := screen(m)
	if !strings.Contains(view, "snoozed 1") || !strings.Contains(view, "snoozed until 2026-11-21 10:00: 1") {
		t.Errorf("the folder or the status line does not say it:\n%s", view)
	}
	if want := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC); !planned.Equal(want) || *due == nil {
		t.Fatalf("the wake is planned at %v, want %v", *planned, want)
	}

	*now = *planned
	send(t, m, *due)
	if n, _ := list.Total(); n != before {
		t.Errorf("woken: the list counts %d, want %d", n, before)
	}
	press(t, m, "g")
	if r, _ := list.Selected(); r.ResumeID != top.ResumeID || !r.Woken {
		t.Errorf("the top row is %d (woken %v), want %d back marked", r.ResumeID, r.Woken, top.ResumeID)
	}
	if !strings.Contains(screen(m), "⏲") {
		t.Errorf("no mark on the woken resume:\n%s", screen(m))
	}
}

// The dialog's "wake now" ends a snooze: the same key takes it back.
func TestSnoozeWakeNow(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 80, 24)
	list := m.triage.List()
	before, _ := list.Total()
	top, _ := list.Selected()
	press(t, m, "z", "enter")
	if n, _ := list.Total(); n != before-1 {
		t.Fatalf("snoozed: %d, want %d", n, before-1)
	}
	// The snoozed are listed by the query term; z there, "wake now".
	press(t, m, "/")
	typeText(t, m, "snoozed")
	press(t, m, "enter")
	if r, ok := list.Selected(); !ok || r.ResumeID != top.ResumeID {
		t.Fatalf("search snoozed shows %d, want %d", r.ResumeID, top.ResumeID)
	}
	press(t, m, "z", "G", "enter")
	if n, _ := list.Total(); n != 0 {
		t.Errorf("after wake now the snoozed list counts %d", n)
	}
}

// The snooze dialog over the inbox, EN and RU, at both sizes: each choice
// with the moment it means at the fixed clock (Friday 2026-11-20 12:00).
func TestGoldenSnoozeDialog(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			t.Run(fmt.Sprintf("snooze_%v_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				m, _, _, _ := snoozeModel(t, sz[0], sz[1], lang)
				press(t, m, "z")
				golden.RequireEqual(t, []byte(screen(m)))
			})
		}
	}
}

// At start the root reads the snoozes the cache kept (across restarts):
// one whose time came while the workstation was closed is first and
// marked, one still ahead is out of the list with its wake planned.
func TestSnoozeAtStart(t *testing.T) {
	st := fixture(t, 24)
	ctx := t.Context()
	if err := st.Snooze(ctx, []int64{1003}, testNow.Add(-time.Hour), testNow.Add(-48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := st.Snooze(ctx, []int64{1000}, testNow.Add(2*time.Hour), testNow.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	var planned time.Time
	m, _ := newModelWith(t, st, keymap.Default(), 140, 40, func(o *Options) {
		o.Wake = func(at time.Time, _ tea.Msg) tea.Cmd { planned = at; return nil }
	})
	if r, _ := m.triage.List().Selected(); r.ResumeID != 1003 || !r.Woken {
		t.Errorf("the first row is %d (woken %v), want 1003 woken while closed", r.ResumeID, r.Woken)
	}
	if n, _ := m.triage.List().Total(); n != 11 {
		t.Errorf("the inbox counts %d, want 11 (12 less the one snoozed)", n)
	}
	if !planned.Equal(testNow.Add(2 * time.Hour)) {
		t.Errorf("the wake is planned at %v, want %v", planned, testNow.Add(2*time.Hour))
	}
}
