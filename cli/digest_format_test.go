package cli

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/store"
)

// sampleDigest is a company's digest with what the formats must survive:
// a title and a name of markup and escape sequences, a title too long for
// 80 columns, two vacancies of one title, a resume without a name, links
// a page must not follow, a recruiter nothing names and the unknown owner.
func sampleDigest() digestFacts {
	now := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	long := "Старший кладовщик-комплектовщик ночной смены на распределительный центр в Подольске"
	return digestFacts{Now: now, From: now.Add(-24 * time.Hour), Company: true, LastSync: now.Add(-30 * time.Hour), ChangeDays: 7,
		Vacancies: []digestVacancy{
			{ID: 46000001, Title: "Курьер", New: 3, Waiting: 5, Past: 1},
			{ID: 46000002, Title: hostileTitle, New: 1, Waiting: 2, Past: 4},
			{ID: 46000003, Title: long, New: 1},
			{ID: 46000004, Title: "Курьер", Past: 1},
			{ID: 0, Past: 1},
		},
		Total: digestVacancy{New: 5, Waiting: 9, Past: 7},
		Oldest: []digestResume{
			{ID: 30000673, Name: "Иванов Иван", VacancyID: 46000001, Vacancy: "Курьер", Folder: store.FolderConsidered,
				Waited: 9*24*time.Hour + 3*time.Hour, Link: "https://www.superjob.ru/resume/30000673.html"},
			{ID: 30000674, VacancyID: 46000002, Vacancy: hostileTitle, Folder: store.FolderInvited, Waited: 6 * 24 * time.Hour,
				Link: "javascript:alert(1)"},
			{ID: 30000675, Name: "[Пётр](https://evil.example) **Сидоров** <img src=x onerror=alert(1)>", Folder: store.FolderInbox,
				Waited: 50 * time.Hour, Link: `https://www.superjob.ru/resume/30000675.html"><script>alert(1)</script>`},
			{ID: 30000676, Name: "1. Ольга", VacancyID: 46000003, Vacancy: long, Folder: store.FolderInbox, Waited: 49 * time.Hour,
				Link: "https://www.superjob.ru/resume/30000676.html"},
		},
		Recruiters: []digestRecruiter{
			{ID: 7001, Name: "Анна Смирнова", New: 3, Waiting: 5, Past: 2, FirstActions: 4, MedianFirstAction: 90 * time.Minute},
			{ID: 7003, Name: "Ольга <b>Третьякова</b>", New: 1, Waiting: 2, Past: 3, FirstActions: 1, MedianFirstAction: 26 * time.Hour},
			{ID: 7004, New: 1, Waiting: 2},
			{ID: 0, Past: 1},
		},
		Change: store.Comparison{
			Current: store.Period{Total: store.PeriodFigures{Responses: 12, Considered: 5, Invited: 3, Refused: 2, Waiting: 2,
				PastLimit: 1, FirstActions: 10, MedianFirstAction: 5 * time.Hour, Answered: [3]int{6, 8, 9}, Due: [3]int{10, 10, 10}}},
			Previous: store.Period{Total: store.PeriodFigures{Responses: 9, Considered: 5, Invited: 1, Refused: 4, Waiting: 3,
				PastLimit: 3, FirstActions: 6, MedianFirstAction: 7*time.Hour + 30*time.Minute, Answered: [3]int{3, 5, 6}, Due: [3]int{9, 9, 9}}},
		},
	}
}

// sampleApp is an app that words in lang, with no config file.
func sampleApp(lang string) *app {
	a := &app{}
	a.cfg.Language = lang
	return a
}

