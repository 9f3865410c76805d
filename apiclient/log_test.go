package apiclient

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The request log's record: the query only when there is one, a value cut
// only past logValueMax, and slog's level and err only for a failure.
func TestTheRequestLogRecord(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"id":1}`) })
	mux.HandleFunc("GET /2.0/vacancies/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"code":400,"message":"no"}}`)
	})
	var buf bytes.Buffer
	var recs []RequestLog
	slogged := SlogRequestLog(slog.New(slog.NewTextHandler(&buf, nil)))
	c, _ := setup(t, mux, func(cfg *Config) {
		cfg.Log = func(r RequestLog) { recs = append(recs, r); slogged(r) }
	})
	c.SetToken(Token{AccessToken: "access-1"})
	if _, err := c.CurrentUser(bg); err != nil {
		t.Fatal(err)
	}
	_ = c.call(bg, request{method: http.MethodGet, path: "/2.0/vacancies/", query: url.Values{"keyword": {"go"}}, auth: true}, nil)
	if len(recs) != 2 || recs[0].Path != "/2.0/user/current/" || recs[1].Path != "/2.0/vacancies/?keyword=go" {
		t.Fatalf("records %+v", recs)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "level=INFO") || strings.Contains(lines[0], "err=") ||
		!strings.Contains(lines[1], "level=WARN") || !strings.Contains(lines[1], "err=") {
		t.Errorf("slog lines:\n%s", buf.String())
	}
}

func TestLoggedValuesAreCutPastTheLimit(t *testing.T) {
	exact, over := strings.Repeat("a", logValueMax), strings.Repeat("b", logValueMax+1)
	got := redactValues(url.Values{"exact": {exact}, "over": {over}})
	if got.Get("exact") != exact || got.Get("over") != strings.Repeat("b", logValueMax)+"…" {
		t.Errorf("%q", got)
	}
}
