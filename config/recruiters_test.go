package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/i18n"
)

// resolveWith resolves a config.toml of body.
func resolveWith(t *testing.T, body string) (Config, error) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return Resolve(EnvFromList([]string{"HOME=" + dir, EnvConfig + "=" + file, EnvDataDir + "=" + dir}), Overrides{})
}

// [recruiters] names recruiters by id (issue 30 §1); a name is cleaned
// like every name of the config, an empty one names nobody, and a key that
// is not an id is refused in the profile's language.
func TestRecruiterNames(t *testing.T) {
	c, err := resolveWith(t, "[recruiters]\n7002 = \"Пётр\"\n7003 = \"Ольга\\u001b[31m\"\n7004 = \"\"\n")
	if err != nil {
		t.Fatal(err)
	}
	names := c.RecruiterNames()
	if len(names) != 2 || names[7002] != "Пётр" || strings.ContainsRune(names[7003], 0x1b) || !strings.HasPrefix(names[7003], "Ольга") {
		t.Errorf("names %v", names)
	}
	for _, key := range []string{"Пётр", "-5", "0"} {
		_, err := resolveWith(t, "[recruiters]\n\""+key+"\" = \"x\"\n")
		if w, ok := Words(err, i18n.RU); !ok || !strings.Contains(w, "[recruiters] \""+key+"\": ключ") ||
			!strings.Contains(err.Error(), "must be a recruiter's id") {
			t.Errorf("key %q: %v / %q", key, err, w)
		}
	}
}