// render is the sample digest in a format and a language.
func render(t *testing.T, lang, format string) string {
	t.Helper()
	var b bytes.Buffer
	if err := digestWriters[format](&b, sampleApp(lang).digestDoc(sampleDigest())); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The text and markdown digests as a lead reads them, in both languages
// (goldens in testdata/TestDigestGoldens); the text within 80 columns.
func TestDigestGoldens(t *testing.T) {
	for _, lang := range []string{"en", "ru"} {
		for _, format := range []string{"text", "markdown"} {
			t.Run(format+"_"+lang, func(t *testing.T) {
				out := render(t, lang, format)
				golden.RequireEqual(t, out)
				if format != "text" {
					return
				}
				for _, line := range strings.Split(out, "\n") {
					if columns(line) > digestWidth {
						t.Errorf("%d columns: %q", columns(line), line)
					}
				}
			})
		}
	}
}

// No text of the service reaches a digest raw: no escape sequence in any
// format, no markup in markdown (no html, link, emphasis, list), and the
// html page, parsed back, holds the hostile title as text, no script, no
// handler, and links only to the site.
func TestDigestKeepsHostileTextInert(t *testing.T) {
	for _, format := range []string{"text", "markdown", "html"} {
		out := render(t, "en", format)
		if bad := controlIn(out); bad != "" || strings.Contains(out, "javascript:") {
			t.Errorf("%s carries %q:\n%s", format, bad, out)
		}
		if format == "html" && (strings.Contains(out, "<script") || strings.Contains(out, "<img") || strings.Contains(out, "<b>Тр")) {
			t.Errorf("%s carries the service's markup raw:\n%s", format, out)
		}
	}
	md := render(t, "en", "markdown")
	for _, bad := range []*regexp.Regexp{regexp.MustCompile(`[^\\]\]\(`), regexp.MustCompile(`(^|[^\\])\*\*Сидоров`),
		regexp.MustCompile(`(?m)^- 1\. Ольга`), regexp.MustCompile(`(^|[^\\])<(script|img|b|/)`)} {
		if bad.MatchString(md) {
			t.Errorf("markdown: %s forms markup:\n%s", bad, md)
		}
	}
	text, links := parseHTML(t, render(t, "en", "html"))
	for _, want := range []string{"Кладовщик <script>alert(1)</script>", "[Пётр](https://evil.example) **Сидоров** <img src=x onerror=alert(1)>",
		"Ольга <b>Третьякова</b>", "resume 30000674"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page's text lacks %q:\n%s", want, text)
		}
	}
	want := []string{"https://www.superjob.ru/resume/30000673.html", "https://www.superjob.ru/resume/30000676.html"}
	if strings.Join(links, " ") != strings.Join(want, " ") {
		t.Errorf("the page links to %q, want %q", links, want)
	}
}

// parseHTML reads a page as a browser would, loosely, and returns its
// text and its links; a script element or an event handler fails t.
func parseHTML(t *testing.T, page string) (string, []string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict, d.AutoClose, d.Entity = false, xml.HTMLAutoClose, xml.HTMLEntity
	var text strings.Builder
	var links []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the page does not parse: %v\n%s", err, page)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if name := strings.ToLower(tok.Name.Local); name == "script" || name == "iframe" || name == "img" || name == "object" {
				t.Errorf("the page holds a <%s> element", name)
			}
			for _, at := range tok.Attr {
				if strings.HasPrefix(strings.ToLower(at.Name.Local), "on") {
					t.Errorf("the page holds a handler %s=%q", at.Name.Local, at.Value)
				}
				if strings.EqualFold(at.Name.Local, "href") {
					links = append(links, at.Value)
				}
			}
		case xml.CharData:
			text.Write(tok)
		}
	}
	return text.String(), links
}

// mdText keeps markup and what would open a block literal; mdInline
// leaves a line's start alone.
func TestMarkdownTextOpensNoBlock(t *testing.T) {
	for in, want := range map[string]string{
		"1. Ольга": `1\. Ольга`, "12) x": `12\) x`, "- x": `\- x`, "+ x": `\+ x`, "# x": `\# x`, "> x": `\> x`,
		"a_b*c`d": "a\\_b\\*c\\`d", "x | y": `x \| y`, "AT&T": `AT\&T`, "2026 год": "2026 год", "line\nbreak": "line break",
		"Срочно!": "Срочно!", "=": `\=`,
		"2026": "2026", ") x": ") x", ". x": ". x",
	} {
		if got := mdText(in); got != want {
			t.Errorf("mdText(%q) = %q, want %q", in, got, want)
		}
	}
	// Inside a table's cell a change's sign stays as it is.
	if got := mdInline("+3"); got != "+3" {
		t.Errorf("mdInline(+3) = %q", got)
	}
}

