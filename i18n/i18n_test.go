package i18n

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestEveryFieldFilled walks both catalogues and fails on any empty string, so
// a field added to Text without a translation is caught here.
func TestEveryFieldFilled(t *testing.T) {
	for _, lang := range []Lang{EN, RU} {
		txt := For(lang)
		if txt.Lang != lang {
			t.Errorf("For(%v).Lang = %v", lang, txt.Lang)
		}
		walkStrings(reflect.ValueOf(*txt), "Text", func(path, s string) {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%v: %s is empty", lang, path)
			}
		})
	}
}

// TestFormatVerbsMatch keeps fmt verbs in step between languages: a "%d" in
// English and a missing one in Russian would print "%!(EXTRA int=3)".
func TestFormatVerbsMatch(t *testing.T) {
	verbs := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)
	en := map[string]string{}
	walkStrings(reflect.ValueOf(*For(EN)), "Text", func(path, s string) { en[path] = s })
	walkStrings(reflect.ValueOf(*For(RU)), "Text", func(path, s string) {
		got, want := verbs.FindAllString(s, -1), verbs.FindAllString(en[path], -1)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ru verbs %q, en verbs %q", path, got, want)
		}
	})
}

// TestTranslated catches a Russian field left in English by copy and paste.
// Strings that are the same in both languages on purpose are listed.
func TestTranslated(t *testing.T) {
	same := map[string]bool{"Text.Login.Title": true, "Text.Contacts.Email": true,
		// A setting's name and what follows it, the words being its mistake's.
		"Text.Config.ViewSays": true, "Text.CLI.Serve.HostKey": true, "Text.Config.ViewResponded": true, "Text.Config.ViewSalary": true, "Text.Config.ViewAge": true,
		// A figure and its change, "46 (+15)".
		"Text.Overview.Team.Change": true,
		// [keys]' mistakes: the table's name, and the action before its words.
		"Text.CLI.Notices.Keys.Keys": true, "Text.CLI.Notices.Keys.Line": true}
	en := map[string]string{}
	walkStrings(reflect.ValueOf(*For(EN)), "Text", func(path, s string) { en[path] = s })
	walkStrings(reflect.ValueOf(*For(RU)), "Text", func(path, s string) {
		if s == en[path] && !same[path] {
			t.Errorf("%s is the same in both languages: %q", path, s)
		}
	})
}

func walkStrings(v reflect.Value, path string, fn func(path, s string)) {
	switch v.Kind() {
	case reflect.String:
		fn(path, v.String())
	case reflect.Struct:
		for i := range v.NumField() {
			walkStrings(v.Field(i), path+"."+v.Type().Field(i).Name, fn)
		}
	}
}

func TestForReturnsIndependentValues(t *testing.T) {
	a := For(EN)
	a.Folders.Inbox = "changed"
	if For(EN).Folders.Inbox != "Inbox" {
		t.Fatal("For shares state between callers")
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name   string
		config string
		env    []string
		want   Lang
	}{
		{"config en wins over env", "en", []string{"LANG=ru_RU.UTF-8"}, EN},
		{"config ru wins over env", "RU", []string{"LANG=en_US.UTF-8"}, RU},
		{"auto reads LANG", "auto", []string{"LANG=ru_RU.UTF-8"}, RU},
		{"empty config reads LANG", "", []string{"LANG=ru_RU.UTF-8"}, RU},
		{"bare ru", "auto", []string{"LANG=ru"}, RU},
		{"ru_UA with modifier", "auto", []string{"LANG=ru_UA@euro"}, RU},
		{"LC_ALL beats LANG", "auto", []string{"LANG=ru_RU.UTF-8", "LC_ALL=en_GB.UTF-8"}, EN},
		{"LC_MESSAGES beats LANG", "auto", []string{"LANG=en_US.UTF-8", "LC_MESSAGES=ru_RU.UTF-8"}, RU},
		{"empty LC_ALL is skipped", "auto", []string{"LC_ALL=", "LANG=ru_RU.UTF-8"}, RU},
		{"C locale", "auto", []string{"LANG=C"}, EN},
		{"nothing set", "auto", nil, EN},
		{"last duplicate wins", "auto", []string{"LANG=en_US", "LANG=ru_RU"}, RU},
		{"unknown config falls back to env", "de", []string{"LANG=ru_RU.UTF-8"}, RU},
		{"similar name is not LANG", "auto", []string{"LANGUAGE=ru", "XLANG=ru_RU"}, EN},
	}
	for _, tt := range tests {
		if got := Detect(tt.config, tt.env); got != tt.want {
			t.Errorf("%s: Detect(%q, %q) = %v, want %v", tt.name, tt.config, tt.env, got, tt.want)
		}
	}
}

