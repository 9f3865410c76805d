package fakeapi

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// token is an issued access/refresh pair.
type token struct {
	access, refresh string
	userID          int64
	expires         time.Time
	dead            bool
}

// tokenShape is what real tokens look like: v3.r.<9 digits>.<40 hex>.<40 hex>.
var tokenShape = regexp.MustCompile(`^v3\.[a-z]\.\d{9}\.[0-9a-f]{40}\.[0-9a-f]{40}$`)

func newTokenString() string {
	var b [40]byte
	rand.Read(b[:])
	h := hex.EncodeToString(b[:])
	var n [4]byte
	rand.Read(n[:])
	digits := fmt.Sprintf("%09d", (uint32(n[0])<<24|uint32(n[1])<<16|uint32(n[2])<<8|uint32(n[3]))%1000000000)
	return "v3.r." + digits + "." + h[:40] + "." + h[40:]
}

// signed makes a token whose last part signs the rest, so a demo-server
// restarted with the same secret still knows the sessions it issued.
func (s *Server) signed(kind string) string {
	t := newTokenString()
	base := t[:strings.LastIndexByte(t, '.')]
	return base + "." + s.signature(kind, base)
}

func (s *Server) signature(kind, base string) string {
	m := hmac.New(sha256.New, []byte(s.opts.Secret))
	m.Write([]byte(kind + "|" + base))
	return hex.EncodeToString(m.Sum(nil))[:40]
}

// revive accepts a well-signed token this process has not seen (it was
// issued before a restart) as a valid session of the demo employer; the
// caller holds s.mu.
func (s *Server) revive(kind, tok string) *token {
	i := strings.LastIndexByte(tok, '.')
	if i < 0 || !hmac.Equal([]byte(tok[i+1:]), []byte(s.signature(kind, tok[:i]))) {
		return nil
	}
	t := &token{userID: demoUserID, expires: s.now().Add(s.opts.TokenTTL)}
	if kind == "access" {
		t.access = tok
		s.tokens[tok] = t
	} else {
		t.refresh = tok
		s.refresh[tok] = t
	}
	return t
}

// issue makes a new token pair; the caller holds s.mu.
func (s *Server) issue(userID int64) *token {
	t := &token{access: s.signed("access"), refresh: s.signed("refresh"), userID: userID, expires: s.now().Add(s.opts.TokenTTL)}
	s.tokens[t.access] = t
	s.refresh[t.refresh] = t
	return t
}

func (s *Server) tokenBody(t *token) map[string]any {
	return map[string]any{
		"access_token": t.access, "refresh_token": t.refresh, "ttl": t.expires.Unix(),
		"expires_in": int64(s.opts.TokenTTL / time.Second), "token_type": "bearer",
	}
}

// IssueToken logs the demo employer in without the password method, for tests.
func (s *Server) IssueToken() (access, refresh string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.issue(demoUserID)
	return t.access, t.refresh
}

// ExpireToken makes an access token expired (410 invalid_token from now on).
func (s *Server) ExpireToken(access string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tokens[access]; t != nil {
		t.expires = s.now().Add(-time.Second)
	}
}

// authUser checks the bearer token (section 7, extension 1); it answers the
// error itself and returns ok false when the call must stop.
func (s *Server) authUser(w http.ResponseWriter, r *http.Request) (int64, bool) {
	h := r.Header.Get("Authorization")
	raw, found := strings.CutPrefix(h, "Bearer ")
	if h == "" {
		writeError(w, http.StatusUnauthorized, "Требуется авторизация", nil)
		return 0, false
	}
	raw = strings.TrimSpace(raw)
	if !found || !tokenShape.MatchString(raw) {
		writeOAuthError(w, http.StatusUnauthorized, "invalid_token", "Неверный формат токена")
		return 0, false
	}
	s.mu.Lock()
	t := s.tokens[raw]
	if t == nil {
		t = s.revive("access", raw)
	}
	// A refresh marks the pair dead under the lock: read it under it too.
	var dead bool
	var expires time.Time
	if t != nil {
		dead, expires = t.dead, t.expires
	}
	s.mu.Unlock()
	if t == nil || dead {
		writeOAuthError(w, http.StatusNotFound, "token_not_found", "Токен не найден")
		return 0, false
	}
	if !s.now().Before(expires) {
		s.shapes.expired(w)
		return 0, false
	}
	if s.shapes.blockedIn200(w) {
		return 0, false
	}
	s.mu.Lock()
	blocked := s.blockReasons
	s.mu.Unlock()
	if blocked != nil {
		// Section 7, extension 4: any authorized request of a blocked employer.
		writeError(w, http.StatusForbidden, "Доступ запрещён", map[string]any{"errors": blocked})
		return 0, false
	}
	return t.userID, true
}

// Block answers every authorized request with the blocked-employer 403
// (reason: client_blocked, user_blocked_by_admin or user_blocked_by_other_user,
// which names who blocked); "" lifts the block.
func (s *Server) Block(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch reason {
	case "":
		s.blockReasons = nil
	case "user_blocked_by_other_user":
		s.blockReasons = []map[string]any{{"reason": reason, "reason_text": "Вас заблокировал другой пользователь компании",
			"user_name": "Петрова Анна Сергеевна"}}
	case "user_blocked_by_admin":
		s.blockReasons = []map[string]any{{"reason": reason, "reason_text": "Пользователь заблокирован администрацией сайта"}}
	default:
		s.blockReasons = []map[string]any{{"reason": reason, "reason_text": "Компания заблокирована администрацией сайта"}}
	}
}

