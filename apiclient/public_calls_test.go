package apiclient

import (
	"context"
	"net/http"
	"sync"
	"testing"
)

// Vacancy and company search work without a login (4.1, 4.4), but a
// logged-in owner's calls carry the token so its own filters apply.
func TestPublicCallsCarryTheTokenOnlyWhenThereIsOne(t *testing.T) {
	var mu sync.Mutex
	var auth []string
	mux := http.NewServeMux()
	note := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			auth = append(auth, r.Header.Get("Authorization"))
			mu.Unlock()
			w.Write([]byte(body))
		}
	}
	mux.HandleFunc("GET /2.0/vacancies/", note(`{"objects":[],"total":0}`))
	mux.HandleFunc("GET /2.0/vacancies/7/", note(`{"id":7}`))
	mux.HandleFunc("GET /2.0/clients/", note(`{"objects":[],"total":0}`))
	c, _ := setup(t, mux)
	ctx := context.Background()
	calls := func() {
		if _, err := c.Vacancies(ctx, VacancySearch{}); err != nil {
			t.Error(err)
		}
		if _, err := c.Vacancy(ctx, 7); err != nil {
			t.Error(err)
		}
		if _, err := c.Companies(ctx, CompanySearch{}); err != nil {
			t.Error(err)
		}
	}
	calls()
	c.SetToken(Token{})
	calls()
	want := []string{"Bearer access-1", "Bearer access-1", "Bearer access-1", "", "", ""}
	for i := range want {
		if i >= len(auth) || auth[i] != want[i] {
			t.Fatalf("Authorization headers %q, want %q", auth, want)
		}
	}
}

func TestABatchAnswerInEachShape(t *testing.T) {
	res, err := decodeBatch("POST", "/2.0/vacancies/", []byte(`[{"id":"5"},{"id":0,"error":{"code":422,"message":"Ошибка","errors":[{"name":["short"]}]}},{"id":6,"error":null},"odd"]`))
	if err != nil || len(res) != 4 {
		t.Fatalf("%+v %v", res, err)
	}
	if res[0].ID != 5 || res[0].Err != nil || res[2].ID != 6 || res[2].Err != nil {
		t.Errorf("successes: %+v, %+v", res[0], res[2])
	}
	if !IsValidation(res[1].Err) || res[1].Err.Fields["name"][0] != "short" {
		t.Errorf("failure: %+v", res[1].Err)
	}
	if res[3].ID != 0 || res[3].Err != nil || string(res[3].Raw) != `"odd"` {
		t.Errorf("an element that is no object: %+v", res[3])
	}
	// One created vacancy comes back as a bare object, not a list.
	res, err = decodeBatch("POST", "/2.0/vacancies/", []byte(`{"id":9}`))
	if err != nil || len(res) != 1 || res[0].ID != 9 || res[0].Err != nil {
		t.Errorf("single answer: %+v %v", res, err)
	}
}
