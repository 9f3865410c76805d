package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestPostRetriedWhenTheServerRefusedIt(t *testing.T) {
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/move/", func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "3")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"error":{"code":429,"message":"Limit is over"}}`)
			return
		}
		fmt.Fprint(w, `{"result":true}`)
	})
	c, waits := setup(t, mux)
	must(t, c.Move(bg, 5, FolderInvited))
	if n.Load() != 2 || len(*waits) != 1 || (*waits)[0] != 3*time.Second {
		t.Errorf("%d requests, waits %v", n.Load(), *waits)
	}
}

func TestRetryAfterIsCapped(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	c, waits := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = 2; cfg.RetryMax = 5 * time.Second })
	_, err := c.CurrentUser(bg)
	if !IsRateLimited(err) || len(*waits) != 2 || (*waits)[0] != 5*time.Second {
		t.Errorf("err %v, waits %v", err, *waits)
	}
}

func TestPostTimeoutIsAmbiguous(t *testing.T) {
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/invite/", func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		_, _ = io.ReadAll(r.Body) // lets the server notice the client hanging up
		select {                  // the server got it and is slow to answer
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.HTTPClient = &http.Client{Timeout: 100 * time.Millisecond} })
	err := c.Invite(bg, 5, Letter{TemplateID: 1})
	if !IsAmbiguous(err) || !IsOffline(err) || n.Load() != 1 {
		t.Fatalf("err %v after %d requests", err, n.Load())
	}
	if strings.Contains(err.Error(), "access-1") || strings.Contains(err.Error(), testSecret) {
		t.Errorf("secret in %v", err)
	}
}

func TestBaseURLWithTrailingSlash(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.RequestURI != "/api/2.0/clients/3/" {
			t.Errorf("request URI %q", r.RequestURI)
		}
		fmt.Fprint(w, `{"id":3}`)
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL + "/api/", Secret: testSecret, RequestsPerMinute: -1})
	must(t, err)
	_, err = c.Company(bg, 3)
	must(t, err)
}

