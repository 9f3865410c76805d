package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hrdesk/store"
)

// The recruiters' section is by id, the unknown owner last, also with a
// recruiter only a vacancy's owner names (not in the overview).
func TestDigestRecruitersTheUnknownOwnerLast(t *testing.T) {
	by := store.ByRecruiter{Recruiters: []store.RecruiterFigures{{RecruiterID: 7003}, {RecruiterID: 0}}}
	owners := map[int64]store.Owner{11: {ID: 7001}}
	past := map[int64]store.LimitCount{11: {Past: 2}}
	out := digestRecruiters(by, owners, nil, past, store.Period{})
	if len(out) != 3 || out[0].ID != 7001 || out[0].Past != 2 || out[1].ID != 7003 || out[2].ID != 0 {
		t.Errorf("recruiters %+v, want 7001 (2 past), 7003, then the unknown owner", out)
	}
}

// The cache's age is noted only when it is over a day old.
func TestDigestNotesACacheOverADayOld(t *testing.T) {
	a := sampleApp("en")
	for age, notes := range map[time.Duration]int{2 * time.Hour: 1, 24 * time.Hour: 1, 25 * time.Hour: 2} {
		f := sampleDigest()
		f.LastSync = f.Now.Add(-age)
		if d := a.digestDoc(f); len(d.Notes) != notes {
			t.Errorf("a cache synced %v ago: notes %q, want %d", age, d.Notes, notes)
		}
	}
}

// The first action's change is told only when both periods had one.
func TestDigestFirstActionChangeNeedsBothPeriods(t *testing.T) {
	a := sampleApp("en")
	label := a.text().CLI.Team.FirstAction
	for _, n := range [][2]int{{10, 6}, {0, 6}, {10, 0}} {
		f := sampleDigest()
		f.Change.Current.Total.FirstActions, f.Change.Previous.Total.FirstActions = n[0], n[1]
		var change string
		for _, r := range a.digestChange(f).Table.Rows {
			if r.Cells[0] == label {
				change = r.Cells[3]
			}
		}
		if told := change != "–"; told != (n[0] > 0 && n[1] > 0) || change == "" {
			t.Errorf("first actions %d now, %d before: change %q", n[0], n[1], change)
		}
	}
}

// A digest of a week or more compares from its own start (a date's
// midnight, not now − 7 × 24 h); a shorter one compares the last week and
// reads its own period apart.
func TestDigestChangeSpansAWeekFromItsStart(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := sampleApp("en")
	now := time.Date(2026, 11, 28, 8, 30, 0, 0, time.UTC)
	for _, since := range []string{"2026-11-22", "1d", "7d"} {
		from, days, err := digestPeriod(a.text().CLI, since, now)
		if err != nil {
			t.Fatal(err)
		}
		f := digestFacts{Now: now, From: from, ChangeDays: digestWeek}
		p, err := a.digestPeriods(context.Background(), st, &f, store.ScopeMine, days)
		changeFrom := from
		if days < digestWeek {
			changeFrom = now.Add(-digestWeek * 24 * time.Hour)
		}
		if err != nil || !p.From.Equal(from) || !f.Change.Current.From.Equal(changeFrom) {
			t.Errorf("--since %s (%d days): period from %v, change from %v (%v); want %v and %v",
				since, days, p.From, f.Change.Current.From, err, from, changeFrom)
		}
	}
}

// Text digests: a word joins a line it fits exactly, goes to the next one
// past it by a column; a cut to one column is the ellipsis alone.
func TestDigestTextWrapsAndCuts(t *testing.T) {
	for in, want := range map[string]string{
		"abcd efghi":   "> abcd efghi\n",
		"abcd efghij":  "> abcd\n> efghij\n",
		"a b":          "> a b\n",
		"abcdefghijkl": "> abcdefghi…\n",
	} {
		var b strings.Builder
		wrapTo(&b, in, "> ", 12)
		if b.String() != want {
			t.Errorf("wrapTo(%q, 10 columns) = %q, want %q", in, b.String(), want)
		}
	}
	if got := cutColumns("abc", 1); got != "…" {
		t.Errorf("cutColumns(abc, 1) = %q", got)
	}
	if got := cutColumns("abc", 0); got != "" {
		t.Errorf("cutColumns(abc, 0) = %q", got)
	}
}

// Fullwidth forms and the emoji blocks take two columns to their ends;
// the halfwidth forms and what lies past the blocks one.
func TestDigestColumnsAtTheWideBlocksEnds(t *testing.T) {
	for r, want := range map[rune]int{0xFF00: 1, 0xFF01: 2, 0xFF60: 2, 0xFF61: 1, 0x1F2FF: 1, 0x1F300: 2, 0x1FAFF: 2, 0x1FB00: 1, 'ж': 1} {
		if got := columns(string(r)); got != want {
			t.Errorf("columns(%U) = %d, want %d", r, got, want)
		}
	}
}
