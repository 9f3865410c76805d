//go:build unix

package tokenfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hrdesk/internal/privatefile"
)

// A link planted at token.json is neither followed (the token pair would
// land in the file it names) nor replaced: the login is refused with the
// reason and both stay as they were (issue 26 §1).
func TestSaveRefusesALinkAtTheTokenFile(t *testing.T) {
	dir := t.TempDir()
	victim, path := filepath.Join(dir, "victim"), filepath.Join(dir, "token.json")
	if err := os.WriteFile(victim, []byte("theirs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	err := Save(path, Token{AccessToken: "v3.secret-access", RefreshToken: "v3.secret-refresh", Expires: time.Now().Add(time.Hour)})
	var na *privatefile.NotAFileError
	if !errors.As(err, &na) || !na.Link() {
		t.Fatalf("a link at the token file: %v", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "theirs\n" {
		t.Errorf("the token went through the link: %q", data)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode().Type() != os.ModeSymlink {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
}
