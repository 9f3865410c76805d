package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/fakeapi"
	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/problem"
)

// Issue 19 §2.4: contact failures were blamed on the wrong thing — `b`
// without money said "local error (the cache on this machine): not enough
// money…", `o` before buying said "access denied". Each refusal is said in
// the contract's plain words, and the message goes with the next key.
func TestContactFailuresInPlainWords(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	m, _ := newWorkstation(t, e)
	e.srv.SetMoney(false)
	keys(t, m, "b", "y")
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "Not enough money on the account") || strings.Contains(screen, "local error") {
		t.Errorf("b without money:\n%s", screen)
	}
	keys(t, m, "j")
	if screen := ansi.Strip(m.View().Content); strings.Contains(screen, "Not enough money") {
		t.Errorf("the message stayed after the next key:\n%s", screen)
	}

	_, _, w := profileWorkspace(t, e)
	err := (w.Backend(nil)).OpenContacts(context.Background(), fakeapi.UnpublishedID)
	for _, lang := range []string{"en", "ru"} {
		c := panetest.Colour(i18n.Detect(lang, nil))
		want := map[string]string{"en": "Contacts must be bought first", "ru": "Сначала нужно купить контакты"}[lang]
		if got := c.Words(problem.Of(err)); got != want {
			t.Errorf("%s: o before buying says %q, want %q (%v)", lang, got, want, err)
		}
	}
}
