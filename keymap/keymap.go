// Package keymap holds every key binding of hrdesk: one KeyMap value with a
// Default constructor, help groups for bubbles' help.Model, and validated
// rebinding from the [keys] table of config.toml.
//
// There are no package-level keymaps: an SSH server runs many programs in one
// process, and each session gets its own KeyMap. Help descriptions default to
// English; the UI translates them with Describe (i18n.Text.KeyDescriptions),
// so this package imports nothing of ours.
package keymap

import "charm.land/bubbles/v2/key"

// KeyMap is every binding of the workstation. Key strings are in Bubble Tea
// v2 msg.String() form: "j", "G", "ctrl+d", "space", "enter", "shift+tab".
type KeyMap struct {
	// Navigation.
	Down, Up, Top, Bottom, PageDown, PageUp key.Binding
	NextPane, PrevPane                      key.Binding
	FolderInbox, FolderConsidered           key.Binding
	FolderInvited, FolderRefused            key.Binding
	Open, Back                              key.Binding
	// ScreenVacancies and ScreenSelections leave triage for the own
	// vacancies and the saved resume searches, ScreenOutbox for the
	// actions not yet done, ScreenOverview for the funnel of every
	// vacancy; the folder keys come back.
	ScreenVacancies, ScreenSelections, ScreenOutbox, ScreenOverview key.Binding

	// Selection for bulk actions.
	Mark, MarkAll, UnmarkAll key.Binding

	// Actions on the current resume, or on the marked ones.
	Invite, Reject, MailTemplate, MailAddress, Move, Later key.Binding
	Comment, DeleteComment, BuyContacts, OpenContacts      key.Binding
	// Snooze puts the resumes aside until a moment (issue 31 §4), in this
	// profile's cache only.
	Snooze key.Binding
	// On the vacancies screen: archive the marked (or highlighted) ones,
	// jump to a vacancy's received resumes, cycle open/closed/archived.
	ArchiveVacancy, VacancyReceived, VacancyState key.Binding
	// On the overview: the figures by recruiter, and back (issue 30 §1).
	ByRecruiter key.Binding
	// On the selections screen.
	NewSelection, ToggleMail, DeleteSelection key.Binding
	// On the outbox screen (context Outbox): send a failed or unknown
	// action again, stop showing a failed one (give up on an unknown
	// one), withdraw a pending one.
	OutboxRetry, OutboxDismiss, OutboxCancel key.Binding
	// Copy puts the resume link (or contacts, when open) on the clipboard
	// with OSC 52, which works over SSH.
	Copy key.Binding

	// View: order and narrow the list. FilterMenu opens the filter dialog,
	// RemoveFilter takes the last chip off; FilterEverywhere, while the
	// filter line is open, searches every folder (and back).
	Sort, SortReverse, VacancyFilter, Scope, Filter key.Binding
	FilterMenu, RemoveFilter                        key.Binding
	FilterEverywhere                                key.Binding
	// NeedsMe shows every resume near or past its stage's time limit,
	// in every folder, oldest first (issue 30 §2), and back.
	NeedsMe key.Binding

	// General.
	Sync, Undo, Help, Login, Quit key.Binding
	// Palette opens the command palette (issue 31 §1): every action, saved
	// view, folder and vacancy found by a few letters of either language.
	Palette key.Binding
	// ForceQuit is always ctrl+c and cannot be rebound, so a broken config
	// can never trap the user.
	ForceQuit key.Binding

	// Dialog context: active while a dialog is open, when text fields take
	// printable keys, so these are never plain characters.
	DialogConfirm, DialogCancel, DialogNext, DialogPrev key.Binding
	// DialogSubmit sends from any field, including a multi-line body where
	// enter inserts a newline.
	DialogSubmit key.Binding
	// DialogEditor opens the body in $EDITOR. Not ctrl+e: the textarea uses
	// it for end of line.
	DialogEditor key.Binding
	// DialogDown and DialogUp move between the one-line fields of a form
	// (login, selection); a multi-line body keeps its arrows.
	DialogDown, DialogUp key.Binding
	// DialogDiscard throws away the text typed into a letter, comment, mail
	// or selection form, and its draft (esc keeps one). Not ctrl+d or
	// ctrl+u: the text fields delete with them.
	DialogDiscard key.Binding

	// Choice context: a yes/no question or a field cycled in place, where
	// no text is typed, so plain letters are free.
	Yes, No                key.Binding
	OptionNext, OptionPrev key.Binding
}

// Context is where a binding is active. Two actions may share a key only if
// they live in different contexts.
type Context int

