package palette

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// Kind is what an entry stands for.
type Kind int

// Kinds, in the order the palette lists them when nothing is typed.
const (
	KindAction Kind = iota
	KindView
	KindFolder
	KindVacancy
	KindResume
)

// Entry is one line of the palette.
type Entry struct {
	Kind  Kind
	Title string // in the profile's language
	// Key is what the recruiter would press (the keymap's label, so a
	// rebound key shows as rebound); "" when there is none.
	Key string
	// Words are what typing matches: the title in both languages and the
	// action's name in config.toml's [keys].
	Words []string
	// Disabled says why the entry does not apply now ("nothing marked");
	// "" when it does.
	Disabled string
	// press is the key enter feeds back through the workstation, so the
	// entry does exactly what its key does (the same question, the same
	// undo); for a dim action, the key of the screen where it works. act
	// is what enter asks when there is no key (a vacancy, a user folder).
	press string
	act   action.Action
	fold  folded
	name  string // the action's name in [keys], "" for other kinds
}

// Screen ids: where an action works. The triage screen is the resume
// list; the others are the screens with a key of their own.
const (
	Triage     = "triage"
	Vacancies  = "vacancies"
	Selections = "selections"
	Outbox     = "outbox"
	Overview   = "overview"
)

// Screen is a screen of the workstation as the palette names it.
type Screen struct {
	ID   string
	Name string
	Key  key.Binding // zero for the triage screen, which has no key
}

// Folder is a folder of the triage screen: Index is its row in the
// folders pane, Key its key (zero for a user folder).
type Folder struct {
	Name, Count string
	Key         key.Binding
	Index       int
}

// Facts is what the root knows when the palette opens.
type Facts struct {
	Keys    keymap.KeyMap
	Screens []Screen
	Front   string // the id of the screen in front
	// Highlighted: a resume is under the list's cursor; Marked: how many
	// resumes are marked.
	Highlighted bool
	Marked      int
	Views       []criteria.View
	Folders     []Folder
	Vacancies   []store.Vacancy
	// Own are the recruiter's own actions' keys ([[actions]], issue 31
	// §3), each named by its help text; none in a served session.
	Own []key.Binding
	// Recent are the resumes opened last, newest first.
	Recent []Recent
}

// Recent is a resume opened before: enter shows it again.
type Recent struct {
	ID           int64
	Name, Folder string
}

// homes says where each action listed works; an action not here is
// not listed: moving the cursor, the dialogs' own keys, the folders'
// keys (listed as folders), the palette itself.
var homes = map[string][]string{
	"screen_vacancies": nil, "screen_selections": nil, "screen_outbox": nil, "screen_overview": nil,
	"sync": nil, "help": nil, "login": nil, "quit": nil,

	"mark":       {Triage, Vacancies, Outbox},
	"mark_all":   {Triage, Outbox},
	"unmark_all": {Triage, Outbox},
	"invite":     {Triage}, "reject": {Triage}, "mail_template": {Triage}, "mail_address": {Triage},
	"move": {Triage}, "later": {Triage}, "snooze": {Triage}, "comment": {Triage}, "delete_comment": {Triage},
	"buy_contacts": {Triage}, "open_contacts": {Triage}, "copy": {Triage},
	"sort": {Triage, Overview}, "sort_reverse": {Triage}, "vacancy_filter": {Triage},
	"scope": {Triage, Overview}, "filter": {Triage, Overview}, "filter_menu": {Triage},
	"remove_filter": {Triage}, "needs_me": {Triage}, "undo": {Triage},

	"archive_vacancy": {Vacancies}, "vacancy_received": {Vacancies}, "vacancy_state": {Vacancies},
	"by_recruiter":  {Overview},
	"new_selection": {Selections}, "toggle_mail": {Selections}, "delete_selection": {Selections},
	"outbox_retry": {Outbox}, "outbox_dismiss": {Outbox}, "outbox_cancel": {Outbox},
}

// Actions on the resume list that need a resume: the highlighted or the
// marked ones (onResumes), or the highlighted one (onHighlighted).
var (
	onResumes     = map[string]bool{"invite": true, "reject": true, "mail_template": true, "mail_address": true, "move": true, "later": true, "snooze": true}
	onHighlighted = map[string]bool{"mark": true, "comment": true, "delete_comment": true, "buy_contacts": true, "open_contacts": true, "copy": true}
)