// siteLink keeps a plain http(s) address and drops everything else.
func TestSiteLink(t *testing.T) {
	for in, want := range map[string]string{
		"https://www.superjob.ru/resume/1.html": "https://www.superjob.ru/resume/1.html",
		"http://sj.ru/r/1":                      "http://sj.ru/r/1",
		"javascript:alert(1)":                   "",
		"https://x.ru/a b":                      "",
		"https://x.ru/\"><script>":              "",
		"https://x.ru/\x1b[2J":                  "",
		"https://пример.рф/1":                   "",
		"//x.ru/1":                              "",
		"":                                      "",
	} {
		if got := siteLink(in); got != want {
			t.Errorf("siteLink(%q) = %q, want %q", in, got, want)
		}
	}
	// 2000 characters is the longest address kept.
	long := "https://x.ru/" + strings.Repeat("a", 2000-len("https://x.ru/"))
	if siteLink(long) != long || siteLink(long+"a") != "" {
		t.Errorf("an address of 2000 characters dropped, or one of 2001 kept")
	}
}

// digestPeriod: Nd is the last N×24 hours, a date its midnight on, days
// the begun days; a bad word is a usage mistake.
func TestDigestPeriod(t *testing.T) {
	now := time.Date(2026, 11, 28, 8, 30, 0, 0, time.UTC)
	en := sampleApp("en").text().CLI
	for since, want := range map[string]struct {
		from time.Time
		days int
	}{
		"1d":         {now.Add(-24 * time.Hour), 1},
		"7d":         {now.Add(-7 * 24 * time.Hour), 7},
		"2026-11-28": {time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC), 1},
		"2026-11-20": {time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), 9},
	} {
		from, days, err := digestPeriod(en, since, now)
		if err != nil || !from.Equal(want.from) || days != want.days {
			t.Errorf("--since %s: %v, %d days, %v; want %v, %d", since, from, days, err, want.from, want.days)
		}
	}
	for _, bad := range []string{"0d", "yesterday", "2026-11-29"} {
		var u *usageError
		if _, _, err := digestPeriod(en, bad, now); !errors.As(err, &u) {
			t.Errorf("--since %s: %v, want a usage mistake", bad, err)
		}
	}
}

// An empty cache says so, in the profile's language, and a mistake on the
// command line is a usage mistake (exit 2).
func TestDigestOfAnEmptyCache(t *testing.T) {
	e := newEnv(t)
	code, out, errs := e.run("", "digest")
	if code != 0 || !strings.Contains(out, "no responses of this scope yet") || !strings.Contains(out, "never synced") {
		t.Errorf("digest of an empty cache: %d %q %q", code, out, errs)
	}
	if code, out, errs := e.run("", "digest", "--format", "markdown"); code != 0 || !strings.HasPrefix(out, "# hrdesk digest") ||
		!strings.Contains(out, "nothing to digest") {
		t.Errorf("--format markdown: %d %q %q", code, out, errs)
	}
	for _, args := range [][]string{{"--format", "xml"}, {"--since", "0d"}, {"now"}} {
		if code, _, errs := e.run("", append([]string{"digest"}, args...)...); code != 2 || errs == "" {
			t.Errorf("digest %v: %d %q", args, code, errs)
		}
	}
	// The digest's moment is the command's one clock (Streams.Now), as
	// report's is: its header and period say that moment.
	e.now = func() time.Time { return time.Date(2026, 3, 9, 8, 15, 0, 0, time.Local) }
	if _, out, _ := e.run("", "digest", "--since", "2d"); !strings.Contains(out, "2026-03-09 08:15") || !strings.Contains(out, "2026-03-07 08:15") {
		t.Errorf("the digest's moment is not the command's clock:\n%s", out)
	}
	e.setConfig(`language = "ru"`)
	if code, out, errs := e.run("", "digest"); code != 0 || !strings.Contains(out, "В кэше пока нет откликов") ||
		!strings.Contains(out, "Сводка hrdesk") {
		t.Errorf("digest in Russian: %d %q %q", code, out, errs)
	}
}
