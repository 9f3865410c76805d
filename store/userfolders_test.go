package store

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// withEvents is entry(id, folder, 1) with more events after its arrival.
func withEvents(id int64, folder string, events ...Event) Entry {
	e := entry(id, folder, 1)
	e.Events = append(e.Events, events...)
	return e
}

// Issue 28 §1: three resumes of folder 1002 sat in Considered because an
// event after the move (sent to e-mail, a letter, added to a user) read as
// newer than the move. Only an event that changes folders ends it.
func TestAUserFolderOutlivesEventsThatMoveNothing(t *testing.T) {
	s, _ := openTest(t)
	moved := baseTime.Add(48 * time.Hour)
	later := moved.Add(time.Hour)
	move := Event{Type: EventMoved, DateEvent: moved, Text: "Перемещено в папку «Кадровый резерв»"}
	var placed []Entry
	for id := int64(1); id <= 5; id++ {
		e := withEvents(id, FolderConsidered, move)
		e.UserFolder = "1002"
		placed = append(placed, e)
	}
	mustUpsert(t, s, placed...)
	// The next listing's events, as a sync that names no folder for them
	// gives them (UserFolder ""): the cached folder decides.
	mustUpsert(t, s,
		withEvents(1, FolderConsidered, move, Event{Type: 100, DateEvent: later, Text: "Отправлено на boss@example.com"}),
		withEvents(2, FolderConsidered, move, Event{Type: 90, DateEvent: later, Text: "Отправлено письмо"}),
		withEvents(3, FolderConsidered, move, Event{Type: 120, DateEvent: later, Text: "Добавлено пользователю"}),
		withEvents(4, FolderInvited, move, Event{Type: 60, DateEvent: later, Text: "Приглашение отправлено"}),
		// The newest by time, wherever it stands in the array.
		withEvents(5, FolderInvited, Event{Type: 60, DateEvent: later}, move))
	for id, want := range map[int64]string{1: "1002", 2: "1002", 3: "1002", 4: FolderInvited, 5: FolderInvited} {
		if got := folderOf(t, s, id); got != want {
			t.Errorf("resume %d shows in %q, want %q", id, got, want)
		}
	}
}

func TestOnlyFolderChangingEventsChangeFolders(t *testing.T) {
	for typ, want := range map[int]bool{10: true, 20: true, 30: true, 40: true, 50: true, 60: true, 70: true, 80: true,
		110: true, 90: false, 100: false, 120: false, 0: false, 130: false} {
		if got := ChangesFolder(typ); got != want {
			t.Errorf("ChangesFolder(%d) = %v, want %v", typ, got, want)
		}
	}
}

// The cache holds the events that place a resume: the newest
// folder-changing event of each, when it is a move, is read back from it.
func TestNewestMovesAreReadFromTheCache(t *testing.T) {
	s, _ := openTest(t)
	at := baseTime.Add(48 * time.Hour)
	move := func(text string) Event {
		return Event{Type: EventMoved, DateEvent: at, Text: text, Description: "d " + text}
	}
	mustUpsert(t, s,
		withEvents(1, FolderConsidered, move("«A»"), Event{Type: 100, DateEvent: at.Add(time.Hour)}),
		withEvents(2, FolderInvited, move("«A»"), Event{Type: 60, DateEvent: at.Add(time.Hour)}),
		entry(3, FolderInbox, 1),
		// Equal times: the later in the array is the newer.
		withEvents(4, FolderConsidered, move("«A»"), Event{Type: 70, DateEvent: at}),
		withEvents(5, FolderConsidered, Event{Type: 70, DateEvent: at}, move("«B»")),
		withEvents(6, FolderConsidered, move("«old»"), Event{Type: 70, DateEvent: at.Add(time.Minute)}, Event{Type: EventMoved, DateEvent: at.Add(2 * time.Minute), Text: "«C»"}))
	moves, err := s.NewestMoves(ctx)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(moves, func(a, b FolderMove) int { return int(a.ResumeID - b.ResumeID) })
	want := []FolderMove{
		{ResumeID: 1, Move: Event{Type: EventMoved, VacancyID: 0, DateEvent: at, Text: "«A»", Description: "d «A»"}},
		{ResumeID: 5, Move: Event{Type: EventMoved, DateEvent: at, Text: "«B»", Description: "d «B»"}},
		{ResumeID: 6, Move: Event{Type: EventMoved, DateEvent: at.Add(2 * time.Minute), Text: "«C»"}},
	}
	if len(moves) != len(want) {
		t.Fatalf("newest moves: %+v, want %+v", moves, want)
	}
	for i := range want {
		got := moves[i]
		if got.ResumeID != want[i].ResumeID || got.Move.Type != EventMoved || !got.Move.DateEvent.Equal(want[i].Move.DateEvent) ||
			got.Move.Text != want[i].Move.Text || got.Move.Description != want[i].Move.Description {
			t.Errorf("move %d: %+v, want %+v", i, got, want[i])
		}
	}
}