func TestErrorBodiesThroughTheTransport(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/clients/1/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, "<!DOCTYPE html><html><body>Access from your network is denied</body></html>")
	})
	mux.HandleFunc("GET /2.0/clients/2/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html") // JSON mislabelled, as PHP services do
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"code":404,"message":"Компания не найдена"}}`)
	})
	mux.HandleFunc("GET /2.0/clients/3/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
	})
	mux.HandleFunc("GET /2.0/clients/4/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, `{"error":{"code":403,"message":"Доступ запрещён","errors":[{"reason":"client_blocked","reason_text":"Компания заблокирована"}]}}`)
	})
	c, _ := setup(t, mux)
	_, err := c.Company(bg, 1)
	var ae *Error
	if !errors.As(err, &ae) || !ae.Unreadable || ae.Status != 403 || IsBlocked(err) || IsNeedLogin(err) ||
		!strings.Contains(err.Error(), "403") || !strings.Contains(err.Error(), "text/html") {
		t.Errorf("HTML page: %v", err)
	}
	if _, err := c.Company(bg, 2); !IsNotFound(err) || !strings.Contains(err.Error(), "Компания не найдена") {
		t.Errorf("mislabelled JSON: %v", err)
	}
	if _, err := c.Company(bg, 3); !IsNotFound(err) || !strings.Contains(err.Error(), "empty body") {
		t.Errorf("empty 404: %v", err)
	}
	if _, err := c.Company(bg, 4); !IsBlocked(err) || !errors.As(err, &ae) || ae.Blocks[0].Reason != "client_blocked" {
		t.Errorf("blocked: %v", err)
	}
}

func TestRefreshBeforeTheCallWhenTTLPassed(t *testing.T) {
	var order []string
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		order = append(order, "refresh")
		fmt.Fprint(w, `{"access_token":"access-2","refresh_token":"refresh-2","ttl":4102444800,"expires_in":604800}`)
	})
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		order = append(order, r.Header.Get("Authorization"))
		fmt.Fprint(w, `{"id":1}`)
	})
	var saved Token
	c, _ := setup(t, mux, func(cfg *Config) { cfg.OnTokenRefresh = func(t Token) { saved = t } })
	c.SetToken(Token{AccessToken: "access-1", RefreshToken: "refresh-1", Expires: time.Now().Add(-time.Minute)})
	_, err := c.CurrentUser(bg)
	must(t, err)
	if strings.Join(order, ",") != "refresh,Bearer access-2" || saved.AccessToken != "access-2" || c.Token().RefreshToken != "refresh-2" {
		t.Errorf("order %v, saved %+v", order, saved)
	}
}

func TestTokenErrorsMeanLogIn(t *testing.T) {
	var refreshes atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) { refreshes.Add(1) })
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":{"code":401,"message":"bad token","error":"invalid_token"}}`)
	})
	mux.HandleFunc("GET /2.0/hr/subscriptions/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Oauth-Error", "token_not_found")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"code":404,"message":"unknown"}}`)
	})
	mux.HandleFunc("GET /2.0/subscriptions/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusGone)
		fmt.Fprint(w, `{"error":{"code":410,"message":"expired","error":"invalid_token"}}`)
	})
	c, _ := setup(t, mux)
	if _, err := c.CurrentUser(bg); !IsNeedLogin(err) {
		t.Errorf("401: %v", err)
	}
	if _, err := c.Selections(bg, 0, 0); !IsNeedLogin(err) || IsNotFound(err) {
		t.Errorf("404 token_not_found: %v", err)
	}
	if refreshes.Load() != 0 {
		t.Error("401/404 token errors must not refresh")
	}
	c.SetToken(Token{AccessToken: "access-1"}) // no refresh token to renew with
	if _, err := c.Subscriptions(bg, 0, 0); !IsNeedLogin(err) || refreshes.Load() != 0 {
		t.Errorf("410 without a refresh token: %v", err)
	}
}

func TestUntrustedCertificateIsNotRetried(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshake failure is the point
	srv.StartTLS()
	defer srv.Close()
	var waits int
	c, err := New(Config{BaseURL: srv.URL, Secret: testSecret, RequestsPerMinute: -1,
		Sleep: func(context.Context, time.Duration) error { waits++; return nil }})
	must(t, err)
	if _, err := c.Company(bg, 1); err == nil || !IsOffline(err) || waits != 0 {
		t.Errorf("err %v after %d waits", err, waits)
	}
}

func TestSlogRequestLogRedacts(t *testing.T) {
	mux := http.NewServeMux()
	tok := `{"access_token":"secret-access-2","refresh_token":"secret-refresh-2","ttl":4102444800}`
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, tok) })
	mux.HandleFunc("POST /2.0/oauth2/access_token/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, tok) })
	mux.HandleFunc("POST /2.0/oauth2/password/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, tok) })
	mux.HandleFunc("PUT /2.0/oauth2/access_token/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusGone)
		fmt.Fprint(w, `{"error":{"code":410,"message":"expired","error":"invalid_token"}}`)
	})
	var buf bytes.Buffer
	c, _ := setup(t, mux, func(cfg *Config) { cfg.Log = SlogRequestLog(slog.New(slog.NewTextHandler(&buf, nil))) })
	_, _ = c.RefreshToken(bg, "secret-refresh-1")
	_, _ = c.ExchangeCode(bg, "secret-code", "http://127.0.0.1/cb")
	_, _ = c.PasswordLogin(bg, "hr@example.com", "secret-password", true)
	_ = c.InvalidateToken(bg) // 410 → refresh → 410 again, all logged
	out := buf.String()
	for _, s := range []string{testSecret, "secret-refresh-1", "secret-code", "secret-password", "secret-access-2", "secret-refresh-2"} {
		if strings.Contains(out, s) {
			t.Errorf("%q in the log:\n%s", s, out)
		}
	}
	if strings.Count(out, "REDACTED") < 4 || !strings.Contains(out, "login=hr%40example.com") || !strings.Contains(out, "status=410") {
		t.Errorf("log:\n%s", out)
	}
}

func TestContactsErrorsInPlainWords(t *testing.T) {
	for label, words := range map[string]string{"not_enough_money": "money", "tariff_mismatch": "tariff",
		"resume_not_published": "not published", "access_denied": "denied", "insufficient_rights": "right",
		"need_to_buy_first": "bought first"} {
		body := contactsBody{}
		b := fmt.Sprintf(`{"status":false,"resume":null,"error":{"code":403,"message":"x","data":{"error":%q}}}`, label)
		must(t, json.Unmarshal([]byte(b), &body))
		_, err := body.result(5)
		var ce *ContactsError
		if !errors.As(err, &ce) || ce.Label != label || !strings.Contains(err.Error(), words) {
			t.Errorf("%s: %v", label, err)
		}
	}
	var body contactsBody
	must(t, json.Unmarshal([]byte(`{"status":false,"resume":null,"error":{"code":403,"message":"Доступ запрещён"}}`), &body))
	if _, err := body.result(5); err == nil || !strings.Contains(err.Error(), "denied") {
		t.Errorf("open 403: %v", err)
	}
}

func TestLooseShapesDoNotFailTheCall(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/hr/resumes/5/mail_data/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"templates":{},"total":"0","more":false}`) // PHP's empty array as an object
	})
	mux.HandleFunc("GET /2.0/resumes/received/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"objects":[{"resume":{"id":1},"events":{}}, {"resume":{"id":2,"town":14}}],"total":2,"more":false}`)
	})
	c, _ := setup(t, mux)
	if _, err := c.MailData(bg, 5); err != nil {
		t.Errorf("templates as an object: %v", err)
	}
	p, err := c.Received(bg, ReceivedQuery{})
	if err != nil || len(p.Objects) != 2 || p.Objects[1].Resume.Town.ID != 14 {
		t.Errorf("page %+v %v", p, err)
	}
}

func FuzzDecodeError(f *testing.F) {
	f.Add(403, "text/html", []byte("<html>"))
	f.Add(422, "application/json", []byte(`{"error":{"code":422,"message":"x","errors":[{"a":["b"]}]}}`))
	f.Add(403, "application/json", []byte(`{"error":{"code":403,"errors":[{"reason":"client_blocked"}]}}`))
	f.Add(400, "", []byte(`{"error":"invalid_grant","error_description":{"a":1}}`))
	f.Add(500, "application/json", []byte(`{"error":{"message":[1,{"x":null}],"errors":{"f":"g"}}}`))
	f.Fuzz(func(t *testing.T, status int, ct string, body []byte) {
		resp := &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {ct}}}
		e := decodeError("GET", "/2.0/x/", resp, body)
		if e.Error() == "" || e.Status != status {
			t.Fatalf("error %+v", e)
		}
	})
}