func TestPluralRussian(t *testing.T) {
	want := map[int]string{
		0: "лет", 1: "год", 2: "года", 3: "года", 4: "года", 5: "лет", 10: "лет",
		11: "лет", 12: "лет", 14: "лет", 15: "лет", 20: "лет", 21: "год", 22: "года",
		25: "лет", 101: "год", 111: "лет", 112: "лет", 122: "года", -1: "год",
	}
	for n, w := range want {
		if got := Plural(RU, n, "год", "года", "лет"); got != w {
			t.Errorf("Plural(RU, %d) = %q, want %q", n, got, w)
		}
	}
	if Plural(EN, 1, "year", "x", "years") != "year" || Plural(EN, 2, "year", "x", "years") != "years" ||
		Plural(EN, 0, "year", "x", "years") != "years" {
		t.Error("English plural wrong")
	}
}

func TestAge(t *testing.T) {
	ru, en := For(RU), For(EN)
	cases := []struct {
		n      int
		ru, en string
	}{
		{0, "", ""}, {-3, "", ""}, {1, "1 год", "1 year"}, {23, "23 года", "23 years"},
		{35, "35 лет", "35 years"}, {41, "41 год", "41 years"}, {44, "44 года", "44 years"},
	}
	for _, c := range cases {
		if got := ru.Age(c.n); got != c.ru {
			t.Errorf("RU Age(%d) = %q, want %q", c.n, got, c.ru)
		}
		if got := en.Age(c.n); got != c.en {
			t.Errorf("EN Age(%d) = %q, want %q", c.n, got, c.en)
		}
	}
}

func TestSalary(t *testing.T) {
	ru, en := For(RU), For(EN)
	cases := []struct {
		amount   int
		currency string
		ru, en   string
	}{
		{80000, "rub", "80 000 руб.", "80,000 RUB"},
		{80000, "", "80 000 руб.", "80,000 RUB"},
		{1500000, "RUB", "1 500 000 руб.", "1,500,000 RUB"},
		{150000, "rub", "150 000 руб.", "150,000 RUB"}, // six digits: no separator before the first group
		{999, "rub", "999 руб.", "999 RUB"},
		{1000, "uah", "1 000 грн", "1,000 UAH"},
		{5000000, "uzs", "5 000 000 сум", "5,000,000 UZS"},
		{100, "usd", "100 USD", "100 USD"},
		{0, "rub", "по договорённости", "by agreement"},
		{-5, "rub", "по договорённости", "by agreement"},
	}
	for _, c := range cases {
		if got := ru.Salary(c.amount, c.currency); got != c.ru {
			t.Errorf("RU Salary(%d, %q) = %q, want %q", c.amount, c.currency, got, c.ru)
		}
		if got := en.Salary(c.amount, c.currency); got != c.en {
			t.Errorf("EN Salary(%d, %q) = %q, want %q", c.amount, c.currency, got, c.en)
		}
	}
}

