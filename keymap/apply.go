package keymap

import (
	"charm.land/bubbles/v2/key"

	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Apply rebinds actions from the [keys] table of config.toml, e.g.
// invite = ["i"], down = ["j", "down"]. Each listed action gets exactly the
// keys given (plus layout aliases); unlisted actions keep theirs.
//
// It reports every problem at once, joined: an unknown action name, an empty
// key list, a key Bubble Tea never reports, an attempt to rebind force_quit
// or to use ctrl+c, a printable key for a dialog action, and any key used by
// two actions of the same context (naming both). On error km is unchanged.
func Apply(km *KeyMap, overrides map[string][]string) error {
	all := specs()
	explicit := make([][]string, len(all))
	byName := make(map[string]int, len(all))
	for i, s := range all {
		explicit[i] = explicitKeys(s.field(km).Keys())
		byName[s.Name] = i
	}

	var errs []error
	for _, name := range sortedKeys(overrides) {
		i, ok := byName[name]
		if !ok {
			errs = append(errs, &KeyError{Problem: UnknownAction, Action: name, Other: nearest(name, all)})
			continue
		}
		s := all[i]
		if s.Fixed {
			errs = append(errs, &KeyError{Problem: CannotRebind, Action: name})
			continue
		}
		keys, err := checkKeys(s.Action, overrides[name])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		explicit[i] = keys
	}
	if err := clashes(all, explicit); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	km.build(all, explicit)
	return nil
}

// Validate reports clashes and reserved keys in km as it stands; Default
// passes. It is for keymaps assembled by hand.
func (km KeyMap) Validate() error {
	all := specs()
	explicit := make([][]string, len(all))
	var errs []error
	for i, s := range all {
		explicit[i] = explicitKeys(s.field(&km).Keys())
		if s.Fixed {
			continue
		}
		if _, err := checkKeys(s.Action, explicit[i]); err != nil {
			errs = append(errs, err)
		}
	}
	if err := clashes(all, explicit); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// checkKeys validates one action's new keys and drops repeats.
func checkKeys(a Action, keys []string) ([]string, error) {
	if len(keys) == 0 {
		return nil, &KeyError{Problem: NoKeys, Action: a.Name}
	}
	var out []string
	for _, k := range keys {
		if k == ForceQuitKey {
			return nil, &KeyError{Problem: Reserved, Action: a.Name, Key: k}
		}
		if err := validKey(k); err != nil {
			err.Action = a.Name
			return nil, err
		}
		if a.Context == Dialog && printable(k) {
			return nil, &KeyError{Problem: TypedInDialog, Action: a.Name, Key: k}
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out, nil
}

// clashes reports every key bound to two actions live at the same time: of
// one context, or of a dialog and a choice within it.
func clashes(all []spec, explicit [][]string) error {
	type slot struct {
		ctx Context
		key string
	}
	owner := map[slot]string{}
	var errs []error
	for i, s := range all {
		for _, k := range explicit[i] {
			sl := slot{s.Context.keySpace(), k}
			if prev, ok := owner[sl]; ok && prev != s.Name {
				errs = append(errs, &KeyError{Problem: KeyClash, Key: k, Other: prev, Action: s.Name, Screen: sl.ctx.String()})
				continue
			}
			owner[sl] = s.Name
		}
	}
	// The outbox screen's keys against the main keys live on it too.
	for i, s := range all {
		if s.Context != Outbox {
			continue
		}
		for _, k := range explicit[i] {
			for j, o := range all {
				if livesOnOutbox(o.Action) && slices.Contains(explicit[j], k) {
					errs = append(errs, &KeyError{Problem: KeyClash, Key: k, Other: o.Name, Action: s.Name, Screen: Outbox.String()})
				}
			}
		}
	}
	return errors.Join(errs...)
}

// livesOnOutbox says a main action keeps its key on the outbox screen:
// navigation (the cursor, the folders and screens) and the general keys,
// but sync, whose key the outbox may give to sending an action again.
func livesOnOutbox(a Action) bool {
	return a.Context == Main && (a.Group == GroupNavigation || a.Group == GroupGeneral) && a.Name != "sync"
}

// validKey accepts the strings Bubble Tea v2's msg.String() produces: a
// single printable character, or optional modifiers in canonical order
// followed by a character or a key name. Anything else could never match,
// and the user would wonder why the key does nothing.
func validKey(k string) *KeyError {
	// Modifiers in the order Bubble Tea prints them (Key.Keystroke).
	modifierOrder := [...]string{"ctrl", "alt", "shift", "meta", "hyper", "super"}
	if k == " " {
		return &KeyError{Problem: SpaceWritten, Key: k}
	}
	if utf8.RuneCountInString(k) == 1 {
		if printable(k) {
			return nil
		}
		return &KeyError{Problem: NotPrintable, Key: k}
	}
	var parts []string
	base := "+" // "ctrl++" is ctrl with the plus key
	if mods, ok := strings.CutSuffix(k, "++"); ok {
		parts = strings.Split(mods, "+")
	} else {
		parts = strings.Split(k, "+")
		parts, base = parts[:len(parts)-1], parts[len(parts)-1]
	}
	next := 0
	for _, m := range parts {
		i := slices.Index(modifierOrder[:], m)
		if i < 0 {
			return &KeyError{Problem: UnknownModifier, Key: k, Modifier: m}
		}
		if i < next {
			return &KeyError{Problem: ModifierOrder, Key: k}
		}
		next = i + 1
	}
	if utf8.RuneCountInString(base) == 1 && printable(base) || namedKey(base) {
		return nil
	}
	return &KeyError{Problem: NotAKey, Key: k}
}

// printable reports a single visible character; "space" is a named key but
// also typed text, so dialogs treat it as printable too.
func printable(k string) bool {
	if k == "space" {
		return true
	}
	r, n := utf8.DecodeRuneInString(k)
	return n == len(k) && r != utf8.RuneError && unicode.IsPrint(r) && !unicode.IsSpace(r)
}

// namedKey lists the key names of Bubble Tea v2 (ultraviolet's keyTypeString)
// that a terminal workstation may sensibly bind.
func namedKey(name string) bool {
	switch name {
	case "enter", "tab", "backspace", "esc", "space", "up", "down", "left", "right",
		"begin", "find", "insert", "delete", "select", "pgup", "pgdown", "home", "end":
		return true
	}
	if n, ok := strings.CutPrefix(name, "f"); ok && n != "" {
		var num int
		if _, err := fmt.Sscanf(n, "%d", &num); err == nil && fmt.Sprint(num) == n && num >= 1 && num <= 63 {
			return true
		}
	}
	return false
}

// nearest is the action name a typo means ("invit" → "invite"), "" when
// none is near.
func nearest(name string, all []spec) string {
	best, bestDist := "", 3
	for _, s := range all {
		if d := distance(name, s.Name); d < bestDist {
			best, bestDist = s.Name, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Extra makes the binding of a key that is no action of the table (a saved
// view's, from config.toml): it must be a key Bubble Tea reports, and free
// on the main screen in km. Like the table's plain keys, it also matches
// its twin in the Russian layout when that is free.
func (km *KeyMap) Extra(k, desc string) (key.Binding, error) {
	if k == ForceQuitKey {
		return key.Binding{}, &KeyError{Problem: Reserved, Key: k}
	}
	if err := validKey(k); err != nil {
		return key.Binding{}, err
	}
	taken := map[string]string{}
	for _, s := range specs() {
		if s.Context.keySpace() == Main {
			for _, bound := range s.field(km).Keys() {
				taken[bound] = s.Name
			}
		}
	}
	if name, ok := taken[k]; ok {
		return key.Binding{}, &KeyError{Problem: KeyTaken, Key: k, Other: name}
	}
	keys := []string{k}
	if a, ok := layoutAlias(k); ok && taken[a] == "" {
		keys = append(keys, a)
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(label([]string{k}), desc)), nil
}
