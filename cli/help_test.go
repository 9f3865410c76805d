package cli

import (
	"flag"
	"strings"
	"testing"

	"hrdesk/i18n"
)

// --help in Russian (issue 28 §6): every command's summary, long help and
// flag lines have their translation, so a command or flag added without
// one fails here; and `--help` prints them.
func TestHelpSpeaksRussianForEveryCommand(t *testing.T) {
	t.Parallel()
	h := i18n.For(i18n.RU).CLI.Help
	check := func(what, english string) {
		if said(h, english) == english {
			t.Errorf("%s has no Russian: %q", what, english)
		}
	}
	flags := func(what string, fs *flag.FlagSet) {
		fs.VisitAll(func(f *flag.Flag) {
			_, usage := flag.UnquoteUsage(f)
			check(what+" --"+f.Name, strings.TrimSpace(usage))
		})
	}
	g := newFlagSet("hrdesk")
	new(globalFlags).register(g)
	flags("hrdesk", g)
	for _, c := range commands() {
		check(c.name+"'s summary", c.summary)
		if c.help != "" {
			check(c.name+"'s help", strings.TrimSpace(c.help))
		}
		if c.flags != nil {
			fs := newFlagSet(c.name)
			c.flags(fs)
			flags(c.name, fs)
		}
	}

	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	code, out, errs := e.run("", "--help")
	for _, want := range []string{"Команды:", "найти резюме в кэше во всех папках", "адрес API (переменная HRDESK_BASE_URL; по умолчанию https://"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("hrdesk --help in Russian lacks %q: %d %s\n%s", want, code, errs, out)
		}
	}
	code, out, _ = e.run("", "search", "--help")
	for _, want := range []string{"Запуск: hrdesk search [флаги]", "Ищет по полнотекстовому индексу кэша", "Флаги:", "вывести не больше стольких", "Общие флаги:"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("hrdesk search --help in Russian lacks %q:\n%s", want, out)
		}
	}
	for args, want := range map[string]string{
		"search --limt 5":  "hrdesk: нет такого флага: -limt",
		"search --limit x": `hrdesk: неверное значение "x" флага -limit`,
		"search --limit":   "hrdesk: флагу -limit нужно значение",
		"--colour status":  "hrdesk: нет такого флага: -colour (флаги команды пишутся после её имени)",
	} {
		if code, _, errs := e.run("", strings.Fields(args)...); code != 2 || !strings.Contains(errs, want) {
			t.Errorf("hrdesk %s in Russian: %d %s", args, code, errs)
		}
	}
	code, out, _ = e.run("", "demo-server", "--help")
	if code != 0 || !strings.Contains(out, "отвечать на каждый запрос ошибкой 400 с самим запросом в этом формате: ") {
		t.Errorf("a flag line with the code's value inside:\n%s", out)
	}
}