// Contexts.
const (
	// Main is the workstation screen: panes, list, resume.
	Main Context = iota
	// Dialog is any open dialog.
	Dialog
	// Choice is a dialog or form field that takes no text: a yes/no
	// question, an option cycled in place. Its keys are live together with
	// the dialog keys, so the two may not share one.
	Choice
	// Outbox is the outbox screen's own keys. They come before the main
	// keys there, so they may reuse letters of actions that screen has no
	// use for (c comment, d delete selection) and sync's r, which on that
	// screen sends the highlighted action again; they may not take a key
	// of navigation or of the general keys that stay live on every
	// screen (livesOnOutbox).
	Outbox
)

// String names the context in error messages.
func (c Context) String() string {
	switch c {
	case Dialog:
		return "dialog"
	case Choice:
		return "choice"
	case Outbox:
		return "outbox"
	}
	return "main"
}

// keySpace is the set of keys a context's bindings must not share: a
// choice is always shown inside a dialog.
func (c Context) keySpace() Context {
	if c == Choice {
		return Dialog
	}
	return c
}

// Group is a column of the full help.
type Group int

// Help groups, in display order.
const (
	GroupNavigation Group = iota
	GroupSelection
	GroupActions
	GroupView
	GroupGeneral
	GroupDialog
	GroupOutbox
)

// Name is the group's stable name, the key of i18n.Text.GroupTitles.
func (g Group) Name() string {
	switch g {
	case GroupNavigation:
		return "navigation"
	case GroupSelection:
		return "selection"
	case GroupActions:
		return "actions"
	case GroupView:
		return "view"
	case GroupGeneral:
		return "general"
	case GroupDialog:
		return "dialog"
	case GroupOutbox:
		return "outbox"
	}
	return ""
}

// Action describes one binding: its name in config.toml [keys], where it is
// active, and its help group.
type Action struct {
	Name    string
	Context Context
	Group   Group
	// Fixed bindings (force_quit) cannot be rebound.
	Fixed bool
}

// spec is one row of the binding table: the action, its default keys, its
// English help text and the KeyMap field it fills.
type spec struct {
	Action
	keys  []string
	desc  string
	field func(*KeyMap) *key.Binding
}

