package panetest

import (
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/theme"
)

// Each preset is what its name says, and each option changes its one
// thing.
func TestOptionsChangeTheirOneThing(t *testing.T) {
	if c := Common(i18n.RU); !c.Styles.ASCII || c.Styles.NoColor || c.Lang != i18n.RU || !c.Now().Equal(Now()) {
		t.Errorf("Common: ascii %v, no colour %v, %v at %v", c.Styles.ASCII, c.Styles.NoColor, c.Lang, c.Now())
	}
	if c := Plain(i18n.EN); c.Styles.ASCII || !c.Styles.NoColor {
		t.Errorf("Plain: ascii %v, no colour %v", c.Styles.ASCII, c.Styles.NoColor)
	}
	if c := Colour(i18n.EN); c.Styles.ASCII || c.Styles.NoColor {
		t.Errorf("Colour: ascii %v, no colour %v", c.Styles.ASCII, c.Styles.NoColor)
	}
	if c := Colour(i18n.EN, At(Noon())); !c.Now().Equal(Noon()) || Noon().Sub(Now()) != 2*time.Hour {
		t.Errorf("At(Noon()): %v", c.Now())
	}
	moment := time.Unix(0, 0)
	c := Plain(i18n.EN, Clock(func() time.Time { return moment }))
	moment = Now()
	if !c.Now().Equal(Now()) {
		t.Errorf("Clock: the test moved it to %v, it says %v", moment, c.Now())
	}
	if c := Common(i18n.EN, ASCII(false)); c.Styles.ASCII {
		t.Error("ASCII(false) left the preset's ASCII")
	}
	if c := Plain(i18n.EN, Theme(theme.WithASCII(true))); !c.Styles.ASCII || !c.Styles.NoColor {
		t.Errorf("Theme: ascii %v, no colour %v (the preset's kept)", c.Styles.ASCII, c.Styles.NoColor)
	}
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"invite": {"f7"}}); err != nil {
		t.Fatal(err)
	}
	if c := Common(i18n.EN, Keymap(km)); c.Keys.Invite.Keys()[0] != "f7" {
		t.Errorf("Keymap: invite is %v", c.Keys.Invite.Keys())
	}
}
