//go:build unix

package tokenfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"hrdesk/internal/privatefile"
	"hrdesk/internal/testkit/testwait"
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

// A named pipe at token.json is refused at once, with what it is: reading
// it blocked every command of the profile for ever. A link to a token
// file is read, as a linked data directory is.
func TestLoadRefusesAPipe(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "token.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	var err error
	testwait.Within(t, 10*time.Second, "loading a pipe", func() { _, err = Load(path) })
	want := "cannot read the stored login: " + path + " is a named pipe (FIFO); hrdesk reads only a regular file there"
	if err == nil || err.Error() != want {
		t.Errorf("a pipe at the token file: %v, want %q", err, want)
	}
	real, link := filepath.Join(dir, "real.json"), filepath.Join(dir, "linked.json")
	if err := Save(real, Token{AccessToken: "a", RefreshToken: "r", Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	if tok, err := Load(link); err != nil || tok.AccessToken != "a" {
		t.Errorf("a link to a token file: %+v %v", tok, err)
	}
}