// specs is the single table of bindings. Built by a function, not held in a
// package variable, so nothing global can be changed.
func specs() []spec {
	nav := func(name string, desc string, f func(*KeyMap) *key.Binding, keys ...string) spec {
		return spec{Action{name, Main, GroupNavigation, false}, keys, desc, f}
	}
	in := func(g Group) func(string, string, func(*KeyMap) *key.Binding, ...string) spec {
		return func(name, desc string, f func(*KeyMap) *key.Binding, keys ...string) spec {
			ctx := Main
			if g == GroupDialog {
				ctx = Dialog
			}
			return spec{Action{name, ctx, g, false}, keys, desc, f}
		}
	}
	choice := func(name, desc string, f func(*KeyMap) *key.Binding, keys ...string) spec {
		return spec{Action{name, Choice, GroupDialog, false}, keys, desc, f}
	}
	outbox := func(name, desc string, f func(*KeyMap) *key.Binding, keys ...string) spec {
		return spec{Action{name, Outbox, GroupOutbox, false}, keys, desc, f}
	}
	sel, act, view, gen, dlg := in(GroupSelection), in(GroupActions), in(GroupView), in(GroupGeneral), in(GroupDialog)
	forceQuit := gen("force_quit", "force quit", func(k *KeyMap) *key.Binding { return &k.ForceQuit }, "ctrl+c")
	forceQuit.Fixed = true
	return []spec{
		nav("down", "down", func(k *KeyMap) *key.Binding { return &k.Down }, "j", "down"),
		nav("up", "up", func(k *KeyMap) *key.Binding { return &k.Up }, "k", "up"),
		nav("top", "go to top", func(k *KeyMap) *key.Binding { return &k.Top }, "g", "home"),
		nav("bottom", "go to bottom", func(k *KeyMap) *key.Binding { return &k.Bottom }, "G", "end"),
		nav("page_down", "page down", func(k *KeyMap) *key.Binding { return &k.PageDown }, "ctrl+d", "pgdown"),
		nav("page_up", "page up", func(k *KeyMap) *key.Binding { return &k.PageUp }, "ctrl+u", "pgup"),
		nav("next_pane", "next pane", func(k *KeyMap) *key.Binding { return &k.NextPane }, "tab"),
		nav("prev_pane", "previous pane", func(k *KeyMap) *key.Binding { return &k.PrevPane }, "shift+tab"),
		nav("folder_inbox", "inbox", func(k *KeyMap) *key.Binding { return &k.FolderInbox }, "1"),
		nav("folder_considered", "considered", func(k *KeyMap) *key.Binding { return &k.FolderConsidered }, "2"),
		nav("folder_invited", "invited", func(k *KeyMap) *key.Binding { return &k.FolderInvited }, "3"),
		nav("folder_refused", "refused", func(k *KeyMap) *key.Binding { return &k.FolderRefused }, "4"),
		nav("screen_vacancies", "vacancies", func(k *KeyMap) *key.Binding { return &k.ScreenVacancies }, "5"),
		nav("screen_selections", "selections", func(k *KeyMap) *key.Binding { return &k.ScreenSelections }, "6"),
		nav("screen_outbox", "outbox", func(k *KeyMap) *key.Binding { return &k.ScreenOutbox }, "7"),
		nav("screen_overview", "overview", func(k *KeyMap) *key.Binding { return &k.ScreenOverview }, "8"),
		nav("open", "open", func(k *KeyMap) *key.Binding { return &k.Open }, "enter"),
		nav("back", "back", func(k *KeyMap) *key.Binding { return &k.Back }, "esc"),

		sel("mark", "mark", func(k *KeyMap) *key.Binding { return &k.Mark }, "space"),
		sel("mark_all", "mark all", func(k *KeyMap) *key.Binding { return &k.MarkAll }, "a"),
		sel("unmark_all", "unmark all", func(k *KeyMap) *key.Binding { return &k.UnmarkAll }, "A"),

		act("invite", "invite", func(k *KeyMap) *key.Binding { return &k.Invite }, "i"),
		act("reject", "reject", func(k *KeyMap) *key.Binding { return &k.Reject }, "x"),
		act("mail_template", "mail by template", func(k *KeyMap) *key.Binding { return &k.MailTemplate }, "e"),
		act("mail_address", "mail to address", func(k *KeyMap) *key.Binding { return &k.MailAddress }, "M"),
		act("move", "move to folder", func(k *KeyMap) *key.Binding { return &k.Move }, "m"),
		act("later", "later", func(k *KeyMap) *key.Binding { return &k.Later }, "l"),
		act("snooze", "snooze", func(k *KeyMap) *key.Binding { return &k.Snooze }, "z"),
		act("comment", "add comment", func(k *KeyMap) *key.Binding { return &k.Comment }, "c"),
		// Capital D: deleting is destructive, and ctrl+d is page down.
		act("delete_comment", "delete comment", func(k *KeyMap) *key.Binding { return &k.DeleteComment }, "D"),
		act("buy_contacts", "buy contacts", func(k *KeyMap) *key.Binding { return &k.BuyContacts }, "b"),
		act("open_contacts", "open contacts", func(k *KeyMap) *key.Binding { return &k.OpenContacts }, "o"),
		act("copy", "copy link", func(k *KeyMap) *key.Binding { return &k.Copy }, "y"),
		act("archive_vacancy", "archive vacancy", func(k *KeyMap) *key.Binding { return &k.ArchiveVacancy }, "X"),
		act("vacancy_received", "its resumes", func(k *KeyMap) *key.Binding { return &k.VacancyReceived }, "R"),
		act("vacancy_state", "open/closed/archived", func(k *KeyMap) *key.Binding { return &k.VacancyState }, "f"),
		act("by_recruiter", "by recruiter", func(k *KeyMap) *key.Binding { return &k.ByRecruiter }, "T"),
		act("new_selection", "new selection", func(k *KeyMap) *key.Binding { return &k.NewSelection }, "n"),
		act("toggle_mail", "e-mail on/off", func(k *KeyMap) *key.Binding { return &k.ToggleMail }, "t"),
		act("delete_selection", "delete selection", func(k *KeyMap) *key.Binding { return &k.DeleteSelection }, "d"),

		view("sort", "sort by", func(k *KeyMap) *key.Binding { return &k.Sort }, "s"),
		view("sort_reverse", "reverse sort", func(k *KeyMap) *key.Binding { return &k.SortReverse }, "S"),
		view("vacancy_filter", "vacancy", func(k *KeyMap) *key.Binding { return &k.VacancyFilter }, "v"),
		view("scope", "mine/company", func(k *KeyMap) *key.Binding { return &k.Scope }, "C"),
		view("filter", "filter", func(k *KeyMap) *key.Binding { return &k.Filter }, "/"),
		view("filter_menu", "filters", func(k *KeyMap) *key.Binding { return &k.FilterMenu }, "F"),
		view("remove_filter", "remove last filter", func(k *KeyMap) *key.Binding { return &k.RemoveFilter }, "backspace"),
		view("needs_me", "needs me", func(k *KeyMap) *key.Binding { return &k.NeedsMe }, "!"),

		gen("sync", "sync now", func(k *KeyMap) *key.Binding { return &k.Sync }, "r"),
		gen("undo", "undo", func(k *KeyMap) *key.Binding { return &k.Undo }, "u"),
		gen("help", "help", func(k *KeyMap) *key.Binding { return &k.Help }, "?"),
		gen("palette", "find an action", func(k *KeyMap) *key.Binding { return &k.Palette }, ":"),
		gen("login", "log in", func(k *KeyMap) *key.Binding { return &k.Login }, "L"),
		gen("quit", "quit", func(k *KeyMap) *key.Binding { return &k.Quit }, "q"),
		forceQuit,

		dlg("dialog_confirm", "confirm", func(k *KeyMap) *key.Binding { return &k.DialogConfirm }, "enter"),
		dlg("dialog_cancel", "cancel", func(k *KeyMap) *key.Binding { return &k.DialogCancel }, "esc"),
		dlg("dialog_next", "next field", func(k *KeyMap) *key.Binding { return &k.DialogNext }, "tab"),
		dlg("dialog_prev", "previous field", func(k *KeyMap) *key.Binding { return &k.DialogPrev }, "shift+tab"),
		dlg("dialog_submit", "send", func(k *KeyMap) *key.Binding { return &k.DialogSubmit }, "ctrl+s"),
		dlg("dialog_editor", "edit in $EDITOR", func(k *KeyMap) *key.Binding { return &k.DialogEditor }, "ctrl+o"),
		dlg("dialog_down", "field below", func(k *KeyMap) *key.Binding { return &k.DialogDown }, "down"),
		dlg("dialog_up", "field above", func(k *KeyMap) *key.Binding { return &k.DialogUp }, "up"),
		dlg("dialog_discard", "discard text", func(k *KeyMap) *key.Binding { return &k.DialogDiscard }, "ctrl+x"),
		// Not ctrl+a: the filter line's text input moves to the line start
		// with it.
		dlg("filter_everywhere", "all folders / this folder", func(k *KeyMap) *key.Binding { return &k.FilterEverywhere }, "ctrl+g"),

		outbox("outbox_retry", "send again", func(k *KeyMap) *key.Binding { return &k.OutboxRetry }, "r"),
		outbox("outbox_dismiss", "dismiss", func(k *KeyMap) *key.Binding { return &k.OutboxDismiss }, "d"),
		outbox("outbox_cancel", "withdraw action", func(k *KeyMap) *key.Binding { return &k.OutboxCancel }, "c"),

		choice("yes", "yes", func(k *KeyMap) *key.Binding { return &k.Yes }, "y"),
		choice("no", "no", func(k *KeyMap) *key.Binding { return &k.No }, "n"),
		choice("option_next", "next option", func(k *KeyMap) *key.Binding { return &k.OptionNext }, "right", "l", "space"),
		choice("option_prev", "previous option", func(k *KeyMap) *key.Binding { return &k.OptionPrev }, "left", "h"),
	}
}

