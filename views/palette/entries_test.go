package palette

import (
	"fmt"
	"testing"

	"charm.land/bubbles/v2/key"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// facts is the resume list in front, nothing highlighted nor marked, the
// screens with their default keys.
func facts() Facts {
	k := keymap.Default()
	return Facts{Keys: k, Front: Triage, Screens: []Screen{
		{ID: Triage}, {ID: Vacancies, Name: "Vacancies", Key: k.ScreenVacancies},
		{ID: Selections, Name: "Selections", Key: k.ScreenSelections}, {ID: Outbox, Name: "Outbox", Key: k.ScreenOutbox},
		{ID: Overview, Name: "Overview", Key: k.ScreenOverview},
	}}
}

// action is the entry of the named action; the test fails without one.
func actionEntry(t *testing.T, entries []Entry, name string) Entry {
	t.Helper()
	for _, e := range entries {
		if e.name == name {
			return e
		}
	}
	t.Fatalf("no entry for %s", name)
	return Entry{}
}

// The actions on resumes are dim with why when there is nothing to act
// on, and apply, before the dim ones, once there is.
func TestActionsOnResumesSayWhyTheyDoNotApply(t *testing.T) {
	w := i18n.For(i18n.EN).Palette()
	cases := []struct {
		highlighted bool
		marked      int
		want        map[string]string // action → why it is dim ("" applies)
	}{
		{false, 0, map[string]string{"invite": w.NoResume, "later": w.NoResume, "comment": w.NoResume, "unmark_all": w.NothingMarked, "sync": ""}},
		{true, 0, map[string]string{"invite": "", "later": "", "comment": "", "unmark_all": w.NothingMarked}},
		{false, 2, map[string]string{"invite": "", "move": "", "comment": w.NoResume, "unmark_all": ""}},
	}
	for _, c := range cases {
		f := facts()
		f.Highlighted, f.Marked = c.highlighted, c.marked
		entries := Entries(f, i18n.EN)
		for name, why := range c.want {
			e := actionEntry(t, entries, name)
			if e.Disabled != why {
				t.Errorf("highlighted %v, %d marked: %s says %q, want %q", c.highlighted, c.marked, name, e.Disabled, why)
			}
			if why != "" && e.press != "" {
				t.Errorf("%s is dim but enter would press %q", name, e.press)
			}
		}
		if c.highlighted || c.marked > 0 {
			if len(entries) == 0 || entries[0].name != "invite" {
				t.Errorf("highlighted %v, %d marked: the palette opens on %+v, not invite", c.highlighted, c.marked, entries[:min(len(entries), 1)])
			}
		}
		dim := false
		for _, e := range entries {
			if e.Kind == KindAction && e.Disabled != "" {
				dim = true
			} else if e.Kind == KindAction && dim {
				t.Errorf("%s applies but comes after a dim action", e.name)
			}
		}
	}
}

// An action of another screen is dim and says where it works; enter goes
// there. The resume list's own actions, seen from another screen, say the
// list and have no key to go there with.
func TestActionsOfAnotherScreenSayWhereTheyWork(t *testing.T) {
	w := i18n.For(i18n.EN).Palette()
	f := facts()
	archive := actionEntry(t, Entries(f, i18n.EN), "archive_vacancy")
	if archive.Disabled != fmt.Sprintf(w.OnScreen, "Vacancies") || archive.press != "5" {
		t.Errorf("archive from the list: %q, press %q", archive.Disabled, archive.press)
	}
	f.Front, f.Highlighted = Vacancies, true
	entries := Entries(f, i18n.EN)
	if e := actionEntry(t, entries, "archive_vacancy"); e.Disabled != "" || e.press != "X" {
		t.Errorf("archive on its screen: %q, press %q", e.Disabled, e.press)
	}
	if e := actionEntry(t, entries, "invite"); e.Disabled != fmt.Sprintf(w.OnScreen, w.ResumeList) || e.press != "" {
		t.Errorf("invite from the vacancies: %q, press %q", e.Disabled, e.press)
	}
	if e := actionEntry(t, entries, "sync"); e.Disabled != "" || e.press != "r" {
		t.Errorf("sync works everywhere: %q, press %q", e.Disabled, e.press)
	}
}

// Custom bindings show their own keys, and enter presses them.
func TestAReboundKeyIsShownAndPressed(t *testing.T) {
	f := facts()
	if err := keymap.Apply(&f.Keys, map[string][]string{"invite": {"I"}}); err != nil {
		t.Fatal(err)
	}
	f.Highlighted = true
	e := actionEntry(t, Entries(f, i18n.EN), "invite")
	if e.Key != "I" || e.press != "I" {
		t.Errorf("invite rebound to I shows %q, presses %q", e.Key, e.press)
	}
}

// Saved views on their keys, folders (a user one by the action that
// shows it, only on the list's screen), vacancies by title.
func TestViewsFoldersAndVacancies(t *testing.T) {
	f := facts()
	f.Views = []criteria.View{{Name: "Go в Москве", Key: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "Go в Москве"))}}
	f.Folders = []Folder{{Name: "Inbox", Count: "12", Key: f.Keys.FolderInbox, Index: 0}, {Name: "Резерв", Count: "3", Index: 4}}
	f.Vacancies = []store.Vacancy{{ID: 501, Profession: "Программист Go"}, {ID: 502}}
	entries := Entries(f, i18n.EN)
	find := func(kind Kind, title string) Entry {
		t.Helper()
		for _, e := range entries {
			if e.Kind == kind && e.Title == title {
				return e
			}
		}
		t.Fatalf("no %v %q in %v", kind, title, entries)
		return Entry{}
	}
	if e := find(KindView, "Go в Москве"); e.press != "w" || e.Key != "w" {
		t.Errorf("view: key %q, press %q", e.Key, e.press)
	}
	if e := find(KindFolder, "Inbox (12)"); e.press != "1" {
		t.Errorf("inbox presses %q", e.press)
	}
	if e := find(KindFolder, "Резерв (3)"); e.press != "" || e.act != (action.ShowFolder{Index: 4}) || e.Disabled != "" {
		t.Errorf("user folder: %+v", e)
	}
	if e := find(KindVacancy, "Программист Go"); e.act != (action.ShowVacancy{VacancyID: 501}) {
		t.Errorf("vacancy: %+v", e)
	}
	find(KindVacancy, "#502")
	f.Front = Outbox
	for _, e := range Entries(f, i18n.EN) {
		if e.Kind == KindFolder && e.Title == "Резерв (3)" && e.Disabled == "" {
			t.Error("a user folder applies on the outbox screen, where its action reaches no list in sight")
		}
	}
}

