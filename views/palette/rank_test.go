package palette

import (
	"slices"
	"testing"
)

// titles are the titles of the entries Rank kept, in its order.
func titles(entries []Entry, typed string) []string {
	var out []string
	for _, i := range Rank(entries, typed) {
		out = append(out, entries[i].Title)
	}
	return out
}

func words(title string, w ...string) Entry {
	return Entry{Title: title, Words: append([]string{title}, w...)}
}

// A few letters of either language find invite: "inv" by its English
// word, "приг" by its Russian one, and "инв" (the recruiter's "инвайт"),
// by the Latin letters Cyrillic stands for. Letters apart do not match
// letters in another order.
func TestAFewLettersOfEitherLanguageFindInvite(t *testing.T) {
	entries := []Entry{
		words("reject", "отказать"),
		words("invite", "пригласить"),
		words("move to folder", "переместить в папку"),
		words("vacancy", "вакансия"),
	}
	for _, typed := range []string{"inv", "INV", "инв", "приг", "ПРИГЛ", "invite", "пригласить", " inv ", "prigl"} {
		got := titles(entries, typed)
		if len(got) == 0 || got[0] != "invite" {
			t.Errorf("%q ranks %q, invite not first", typed, got)
		}
	}
	if got := titles(entries, "vni"); slices.Contains(got, "invite") {
		t.Errorf(`"vni" finds invite: %q`, got)
	}
	// A match stays within one of an entry's words: log in's "i", "n"
	// and войти's "v" (as Latin) are no "inv".
	if got := titles([]Entry{words("log in", "войти")}, "inv"); len(got) != 0 {
		t.Errorf(`"inv" finds %q across two of its words`, got)
	}
	// Letters strewn about a word are noise: синхронизировать holds
	// и, н and, far on, в.
	if got := titles([]Entry{words("синхронизировать")}, "инв"); len(got) != 0 {
		t.Errorf(`"инв" finds %q`, got)
	}
	if got := titles(entries, "zzz"); len(got) != 0 {
		t.Errorf(`"zzz" finds %q`, got)
	}
}

// A word's start beats its middle, and letters together beat letters
// apart: "in" is inbox before login, "ref" refused before "prefer".
func TestAWordStartBeatsItsMiddle(t *testing.T) {
	entries := []Entry{words("log in"), words("login"), words("inbox"), words("prefer"), words("refused")}
	if got := titles(entries, "in"); len(got) < 3 || got[0] != "inbox" || got[1] != "log in" {
		t.Errorf(`"in" ranks %q: want inbox, then "log in" (a word start), then login`, got)
	}
	if got := titles(entries, "ref"); len(got) != 2 || got[0] != "refused" {
		t.Errorf(`"ref" ranks %q: want refused before prefer`, got)
	}
	// Each word's start counts, not only the first: "mta" is mail to
	// address before mutation.
	if got := titles([]Entry{words("mutation"), words("mail to address")}, "mta"); len(got) != 2 || got[0] != "mail to address" {
		t.Errorf(`"mta" ranks %q: want "mail to address" (three word starts) first`, got)
	}
	together := []Entry{words("cancel on"), words("open contacts")}
	if got := titles(together, "con"); len(got) != 2 || got[0] != "open contacts" {
		t.Errorf(`"con" ranks %q: want "open contacts" (letters together) first`, got)
	}
}

// ё is е both ways, and case does not count.
func TestYoIsYe(t *testing.T) {
	entries := []Entry{words("Отчёт"), words("другое")}
	for _, typed := range []string{"отчет", "отчёт", "ОТЧЕТ"} {
		if got := titles(entries, typed); len(got) != 1 || got[0] != "Отчёт" {
			t.Errorf("%q finds %q", typed, got)
		}
	}
	if got := titles([]Entry{words("Ещё")}, "еще"); len(got) != 1 {
		t.Errorf(`"еще" does not find "Ещё"`)
	}
}

// Every typed word must match; the order of the entries breaks ties and
// nothing typed keeps them all, those that apply before the dim ones.
func TestEveryWordMatchesAndDimOnesComeLast(t *testing.T) {
	dim := words("invite", "пригласить")
	dim.Disabled = "no resume highlighted"
	entries := []Entry{dim, words("mail by template"), words("mail to address")}
	if got := titles(entries, "mail addr"); len(got) != 1 || got[0] != "mail to address" {
		t.Errorf(`"mail addr" finds %q`, got)
	}
	if got := titles(entries, ""); !slices.Equal(got, []string{"mail by template", "mail to address", "invite"}) {
		t.Errorf("nothing typed: %q", got)
	}
	inv := words("invoice")
	if got := titles(append(entries, inv), "inv"); !slices.Equal(got, []string{"invoice", "invite"}) {
		t.Errorf(`"inv" with invite dim: %q, want the one that applies first`, got)
	}
}

