package keymap_test

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/keymap"
)

func press(s string) tea.KeyPressMsg {
	msg, ok := keymap.Press(s)
	if !ok {
		panic("press: " + s)
	}
	return msg
}

func TestDefaultIsValid(t *testing.T) {
	if err := keymap.Default().Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestDefaultNoClashes checks the final keys, aliases included: no key
// triggers two actions on the same screen. A choice lives inside a dialog,
// so their keys share one space.
func TestDefaultNoClashes(t *testing.T) {
	km := keymap.Default()
	seen := map[keymap.Context]map[string]string{keymap.Main: {}, keymap.Dialog: {}, keymap.Outbox: {}}
	for _, a := range keymap.Actions() {
		space := a.Context
		if space == keymap.Choice {
			space = keymap.Dialog
		}
		b, _ := km.Binding(a.Name)
		for _, k := range b.Keys() {
			if prev, ok := seen[space][k]; ok {
				t.Errorf("%q bound to %s and %s", k, prev, a.Name)
			}
			seen[space][k] = a.Name
		}
	}
	// The outbox screen's keys come first there: none may hide a key
	// that moves, switches screens, helps or quits.
	for k, name := range seen[keymap.Outbox] {
		main := seen[keymap.Main][k]
		for _, a := range keymap.Actions() {
			if a.Name == main && (a.Group == keymap.GroupNavigation || a.Group == keymap.GroupGeneral) && a.Name != "sync" {
				t.Errorf("%q of %s hides %s on the outbox screen", k, name, main)
			}
		}
	}
}

// TestOutboxKeysKeepTheLiveOnes: an outbox key may take a main action's
// key that screen has no use for, never one that stays live there.
func TestOutboxKeysKeepTheLiveOnes(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"outbox_retry": {"x"}}); err != nil {
		t.Fatalf("retry on reject's x: %v", err)
	}
	for _, live := range []string{"q", "j", "?", "7", "esc"} {
		km := keymap.Default()
		err := keymap.Apply(&km, map[string][]string{"outbox_dismiss": {live}})
		if err == nil || !strings.Contains(err.Error(), "outbox screen") {
			t.Errorf("outbox_dismiss on %q: %v, want a clash on the outbox screen", live, err)
		}
	}
}

func TestDefaultMatchesKeyPresses(t *testing.T) {
	km := keymap.Default()
	cases := []struct {
		key  string
		want key.Binding
		name string
	}{
		{"j", km.Down, "down"}, {"о", km.Down, "down via Russian layout"}, {"G", km.Bottom, "bottom"},
		{"i", km.Invite, "invite"}, {"ш", km.Invite, "invite via Russian layout"},
		{"enter", km.Open, "open"}, {"ctrl+c", km.ForceQuit, "force quit"}, {"?", km.Help, "help"},
	}
	for _, c := range cases {
		if !key.Matches(press(c.key), c.want) {
			t.Errorf("%s: %q does not match", c.name, c.key)
		}
	}
	if key.Matches(press("i"), km.Reject) {
		t.Error("i matches reject")
	}
}

// TestEveryActionDocumented: each action has a help label and text in
// English by default, and a translation in every language of i18n.
func TestEveryActionDocumented(t *testing.T) {
	km := keymap.Default()
	names := map[string]bool{}
	for _, a := range keymap.Actions() {
		names[a.Name] = true
		b, ok := km.Binding(a.Name)
		if !ok {
			t.Fatalf("Binding(%q) not found", a.Name)
		}
		if b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("%s: help %+v incomplete", a.Name, b.Help())
		}
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		desc := i18n.For(lang).KeyDescriptions()
		for n := range names {
			if desc[n] == "" {
				t.Errorf("%v: i18n has no help text for action %s", lang, n)
			}
		}
		for n := range desc {
			if !names[n] {
				t.Errorf("%v: i18n describes %s, which keymap does not have", lang, n)
			}
		}
		titles := i18n.For(lang).GroupTitles()
		for _, g := range append(keymap.MainGroups(), keymap.GroupDialog) {
			if titles[g.Name()] == "" {
				t.Errorf("%v: no title for help group %s", lang, g.Name())
			}
		}
	}
}

func TestDescribe(t *testing.T) {
	km := keymap.Default()
	km.Describe(i18n.For(i18n.RU).KeyDescriptions())
	if h := km.Invite.Help(); h.Desc != "пригласить" || h.Key != "i" {
		t.Errorf("invite help = %+v", h)
	}
	if h := km.Down.Help(); h.Key != "j/↓" {
		t.Errorf("down label = %q", h.Key)
	}
}

