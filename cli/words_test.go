package cli

import (
	"strings"
	"testing"

	"hrdesk/apiclient"
	"hrdesk/config"
)

// Issue 19 §2.7: messages that said a thing twice.
func TestMessagesSayItOnce(t *testing.T) {
	a := &app{env: config.EnvFromList(nil)}
	for _, c := range []struct {
		service, want string
	}{
		{"wrong login or password", "wrong login or password"},
		{"Wrong login or password.", "wrong login or password"},
		{"Неверный логин или пароль", "wrong login or password (the service says: Неверный логин или пароль)"},
		{"", "wrong login or password"},
	} {
		err := a.explainLoginError(&apiclient.Error{Method: "POST", Path: "/2.0/oauth2/password/", Status: 400, OAuth: "invalid_grant", Message: c.service})
		if err == nil || err.Error() != c.want {
			t.Errorf("service said %q: we say %v, want %q", c.service, err, c.want)
		}
	}

	a.cfg.Keys = map[string][]string{"down": {"k"}}
	_, _, err := a.uiCommon()
	if err == nil || strings.Count(err.Error(), "[keys]") != 1 {
		t.Errorf("a clash in [keys]: %v; want [keys] named once", err)
	}
}
