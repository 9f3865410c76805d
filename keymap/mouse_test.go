package keymap_test

import (
	"testing"

	"hrdesk/keymap"
)

// Every default key reads back as itself once built into a press, so the
// wheel (and the tests' key builder) can stand for any binding.
func TestPressBuildsEveryDefaultKey(t *testing.T) {
	km := keymap.Default()
	for _, a := range keymap.Actions() {
		b, _ := km.Binding(a.Name)
		for _, k := range b.Keys() {
			if msg, ok := keymap.Press(k); !ok {
				t.Errorf("%s: Press(%q) reads as %q", a.Name, k, msg.String())
			}
		}
	}
	for _, k := range []string{"f7", "f63", "ctrl+alt+x", "shift+tab", "space", "G", "о"} {
		if msg, ok := keymap.Press(k); !ok {
			t.Errorf("Press(%q) reads as %q", k, msg.String())
		}
	}
}

// The wheel is down and up as rebound.
func TestWheelIsDownAndUp(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"down": {"f5"}, "up": {"f6"}}); err != nil {
		t.Fatal(err)
	}
	if msg, ok := km.Wheel(false); !ok || msg.String() != "f5" {
		t.Errorf("wheel down is %q, want f5", msg.String())
	}
	if msg, ok := km.Wheel(true); !ok || msg.String() != "f6" {
		t.Errorf("wheel up is %q, want f6", msg.String())
	}
}
