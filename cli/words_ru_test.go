package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"hrdesk/apiclient"
	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/syncer"
)

// english finds words of hrdesk's English in a Russian run's output:
// letters of the Latin alphabet outside what is no language's (commands,
// flags, file names, config keys, the site's own words, HTTP's codes).
func english(t *testing.T, what, text string, allowed ...string) {
	t.Helper()
	for _, a := range allowed {
		text = strings.ReplaceAll(text, a, "")
	}
	if w := regexp.MustCompile(`[A-Za-z]{3,}`).FindAllString(text, -1); len(w) > 0 {
		t.Errorf("%s in Russian says %q:\n%s", what, w, text)
	}
}

// status in Russian (issue 28 §6): the site's folders config.toml does not
// name and the shared budget's line.
func TestStatusSpeaksRussianToTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	inbox := e.srv.OwnResumeIDs(0)
	if len(inbox) == 0 {
		t.Fatal("the fake's inbox is empty")
	}
	e.srv.MoveToUserFolderOnSite(inbox[0], 1002, "Кадровый резерв")
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	away := "postgres://someone:secret@127.0.0.1:1/budget"
	code, out, errs := e.run("", "status", "--budget-url", away)
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{"папки сайта, которых нет в config.toml", "  Кадровый резерв  1",
		"общий бюджет запросов (postgres://someone:xxxxx@127.0.0.1:1/budget): недоступен (",
		"каждый процесс берёт четверть минутного предела (15000), пока он не ответит"} {
		if !strings.Contains(out, want) {
			t.Errorf("status in Russian lacks %q:\n%s", want, out)
		}
	}
	// Each line of ours; the budget's reason is PostgreSQL's own.
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "postgres://") {
			line = line[:strings.Index(line, "postgres://")]
		}
		// The folders go by the names the commands take (move ID considered).
		english(t, "status", line, "config.toml", "stale_after", "folders", "hrdesk", "outbox", "list", "retry", "cancel",
			"refresh", "login", "sync", "inbox", "considered", "invited", "refused")
	}
}

// report in Russian: its units and the responses to no vacancy.
func TestReportSpeaksRussianToTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	e.login()
	// A first action on a response: a median to say in hours or minutes.
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	inbox := e.srv.OwnResumeIDs(0)
	if len(inbox) == 0 {
		t.Fatal("the fake's inbox is empty")
	}
	if code, _, errs := e.run("", "move", strconv.FormatInt(inbox[0], 10), "considered"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "report")
	if code != 0 {
		t.Fatal(errs)
	}
	_, js, _ := e.run("", "report", "--json")
	var rows []reportJSON
	if err := json.Unmarshal([]byte(js), &rows); err != nil || len(rows) == 0 {
		t.Fatalf("report --json: %v\n%s", err, js)
	}
	total := rows[len(rows)-1]
	if total.MedianHours == nil {
		t.Fatalf("no first action to measure:\n%s", js)
	}
	if !regexp.MustCompile(`(?m)^ +Итого .* [0-9.]+ (ч|мин)$`).MatchString(out) {
		t.Errorf("the total's median to a first action is not in Russian units:\n%s", out)
	}
	for _, r := range rows {
		if !r.Total && r.VacancyID == nil && !strings.Contains(out, "(без вакансии)") {
			t.Errorf("the responses to no vacancy are not named in Russian:\n%s", out)
		}
	}
	// The heads, the total and the window are ours; the titles are the
	// vacancies'.
	heads := false
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "№") || strings.Contains(line, "Итого") || strings.HasPrefix(line, "окно ") {
			english(t, "report", line, "json", "csv")
		}
		heads = heads || strings.HasPrefix(line, "№") && strings.Contains(line, "вакансия")
	}
	if !heads {
		t.Errorf("the report's heads are not in Russian:\n%s", out)
	}
	// By recruiter: the heads are ours too.
	code, out, errs = e.run("", "report", "--by", "recruiter")
	if code != 0 || !regexp.MustCompile(`(?m)№ +рекрутер +откл\.`).MatchString(out) {
		t.Errorf("report --by recruiter: %d %q; its heads are not in Russian:\n%s", code, errs, out)
	}
}

// search's mistakes in Russian: --responded and the ranges.
func TestSearchMistakesInRussian(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--responded", "вчера"}, `--responded "вчера": today, 7d, 30d или ОТ..ДО`},
		{[]string{"search", "--salary", "много"}, `--salary "много": диапазон вида 80000-150000`},
		{[]string{"search", "--age", "20..30"}, `--age "20..30": диапазон вида`},
	} {
		code, _, errs := e.run("", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %d %s", tc.args, code, errs)
		}
	}
}

