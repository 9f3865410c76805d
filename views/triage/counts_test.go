package triage_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/triage"
)

// Issue 31 §4: a snoozed resume leaves its folder's count until it wakes;
// with none snoozed the counts are the cache's.
func TestSnoozedResumesLeaveTheFolderCounts(t *testing.T) {
	src := cache(t, 10)
	m := screen(t, src, 140, 38)
	if n, _ := shownCounts(t, m, store.FolderInbox); n != 10 {
		t.Fatalf("the inbox with none snoozed: %d, want 10", n)
	}
	now := panetest.Now()
	if err := src.Snooze(context.Background(), []int64{100, 101}, now.Add(24*time.Hour), now); err != nil {
		t.Fatal(err)
	}
	_, cmd := m.Update(triage.Refresh{})
	panetest.Settle(t, m, cmd)
	if n, _ := shownCounts(t, m, store.FolderInbox); n != 8 {
		t.Errorf("the inbox with two snoozed: %d, want 8", n)
	}
}

// Of two reads of the counts, the older landing last is not shown over
// the newer: it read the cache before the newer did.
func TestAnOlderCountsReadIsNotShownOverANewer(t *testing.T) {
	src := cache(t, 10)
	m := screen(t, src, 140, 38)
	_, older := m.Update(triage.Refresh{})
	read := panetest.Result(older) // the cache as it was: 10 in the inbox
	e := store.Entry{ResumeID: 200, Scope: store.ScopeMine, Folder: store.FolderInbox, LastName: "Новый", LastEventAt: panetest.Now()}
	if err := src.UpsertEntries(context.Background(), []store.Entry{e}); err != nil {
		t.Fatal(err)
	}
	_, newer := m.Update(triage.Refresh{})
	panetest.Settle(t, m, newer)
	if n, _ := shownCounts(t, m, store.FolderInbox); n != 11 {
		t.Fatalf("the inbox after the newer read: %d, want 11", n)
	}
	panetest.Drive(t, m, read)
	if n, _ := shownCounts(t, m, store.FolderInbox); n != 11 {
		t.Errorf("the inbox after the older read landed: %d, want the newer's 11", n)
	}
}

// z asks to snooze the highlighted resume, named; on an empty list it
// asks nothing.
func TestSnoozeAsksAboutTheHighlightedRow(t *testing.T) {
	m := screen(t, cache(t, 10), 140, 38)
	row, ok := m.Highlighted()
	if !ok {
		t.Fatal("no row highlighted")
	}
	want := action.AskSnooze{ResumeIDs: []int64{row.ResumeID}, About: m.Name(row.ResumeID)}
	if asked := panetest.Keys(t, m, "z"); len(asked) != 1 || fmt.Sprint(asked[0]) != fmt.Sprint(want) {
		t.Errorf("z asked %+v, want %+v", asked, want)
	}
	empty := triage.New(panetest.Common(i18n.EN), cache(t, 0), triage.Options{DetailDelay: -1})
	empty.SetSize(140, 38)
	empty.Focus()
	panetest.Settle(t, empty, empty.Start())
	if asked := panetest.Keys(t, empty, "z"); len(asked) != 0 {
		t.Errorf("z on an empty list asked %+v", asked)
	}
}