// Entries lists what the palette offers for f, in the order shown when
// nothing is typed: the actions that apply now, the others dim with why,
// then the saved views, the folders and the vacancies.
func Entries(f Facts, lang i18n.Lang) []Entry {
	words := i18n.For(lang).Palette()
	// The own actions go with the keymap's: those that apply before
	// every dim one.
	out := append(actions(f, words), own(f, lang)...)
	slices.SortStableFunc(out, func(a, b Entry) int { return dimRank(a) - dimRank(b) })
	for _, v := range f.Views {
		out = append(out, Entry{Kind: KindView, Title: textsafe.Line(v.Name), Key: v.Key.Help().Key,
			Words: []string{v.Name, words.View}, press: first(v.Key)})
	}
	for _, fo := range f.Folders {
		e := Entry{Kind: KindFolder, Title: textsafe.Line(fo.Name), Key: fo.Key.Help().Key, Words: []string{fo.Name, words.Folder},
			press: first(fo.Key), act: action.ShowFolder{Index: fo.Index}}
		if e.press == "" && f.Front != Triage {
			e.Disabled, e.press = fmt.Sprintf(words.OnScreen, words.ResumeList), ""
		}
		if fo.Count != "" {
			e.Title += " (" + fo.Count + ")"
		}
		out = append(out, e)
	}
	for _, v := range f.Vacancies {
		title := textsafe.Line(v.Profession)
		if title == "" {
			title = fmt.Sprintf("#%d", v.ID)
		}
		out = append(out, Entry{Kind: KindVacancy, Title: title, Words: []string{title, fmt.Sprint(v.ID), words.Vacancy},
			act: action.ShowVacancy{VacancyID: v.ID}})
	}
	out = append(out, recent(f, words)...)
	for i := range out {
		out[i].fold = prepare(out[i].Words) // once, not at each keystroke
	}
	return out
}

// actions are the keymap's actions the palette lists, in the keymap's
// order, each with its words in both languages: first those that act on
// the highlighted or marked resumes, when there are, then the others that
// apply now, then the dim ones.
func actions(f Facts, words i18n.PaletteText) []Entry {
	en, ru := i18n.For(i18n.EN).KeyDescriptions(), i18n.For(i18n.RU).KeyDescriptions()
	var resumes, highlighted, on, off []Entry
	for _, a := range keymap.Actions() {
		where, listed := homes[a.Name]
		if !listed {
			continue
		}
		b, _ := f.Keys.Binding(a.Name)
		e := Entry{Kind: KindAction, Title: b.Help().Desc, Key: b.Help().Key,
			Words: []string{b.Help().Desc, en[a.Name], ru[a.Name], strings.ReplaceAll(a.Name, "_", " ")}, press: first(*b), name: a.Name}
		e.Disabled, e.press = disabled(f, a.Name, where, e.press, words)
		switch {
		case e.Disabled != "":
			off = append(off, e)
		case onResumes[a.Name]:
			resumes = append(resumes, e)
		case onHighlighted[a.Name]:
			highlighted = append(highlighted, e)
		default:
			on = append(on, e)
		}
	}
	return slices.Concat(resumes, highlighted, on, off)
}

// disabled says why action name does not apply now, and what enter does
// then: on another screen, that screen's key (it goes where the action
// works); on the resume list without a resume to act on, nothing.
func disabled(f Facts, name string, where []string, press string, words i18n.PaletteText) (string, string) {
	if len(where) > 0 && !slices.Contains(where, f.Front) {
		s := screen(f, where[0])
		title := s.Name
		if s.ID == Triage {
			title = words.ResumeList
		}
		return fmt.Sprintf(words.OnScreen, title), first(s.Key)
	}
	if f.Front != Triage {
		return "", press
	}
	switch {
	case onResumes[name] && !f.Highlighted && f.Marked == 0:
		return words.NoResume, ""
	case onHighlighted[name] && !f.Highlighted:
		return words.NoResume, ""
	case name == "unmark_all" && f.Marked == 0:
		return words.NothingMarked, ""
	}
	return "", press
}

func screen(f Facts, id string) Screen {
	for _, s := range f.Screens {
		if s.ID == id {
			return s
		}
	}
	return Screen{ID: id}
}

// first is a binding's first key, the one its help shows first; "" for
// none.
func first(b key.Binding) string {
	if ks := b.Keys(); len(ks) > 0 {
		return ks[0]
	}
	return ""
}
