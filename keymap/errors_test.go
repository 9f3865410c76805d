package keymap_test

import (
	"errors"
	"strings"
	"testing"

	"hrdesk/keymap"
)

// Issue 28 §6: [keys]' mistakes are worded by the caller's Words (the
// command line hands i18n's), each problem by its own format, the facts
// (action, key, the other action, the screen) filled in.
func TestKeyErrorsInTheCallersWords(t *testing.T) {
	w := keymap.Words{Line: "%s→%s", Keys: "‹K› ",
		UnknownAction: "нет %q", DidYouMean: " или %q", CannotRebind: "не трогать (%s)", NoKeys: "пусто",
		Reserved: "%s занята", TypedInDialog: "%q в поле", KeyClash: "%q у %s и %s на %s", KeyTaken: "%q у %s",
		Examples: "примеры", SpaceWritten: "пробел", NotPrintable: "%q невидима (%s)",
		UnknownModifier: "%q: %q? (%s)", ModifierOrder: "%q: порядок", NotAKey: "%q не клавиша (%s)",
		Screens: map[string]string{"main": "главном"}}
	cases := []struct {
		overrides map[string][]string
		want      string
	}{
		{map[string][]string{"invit": {"i"}}, `‹K› нет "invit" или "invite"`},
		{map[string][]string{"force_quit": {"q"}}, "‹K› force_quit не трогать (ctrl+c)"},
		{map[string][]string{"invite": {}}, "‹K› invite→пусто"},
		{map[string][]string{"quit": {"ctrl+c"}}, "‹K› quit→ctrl+c занята"},
		{map[string][]string{"dialog_submit": {"s"}}, `‹K› dialog_submit→"s" в поле`},
		{map[string][]string{"sort": {"i"}}, `на главном`},
		{map[string][]string{"mark": {" "}}, "‹K› mark→пробел"},
		{map[string][]string{"down": {"\x01"}}, `‹K› down→"\x01" невидима (примеры)`},
		{map[string][]string{"down": {"Ctrl+n"}}, `‹K› down→"Ctrl+n": "Ctrl"? (примеры)`},
		{map[string][]string{"down": {"alt+ctrl+n"}}, `‹K› down→"alt+ctrl+n": порядок`},
		{map[string][]string{"down": {"ctrl+nope"}}, `‹K› down→"ctrl+nope" не клавиша (примеры)`},
	}
	for _, c := range cases {
		km := keymap.Default()
		err := keymap.Apply(&km, c.overrides)
		var ke *keymap.KeyError
		if !errors.As(err, &ke) {
			t.Errorf("%v: %v is no KeyError", c.overrides, err)
			continue
		}
		if got := ke.In(w); !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.overrides, got, c.want)
		}
		if ke.Error() != ke.In(keymap.English) {
			t.Errorf("%v: Error is not the English words", c.overrides)
		}
	}
	km := keymap.Default()
	_, err := km.Extra("s", "x")
	var ke *keymap.KeyError
	if !errors.As(err, &ke) || ke.In(w) != `"s" у sort` {
		t.Errorf("a view's taken key: %v", err)
	}
}
