package session

import (
	"context"

	"hrdesk/apiclient"
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

// PasswordLogin logs in with the password method as an employer (hr=1)
// through c, a client of the profile, and keeps the login in the token
// file: `hrdesk login` and the workstation's login screen both log in
// here. A refusal is the service's error, left for the front end to word
// (problem.Of says what it is); a login the file cannot keep fails too,
// as the next start would not have it.
func (p *Profile) PasswordLogin(ctx context.Context, c *apiclient.Client, login, password string) (apiclient.Token, error) {
	tok, err := c.PasswordLogin(ctx, login, password, true)
	if err != nil {
		return apiclient.Token{}, err
	}
	return tok, p.SaveLogin(tok)
}
