package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/views/dialogs"
	"hrdesk/views/palette"
)

// `:` then "inv" then enter asks what the invite key asks, the same
// dialog on the same screen, and what it queues is taken back by the
// same undo (issue 31 §1: enter does it exactly as its key would).
func TestThePaletteAsksWhatTheKeyAsks(t *testing.T) {
	cache := rigCache(t)
	km := keymap.Default()
	byKey, byPalette := newRig(t, km, nil, cache), newRig(t, km, nil, cache)
	byKey.send(keyPress(t, "i"))
	byPalette.send(keyPress(t, ":"))
	if !dialogIs[*palette.Model](byPalette) {
		t.Fatalf(": opened no palette:\n%s", screen(byPalette.m))
	}
	byPalette.typeText("inv")
	byPalette.send(keyPress(t, "enter"))
	if !dialogIs[*dialogs.LetterDialog](byPalette) {
		t.Fatalf("enter on inv opened no letter dialog:\n%s", screen(byPalette.m))
	}
	if got, want := screen(byPalette.m), screen(byKey.m); got != want {
		t.Errorf("the palette's invite shows\n%s\nthe key's\n%s", got, want)
	}
	// The same undo: later by its key and by the palette, then u.
	byKey, byPalette = newRig(t, km, nil, cache), newRig(t, km, nil, cache)
	byKey.send(keyPress(t, "l"))
	byPalette.send(keyPress(t, ":"))
	byPalette.typeText("later")
	byPalette.send(keyPress(t, "enter"))
	for _, r := range []*rig{byKey, byPalette} {
		if !r.queued(store.ActionLater, nil) {
			t.Fatalf("later was not queued:\n%s", screen(r.m))
		}
		r.send(keyPress(t, "u"))
	}
	if got, want := screen(byPalette.m), screen(byKey.m); got != want || len(byPalette.outbox()) != len(byKey.outbox()) {
		t.Errorf("after u the palette's workstation shows (%d in the outbox)\n%s\nthe key's (%d)\n%s",
			len(byPalette.outbox()), got, len(byKey.outbox()), want)
	}
}

// A rebound key is the one the palette shows and presses; the palette's
// own key follows its rebinding too.
func TestThePaletteShowsAReboundKey(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"invite": {"I"}, "palette": {"ctrl+p"}}); err != nil {
		t.Fatal(err)
	}
	r := newRig(t, km, nil, rigCache(t))
	r.send(keyPress(t, "ctrl+p"))
	r.typeText("invite")
	if out := screen(r.m); !strings.Contains(out, " I  invite") {
		t.Errorf("the palette does not show invite on I:\n%s", out)
	}
	r.send(keyPress(t, "enter"))
	if !dialogIs[*dialogs.LetterDialog](r) {
		t.Errorf("enter on the rebound invite opened no letter dialog:\n%s", screen(r.m))
	}
}

// A vacancy found by its title shows its responses on the resume list,
// from any screen.
func TestThePaletteShowsAVacancyFromAnotherScreen(t *testing.T) {
	m := newModelIn(t, repeatFixture(t), i18n.EN, 120, 30)
	press(t, m, "5", ":")
	typeText(t, m, "бухг")
	press(t, m, "enter")
	if m.dialog != nil || m.mode != paneTriage || m.triage.List().Query().VacancyID != 502 {
		t.Errorf("enter on бухг: dialog %T, screen %d, vacancy %d:\n%s", m.dialog, m.mode, m.triage.List().Query().VacancyID, screen(m))
	}
}

// The palette over the resume list at both sizes in both languages: as
// it opens, and narrowed to what "инв" finds.
func TestGoldenPalette(t *testing.T) {
	st := repeatFixture(t)
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			for name, typed := range map[string]string{"open": "", "typed": "инв"} {
				t.Run(fmt.Sprintf("%s_%v_%dx%d", name, lang, sz[0], sz[1]), func(t *testing.T) {
					m := newModelIn(t, st, lang, sz[0], sz[1])
					press(t, m, ":")
					typeText(t, m, typed)
					golden.RequireEqual(t, []byte(screen(m)))
				})
			}
		}
	}
}

// The palette knows the list's marks: "unmark all" is dim with why until
// something is marked, then does what A does.
func TestThePaletteKnowsTheMarks(t *testing.T) {
	m := newModelIn(t, repeatFixture(t), i18n.EN, 120, 30)
	press(t, m, ":")
	typeText(t, m, "unmark")
	if out := screen(m); !strings.Contains(out, "unmark all — nothing marked") {
		t.Errorf("unmark all with nothing marked:\n%s", out)
	}
	press(t, m, "esc", "a", ":")
	typeText(t, m, "unmark")
	if out := screen(m); !strings.Contains(out, "A  unmark all") || strings.Contains(out, "nothing marked") {
		t.Errorf("unmark all with every resume marked:\n%s", out)
	}
	press(t, m, "enter")
	if n := m.triage.List().MarkedCount(); n != 0 || m.dialog != nil {
		t.Errorf("enter on unmark all left %d marked, dialog %T", n, m.dialog)
	}
}
