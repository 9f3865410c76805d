package ui

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/views/dialogs"
)

// Issue 28 §7: F opens the filter dialog at once and every key typed after
// it is the dialog's, before its counts are read. Over 100,000 resumes the
// counts took 228 ms, and the dialog waited for them: 8 × ↓ typed meanwhile
// moved the list's cursor 8 rows. Here the counts' command is held back
// while the keys come, as a slow cache holds it.
func TestKeysAfterFGoToTheDialog(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := newModelIn(t, repeatFixture(t), lang, 120, 40)
		n := &m.c.Text.Narrow
		before, _ := m.triage.Highlighted()
		_, counts := m.Update(keyPress(t, "F")) // the counts are read in this command
		if _, ok := m.dialog.(*dialogs.FiltersDialog); !ok {
			t.Errorf("%v: F opened no filter dialog before its counts were read", lang)
		}
		for range 8 {
			send(t, m, keyPress(t, "down"))
		}
		if after, _ := m.triage.Highlighted(); after.ResumeID != before.ResumeID {
			t.Errorf("%v: the keys after F moved the list's cursor from #%d to #%d", lang, before.ResumeID, after.ResumeID)
		}
		out := screen(m)
		if !strings.Contains(out, "> "+n.EducationLabel) || !strings.Contains(out, n.Counting) {
			t.Errorf("%v: 8 × ↓ should reach the education row, its counts still being read:\n%s", lang, out)
		}
		// The counts come: the rows offer them, the focus stays where the
		// keys left it.
		run(t, m, counts)
		out = screen(m)
		if strings.Contains(out, n.Counting) || !strings.Contains(out, "> "+n.EducationLabel) {
			t.Errorf("%v: the counts did not replace the note, or moved the focus:\n%s", lang, out)
		}
		press(t, m, "up", "right")
		if out := screen(m); !regexp.MustCompile(`‹ [^›]+ \(\d+\) ›`).MatchString(out) {
			t.Errorf("%v: no vacancy offered with its count:\n%s", lang, out)
		}
	}
}

// A filter dialog closed before its counts came does not take the counts
// of the next one: each F's counts go to its own dialog.
func TestFilterCountsReachTheirOwnDialog(t *testing.T) {
	m := newModelIn(t, repeatFixture(t), i18n.EN, 120, 40)
	_, first := m.Update(keyPress(t, "F"))
	press(t, m, "esc")
	_, second := m.Update(keyPress(t, "F"))
	run(t, m, first)
	if !strings.Contains(screen(m), m.c.Text.Narrow.Counting) {
		t.Errorf("the closed dialog's counts reached the open one:\n%s", screen(m))
	}
	run(t, m, second)
	if out := screen(m); strings.Contains(out, m.c.Text.Narrow.Counting) {
		t.Errorf("its own counts did not reach the dialog:\n%s", out)
	}
}

// F's counts come in two reads (issue 28 §7: over 100,000 resumes every
// folder's vacancy counts took 370-580 ms of the dialog's 470-670): the
// folder's first, on screen before every folder's is read; the second read
// follows the first's message.
func TestFilterCountsOfTheFolderComeFirst(t *testing.T) {
	st := repeatFixture(t)
	// A refused resume with an education level: every folder counts it.
	e := entryAt(3100)
	e.ResumeID, e.Folder, e.IsNew = 3100, store.FolderRefused, false
	e.RawJSON = []byte(`{"id":3100,"profession":"Инженер","education":{"id":4,"title":"Высшее"}}`)
	if err := st.UpsertEntries(context.Background(), []store.Entry{e}); err != nil {
		t.Fatal(err)
	}
	m := newModelIn(t, st, i18n.EN, 120, 40)
	n := &m.c.Text.Narrow
	_, counts := m.Update(keyPress(t, "F"))
	first := counts()
	_, rest := m.Update(first)
	out := screen(m)
	if strings.Contains(out, n.Counting) {
		t.Errorf("the folder's counts did not come with the first read:\n%s", out)
	}
	if rest == nil {
		t.Fatal("no second read for every folder")
	}
	press(t, m, "right") // where: every folder, still being read
	if out := screen(m); !strings.Contains(out, n.Counting) {
		t.Errorf("every folder before its read shows no note:\n%s", out)
	}
	run(t, m, rest)
	press(t, m, "down", "down", "down", "down", "down", "down", "down", "down", "up", "right") // a vacancy
	if out := screen(m); strings.Contains(out, n.Counting) || !regexp.MustCompile(`‹ [^›]+ \(\d+\) ›`).MatchString(out) {
		t.Errorf("every folder's counts once read:\n%s", out)
	}
	press(t, m, "down", "right") // the refused resume's education level
	if out := screen(m); !regexp.MustCompile(regexp.QuoteMeta(n.EducationLabel) + ` +‹ [^›]+ \(1\) ›`).MatchString(out) {
		t.Errorf("every folder's education levels once read:\n%s", out)
	}
}