// Every action the palette lists has its words in both languages, so
// either finds it; the palette itself and the cursor's keys are not
// listed.
func TestEveryListedActionIsFoundInBothLanguages(t *testing.T) {
	entries := Entries(facts(), i18n.RU)
	ru, en := i18n.For(i18n.RU).KeyDescriptions(), i18n.For(i18n.EN).KeyDescriptions()
	for _, e := range entries {
		if e.Kind != KindAction {
			continue
		}
		for _, typed := range []string{en[e.name], ru[e.name]} {
			found := false
			for _, i := range Rank(entries, typed) {
				found = found || entries[i].name == e.name
			}
			if !found {
				t.Errorf("%q does not find %s", typed, e.name)
			}
		}
	}
	for _, name := range []string{"palette", "down", "force_quit", "dialog_confirm"} {
		for _, e := range entries {
			if e.name == name {
				t.Errorf("%s is listed", name)
			}
		}
	}
}

// Own actions ([[actions]], issue 31 §3) are listed on their keys, found
// by their names, dim without a resume, before the dim actions with one.
func TestOwnActionsAreListed(t *testing.T) {
	f := facts()
	f.Own = []key.Binding{key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "Push to the ATS"))}
	find := func(entries []Entry) (Entry, int) {
		for i, e := range entries {
			if e.Title == "Push to the ATS" {
				return e, i
			}
		}
		t.Fatal("the own action is not listed")
		return Entry{}, 0
	}
	e, _ := find(Entries(f, i18n.EN))
	if e.Kind != KindAction || e.Key != "P" || e.Disabled != i18n.For(i18n.EN).Palette().NoResume || e.press != "" {
		t.Errorf("nothing highlighted: %+v", e)
	}
	f.Highlighted = true
	entries := Entries(f, i18n.RU)
	e, i := find(entries)
	if e.Disabled != "" || e.press != "P" {
		t.Errorf("a resume highlighted: %+v", e)
	}
	for _, d := range entries[:i] {
		if d.Disabled != "" {
			t.Errorf("the own action comes after the dim %q", d.Title)
		}
	}
	if got := Rank(entries, "свои"); len(got) == 0 || entries[got[0]].Title != "Push to the ATS" {
		t.Errorf("Russian words do not find it: %+v", got[:min(len(got), 1)])
	}
	if got := Rank(entries, "push"); len(got) == 0 || entries[got[0]].Title != "Push to the ATS" {
		t.Errorf("its name does not find it: %+v", got[:min(len(got), 1)])
	}
}

// The resumes opened last are listed, found by name or id; enter shows
// the resume in the folder it was in.
func TestRecentResumesAreListed(t *testing.T) {
	f := facts()
	f.Recent = []Recent{{ID: 51730214, Name: "Громова Елена", Folder: "considered"}}
	entries := Entries(f, i18n.RU)
	for _, typed := range []string{"громова", "51730214"} {
		got := Rank(entries, typed)
		if len(got) == 0 || entries[got[0]].Kind != KindResume {
			t.Fatalf("%q finds no resume first", typed)
		}
		e := entries[got[0]]
		if e.Title != "Громова Елена" || e.act != (action.ShowResume{ResumeID: 51730214, Folder: "considered"}) {
			t.Errorf("%q: %+v", typed, e)
		}
	}
}