func TestDate(t *testing.T) {
	msk := time.FixedZone("MSK", 3*3600)
	now := time.Date(2026, time.November, 14, 16, 30, 0, 0, msk)
	ru, en := For(RU), For(EN)
	cases := []struct {
		name   string
		ts     time.Time
		ru, en string
	}{
		{"today", time.Date(2026, 11, 14, 14, 5, 0, 0, msk), "14:05", "14:05"},
		{"today, given in UTC", time.Date(2026, 11, 14, 11, 5, 0, 0, time.UTC), "14:05", "14:05"},
		{"yesterday late UTC is today in MSK", time.Date(2026, 11, 13, 22, 0, 0, 0, time.UTC), "01:00", "01:00"},
		{"this year", time.Date(2026, 3, 12, 9, 0, 0, 0, msk), "12 мар", "12 Mar"},
		{"this year, May genitive", time.Date(2026, 5, 3, 9, 0, 0, 0, msk), "3 мая", "3 May"},
		{"older", time.Date(2024, 3, 12, 9, 0, 0, 0, msk), "12.03.2024", "12.03.2024"},
		{"last year", time.Date(2025, 12, 31, 23, 0, 0, 0, msk), "31.12.2025", "31.12.2025"},
	}
	for _, c := range cases {
		if got := ru.Date(c.ts, now); got != c.ru {
			t.Errorf("%s: RU Date = %q, want %q", c.name, got, c.ru)
		}
		if got := en.Date(c.ts, now); got != c.en {
			t.Errorf("%s: EN Date = %q, want %q", c.name, got, c.en)
		}
	}
	// A column of 7: another year is its month and year, never cut.
	for _, c := range []struct {
		ts     time.Time
		ru, en string
	}{
		{time.Date(2024, 3, 12, 9, 0, 0, 0, msk), "мар ’24", "Mar ’24"},
		{time.Date(2025, 5, 3, 9, 0, 0, 0, msk), "май ’25", "May ’25"},
		{time.Date(2026, 5, 3, 9, 0, 0, 0, msk), "3 мая", "3 May"},
		{time.Date(2026, 11, 14, 14, 5, 0, 0, msk), "14:05", "14:05"},
	} {
		if got := ru.ShortDate(c.ts, now); got != c.ru {
			t.Errorf("RU ShortDate(%v) = %q, want %q", c.ts, got, c.ru)
		}
		if got := en.ShortDate(c.ts, now); got != c.en {
			t.Errorf("EN ShortDate(%v) = %q, want %q", c.ts, got, c.en)
		}
	}
	if got := en.DateTime(time.Date(2026, 3, 12, 9, 30, 0, 0, msk), now); got != "12 Mar 09:30" {
		t.Errorf("DateTime this year = %q", got)
	}
	if got := en.DateTime(time.Date(2026, 11, 14, 9, 30, 0, 0, msk), now); got != "09:30" {
		t.Errorf("DateTime today = %q", got)
	}
}

func TestFailure(t *testing.T) {
	en := For(EN)
	for _, code := range []string{"not_enough_money", "tariff_mismatch", "resume_not_published",
		"access_denied", "insufficient_rights", "need_to_buy_first", "too_many_attempts"} {
		got := en.Failure(code)
		if strings.Contains(got, "_") || got == "" {
			t.Errorf("Failure(%q) = %q, want plain words", code, got)
		}
	}
	if got := For(RU).Failure("weird_label"); got != "Ошибка (weird_label)" {
		t.Errorf("unknown label: %q", got)
	}
}

func TestFolder(t *testing.T) {
	ru := For(RU)
	if ru.Folder("inbox") != "Входящие" || ru.Folder("refused") != "Отказ" || ru.Folder("12345") != "" {
		t.Error("Folder lookup wrong")
	}
}

func TestTagMaps(t *testing.T) {
	for _, lang := range []Lang{EN, RU} {
		txt := For(lang)
		keys := txt.KeyDescriptions()
		if n := reflect.TypeFor[KeyHelp]().NumField(); len(keys) != n {
			t.Errorf("%v: KeyDescriptions has %d entries, KeyHelp has %d fields (missing or duplicate tag)", lang, len(keys), n)
		}
		groups := txt.GroupTitles()
		if n := reflect.TypeFor[HelpGroupText]().NumField(); len(groups) != n {
			t.Errorf("%v: GroupTitles has %d entries, want %d", lang, len(groups), n)
		}
	}
	if For(RU).KeyDescriptions()["invite"] != "пригласить" {
		t.Error("invite description not found by action name")
	}
}