// vacancies apply in Russian: each element's line and the summary; the
// service's own words and the fields stay as they are.
func TestApplySpeaksRussian(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	e.login()
	e.srv.SetShapes(fakeapi.Shapes{WholeBatches: true})
	file := filepath.Join(e.dir, "batch.toml")
	os.WriteFile(file, []byte("[[vacancy]]\nprofession = \"Курьер\"\n[[vacancy]]\nprofession = \"Кладовщик\"\npayment_from = -5\n[[vacancy]]\nid = 46000001\npayment_to = 300000\n"), 0o600)
	code, out, errs := e.run("", "vacancies", "apply", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 3 ||
		!strings.HasPrefix(lines[0], "элемент 1: создана ") || !strings.HasSuffix(lines[0], " Курьер") ||
		!strings.HasPrefix(lines[1], "элемент 2: отказ: ") || !strings.Contains(lines[1], "payment_from") ||
		!strings.HasPrefix(lines[2], "элемент 3: обновлена 46000001") ||
		!strings.Contains(errs, "отказ для 1 из 3 элементов") {
		t.Fatalf("apply: %d\n%s\n%s", code, out, errs)
	}
	bad := filepath.Join(e.dir, "typo.toml")
	os.WriteFile(bad, []byte("[[vacancy]]\nprofesion = \"Курьер\"\n"), 0o600)
	if code, _, errs := e.run("", "vacancies", "apply", bad); code == 0 ||
		!strings.Contains(errs, `элемент 1: неизвестное поле "profesion" (может быть, profession?)`) {
		t.Errorf("a misspelt field: %d %s", code, errs)
	}
	none := filepath.Join(e.dir, "none.json")
	os.WriteFile(none, []byte("[]"), 0o600)
	if code, _, errs := e.run("", "vacancies", "apply", none); code == 0 || !strings.Contains(errs, "в файле нет вакансий") {
		t.Errorf("a file without vacancies: %d %s", code, errs)
	}
}

// The data directory's mistakes in Russian.
func TestDataDirMistakesInRussian(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	file := filepath.Join(e.dir, "a-file")
	os.WriteFile(file, nil, 0o600)
	code, _, errs := e.withVars("HRDESK_DATA_DIR="+file).run("", "status")
	if code == 0 || !strings.Contains(errs, "не удалось создать каталог данных "+file+": ") {
		t.Errorf("a data directory that is a file: %d %s", code, errs)
	}
}

// A mistake in config.toml in the profile's language: a setting's value,
// a setting the file should not have, a saved view, and the warning about
// a secret others can read.
func TestConfigMistakesInRussian(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		config string
		want   string
	}{
		{`theme = "purple"`, `theme — "auto", "light" или "dark", а не "purple"`},
		{`colour = 1`, `неизвестная настройка "colour"`},
		{"[[views]]\nname = \"Свежие\"\nkey = \"w\"\nresponded = \"вчера\"", `[[views]] "Свежие": responded "вчера": today, 7d, 30d или ОТ..ДО`},
		{`poll_interval = "1s"`, "poll_interval — 0 (выключено) или не меньше"},
	} {
		e := newEnv(t)
		e.setConfig("language = \"ru\"\n" + tc.config)
		code, _, errs := e.run("", "status")
		if code != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: %d %s", tc.config, code, errs)
		}
	}
	e := newEnv(t)
	e.setConfig("language = \"ru\"\nsecret = \"" + fakeapi.DemoSecret + "\"")
	if err := os.Chmod(filepath.Join(e.dir, "cfg", "hrdesk", "config.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, errs := e.run("", "status"); !strings.Contains(errs, "внимание: в ") || !strings.Contains(errs, "секрет приложения") {
		t.Errorf("the secret others can read: %s", errs)
	}
}

// demo-server's, --demo's and serve's mistakes in Russian.
func TestDemoAndServeMistakesInRussian(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	full := filepath.Join(e.dir, "full")
	os.MkdirAll(full, 0o700)
	os.WriteFile(filepath.Join(full, "cache.db"), nil, 0o600)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"demo-server", "x"}, "demo-server не принимает аргументов"},
		{[]string{"demo-server", "--faults", "2"}, "--faults — от 0 до 1"},
		{[]string{"demo-server", "--echo-requests", "yaml"}, "--echo-requests — одно из: "},
		{[]string{"serve", "2222"}, "serve не принимает аргументов (может быть, --listen 2222?)"},
		{[]string{"serve", "--max-sessions", "-1"}, "--max-sessions и --idle-timeout не бывают отрицательными"},
		{[]string{"--demo", "--data-dir", full}, "уже содержит другие данные"},
	} {
		code, _, errs := e.run("", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %d %s", tc.args, code, errs)
		}
	}
}

// The failures the command line left in Go's or the API client's English:
// a service in trouble, another session syncing, a refusal in the
// service's words.
func TestServiceTroubleInRussian(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	a := &app{Streams: Streams{Out: &strings.Builder{}, Err: &strings.Builder{}}, env: config.EnvFromList(e.vars)}
	a.global.set = map[string]bool{}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&apiclient.Error{Method: "GET", Path: "/2.0/resumes/received/", Status: 502}, "неполадки (ответил ошибкой или оборвал ответ)"},
		{fmt.Errorf("sync: %w", syncer.ErrBusy), "другой сеанс hrdesk этого профиля сейчас синхронизируется"},
		{&apiclient.Error{Method: "POST", Path: "/2.0/vacancies/", Status: 400, Message: "Вакансия закрыта"}, "сервис отказал: Вакансия закрыта"},
	} {
		got := a.explainNetworkError(tc.err)
		if got == nil || !strings.Contains(got.Error(), tc.want) {
			t.Errorf("%v said as %v, want %q", tc.err, got, tc.want)
		}
	}
}
