package tokenfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "profile", "token.json")
	if _, err := Load(path); !errors.Is(err, ErrNoToken) {
		t.Fatalf("Load of nothing = %v, want ErrNoToken", err)
	}
	want := Token{AccessToken: "a", RefreshToken: "r", Expires: time.Unix(1800000000, 0).UTC(), UserType: "hr_user"}
	if err := Save(path, want); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v, want 0600", st.Mode().Perm())
	}
	dst, _ := os.Stat(filepath.Dir(path))
	if dst.Mode().Perm() != 0o700 {
		t.Errorf("profile dir mode %v, want 0700", dst.Mode().Perm())
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("Load = %+v, want %+v", got, want)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := Remove(path); err != nil {
		t.Fatalf("second Remove: %v", err)
	}
}

func TestDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token.json")
	os.WriteFile(path, []byte(`{"access_token":`), 0o600)
	_, err := Load(path)
	if err == nil || errors.Is(err, ErrNoToken) {
		t.Fatalf("damaged file: %v", err)
	}
}
