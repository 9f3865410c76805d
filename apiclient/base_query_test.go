package apiclient

import (
	"context"
	"fmt"
	"net/http"
	"testing"
)

// A base URL with a query of its own (a gateway that wants its key on every
// request) keeps it on every call: on one with no parameters and on one with
// parameters, beside them.
func TestTheBaseURLsQueryGoesOnEveryCall(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/move/", func(w http.ResponseWriter, r *http.Request) {
		if got := r.URL.Query().Get("gw"); got != "k1" {
			t.Errorf("move: gw=%q, want k1 (query %q)", got, r.URL.RawQuery)
		}
		fmt.Fprint(w, `{"result":true}`)
	})
	mux.HandleFunc("GET /2.0/vacancies/", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("gw") != "k1" || q.Get("id_user") != "7" {
			t.Errorf("vacancies: query %q, want gw=k1 and id_user=7", r.URL.RawQuery)
		}
		fmt.Fprint(w, `{"objects":[],"total":0,"more":false}`)
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.BaseURL += "?gw=k1" })
	ctx := context.Background()
	if err := c.Move(ctx, 5, FolderConsidered); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Vacancies(ctx, VacancySearch{IDUser: 7}); err != nil {
		t.Fatal(err)
	}
}