func TestPlacingCachedResumes(t *testing.T) {
	s, _ := openTest(t)
	at := baseTime.Add(48 * time.Hour)
	mustUpsert(t, s, withEvents(1, FolderConsidered), withEvents(2, FolderConsidered), withEvents(3, FolderInbox))
	place := func(ps ...Placement) error { return s.PlaceUserFolders(ctx, ps) }
	if err := place(Placement{1, "1002", at}, Placement{2, SiteFolder("Кадровый резерв"), at}); err != nil {
		t.Fatal(err)
	}
	check := func(when string, want map[int64]string) {
		t.Helper()
		for id, folder := range want {
			if got := folderOf(t, s, id); got != folder {
				t.Errorf("%s: resume %d shows in %q, want %q", when, id, got, folder)
			}
		}
	}
	check("placed", map[int64]string{1: "1002", 2: "site:Кадровый резерв", 3: FolderInbox})
	counts, err := s.FolderCounts(ctx, ScopeAll)
	if err != nil {
		t.Fatal(err)
	}
	byFolder := map[string]int{}
	for _, c := range counts {
		byFolder[c.Folder] = c.Total
	}
	if byFolder[FolderConsidered] != 0 || byFolder["1002"] != 1 || byFolder["site:Кадровый резерв"] != 1 || byFolder[FolderInbox] != 1 {
		t.Errorf("folder counts after placing: %v", byFolder)
	}
	// A move older than the one that placed it changes nothing.
	if err := place(Placement{1, "1003", at.Add(-time.Minute)}); err != nil {
		t.Fatal(err)
	}
	check("an older move", map[int64]string{1: "1002"})
	// A newer one does; "" gives the resume back to the list it is in.
	if err := place(Placement{1, "1003", at.Add(time.Minute)}, Placement{2, "", at}); err != nil {
		t.Fatal(err)
	}
	check("newer", map[int64]string{1: "1003", 2: FolderConsidered})
	// A status folder, a site folder without a name or a bad id refuse
	// the whole batch: nothing is half placed.
	for _, bad := range []string{FolderInbox, "site:", "site:  ", "-4", "Shortlist", SiteFolder(strings.Repeat("я", 101))} {
		if err := place(Placement{3, "1002", at}, Placement{2, bad, at}); err == nil {
			t.Errorf("placing in %q: no error", bad)
		}
	}
	check("refused", map[int64]string{3: FolderInbox, 2: FolderConsidered})
	long := SiteFolder(strings.Repeat("я", 100))
	if err := place(Placement{2, long, at}); err != nil {
		t.Errorf("a name of 100 letters: %v", err)
	}
	check("a long name", map[int64]string{2: long})
}

// A site folder's name comes from an event's text: it is kept on one line.
func TestASiteFoldersNameIsCleaned(t *testing.T) {
	s, _ := openTest(t)
	e := entry(1, FolderConsidered, 1)
	e.UserFolder = SiteFolder(" Кадровый\nрезерв\x1b[2J ")
	mustUpsert(t, s, e)
	got := folderOf(t, s, 1)
	name, ok := SiteFolderName(got)
	if !ok || !strings.HasPrefix(name, "Кадровый") || strings.ContainsFunc(name, unicode.IsControl) || name != strings.TrimSpace(name) {
		t.Errorf("site folder kept as %q", got)
	}
}

// A move the history names only by the site's name (config.toml's name
// differs) does not take a resume out of the configured folder the same
// move put it in (the recruiter's own move, or the sync's by its id); a
// newer move to the site's folder does.
func TestTheSitesNameDoesNotUndoAConfiguredFolder(t *testing.T) {
	s, _ := openTest(t)
	moved := baseTime.Add(48 * time.Hour)
	move := Event{Type: EventMoved, DateEvent: moved, Text: "Перемещено в папку «Шортлист»"}
	e := withEvents(1, FolderInbox, move)
	e.UserFolder = "1001"
	mustUpsert(t, s, e)
	e = withEvents(1, FolderInbox, move, Event{Type: 100, DateEvent: moved.Add(time.Hour)})
	e.UserFolder = SiteFolder("Шортлист")
	mustUpsert(t, s, e)
	if got := folderOf(t, s, 1); got != "1001" {
		t.Errorf("the same move named by the site's name: resume in %q, want 1001", got)
	}
	e = withEvents(1, FolderInbox, move, Event{Type: EventMoved, DateEvent: moved.Add(time.Hour), Text: "«Кадровый резерв»"})
	e.UserFolder = SiteFolder("Кадровый резерв")
	mustUpsert(t, s, e)
	if got := folderOf(t, s, 1); got != SiteFolder("Кадровый резерв") {
		t.Errorf("a newer move to the site's folder: resume in %q", got)
	}
}
