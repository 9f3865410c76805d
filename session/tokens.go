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
