package fakeapi

import (
	"net/url"
	"testing"
)

func TestUsedRefreshTokenIsNotFound(t *testing.T) {
	h := newHarness(t, Options{})
	h.token = ""
	_, refresh := h.srv.IssueToken()
	rf := url.Values{"refresh_token": {refresh}, "client_id": {"1000"}, "client_secret": {DemoSecret}}
	if resp, body := h.do("GET", "/2.0/oauth2/refresh_token/", rf, nil); resp.StatusCode != 200 {
		t.Fatalf("first refresh: %d %v", resp.StatusCode, body)
	}
	resp, body := h.do("GET", "/2.0/oauth2/refresh_token/", rf, nil)
	if _, label := errCode(body); resp.StatusCode != 404 || label != "token_not_found" || resp.Header.Get("X-Oauth-Error") != "token_not_found" {
		t.Errorf("second refresh with the same token: %d %v", resp.StatusCode, body)
	}
	rf.Set("refresh_token", "v3.r.1")
	if resp, body := h.do("GET", "/2.0/oauth2/refresh_token/", rf, nil); resp.StatusCode != 400 {
		t.Errorf("a refresh token never issued: %d %v", resp.StatusCode, body)
	}
}
