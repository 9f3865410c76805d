// Package tokenfile keeps a profile's OAuth token pair on disk, readable by
// the owner only (0600), written atomically so a crash never leaves half a file.
package tokenfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"hrdesk/internal/privatefile"
)

// Token is what a login leaves behind.
type Token struct {
	AccessToken  string    `json:"access_token"`
	RefreshToken string    `json:"refresh_token"`
	Expires      time.Time `json:"expires"`
	TokenType    string    `json:"token_type,omitempty"`
	// UserType is the X-User-Type of the login: hr_user or reg_user.
	UserType string `json:"user_type,omitempty"`
}

// ErrNoToken means nobody has logged in on this profile.
var ErrNoToken = errors.New("not logged in")

// Load reads the token at path; ErrNoToken when there is none.
func Load(path string) (Token, error) {
	var t Token
	data, err := readSmall(path)
	if errors.Is(err, fs.ErrNotExist) {
		return t, ErrNoToken
	}
	if err != nil {
		return t, fmt.Errorf("cannot read the stored login: %w", err)
	}
	if err := json.Unmarshal(data, &t); err != nil || t.AccessToken == "" || len(data) > maxFile {
		return Token{}, fmt.Errorf("the stored login in %s is damaged; run `hrdesk login` again", path)
	}
	return t, nil
}

// maxFile bounds what Load reads: a token pair is some hundreds of bytes,
// and more than this is no token file (it reads as damaged).
const maxFile = 64 << 10

// readSmall reads the token file, at most maxFile+1 bytes of it, and only
// a regular file: a named pipe at token.json (the data directory is one
// the user names) blocked every command of the profile for ever (issue 26
// §1); a *privatefile.NotRegularError says what is there instead.
func readSmall(path string) ([]byte, error) {
	f, err := privatefile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxFile+1))
}

// Save writes t to path with mode 0600, creating the directory (0700).
func Save(path string, t Token) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	err = privatefile.Write(path, ".token-*", func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
	if err != nil {
		return fmt.Errorf("cannot store the login: %w", err)
	}
	return nil
}

// Remove deletes the stored token; a missing file is not an error.
func Remove(path string) error {
	err := os.Remove(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