func TestApplyRebinds(t *testing.T) {
	km := keymap.Default()
	err := keymap.Apply(&km, map[string][]string{
		"invite": {"I"},
		"down":   {"w", "down", "w"},
		// Swapping two keys is fine: the clash check sees the final state.
		"reject":        {"e"},
		"mail_template": {"x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !key.Matches(press("I"), km.Invite) || key.Matches(press("i"), km.Invite) {
		t.Error("invite not moved from i to I")
	}
	if !key.Matches(press("w"), km.Down) || !key.Matches(press("ц"), km.Down) || key.Matches(press("j"), km.Down) {
		t.Errorf("down keys = %q", km.Down.Keys())
	}
	if got := km.Down.Help(); got.Key != "w/↓" || got.Desc != "down" {
		t.Errorf("down help = %+v", got)
	}
	if !key.Matches(press("e"), km.Reject) || !key.Matches(press("x"), km.MailTemplate) {
		t.Error("swap of reject and mail_template failed")
	}
	// Unlisted actions keep their keys, and a second Apply starts from the
	// first one's result, aliases not mistaken for the user's keys.
	if err := keymap.Apply(&km, map[string][]string{"up": {"p"}}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(km.Down.Keys(), []string{"w", "down", "ц"}) || !key.Matches(press("I"), km.Invite) {
		t.Errorf("second Apply changed other bindings: down %q", km.Down.Keys())
	}
}

func TestApplyErrors(t *testing.T) {
	cases := []struct {
		name      string
		overrides map[string][]string
		want      []string
	}{
		{"unknown action", map[string][]string{"invit": {"i"}}, []string{`unknown action "invit"`, `did you mean "invite"`}},
		{"empty keys", map[string][]string{"invite": {}}, []string{"invite: no keys"}},
		{"clash with a default", map[string][]string{"sort": {"i"}}, []string{`"i"`, "invite", "sort"}},
		{"clash between overrides", map[string][]string{"later": {"z"}, "undo": {"z"}}, []string{`"z"`, "later", "undo"}},
		{"rebind force quit", map[string][]string{"force_quit": {"ctrl+q"}}, []string{"force_quit cannot be rebound"}},
		{"steal ctrl+c", map[string][]string{"quit": {"ctrl+c"}}, []string{"quit: ctrl+c is reserved"}},
		{"bad key name", map[string][]string{"down": {"Ctrl+n"}}, []string{"down:", `unknown modifier "Ctrl"`}},
		{"literal space", map[string][]string{"mark": {" "}}, []string{`written "space"`}},
		{"printable dialog key", map[string][]string{"dialog_submit": {"s"}}, []string{"dialog_submit", "text fields"}},
		{"choice key taken by the dialog", map[string][]string{"yes": {"enter"}}, []string{`"enter"`, "dialog_confirm", "yes"}},
	}
	for _, c := range cases {
		km := keymap.Default()
		err := keymap.Apply(&km, c.overrides)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
		if !slices.Equal(km.Invite.Keys(), keymap.Default().Invite.Keys()) || !slices.Equal(km.Down.Keys(), keymap.Default().Down.Keys()) {
			t.Errorf("%s: keymap changed despite the error", c.name)
		}
	}
}

func TestApplyReportsAllProblems(t *testing.T) {
	km := keymap.Default()
	err := keymap.Apply(&km, map[string][]string{"nope": {"z"}, "invite": {}})
	if err == nil || !strings.Contains(err.Error(), "nope") || !strings.Contains(err.Error(), "invite") {
		t.Fatalf("want both problems, got %v", err)
	}
}

// TestSameKeyInDifferentContexts: enter opens a resume on the main screen
// and confirms in a dialog; y copies on the main screen and answers yes in
// a question. Neither is a clash.
func TestSameKeyInDifferentContexts(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"dialog_cancel": {"esc", "ctrl+y"}, "yes": {"y"}, "copy": {"y"}}); err != nil {
		t.Fatal(err)
	}
}

// A choice takes plain letters, in either keyboard layout: no text is
// typed there.
func TestChoiceKeysArePlainLetters(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"yes": {"j"}, "option_next": {"space"}}); err != nil {
		t.Fatal(err)
	}
	if !key.Matches(press("j"), km.Yes) || !key.Matches(press("о"), km.Yes) {
		t.Errorf("yes keys = %q", km.Yes.Keys())
	}
	if d := keymap.Default(); !key.Matches(press("н"), d.Yes) || !key.Matches(press("т"), d.No) {
		t.Errorf("y/n in the Russian layout: yes %q, no %q", d.Yes.Keys(), d.No.Keys())
	}
}

func TestHelpRenders(t *testing.T) {
	km := keymap.Default()
	h := help.New()
	h.SetWidth(200)
	if out := h.View(km); !strings.Contains(out, "invite") {
		t.Errorf("short help lacks invite: %q", out)
	}
	h.ShowAll = true
	if out := h.View(km); !strings.Contains(out, "delete comment") {
		t.Errorf("full help lacks delete comment")
	}
	if out := h.View(km.DialogHelp()); !strings.Contains(out, "ctrl+o") {
		t.Errorf("dialog help lacks the editor key: %q", out)
	}
}

// A saved view's key must be free on the main screen after [keys]; it
// gets its Russian-layout twin like the table's keys.
func TestExtraKey(t *testing.T) {
	km := keymap.Default()
	b, err := km.Extra("w", "Fresh")
	if err != nil || !slices.Contains(b.Keys(), "w") || !slices.Contains(b.Keys(), "ц") || b.Help().Desc != "Fresh" {
		t.Fatalf("%v %v", b.Keys(), err)
	}
	for k, want := range map[string]string{"s": "already sort", "ctrl+c": "reserved", "ctrl+": "not a key name", "backspace": "remove_filter"} {
		if _, err := km.Extra(k, "x"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", k, err, want)
		}
	}
	// Rebound away, s is free for a view.
	if err := keymap.Apply(&km, map[string][]string{"sort": {"o"}, "open_contacts": {"O"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := km.Extra("s", "x"); err != nil {
		t.Errorf("s after rebinding sort: %v", err)
	}
	// A dialog's keys live elsewhere: ctrl+g is free on the main screen.
	if _, err := km.Extra("ctrl+g", "x"); err != nil {
		t.Errorf("ctrl+g: %v", err)
	}
}
