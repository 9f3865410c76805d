package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/cachetest"
)

// env is a user's environment pointing at a fake service (or nowhere).
type env struct {
	t    testing.TB
	srv  *fakeapi.Server
	vars []string
	dir  string
	// now fixes the commands' clock when set (Streams.Now).
	now func() time.Time
}

func newEnv(t testing.TB) *env {
	t.Helper()
	return newEnvWith(t, fakeapi.Options{Seed: 2, RequestsPerMinute: -1})
}

// testReceived is the size of the tests' generated inbox history: the
// fake's default of 400 made every sync under -race cost seconds of CPU,
// most of the package's time, while no test here needs the volume (the
// syncer's tests own paging and splitting). 60 still gives every folder
// and scope several entries, the fake's repeats (entry 12 and 37: the same
// applicant; 20: a namesake), comments, and an own inbox of 20 or more.
const testReceived = 60

// fixture gives opts the tests' inbox size unless a test chose its own.
func fixture(opts fakeapi.Options) fakeapi.Options {
	if opts.Received == 0 {
		opts.Received = testReceived
	}
	return opts
}

// newEnvWith is newEnv with a fake of these options.
func newEnvWith(t testing.TB, opts fakeapi.Options) *env {
	t.Helper()
	srv := fakeapi.New(fixture(opts))
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	dir := t.TempDir()
	// The fake has no rate limit: the tests' clients need none either (the
	// budget is tested on its own, in package budget and TestFourProfiles…).
	cfgDir := filepath.Join(dir, "cfg", "hrdesk")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte("requests_per_minute = 60000\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// An empty cache of the current schema, copied rather than made: making
	// one runs every migration (about a second under -race, and a hundred
	// tests here open a cache). What a command meets on a machine where
	// hrdesk ran once; the tests of a first run make their own directory.
	data := filepath.Join(dir, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(cachetest.Path(t), filepath.Join(data, "cache.db")); err != nil {
		t.Fatal(err)
	}
	return &env{t: t, srv: srv, dir: dir, vars: []string{
		"HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "cfg"),
		"HRDESK_BASE_URL=" + base, "HRDESK_CLIENT_ID=1000", "HRDESK_SECRET=" + fakeapi.DemoSecret,
		"HRDESK_DATA_DIR=" + filepath.Join(dir, "data"),
	}}
}

// run runs one command line; stdin is fed from in.
func (e *env) run(in string, args ...string) (int, string, string) {
	e.t.Helper()
	var out, errb bytes.Buffer
	code := Run(context.Background(), args, Streams{In: strings.NewReader(in), Out: &out, Err: &errb, Now: e.now}, config.EnvFromList(e.vars))
	return code, out.String(), errb.String()
}

func (e *env) login() {
	e.t.Helper()
	if code, _, errs := e.run(fakeapi.DemoPassword+"\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin"); code != 0 {
		e.t.Fatalf("login: %s", errs)
	}
}

func TestUsageErrors(t *testing.T) {
	e := newEnv(t)
	code, _, errs := e.run("", "--colour")
	if code != 2 || !strings.Contains(errs, "colour") || strings.Contains(errs, "goroutine") {
		t.Errorf("unknown flag: %d %q", code, errs)
	}
	code, _, errs = e.run("", "statsu")
	if code != 2 || !strings.Contains(errs, "did you mean status") {
		t.Errorf("typo: %d %q", code, errs)
	}
	code, _, errs = e.run("", "move", "abc", "inbox")
	if code != 2 || !strings.Contains(errs, "not a resume id") {
		t.Errorf("bad id: %d %q", code, errs)
	}
	code, _, errs = e.run("", "export", "--format", "xml")
	if code != 2 || !strings.Contains(errs, "json or csv") {
		t.Errorf("bad format: %d %q", code, errs)
	}
}

func TestHelpEverywhere(t *testing.T) {
	e := newEnv(t)
	for _, c := range commands() {
		code, out, _ := e.run("", c.name, "--help")
		if code != 0 || !strings.Contains(out, "Usage: hrdesk "+c.name) {
			t.Errorf("%s --help: %d %q", c.name, code, out)
		}
	}
	if code, out, _ := e.run("", "--help"); code != 0 || !strings.Contains(out, "Commands:") {
		t.Errorf("--help: %d", code)
	}
}

func TestLoginWhoamiLogout(t *testing.T) {
	e := newEnv(t)
	code, _, errs := e.run("wrong\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin")
	if code != 1 || !strings.Contains(errs, "wrong login or password") || strings.Count(errs, "\n") != 1 {
		t.Errorf("wrong password: %d %q", code, errs)
	}
	e.login()
	st, err := os.Stat(filepath.Join(e.dir, "data", "token.json"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v %v", err, st)
	}
	// Global flags after the command work too.
	code, out, _ := e.run("", "whoami", "--data-dir", filepath.Join(e.dir, "data"))
	if code != 0 || !strings.Contains(out, "Анна Смирнова") {
		t.Errorf("whoami: %d %q", code, out)
	}
	if code, out, _ = e.run("", "logout"); code != 0 || !strings.Contains(out, "Logged out") {
		t.Errorf("logout: %d %q", code, out)
	}
	code, _, errs = e.run("", "whoami")
	if code != 1 || !strings.Contains(errs, "hrdesk login") {
		t.Errorf("whoami after logout: %d %q", code, errs)
	}
}

func TestTenWrongPasswords(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 10; i++ {
		e.run("wrong\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin")
	}
	code, _, errs := e.run(fakeapi.DemoPassword+"\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin")
	if code != 1 || !strings.Contains(errs, "10 wrong passwords an hour") {
		t.Errorf("after ten failures: %d %q", code, errs)
	}
}

func TestUnreachableServer(t *testing.T) {
	e := newEnv(t)
	e.vars = append(e.vars, "HRDESK_BASE_URL=http://127.0.0.1:9")
	code, _, errs := e.run(fakeapi.DemoPassword+"\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin")
	if code != 1 || !strings.Contains(errs, "cannot reach http://127.0.0.1:9") || strings.Contains(errs, fakeapi.DemoPassword) {
		t.Errorf("unreachable: %d %q", code, errs)
	}
	code, _, errs = e.run("", "--base-url", "http://example.com", "whoami")
	if code != 1 || !strings.Contains(errs, "https") {
		t.Errorf("plain http off loopback: %d %q", code, errs)
	}
}

func TestSyncStatusExportOfflineMove(t *testing.T) {
	e := newEnv(t)
	e.login()
	code, out, errs := e.run("", "sync")
	if code != 0 || !strings.Contains(out, "synced:") {
		t.Fatalf("sync: %d %q %q", code, out, errs)
	}
	code, out, _ = e.run("", "status")
	if code != 0 || !strings.Contains(out, "inbox") || !strings.Contains(out, "last sync:") {
		t.Errorf("status: %q", out)
	}
	code, out, _ = e.run("", "export", "--format", "csv", "--folder", "inbox")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) < 10 || rows[0][0] != "resume_id" {
		t.Fatalf("export: %d %v %d rows", code, err, len(rows))
	}
	id := rows[1][0]
	// Offline: the move is queued, not lost.
	e.srv.SetOffline(true)
	code, out, _ = e.run("", "move", id, "considered")
	if code != 0 || !strings.Contains(out, "queued action") || !strings.Contains(out, "not sent yet") {
		t.Errorf("offline move: %d %q", code, out)
	}
	if _, out, _ = e.run("", "outbox"); !strings.Contains(out, "waiting") {
		t.Errorf("outbox: %q", out)
	}
	e.srv.SetOffline(false)
	if code, out, _ = e.run("", "sync"); code != 0 || !strings.Contains(out, "1 sent") {
		t.Errorf("sync after reconnect: %q", out)
	}
	n, _ := strconv.ParseInt(id, 10, 64)
	if st, _, _ := e.srv.Folder(n); st != 20 {
		t.Errorf("the move did not land on the server: status %d", st)
	}
	// The outbox is empty again; --all still shows the work done.
	if _, out, _ = e.run("", "outbox"); !strings.Contains(out, "empty") {
		t.Errorf("outbox after sending: %q", out)
	}
	if _, out, _ = e.run("", "outbox", "--all"); !strings.Contains(out, "done") || !strings.Contains(out, id) || !strings.Contains(out, "move → considered") {
		t.Errorf("outbox --all: %q", out)
	}
}

func TestDemoServerPrintsCredentials(t *testing.T) {
	e := newEnv(t)
	code, out, _ := e.run("", "demo-server", "--print-credentials")
	if code != 0 || !strings.Contains(out, fakeapi.DemoLogin) {
		t.Errorf("%d %q", code, out)
	}
	// The address printed is the one given (issue 9 §4).
	for listen, want := range map[string]string{"127.0.0.1:9999": "http://127.0.0.1:9999", ":8181": "http://127.0.0.1:8181",
		"0.0.0.0:8282": "http://127.0.0.1:8282", "[::1]:8383": "http://[::1]:8383", "demo.local:80": "http://demo.local:80"} {
		code, out, _ := e.run("", "demo-server", "--listen", listen, "--print-credentials")
		var base string
		for _, f := range strings.Fields(out) {
			if v, ok := strings.CutPrefix(f, "HRDESK_BASE_URL="); ok {
				base = v
			}
		}
		if code != 0 || base != want {
			t.Errorf("--listen %s: exit %d, base URL %q, want %q", listen, code, base, want)
		}
	}
	if code, _, _ := e.run("", "demo-server", "--faults", "2"); code != 2 {
		t.Errorf("bad --faults accepted")
	}
}

func TestParsePastedCode(t *testing.T) {
	if c, err := (&app{}).parsePastedCode("abc123", "s"); err != nil || c != "abc123" {
		t.Error(c, err)
	}
	if c, err := (&app{}).parsePastedCode("http://127.0.0.1/hrdesk?code=xyz&state=s", "s"); err != nil || c != "xyz" {
		t.Error(c, err)
	}
	if _, err := (&app{}).parsePastedCode("http://127.0.0.1/hrdesk?code=xyz&state=other", "s"); err == nil {
		t.Error("a foreign state was accepted")
	}
}

func TestVacanciesListApplyArchive(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	code, out, _ := e.run("", "vacancies", "list")
	if code != 0 || !strings.Contains(out, "archived") || !strings.Contains(out, "closed") || strings.Count(out, "\n") != 7 {
		t.Fatalf("list: %d\n%s", code, out)
	}
	file := filepath.Join(e.dir, "batch.toml")
	os.WriteFile(file, []byte(`turbo = true
[[vacancy]]
profession = "Курьер"
payment_from = 50000
[[vacancy]]
profession = "Оператор склада"
metro = [1, 2]
[[vacancy]]
id = 46000001
payment_to = 300000
[[vacancy]]
payment_from = -5
`), 0o600)
	code, out, errs := e.run("", "vacancies", "apply", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 4 || !strings.HasPrefix(lines[0], "element 1: created") ||
		!strings.HasPrefix(lines[2], "element 3: updated 46000001") ||
		!strings.Contains(lines[3], "element 4: failed") || !strings.Contains(lines[3], "payment_from") ||
		!strings.Contains(errs, "1 of 4 elements failed") {
		t.Fatalf("apply: %d\n%s\n%s", code, out, errs)
	}
	if v, _ := e.srv.Vacancy(46000001); v["payment_to"] != int64(300000) {
		t.Errorf("update did not land: %v", v["payment_to"])
	}
	os.WriteFile(file, []byte("[[vacancy]]\nprofesion = \"x\"\n"), 0o600)
	if code, _, errs := e.run("", "vacancies", "apply", file); code != 1 || !strings.Contains(errs, "did you mean profession") {
		t.Errorf("typo in a field: %d %q", code, errs)
	}
	jsonFile := filepath.Join(e.dir, "batch.json")
	os.WriteFile(jsonFile, []byte(`{"vacancies":[{"profession":"JSON","payment_from":70000}]}`), 0o600)
	if code, out, _ := e.run("", "vacancies", "apply", jsonFile); code != 0 || !strings.Contains(out, "created") {
		t.Errorf("json apply: %d %q", code, out)
	}
	if code, _, errs := e.run("", "vacancies", "archive", "46000002"); code != 2 || !strings.Contains(errs, "--yes") {
		t.Errorf("archive without confirmation: %d %q", code, errs)
	}
	if code, out, _ := e.run("", "vacancies", "archive", "46000002", "--yes"); code != 0 || !strings.Contains(out, "46000002: archived") {
		t.Errorf("archive: %d %q", code, out)
	}
	if v, _ := e.srv.Vacancy(46000002); v["is_archive"] != true {
		t.Error("not archived on the server")
	}
	// Offline, the list comes from the cache.
	e.srv.SetOffline(true)
	code, out, errs = e.run("", "vacancies", "list", "--json")
	if code != 0 || !strings.Contains(errs, "cached") || !strings.Contains(out, "Курьер") {
		t.Errorf("offline list: %d %q %q", code, out, errs)
	}
}

func TestSelectionsLifecycle(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, out, _ := e.run("", "selections", "list"); code != 0 || !strings.Contains(out, "No selections") {
		t.Fatalf("empty list: %d %q", code, out)
	}
	file := filepath.Join(e.dir, "sel.toml")
	os.WriteFile(file, []byte(`name = "Повара в Москве"
period = 7
t = [4]
age_from = 20
[[keywords]]
keys = "повар"
srws = 60
skwc = "and"
`), 0o600)
	code, out, errs := e.run("", "selections", "create", file)
	if code != 0 || !strings.Contains(out, "created selection 1") {
		t.Fatalf("create: %d %q %q", code, out, errs)
	}
	code, out, _ = e.run("", "selections", "list")
	if code != 0 || !strings.Contains(out, "Повара в Москве") || !strings.Contains(out, "повар") || !strings.Contains(out, " on ") {
		t.Errorf("list: %q", out)
	}
	off := filepath.Join(e.dir, "off.json")
	os.WriteFile(off, []byte(`{"status": 0}`), 0o600)
	if code, out, _ := e.run("", "selections", "update", "1", off); code != 0 || !strings.Contains(out, "e-mail off") {
		t.Errorf("e-mail off: %d %q", code, out)
	}
	if code, out, _ := e.run("", "selections", "show", "1"); code != 0 || !strings.Contains(out, `"age_from": 20`) {
		t.Errorf("show: %d %q", code, out)
	}
	bad := filepath.Join(e.dir, "bad.toml")
	os.WriteFile(bad, []byte("name = \"x\"\nstatus = 0\n"), 0o600)
	if code, _, errs := e.run("", "selections", "create", bad); code != 1 || !strings.Contains(errs, "only be set by update") {
		t.Errorf("status at create: %d %q", code, errs)
	}
	// The service's refusal of a field, in its words with the field named.
	os.WriteFile(bad, []byte("name = \"x\"\nage_from = -3\n"), 0o600)
	if code, _, errs := e.run("", "selections", "create", bad); code != 1 ||
		!strings.Contains(errs, "the server refused the selection: ") || !strings.Contains(errs, "age_from") {
		t.Errorf("refused by the service: %d %q", code, errs)
	}
	os.WriteFile(bad, []byte("name = \"x\"\nage_form = 3\n"), 0o600)
	if code, _, errs := e.run("", "selections", "create", bad); code != 1 || !strings.Contains(errs, "did you mean age_from") {
		t.Errorf("typo: %d %q", code, errs)
	}
	if code, _, _ := e.run("", "selections", "delete", "1"); code != 2 {
		t.Error("delete without --yes off a terminal")
	}
	if code, out, _ := e.run("", "selections", "delete", "1", "--yes"); code != 0 || !strings.Contains(out, "deleted") {
		t.Errorf("delete: %d %q", code, out)
	}
	if code, _, errs := e.run("", "selections", "show", "1"); code != 1 || !strings.Contains(errs, "no such selection") {
		t.Errorf("show deleted: %d %q", code, errs)
	}
}

// A blocked employer hears why, in the server's words, and who blocked.
func TestBlockedEmployer(t *testing.T) {
	e := newEnv(t)
	e.login()
	e.srv.Block("user_blocked_by_other_user")
	code, _, errs := e.run("", "sync")
	if code != 1 || !strings.Contains(errs, "blocked") || !strings.Contains(errs, "Петрова Анна Сергеевна") ||
		!strings.Contains(errs, "заблокировал") || strings.Contains(errs, "goroutine") {
		t.Errorf("sync while blocked: %d %q", code, errs)
	}
	e.srv.Block("")
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Errorf("sync after the block was lifted: %d %q", code, errs)
	}
}