// checkApp verifies client_id and client_secret of a token request.
func (s *Server) checkApp(w http.ResponseWriter, v url.Values) bool {
	id, _ := strconv.Atoi(v.Get("client_id"))
	if id != s.opts.ClientID || v.Get("client_secret") != s.opts.Secret {
		writeError(w, http.StatusBadRequest, "Неверные client_id или client_secret", map[string]any{"error": "invalid_client"})
		return false
	}
	return true
}

// password is POST (or GET) /2.0/oauth2/password/ (4.1).
func (s *Server) password(w http.ResponseWriter, r *http.Request) {
	v := params(r)
	if v.Get("login") == "" || v.Get("password") == "" {
		writeError(w, http.StatusBadRequest, "Нужны параметры login, password, client_id, client_secret", nil)
		return
	}
	if !s.checkApp(w, v) {
		return
	}
	login := strings.ToLower(v.Get("login"))
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	var recent []time.Time
	for _, t := range s.failedLogins[login] {
		if now.Sub(t) < time.Hour {
			recent = append(recent, t)
		}
	}
	s.failedLogins[login] = recent
	if len(recent) >= 10 {
		writeOAuthError(w, http.StatusTooManyRequests, "too_many_attempts", "Превышено число попыток ввода пароля: не более 10 в час")
		return
	}
	if login != strings.ToLower(s.opts.Login) || v.Get("password") != s.opts.Password {
		s.failedLogins[login] = append(recent, now)
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "Неверный логин или пароль")
		return
	}
	userType := "reg_user"
	if v.Get("hr") == "1" {
		userType = "hr_user"
	}
	t := s.issue(demoUserID)
	w.Header().Set("X-User-Type", userType)
	writeJSON(w, http.StatusOK, s.tokenBody(t))
}

// accessToken is /2.0/oauth2/access_token/: GET/POST exchange a code, PUT
// invalidates, DELETE deletes (4.1).
func (s *Server) accessToken(w http.ResponseWriter, r *http.Request) {
	v := params(r)
	switch r.Method {
	case http.MethodGet, http.MethodPost:
		code := v.Get("code")
		if code == "" || v.Get("redirect_uri") == "" {
			writeError(w, http.StatusBadRequest, "Нужны параметры code, client_id, client_secret, redirect_uri", nil)
			return
		}
		if !s.checkApp(w, v) {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		issued, ok := s.codes[code]
		if !ok {
			writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "Неизвестный код авторизации")
			return
		}
		delete(s.codes, code)
		if s.now().Sub(issued) > 10*time.Minute {
			writeOAuthError(w, http.StatusGone, "code_expired", "Срок действия кода авторизации истёк")
			return
		}
		writeJSON(w, http.StatusOK, s.tokenBody(s.issue(demoUserID)))
	case http.MethodPut, http.MethodDelete:
		access := v.Get("access_token")
		if access == "" {
			access = strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		}
		s.mu.Lock()
		t := s.tokens[access]
		if t == nil {
			t = s.revive("access", access)
		}
		if t != nil {
			t.dead = true
		}
		s.mu.Unlock()
		if t == nil {
			writeOAuthError(w, http.StatusNotFound, "token_not_found", "Токен не найден")
			return
		}
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"result": true})
	default:
		writeError(w, http.StatusMethodNotAllowed, "Метод не поддерживается", nil)
	}
}

// refreshToken is GET (or POST) /2.0/oauth2/refresh_token/ (4.1): a new pair;
// the old access token stops working.
func (s *Server) refreshToken(w http.ResponseWriter, r *http.Request) {
	v := params(r)
	if v.Get("refresh_token") == "" {
		writeError(w, http.StatusBadRequest, "Нужны параметры refresh_token, client_id, client_secret", nil)
		return
	}
	if !s.checkApp(w, v) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.refresh[v.Get("refresh_token")]
	if old == nil {
		old = s.revive("refresh", v.Get("refresh_token"))
	}
	if old == nil {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "Неверный refresh_token")
		return
	}
	if old.dead {
		// A refresh token works once: the service no longer knows a used
		// one, so a second process renewing with it is told "not found".
		writeOAuthError(w, http.StatusNotFound, "token_not_found", "Токен не найден")
		return
	}
	// Kept, dead, so the signature cannot revive it.
	old.dead = true
	writeJSON(w, http.StatusOK, s.tokenBody(s.issue(old.userID)))
}

// authorize is the authorization page: it approves at once and redirects
// with a code and the state, so the authorization-code flow can be tried.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	id, _ := strconv.Atoi(v.Get("client_id"))
	redirect := v.Get("redirect_uri")
	if id != s.opts.ClientID || redirect == "" {
		http.Error(w, "unknown application or missing redirect_uri", http.StatusBadRequest)
		return
	}
	u, err := url.Parse(redirect)
	if err != nil {
		http.Error(w, "bad redirect_uri", http.StatusBadRequest)
		return
	}
	code := newTokenString()[5:25]
	s.mu.Lock()
	s.codes[code] = s.now()
	s.mu.Unlock()
	q := u.Query()
	q.Set("code", code)
	if st := v.Get("state"); st != "" {
		q.Set("state", st)
	}
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

// IssueCode returns a fresh authorization code, as the authorization page would.
func (s *Server) IssueCode() string {
	code := newTokenString()[5:25]
	s.mu.Lock()
	s.codes[code] = s.now()
	s.mu.Unlock()
	return code
}
