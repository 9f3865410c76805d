package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// errRefreshFailed marks a session that could not be renewed: log in again.
var errRefreshFailed = errors.New("the session has expired and could not be renewed; log in again")

// AuthorizeURL builds the authorization page address (4.1, section 5.3a)
// that sends the user back to redirectURI with a code and state.
func (c *Client) AuthorizeURL(authURL, redirectURI, state string) (string, error) {
	if authURL == "" {
		authURL = DefaultAuthURL
	}
	u, err := url.Parse(authURL)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("authorization URL %q is not a URL", authURL)
	}
	q := u.Query()
	q.Set("client_id", strconv.Itoa(c.cfg.ClientID))
	q.Set("redirect_uri", redirectURI)
	if state != "" {
		q.Set("state", state)
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func (c *Client) appParams() url.Values {
	return url.Values{"client_id": {strconv.Itoa(c.cfg.ClientID)}, "client_secret": {c.cfg.Secret}}
}

// ExchangeCode trades an authorization code for a token pair (4.1,
// POST /2.0/oauth2/access_token/) and makes it the client's token.
func (c *Client) ExchangeCode(ctx context.Context, code, redirectURI string) (Token, error) {
	form := c.appParams()
	form.Set("code", code)
	form.Set("redirect_uri", redirectURI)
	var tr tokenResponse
	hdr, err := c.callRaw(ctx, request{method: http.MethodPost, path: "/2.0/oauth2/access_token/", form: form}, &tr)
	if err != nil {
		return Token{}, err
	}
	if err := tr.check(http.MethodPost, "/2.0/oauth2/access_token/"); err != nil {
		return Token{}, err
	}
	tok := tokenOf(tr, hdr, c.cfg.Now())
	c.SetToken(tok)
	return tok, nil
}

// PasswordLogin is the password method (4.1, POST /2.0/oauth2/password/).
// asEmployer sends hr=1, needed when the login is an e-mail address.
func (c *Client) PasswordLogin(ctx context.Context, login, password string, asEmployer bool) (Token, error) {
	form := c.appParams()
	form.Set("login", login)
	form.Set("password", password)
	if asEmployer {
		form.Set("hr", "1")
	} else {
		form.Set("hr", "0")
	}
	var tr tokenResponse
	hdr, err := c.callRaw(ctx, request{method: http.MethodPost, path: "/2.0/oauth2/password/", form: form}, &tr)
	if err != nil {
		return Token{}, err
	}
	if err := tr.check(http.MethodPost, "/2.0/oauth2/password/"); err != nil {
		return Token{}, err
	}
	tok := tokenOf(tr, hdr, c.cfg.Now())
	tok.UserType = hdr.Get("X-User-Type")
	c.SetToken(tok)
	return tok, nil
}

// RefreshToken trades a refresh token for a new pair (4.1, GET
// /2.0/oauth2/refresh_token/). The client does this by itself when a call
// meets an expired token; this method is for callers who want it now.
func (c *Client) RefreshToken(ctx context.Context, refreshToken string) (Token, error) {
	tok, err := c.renew(ctx, refreshToken)
	if err != nil {
		return Token{}, err
	}
	if c.cfg.OnTokenRefresh != nil {
		c.cfg.OnTokenRefresh(tok)
	}
	return tok, nil
}

// renew makes the refresh call and takes the new pair.
func (c *Client) renew(ctx context.Context, refreshToken string) (Token, error) {
	q := c.appParams()
	q.Set("refresh_token", refreshToken)
	var tr tokenResponse
	hdr, err := c.callRaw(ctx, request{method: http.MethodGet, path: "/2.0/oauth2/refresh_token/", query: q}, &tr)
	if err != nil {
		return Token{}, err
	}
	if err := tr.check(http.MethodGet, "/2.0/oauth2/refresh_token/"); err != nil {
		return Token{}, err
	}
	tok := tokenOf(tr, hdr, c.cfg.Now())
	tok.UserType = c.Token().UserType // the refresh answer does not repeat it
	c.SetToken(tok)
	return tok, nil
}

// TokenStore keeps a session that several processes share: the
// workstation, a cron `hrdesk sync`, the commands a recruiter types. A
// refresh token works once, so without coordination two processes renewing
// at once log one of them out (issue 12 §4).
type TokenStore interface {
	// Lock takes the store's lock across processes until unlock.
	Lock(ctx context.Context) (unlock func(), err error)
	// Load returns the pair stored now.
	Load() (Token, error)
	// Save stores a renewed pair.
	Save(Token) error
}

// refresh renews the token once for all concurrent callers that saw stale.
func (c *Client) refresh(ctx context.Context, stale Token) error {
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	if cur := c.Token(); cur.AccessToken != stale.AccessToken {
		return nil // another call already renewed it
	}
	if c.cfg.Tokens == nil {
		_, err := c.refreshWith(ctx, stale)
		return err
	}
	unlock, err := c.cfg.Tokens.Lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	// Another process may have renewed the session while this one waited.
	if c.adoptStored(stale) {
		return nil
	}
	refused, err := c.refreshWith(ctx, stale)
	if refused && c.adoptStored(stale) {
		// The refresh token was used already, by a process that renewed
		// without the lock (an older hrdesk, a filesystem without locks):
		// what it stored is the live session. Once only.
		if cur := c.Token(); c.expired(cur) && cur.RefreshToken != "" {
			_, err := c.refreshWith(ctx, cur)
			return err
		}
		return nil
	}
	return err
}

// adoptStored takes the stored pair when it is not the one that failed.
func (c *Client) adoptStored(stale Token) bool {
	stored, err := c.cfg.Tokens.Load()
	if err != nil || stored.AccessToken == "" || stored.AccessToken == stale.AccessToken {
		return false
	}
	if stored.UserType == "" {
		stored.UserType = stale.UserType
	}
	c.SetToken(stored)
	c.sawStored(stored)
	return true
}

// refreshWith renews with stale's refresh token and stores the new pair;
// refused reports that the service did not know the refresh token.
func (c *Client) refreshWith(ctx context.Context, stale Token) (refused bool, err error) {
	if stale.RefreshToken == "" {
		return false, errRefreshFailed
	}
	tok, err := c.renew(ctx, stale.RefreshToken)
	if err != nil {
		if IsRateLimited(err) || !isAPIError(err) {
			return false, err // the network, not the session: keep the token
		}
		return refreshRefused(err), fmt.Errorf("%w (%v)", errRefreshFailed, err)
	}
	if c.cfg.Tokens != nil {
		if err := c.cfg.Tokens.Save(tok); err != nil {
			return false, fmt.Errorf("the session was renewed but could not be stored: %w", err)
		}
		c.sawStored(tok)
	}
	if c.cfg.OnTokenRefresh != nil {
		c.cfg.OnTokenRefresh(tok)
	}
	return false, nil
}

// refreshRefused reports a refresh the service did not accept: the
// refresh token is unknown to it ("not found", or invalid_grant as some
// integrations see), as a used one is.
func refreshRefused(err error) bool {
	e, ok := asError(err)
	return ok && (e.Status == http.StatusNotFound || e.OAuth == "token_not_found" || e.OAuth == "invalid_grant")
}

// expired reports a token due for renewal.
func (c *Client) expired(t Token) bool {
	return !t.Expires.IsZero() && !c.cfg.Now().Add(refreshSkew).Before(t.Expires)
}

func isAPIError(err error) bool {
	_, ok := asError(err)
	return ok
}

// InvalidateToken ends the session on the server (4.1, PUT
// /2.0/oauth2/access_token/) and forgets it locally.
func (c *Client) InvalidateToken(ctx context.Context) error {
	tok := c.Token()
	if tok.AccessToken == "" {
		return ErrNotLoggedIn
	}
	err := c.call(ctx, request{method: http.MethodPut, path: "/2.0/oauth2/access_token/",
		form: url.Values{"access_token": {tok.AccessToken}}, auth: true}, nil)
	c.SetToken(Token{})
	return err
}

// DeleteToken deletes the session on the server (4.1, DELETE
// /2.0/oauth2/access_token/; 204) and forgets it locally.
func (c *Client) DeleteToken(ctx context.Context) error {
	tok := c.Token()
	if tok.AccessToken == "" {
		return ErrNotLoggedIn
	}
	err := c.call(ctx, request{method: http.MethodDelete, path: "/2.0/oauth2/access_token/",
		form: url.Values{"access_token": {tok.AccessToken}}, auth: true}, nil)
	c.SetToken(Token{})
	return err
}

// CurrentUser is GET /2.0/user/current/ (used in section 5's examples).
func (c *Client) CurrentUser(ctx context.Context) (User, error) {
	var u User
	err := c.call(ctx, request{method: http.MethodGet, path: "/2.0/user/current/", auth: true}, &u)
	return u, err
}

// ForgotPassword asks for password recovery (4.5, POST /2.0/forgot_password/).
func (c *Client) ForgotPassword(ctx context.Context, email, phone string) error {
	form := url.Values{}
	if email != "" {
		form.Set("email", email)
	}
	if phone != "" {
		form.Set("phone", phone)
	}
	return c.call(ctx, request{method: http.MethodPost, path: "/2.0/forgot_password/", form: form}, nil)
}

// UpdateDatePub refreshes the publication date of the user's resume (4.5);
// it returns the new date.
func (c *Client) UpdateDatePub(ctx context.Context, resumeID int64) (UnixTime, error) {
	var out struct {
		Result UnixTime `json:"result"`
	}
	err := c.call(ctx, request{method: http.MethodPost, path: fmt.Sprintf("/2.0/user_cvs/update_datepub/%d/", resumeID), form: url.Values{}, auth: true}, &out)
	return out.Result, err
}

// adoptNewer takes the pair another process of the profile stored since
// this client last looked, when it differs from cur (what this client
// holds): the workstation keeps working after a cron sync or a command
// renewed the login, instead of sending the pair the service has already
// retired. A stored pair this client has seen before is not taken again:
// it may be one this client has renewed since (and failed to store).
func (c *Client) adoptNewer(cur Token) bool {
	if c.cfg.Tokens == nil {
		return false
	}
	stored, err := c.cfg.Tokens.Load()
	if err != nil || stored.AccessToken == "" {
		return false
	}
	if stored.UserType == "" {
		stored.UserType = cur.UserType
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	seen := c.seenStored
	c.seenStored = stored.AccessToken
	if stored.AccessToken == seen || stored.AccessToken == cur.AccessToken {
		return false
	}
	if now := c.token; now != nil && now.AccessToken != cur.AccessToken || now == nil && cur.AccessToken != "" {
		return false // changed meanwhile (a refresh of this client's own)
	}
	c.token = &stored
	return true
}

// adoptRenewed is adoptNewer after the service said it does not know the
// token this client sent: another process renewed the pair, and may be
// storing the new one right now. The renewal is done under the store's
// lock, so taking the lock first waits for it to be stored.
func (c *Client) adoptRenewed(ctx context.Context, sent Token) bool {
	if c.cfg.Tokens == nil {
		return false
	}
	unlock, err := c.cfg.Tokens.Lock(ctx)
	if err != nil {
		return false
	}
	defer unlock()
	return c.adoptNewer(sent)
}

// sawStored notes the pair the store holds now (this client saved or took it).
func (c *Client) sawStored(t Token) {
	c.mu.Lock()
	c.seenStored = t.AccessToken
	c.mu.Unlock()
}
