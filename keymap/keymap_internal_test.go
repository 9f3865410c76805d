package keymap

import (
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// TestEveryFieldInTable makes sure each key.Binding field of KeyMap has
// exactly one row in the table, hence a config name, defaults and help.
func TestEveryFieldInTable(t *testing.T) {
	var km KeyMap
	rows := map[*key.Binding]string{}
	for _, s := range specs() {
		p := s.field(&km)
		if prev, ok := rows[p]; ok {
			t.Errorf("actions %s and %s fill the same field", prev, s.Name)
		}
		rows[p] = s.Name
		if s.Name == "" || s.desc == "" || len(s.keys) == 0 {
			t.Errorf("row %+v lacks a name, help text or keys", s.Action)
		}
		if s.Group.Name() == "" {
			t.Errorf("%s: group %d has no name", s.Name, s.Group)
		}
	}
	v := reflect.ValueOf(&km).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type != reflect.TypeFor[key.Binding]() {
			continue
		}
		if _, ok := rows[v.Field(i).Addr().Interface().(*key.Binding)]; !ok {
			t.Errorf("field %s has no row in specs()", f.Name)
		}
	}
}

func TestLayoutAlias(t *testing.T) {
	for in, want := range map[string]string{"j": "о", "k": "л", "G": "П", "/": ".", "?": ",", "i": "ш"} {
		if got, ok := layoutAlias(in); !ok || got != want {
			t.Errorf("layoutAlias(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"1", "enter", "ctrl+d", "space", "ш"} {
		if got, ok := layoutAlias(in); ok {
			t.Errorf("layoutAlias(%q) = %q, want none", in, got)
		}
	}
}

// The other layout reads a whole text back: Latin typed in the Russian
// layout, Russian typed in the Latin one, the layouts' punctuation too.
func TestOtherLayout(t *testing.T) {
	for in, want := range map[string]string{
		"штм": "inv", "ШТМ": "INV", "ghbu": "приг", "ye;ty": "нужен", "x.": "чю",
		"пщ вум": "go dev", "gj ;ehyfke": "по журналу", "ю.": "./",
		"pg>=5 туц": "зп>=5 new", // each word on its own, a sign inside one as typed
		"<jhbc":     "Борис",
	} {
		if got, ok := OtherLayout(in); !ok || got != want {
			t.Errorf("OtherLayout(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "123", " -=", "ыыы1"} {
		if got, ok := OtherLayout(in); ok != (in == "ыыы1") {
			t.Errorf("OtherLayout(%q) = %q, %v", in, got, ok)
		}
	}
}

func TestValidKey(t *testing.T) {
	good := []string{"j", "G", "/", "?", "ш", "ctrl+d", "space", "enter", "shift+tab", "up", "pgdown",
		"ctrl+alt+x", "alt+enter", "f5", "ctrl++", "+"}
	bad := []string{"", " ", "Ctrl+d", "alt+ctrl+x", "return", "pagedown", "f0", "f64", "ctrl+", "jj", "\t"}
	for _, k := range good {
		if err := validKey(k); err != nil {
			t.Errorf("validKey(%q) = %v, want nil", k, err)
		}
	}
	for _, k := range bad {
		if err := validKey(k); err == nil {
			t.Errorf("validKey(%q) = nil, want an error", k)
		}
	}
}
