package syncer

import (
	"context"
	"testing"
	"time"

	"hrdesk/store"
)

// Issue 28 §1: the folder is decided by the newest event that changes
// folders, not by the newest event: a forward to e-mail (100), a letter
// (90) or a copy to a user (120) after the move leave the resume there.
func TestEventsThatMoveNothingLeaveTheResumeInItsFolder(t *testing.T) {
	at := testNow.Add(-time.Hour)
	move := store.Event{Type: store.EventMoved, DateEvent: at, Text: "Перемещено в папку «Кадровый резерв»"}
	after := func(typ int, d time.Duration) store.Event { return store.Event{Type: typ, DateEvent: at.Add(d)} }
	folders := []UserFolder{{ID: "1001", Name: "Shortlist"}, {ID: "1002", Name: "Кадровый резерв"}}
	entries := []store.Entry{
		{ResumeID: 1, Events: []store.Event{move, after(100, time.Minute)}},
		{ResumeID: 2, Events: []store.Event{move, after(90, time.Minute)}},
		{ResumeID: 3, Events: []store.Event{move, after(120, time.Minute)}},
		// On equal times the later in the array is the newer.
		{ResumeID: 4, Events: []store.Event{move, after(100, 0)}},
		{ResumeID: 5, Events: []store.Event{move, after(60, time.Minute)}},
		{ResumeID: 6, Events: []store.Event{move, after(70, 0)}},
		// A refusal after the move, whatever the array's order.
		{ResumeID: 7, Events: []store.Event{after(80, time.Minute), move}},
	}
	placeInUserFolders(entries, folders)
	for i, want := range []string{"1002", "1002", "1002", "1002", "", "", ""} {
		if got := entries[i].UserFolder; got != want {
			t.Errorf("resume %d placed in %q, want %q", entries[i].ResumeID, got, want)
		}
	}
}

// A name in «» is the site's: it must match a configured name (or id)
// exactly; a folder no entry names is the site's own and shows under its
// name, a status folder's name places nothing.
func TestAMoveNamingTheSitesFolder(t *testing.T) {
	at := testNow.Add(-time.Hour)
	moved := func(text string) store.Entry {
		return store.Entry{Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: text}}}
	}
	folders := []UserFolder{{ID: "1001", Name: "Shortlist"}, {ID: "1002", Name: "Кадровый резерв"}}
	for _, c := range []struct {
		text    string
		folders []UserFolder
		want    string
	}{
		{"Перемещено в папку «Кадровый резерв»", folders, "1002"},
		{"Перемещено в папку «кадровый РЕЗЕРВ»", folders, "1002"},
		{"Перемещено в папку « Shortlist 2 »", folders, store.SiteFolder("Shortlist 2")},
		{"Перемещено в папку «1001»", folders, "1001"},
		{"Перемещено в папку “Резерв”", folders, store.SiteFolder("Резерв")},
		{"Перемещено в папку «Кадровый резерв»", nil, store.SiteFolder("Кадровый резерв")},
		{"Перемещено в папку «Рассматриваемые»", folders, ""},
		{"Перемещено в папку «Приглашённые»", nil, ""},
		{"Перемещено в папку «»", folders, ""},
		{"Перемещено на сайте", nil, ""},
		{"Перемещено в папку 1002", folders, "1002"},
		{"Moved to shortlist", folders, "1001"},
	} {
		entries := []store.Entry{moved(c.text)}
		placeInUserFolders(entries, c.folders)
		if got := entries[0].UserFolder; got != c.want {
			t.Errorf("%q with folders %v: placed in %q, want %q", c.text, c.folders, got, c.want)
		}
	}
	// The description names it when the text does not.
	e := []store.Entry{{Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: "Перемещено", Description: "в папку «Архив»"}}}}
	placeInUserFolders(e, folders)
	if e[0].UserFolder != store.SiteFolder("Архив") {
		t.Errorf("a name in the description: placed in %q", e[0].UserFolder)
	}
}

// Folders configured after the sync that brought the resumes place them
// from the cache, with no request; once placed against a set of folders,
// the cache is not read again for them (the start stays one read).
func TestCachedResumesArePlacedWhenTheFoldersChange(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	at := testNow.Add(-time.Hour)
	entry := func(id int64, events ...store.Event) store.Entry {
		arrived := store.Event{Type: 10, DateEvent: at.Add(-24 * time.Hour), Text: "Резюме получено"}
		return store.Entry{ResumeID: id, Scope: store.ScopeMine, Folder: store.FolderConsidered, LastName: "Иванов",
			Events: append([]store.Event{arrived}, events...), RawJSON: []byte(`{}`)}
	}
	move := store.Event{Type: store.EventMoved, DateEvent: at, Text: "Перемещено в папку «Кадровый резерв»"}
	if err := st.UpsertEntries(ctx, []store.Entry{
		entry(1, move, store.Event{Type: 100, DateEvent: at.Add(time.Minute)}),
		entry(2, move),
		entry(3, move, store.Event{Type: 60, DateEvent: at.Add(time.Minute)}),
		entry(4),
	}); err != nil {
		t.Fatal(err)
	}
	folderOf := func(id int64) string {
		t.Helper()
		d, err := st.Entry(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return d.Folder
	}
	check := func(when string, want map[int64]string) {
		t.Helper()
		for id, folder := range want {
			if got := folderOf(id); got != folder {
				t.Errorf("%s: resume %d shows in %q, want %q", when, id, got, folder)
			}
		}
	}
	site := store.SiteFolder("Кадровый резерв")
	if err := PlaceCached(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	check("no folders configured", map[int64]string{1: site, 2: site, 3: store.FolderConsidered, 4: store.FolderConsidered})
	folders := []UserFolder{{ID: "1002", Name: "Кадровый резерв"}}
	if err := PlaceCached(ctx, st, folders); err != nil {
		t.Fatal(err)
	}
	check("configured", map[int64]string{1: "1002", 2: "1002", 3: store.FolderConsidered, 4: store.FolderConsidered})
	// Unchanged folders: nothing is read or placed again.
	if err := st.PlaceUserFolders(ctx, []store.Placement{{ResumeID: 2, Folder: "", At: at}}); err != nil {
		t.Fatal(err)
	}
	if err := PlaceCached(ctx, st, folders); err != nil {
		t.Fatal(err)
	}
	check("placed again with the same folders", map[int64]string{2: store.FolderConsidered})
	// Renamed: placed again.
	if err := PlaceCached(ctx, st, []UserFolder{{ID: "1002", Name: "Резерв"}}); err != nil {
		t.Fatal(err)
	}
	check("renamed", map[int64]string{1: site, 2: site})
}
