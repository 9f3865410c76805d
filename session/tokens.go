package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"hrdesk/apiclient"
	"hrdesk/internal/privatefile"
	"hrdesk/tokenfile"
)

// tokenStore is the profile's token.json as the client's TokenStore: the
// client reads it again before each authorized call and renews under its
// lock, so every process of the profile shares one login.
type tokenStore struct{ path string }

func (s tokenStore) Lock(ctx context.Context) (func(), error) { return tokenfile.Lock(ctx, s.path) }

func (s tokenStore) Load() (apiclient.Token, error) {
	t, err := tokenfile.Load(s.path)
	if err != nil {
		return apiclient.Token{}, err
	}
	return APIToken(t), nil
}

func (s tokenStore) Save(t apiclient.Token) error { return tokenfile.Save(s.path, FileToken(t)) }

// APIToken is the token file's pair as the client holds it.
func APIToken(t tokenfile.Token) apiclient.Token {
	return apiclient.Token{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, Expires: t.Expires, TokenType: t.TokenType, UserType: t.UserType}
}

// FileToken is the client's pair as the token file keeps it.
func FileToken(t apiclient.Token) tokenfile.Token {
	return tokenfile.Token{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, Expires: t.Expires, TokenType: t.TokenType, UserType: t.UserType}
}

// SaveLogin keeps a login the service gave in the profile's token file.
func (p *Profile) SaveLogin(t apiclient.Token) error {
	return tokenfile.Save(p.Config.TokenFile(), FileToken(t))
}

var requestLogMu sync.Mutex

// openRequestLog appends one line per API call to the --request-log file,
// a private one (0600). A link, a pipe or a device there is refused at
// once (issue 26 §1): a link would add the log to another user's file, a
// pipe nobody reads would block the command for ever.
func openRequestLog(path string) (func(apiclient.RequestLog), error) {
	f, err := privatefile.Append(path)
	if na := (*privatefile.NotAFileError)(nil); errors.As(err, &na) {
		return nil, fmt.Errorf("--request-log %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot open the request log: %w", err)
	}
	return func(r apiclient.RequestLog) {
		requestLogMu.Lock()
		defer requestLogMu.Unlock()
		line := fmt.Sprintf("%s %s %s %d %s retries=%d", time.Now().UTC().Format(time.RFC3339), r.Method, r.Path, r.Status, r.Duration.Round(time.Millisecond), r.Retries)
		if r.Err != "" {
			line += " err=" + strings.ReplaceAll(r.Err, "\n", " ")
		}
		fmt.Fprintln(f, line)
	}, nil
}