// The live inbox's notice (issue 12 §3) agrees with its number in Russian.
func TestArrivedPlural(t *testing.T) {
	ru, en := For(RU), For(EN)
	for n, want := range map[int]string{
		1: "1 новый отклик", 2: "2 новых отклика", 4: "4 новых отклика", 5: "5 новых откликов",
		11: "11 новых откликов", 21: "21 новый отклик", 22: "22 новых отклика",
	} {
		if got := ru.Arrived(n, "Входящие"); got != want+" в папке «Входящие»" {
			t.Errorf("Arrived(RU, %d) = %q", n, got)
		}
	}
	if got := en.Arrived(3, "Inbox"); got != "3 new in Inbox" {
		t.Errorf("Arrived(EN, 3) = %q", got)
	}
	for d, want := range map[time.Duration]string{40 * time.Second: "~40 s", 300 * time.Millisecond: "~1 s",
		119 * time.Second: "~119 s", 3 * time.Minute: "~3 min", 2 * time.Minute: "~2 min"} {
		if got := en.About(d); got != want {
			t.Errorf("About(%s) = %q, want %q", d, got, want)
		}
	}
}

// A held letter's countdown names the applicant, or counts a bulk in
// Russian's forms.
func TestHeldCountdown(t *testing.T) {
	en, ru := For(EN), For(RU)
	if got := en.Held(1, "Иванова Мария", 7, "u"); got != "letter to Иванова Мария leaves in 7 s — u takes it back" {
		t.Errorf("one: %q", got)
	}
	if got := en.Held(3, "", 9, "u"); got != "3 letters leave in 9 s — u takes them back" {
		t.Errorf("bulk: %q", got)
	}
	for n, want := range map[int]string{2: "2 письма уйдут", 5: "5 писем уйдут", 21: "21 письмо уйдёт"} {
		if got := ru.Held(n, "", 4, "u"); got != want+" через 4 с, u — вернуть" {
			t.Errorf("ru %d: %q", n, got)
		}
	}
}

// Issue 11 §7: the meter's words, with Russian plurals and a lifetime in
// whole minutes that never rounds up past what is left.
func TestMeterWords(t *testing.T) {
	en, ru := For(EN), For(RU)
	for n, want := range map[int]string{1: "остался 1 запрос", 3: "осталось 3 запроса", 12: "осталось 12 запросов",
		21: "остался 21 запрос", 0: "осталось 0 запросов"} {
		if got := ru.RequestsLeft(n); got != want {
			t.Errorf("RequestsLeft(RU, %d) = %q", n, got)
		}
	}
	if got := en.RequestsLeft(1) + "; " + en.RequestsLeft(12); got != "1 request left; 12 requests left" {
		t.Errorf("RequestsLeft(EN) = %q", got)
	}
	for _, c := range []struct {
		left   time.Duration
		renews bool
		en, ru string
	}{
		{5*time.Hour + 12*time.Minute + 59*time.Second, false, "login ends in 5h 12m", "вход истечёт через 5 ч 12 мин"},
		{23*time.Hour + 59*time.Minute, true, "login renews in 23h 59m", "вход обновится через 23 ч 59 мин"},
		{40*time.Minute + 30*time.Second, false, "login ends in 40 min", "вход истечёт через 40 мин"},
		{30 * time.Second, true, "login renews in <1 min", "вход обновится через <1 мин"},
		{0, false, "login ended", "вход истёк"},
		{-time.Hour, true, "login renews on the next request", "вход обновится при следующем запросе"},
	} {
		if got := en.LoginLeft(c.left, c.renews); got != c.en {
			t.Errorf("LoginLeft(EN, %s, %v) = %q, want %q", c.left, c.renews, got, c.en)
		}
		if got := ru.LoginLeft(c.left, c.renews); got != c.ru {
			t.Errorf("LoginLeft(RU, %s, %v) = %q, want %q", c.left, c.renews, got, c.ru)
		}
	}
}
