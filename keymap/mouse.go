package keymap

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// The mouse has no bindings of its own: the wheel stands for the actions
// down and up, whatever keys config.toml gives them. The root hands a
// pane the key press of that action's binding, so each pane keeps reading
// its navigation keys in one place (common.Move) and a rebound down
// (down = ["j"]) moves the list under the wheel as it does under j.

// Wheel is the key press the wheel stands for: the first key of up or
// down; false when the action has no key.
func (km *KeyMap) Wheel(up bool) (tea.KeyPressMsg, bool) {
	b := km.Down
	if up {
		b = km.Up
	}
	keys := b.Keys()
	if len(keys) == 0 {
		return tea.KeyPressMsg{}, false
	}
	msg, ok := Press(keys[0])
	return msg, ok
}

// namedCodes are the named keys a binding may hold, by their
// msg.String() names.
var namedCodes = map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "home": tea.KeyHome,
	"end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "backspace": tea.KeyBackspace,
	"delete": tea.KeyDelete, "insert": tea.KeyInsert}

// Press builds the key press whose msg.String() is k, in the keymap's key
// form ("j", "G", "о", "ctrl+d", "shift+tab", "f7", "space"); false when
// it cannot (the press would read as another key).
func Press(k string) (tea.KeyPressMsg, bool) {
	var msg tea.KeyPressMsg
	base := k
	for _, mod := range []struct {
		prefix string
		mod    tea.KeyMod
	}{{"ctrl+", tea.ModCtrl}, {"alt+", tea.ModAlt}, {"shift+", tea.ModShift}} {
		if rest, ok := strings.CutPrefix(base, mod.prefix); ok && rest != "" {
			msg.Mod |= mod.mod
			base = rest
		}
	}
	code, named := namedCodes[base]
	n, errF := strconv.Atoi(strings.TrimPrefix(base, "f"))
	switch {
	case named:
		msg.Code = code
		if base == "space" && msg.Mod == 0 {
			msg.Text = " "
		}
	case len(base) > 1 && base[0] == 'f' && errF == nil && n >= 1 && n <= 63:
		msg.Code = tea.KeyF1 + rune(n-1)
	case base != "":
		r := []rune(base)
		msg.Code = r[0]
		if msg.Mod == 0 {
			msg.Text = base
		}
	}
	return msg, msg.String() == k
}
