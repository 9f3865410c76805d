package keymap

import "fmt"

// KeyError is a mistake in config.toml's [keys] (or a saved view's key):
// English by Error, any language by In with that language's Words (issue
// 28 §6: a Russian profile was told them in English). keymap has no
// catalogue of its own languages: the command line hands it i18n's.
type KeyError struct {
	Problem KeyProblem
	// Action is the [keys] line's action ("" for a saved view's key).
	Action string
	// Key is the key at fault; Other the action that holds it already
	// (a clash, a taken key) or the name meant (an unknown action's
	// nearest, "" when none is near).
	Key, Other string
	// Screen is where two actions clash: "main", "dialog", "outbox"…
	Screen string
	// Modifier is the one not known.
	Modifier string
}

// KeyProblem says what is wrong with a key or an action.
type KeyProblem int

// The mistakes [keys] can hold.
const (
	UnknownAction   KeyProblem = iota // Action names none; Other the nearest
	CannotRebind                      // Action is force_quit
	NoKeys                            // Action's list is empty
	Reserved                          // Key is ctrl+c
	TypedInDialog                     // Key would be typed into a dialog's field
	KeyClash                          // Key is Action's and Other's on Screen
	KeyTaken                          // Key (a view's) is Other's already
	SpaceWritten                      // " " is written "space"
	NotPrintable                      // a one-character key nobody sees
	UnknownModifier                   // Modifier is no modifier
	ModifierOrder                     // modifiers out of Bubble Tea's order
	NotAKey                           // Key is no key name Bubble Tea reports
)

// Words is what KeyError says, one format per problem; Line "%s" the
// action, "%s" the problem's words, starts a [keys] line's mistake.
type Words struct {
	// Line is "%s" the action, "%s" the words; Keys prefixes [keys]'s.
	Line, Keys string
	// UnknownAction "%q" the name; DidYouMean "%q" the nearest.
	UnknownAction, DidYouMean string
	// CannotRebind and Reserved "%s" ctrl+c.
	CannotRebind, NoKeys, Reserved string
	// TypedInDialog "%q" the key; KeyClash "%q" the key, "%s" "%s" the
	// two actions, "%s" the screen; KeyTaken "%q" the key, "%s" its action.
	TypedInDialog, KeyClash, KeyTaken string
	// Examples ends the key names' mistakes; NotPrintable and NotAKey "%q"
	// the key, "%s" Examples; UnknownModifier "%q" the key, "%q" the
	// modifier, "%s" Examples; ModifierOrder "%q" the key.
	Examples, SpaceWritten, NotPrintable, UnknownModifier, ModifierOrder, NotAKey string
	// Screens names the screens of a clash by their keymap names.
	Screens map[string]string
}

// English is Words in English, Error's.
var English = Words{
	Line: "%s: %s", Keys: "[keys] ",
	UnknownAction: "unknown action %q", DidYouMean: "; did you mean %q?",
	CannotRebind:    "cannot be rebound: %s always quits",
	NoKeys:          "no keys given (remove the line to keep the default)",
	Reserved:        "%s is reserved: it always quits",
	TypedInDialog:   "%q would be typed into the dialog's text fields; use a key with ctrl or alt, or enter, esc, tab",
	KeyClash:        "key %q is bound to both %s and %s (%s screen)",
	KeyTaken:        "key %q is already %s (rebind it in [keys] or choose another)",
	Examples:        `examples: "j", "G", "ctrl+d", "space", "enter", "shift+tab", "up"`,
	SpaceWritten:    `key " " is written "space"`,
	NotPrintable:    "key %q is not a printable character (%s)",
	UnknownModifier: "key %q: unknown modifier %q; use lower-case ctrl, alt, shift (%s)",
	ModifierOrder:   "key %q: write modifiers in the order ctrl+alt+shift+meta+hyper+super",
	NotAKey:         "key %q is not a key name Bubble Tea reports (%s)",
}

func (e *KeyError) Error() string { return e.In(English) }

// In is the mistake in w's words.
func (e *KeyError) In(w Words) string {
	switch e.Problem {
	case UnknownAction:
		s := w.Keys + fmt.Sprintf(w.UnknownAction, e.Action)
		if e.Other != "" {
			s += fmt.Sprintf(w.DidYouMean, e.Other)
		}
		return s
	case CannotRebind:
		return w.Keys + e.Action + " " + fmt.Sprintf(w.CannotRebind, ForceQuitKey)
	case KeyClash:
		screen := e.Screen
		if name, ok := w.Screens[screen]; ok {
			screen = name
		}
		return w.Keys + fmt.Sprintf(w.KeyClash, e.Key, e.Other, e.Action, screen)
	case KeyTaken:
		return fmt.Sprintf(w.KeyTaken, e.Key, e.Other)
	}
	words := e.words(w)
	if e.Action == "" {
		return words
	}
	return w.Keys + fmt.Sprintf(w.Line, e.Action, words)
}

// words is a mistake about one key, without the action it is for.
func (e *KeyError) words(w Words) string {
	switch e.Problem {
	case NoKeys:
		return w.NoKeys
	case Reserved:
		return fmt.Sprintf(w.Reserved, ForceQuitKey)
	case TypedInDialog:
		return fmt.Sprintf(w.TypedInDialog, e.Key)
	case SpaceWritten:
		return w.SpaceWritten
	case NotPrintable:
		return fmt.Sprintf(w.NotPrintable, e.Key, w.Examples)
	case UnknownModifier:
		return fmt.Sprintf(w.UnknownModifier, e.Key, e.Modifier, w.Examples)
	case ModifierOrder:
		return fmt.Sprintf(w.ModifierOrder, e.Key)
	}
	return fmt.Sprintf(w.NotAKey, e.Key, w.Examples)
}
