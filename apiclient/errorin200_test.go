package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
)

// Issue 27 item 6: an error inside a 200 means what its code means, from
// 400 (the first refusal) to 599; a code outside is no status, and the
// answer keeps the 200 it came with.
func TestAnErrorCodeInside200IsItsStatus(t *testing.T) {
	for code, want := range map[int]int{400: 400, 401: 401, 422: 422, 599: 599, 399: 200, 600: 200, 0: 200} {
		mux := http.NewServeMux()
		mux.HandleFunc("POST /2.0/oauth2/password/", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `{"error":{"code":%d,"message":"Неверный логин или пароль"}}`, code)
		})
		c, _ := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = -1 })
		_, err := c.PasswordLogin(context.Background(), "hr", "pw-secret", true)
		var e *Error
		if !errors.As(err, &e) || e.Status != want || e.HTTPStatus != 200 || e.Code != code {
			t.Errorf("code %d in a 200: %+v (%v); want status %d", code, e, err, want)
		}
	}
}
