package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/store"
)

// wordsApp is e's profile opened as a command opens it, with config.toml
// extended by extra, and its cache (closed when the test ends).
func wordsApp(t *testing.T, e *env, extra string) (*app, *store.Store, *strings.Builder) {
	t.Helper()
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.WriteFile(cfg, []byte("requests_per_minute = 60000\n"+extra), 0o600); err != nil {
		t.Fatal(err)
	}
	out := &strings.Builder{}
	a := &app{Streams: Streams{Out: out, Err: &strings.Builder{}}, env: config.EnvFromList(e.vars)}
	a.global.set = map[string]bool{}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return a, st, out
}

// Issue 28 §5: `hrdesk status` says a sync 25 s ago as "25 seconds ago"
// (it said "0s ago"), one 67 s ago as "1 minute ago" (it said "1m0s"), and
// its figures stay in their columns under long Cyrillic folder names.
func TestStatusSaysAgoInWordsAndKeepsItsColumns(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a, st, out := wordsApp(t, e, "[[folders]]\nid = 1002\nname = \"Кадровый резерв на будущее\"\n"+
		"[[folders]]\nid = 1003\nname = \"Отложенные\"\n")
	ctx := context.Background()
	synced := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	if err := st.SaveSyncCursor(ctx, store.SyncCursor{Scope: store.ScopeMine, Status: 0, LastIncrementalAt: synced}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		after time.Duration
		want  string
	}{{25 * time.Second, "(25 seconds ago)"}, {67 * time.Second, "(1 minute ago)"}, {3 * time.Hour, "(3 hours ago)"}} {
		out.Reset()
		if err := a.printStatus(ctx, st, synced.Add(tc.after)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v after the sync, want %q:\n%s", tc.after, tc.want, out)
		}
	}
	// Every row of the table ends its TOTAL column in the same cell as the
	// heading's.
	lines := strings.Split(out.String(), "\n")
	head := lines[0]
	if !strings.HasPrefix(head, "FOLDER") {
		t.Fatalf("no heading:\n%s", out)
	}
	end := ansi.StringWidth(head[:strings.Index(head, "TOTAL")+len("TOTAL")])
	rows := 0
	for _, l := range lines[1:] {
		if l == "" || strings.HasPrefix(l, " ") {
			break
		}
		rows++
		// No name here holds a digit: the total is the first figure.
		i := strings.IndexAny(l, "0123456789")
		j := i
		for j >= 0 && j < len(l) && l[j] >= '0' && l[j] <= '9' {
			j++
		}
		if i < 0 || ansi.StringWidth(l[:j]) != end {
			t.Errorf("row %q does not end its total where the heading does (cell %d):\n%s", l, end, out)
		}
	}
	if rows < 2 || !strings.Contains(out.String(), "Кадровый резерв на будущее") {
		t.Errorf("%d rows:\n%s", rows, out)
	}
}

// Issue 28 §5: `hrdesk outbox` with nothing queued says so in words; a
// refused action given up on left a bare header.
func TestOutboxOfAGivenUpRefusalSaysItIsEmpty(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, st, _ := wordsApp(t, e, "")
	ctx := context.Background()
	id, err := st.Enqueue(ctx, store.Action{ResumeID: 7, Kind: store.ActionCommentAdd, Payload: store.ActionPayload{Text: "ок"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []error{st.MarkInFlight(ctx, id), st.MarkFailed(ctx, id, "Нет такого резюме"), st.Dismiss(ctx, id)} {
		if step != nil {
			t.Fatal(step)
		}
	}
	st.Close()
	code, out, errs := e.run("", "outbox")
	if code != 0 || strings.TrimSpace(out) != "The outbox is empty: nothing waits to be sent." {
		t.Errorf("outbox: %d %q %s", code, out, errs)
	}
	if code, out, _ = e.run("", "outbox", "--all"); code != 0 || !strings.Contains(out, "refused") || !strings.Contains(out, "Нет такого резюме") {
		t.Errorf("outbox --all keeps it: %d %q", code, out)
	}
}

// Issue 28 §5: a service that names a refused field with its place in the
// request (`vacancies[0][payment_from]`) made apply name vacancies[0] on
// the file's second element: a batch refused whole goes again one element
// at a time, each the request's first. The line names the file's element;
// the field is named within it.
func TestApplyNamesTheFieldWithinTheFilesElement(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	e.srv.SetShapes(fakeapi.Shapes{WholeBatches: true})
	indexed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/2.0/vacancies/" {
			e.srv.ServeHTTP(w, r)
			return
		}
		sent, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(sent))
		form, _ := url.ParseQuery(string(sent))
		bad := -1 // the request's element the fake refuses
		for k := 0; k < 10; k++ {
			if strings.HasPrefix(form.Get(fmt.Sprintf("vacancies[%d][payment_from]", k)), "-") {
				bad = k
				break
			}
		}
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, r)
		body := rec.Body.String()
		if bad >= 0 {
			body = strings.ReplaceAll(body, `"payment_from"`, fmt.Sprintf(`"vacancies[%d][payment_from]"`, bad))
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
		w.Write([]byte(body))
	}))
	t.Cleanup(indexed.Close)
	for i, v := range e.vars {
		if strings.HasPrefix(v, "HRDESK_BASE_URL=") {
			e.vars[i] = "HRDESK_BASE_URL=" + indexed.URL
		}
	}
	file := filepath.Join(e.dir, "two.toml")
	os.WriteFile(file, []byte("[[vacancy]]\nprofession = \"Курьер\"\n[[vacancy]]\nprofession = \"Кладовщик\"\npayment_from = -5\n"), 0o600)
	code, out, errs := e.run("", "vacancies", "apply", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 || !strings.HasPrefix(lines[0], "element 1: created") ||
		!strings.HasPrefix(lines[1], "element 2: failed") || !strings.Contains(lines[1], "(payment_from: ") ||
		strings.Contains(out, "vacancies[") {
		t.Fatalf("apply: %d\n%s\n%s", code, out, errs)
	}
}

