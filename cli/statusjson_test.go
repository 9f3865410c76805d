package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 19 §2.9: `hrdesk status --json` and `hrdesk whoami --json` for
// scripts.
func TestStatusAndWhoamiAsJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "status", "--json")
	if code != 0 {
		t.Fatal(errs)
	}
	var s statusJSON
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	total := 0
	for _, f := range s.Folders {
		total += f.Total
		if (f.Folder == "considered" || f.Folder == "invited") != (f.Stale != nil) {
			t.Errorf("folder %s: stale %v", f.Folder, f.Stale)
		}
	}
	if len(s.Folders) < 4 || total == 0 || s.LastSync == nil || !s.Login.LoggedIn || s.Login.Until == nil || s.Requests.Limit == 0 {
		t.Errorf("status --json: %+v", s)
	}
	_, text, _ := e.run("", "status")
	if !strings.Contains(text, "inbox") || !strings.Contains(text, "actions: 0 waiting") {
		t.Errorf("status as text:\n%s", text)
	}
	code, out, errs = e.run("", "whoami", "--json")
	var u struct {
		ID    int64  `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &u) != nil || u.ID == 0 || u.Name == "" || u.Email == "" {
		t.Errorf("whoami --json: %d %q %s", code, out, errs)
	}
}