// Typed in the other keyboard layout, a few letters find what they find
// in the right one: "штм" is "inv" typed in the Russian layout, "ghbu" is
// "приг" typed in the Latin one. Such a match ranks a little below the
// same match typed in the right layout.
func TestTheOtherLayoutFindsTheSameEntries(t *testing.T) {
	entries := []Entry{
		words("reject", "отказать"),
		words("invite", "пригласить"),
		words("vacancy", "вакансия"),
	}
	for _, typed := range []string{"штм", "ШТМ", "ghbu", "GHBU", "штмшеу", "ghbukfcbnm"} {
		if got := titles(entries, typed); len(got) != 1 || got[0] != "invite" {
			t.Errorf("%q finds %q, want invite alone", typed, got)
		}
	}
	// The same letters, one entry in each layout: the right one first,
	// whichever is listed first.
	both := []Entry{words("invite"), words("штмшеу")}
	if got := titles(both, "штм"); !slices.Equal(got, []string{"штмшеу", "invite"}) {
		t.Errorf(`"штм" ranks %q: want the Cyrillic word typed as such first`, got)
	}
	if got := titles(both, "inv"); !slices.Equal(got, []string{"invite", "штмшеу"}) {
		t.Errorf(`"inv" ranks %q: want invite first`, got)
	}
}

// Both ends of the Cyrillic alphabet are Cyrillic: a word typed of а or
// я alone is matched as its Latin letter too.
func TestTheAlphabetsEndsAreTransliterated(t *testing.T) {
	for _, typed := range []string{"а", "я"} {
		if got := titles([]Entry{words("apple")}, typed); len(got) != 1 {
			t.Errorf("%q does not find apple as a: %q", typed, got)
		}
	}
}

// A Latin word found as written beats the same letters found through a
// Cyrillic entry's transliteration, whatever the entries' order.
func TestAWordAsWrittenBeatsItsTransliteration(t *testing.T) {
	entries := []Entry{words("инвентарь"), words("inventory")}
	if got := titles(entries, "inv"); len(got) != 2 || got[0] != "inventory" {
		t.Errorf(`"inv" ranks %q: want inventory (as written) first`, got)
	}
}

// The same the other way: a Cyrillic word typed finds a Cyrillic entry
// as written before a Latin one through its transliteration, and before
// a Cyrillic one whose letters only their transliterations share (е and
// э are both e: "ексел" finds Эксель, after Ексель).
func TestCyrillicAsWrittenBeatsItsTransliteration(t *testing.T) {
	if got := titles([]Entry{words("inventory"), words("инвентарь")}, "инв"); len(got) != 2 || got[0] != "инвентарь" {
		t.Errorf(`"инв" ranks %q: want инвентарь (as written) first`, got)
	}
	if got := titles([]Entry{words("Эксель"), words("Ексель")}, "ексел"); len(got) != 2 || got[0] != "Ексель" {
		t.Errorf(`"ексел" ranks %q: want Ексель (as written), then Эксель (both e in Latin)`, got)
	}
}

// A typed word's match scoring exactly minScore a letter is kept: "xy"
// 14 letters into a word (the late penalty at its most, the letters
// together) is 4 for 2 letters.
func TestAMatchOfExactlyTheLeastScoreIsKept(t *testing.T) {
	if got := titles([]Entry{words("qqqqqqqqqqqqqxy")}, "xy"); len(got) != 1 {
		t.Errorf(`"xy" does not find its letters at the least score: %q`, got)
	}
}

// A gap between two typed letters costs more the longer it is, up to its
// cap: "ab" finds a, 5 letters, b before a, 6 letters, b.
func TestALongerGapCostsMore(t *testing.T) {
	entries := []Entry{words("axxxxxxb"), words("axxxxxb")}
	if got := titles(entries, "ab"); len(got) != 2 || got[0] != "axxxxxb" {
		t.Errorf(`"ab" ranks %q: want the shorter gap first`, got)
	}
}

// The late penalty counts from the start of the entry's word matched,
// not of its first: "abc" at the start of an entry's second word ties
// with "abc" as a first word, and the entries' order breaks the tie.
func TestTheLatePenaltyCountsFromTheWordMatched(t *testing.T) {
	entries := []Entry{words("zzzzzzzzzzzz", "abc"), words("abc")}
	if got := titles(entries, "abc"); !slices.Equal(got, []string{"zzzzzzzzzzzz", "abc"}) {
		t.Errorf(`"abc" ranks %q: want the entries' order (a tie)`, got)
	}
}