// Field names of a batch answer lose the element's place in the request.
func TestElementField(t *testing.T) {
	for in, want := range map[string]string{
		"vacancies[0][payment_from]":       "payment_from",
		"vacancies[12][phones][0][number]": "phones[0][number]",
		"vacancies.1.payment_from":         "payment_from",
		"vacancies[3]":                     "element",
		"payment_from":                     "payment_from",
		"vacancies_count":                  "vacancies_count",
	} {
		if got := elementField(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// Issue 28 §5: `whoami --json` names the employer. The contract does not
// show /2.0/user/current/'s answer: when it has no client_title, the
// company its id_client names (4.4) gives the title.
func TestWhoamiNamesTheEmployer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	whoami := func() string {
		t.Helper()
		code, out, errs := e.run("", "whoami", "--json")
		var u struct {
			Employer string `json:"employer"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &u) != nil {
			t.Fatalf("whoami --json: %d %q %s", code, out, errs)
		}
		return u.Employer
	}
	if got := whoami(); got != "ООО «ТехноЛаб»" {
		t.Errorf("with client_title: employer %q", got)
	}
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/2.0/user/current/" {
			e.srv.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, r)
		var user map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &user); err != nil {
			t.Errorf("the fake's user: %s", rec.Body)
		}
		delete(user, "client_title")
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(user)
	}))
	t.Cleanup(bare.Close)
	for i, v := range e.vars {
		if strings.HasPrefix(v, "HRDESK_BASE_URL=") {
			e.vars[i] = "HRDESK_BASE_URL=" + bare.URL
		}
	}
	// The fake's company list titles it without the legal form.
	if got := whoami(); got != "ТехноЛаб" {
		t.Errorf("without client_title: employer %q", got)
	}
	if code, out, _ := e.run("", "whoami"); code != 0 || !strings.Contains(out, ", ТехноЛаб") {
		t.Errorf("whoami: %d %q", code, out)
	}
}

// Issue 28 §5, tried by hand in Russian: the heading ЗАСТОЯЛИСЬ is ten
// cells and the stale figures stood under its first six ("ПАПКА ВСЕГО
// НОВЫХ ЗАСТОЯЛИСЬ" over "invited 274 0 255", 255 under "ЗАСТ"). Each
// figure ends where its heading does, in both languages.
func TestStatusFiguresEndUnderTheirHeadings(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ru"} {
		e := newEnv(t)
		a, st, out := wordsApp(t, e, "language = \""+lang+"\"\nstale_after = \"1d\"\n")
		if err := a.printStatus(context.Background(), st, time.Now()); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		head := []rune(lines[0])
		tx := a.text().CLI
		ends := map[string]int{}
		for _, h := range []string{tx.ColTotal, tx.ColNew, tx.ColStale} {
			i := strings.Index(string(head), h)
			if i < 0 {
				t.Fatalf("%s: no heading %q in %q", lang, h, lines[0])
			}
			ends[h] = len([]rune(string(head)[:i])) + len([]rune(h))
		}
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "invited") || strings.HasPrefix(l, "considered") {
				// The name, then three figures ending where the headings do.
				r := []rune(l)
				for _, h := range []string{tx.ColTotal, tx.ColNew, tx.ColStale} {
					end := ends[h]
					if end > len(r) || r[end-1] < '0' || r[end-1] > '9' || end < len(r) && r[end] != ' ' {
						t.Errorf("%s: %q does not end a figure under %q (cell %d):\n%s", lang, l, h, end, out)
					}
				}
			}
		}
	}
}