// ForceQuitKey is the one key that always quits.
const ForceQuitKey = "ctrl+c"

// Default returns the built-in bindings with English help.
func Default() KeyMap {
	var km KeyMap
	all := specs()
	keys := make([][]string, len(all))
	for i, s := range all {
		keys[i] = s.keys
	}
	km.build(all, keys)
	for _, s := range all {
		b := s.field(&km)
		b.SetHelp(b.Help().Key, s.desc)
	}
	return km
}

// Actions lists every action in table order: the names config.toml [keys]
// accepts, with their context and help group.
func Actions() []Action {
	all := specs()
	out := make([]Action, len(all))
	for i, s := range all {
		out[i] = s.Action
	}
	return out
}

// Binding returns the binding of the named action, for callers that work
// from config names.
func (km *KeyMap) Binding(action string) (*key.Binding, bool) {
	for _, s := range specs() {
		if s.Name == action {
			return s.field(km), true
		}
	}
	return nil, false
}

// build sets every binding's keys from explicit (indexed like all), adds
// keyboard-layout aliases where plain letters are keys (the main and choice
// contexts), and sets each help label from the explicit keys. Descriptions
// already set are kept.
func (km *KeyMap) build(all []spec, explicit [][]string) {
	taken := map[Context]map[string]bool{Main: {}, Dialog: {}, Outbox: {}}
	for i, s := range all {
		for _, k := range explicit[i] {
			taken[s.Context.keySpace()][k] = true
		}
	}
	for i, s := range all {
		b := s.field(km)
		keys := append([]string(nil), explicit[i]...)
		if space := s.Context.keySpace(); s.Context != Dialog {
			for _, k := range explicit[i] {
				if a, ok := layoutAlias(k); ok && !taken[space][a] {
					keys = append(keys, a)
					taken[space][a] = true
				}
			}
		}
		desc := b.Help().Desc
		b.SetKeys(keys...)
		b.SetHelp(label(explicit[i]), desc)
	}
}

// explicitKeys returns a binding's keys without the layout aliases build
// added, so Apply can rebuild from what the user actually chose.
func explicitKeys(keys []string) []string {
	var out []string
	for _, k := range keys {
		alias := false
		for _, other := range keys {
			if a, ok := layoutAlias(other); ok && a == k {
				alias = true
				break
			}
		}
		if !alias {
			out = append(out, k)
		}
	}
	return out
}
