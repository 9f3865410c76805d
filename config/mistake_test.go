package config

import (
	"errors"
	"strings"
	"testing"

	"hrdesk/i18n"
)

// A mistake says itself in English as Error and in a language by In; a
// saved view's mistakes, joined, each in that language, a mistake inside
// another too; and what lies underneath is still found.
func TestMistakesSayThemselvesInALanguage(t *testing.T) {
	c := Defaults(EnvFromList(nil))
	c.DataDir = t.TempDir()
	c.Theme = "purple"
	err := c.Validate()
	if err == nil || err.Error() != `theme must be "auto", "light" or "dark", got "purple"` {
		t.Fatalf("in English: %v", err)
	}
	if ru, ok := Words(err, i18n.RU); !ok || ru != `theme — "auto", "light" или "dark", а не "purple"` {
		t.Errorf("in Russian: %q %v", ru, ok)
	}
	c.Theme = ""
	c.Views = []View{{Name: "Свежие", Key: "w", Responded: "вчера"}, {Key: "w", Sort: "name"}}
	err = c.Validate()
	ru, ok := Words(err, i18n.RU)
	if !ok || len(strings.Split(ru, "\n")) != 4 || !strings.Contains(ru, `[[views]] "Свежие": responded "вчера": today, 7d, 30d или ОТ..ДО`) ||
		!strings.Contains(ru, "[[views]] #2: нет названия") || !strings.Contains(ru, `[[views]] #2: клавиша "w" уже занята: [[views]] "Свежие"`) {
		t.Errorf("saved views in Russian (%v):\n%s", ok, ru)
	}
	if !errors.Is(err, ErrResponded) {
		t.Errorf("ErrResponded is not found under %v", err)
	}
	if _, ok := Words(errors.New("disk full"), i18n.RU); ok {
		t.Error("an error of no setting is said as one")
	}
}
