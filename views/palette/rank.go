package palette

import (
	"slices"
	"strings"
	"unicode"

	"hrdesk/keymap"
)

// Ranking is pure: what is typed against each entry's words, nothing else.
// A match is the typed letters in order within the words (a subsequence),
// each word typed apart (space) matched on its own; letters that begin a
// word, and letters that follow each other, score more, so "inv" ranks
// invite above a word holding those letters apart, and a word's start
// above its middle. Both languages' words are searched; ё is е, case does
// not count, and Cyrillic is also matched as its Latin transliteration,
// so "инв" (a recruiter's "инвайт") finds invite as "inv" does. What is
// typed is also read as typed in the other keyboard layout ("штм" is
// "inv", "ghbu" is "приг"; keymap.OtherLayout), a little below the same
// match typed in the right one: the recruiter switched layouts for a
// comment and did not switch back.

// Scores of one matched letter.
const (
	matchScore     = 1
	wordStartBonus = 8 // the letter begins a word
	firstBonus     = 4 // ... and is the first typed: the word typed from its start
	nextBonus      = 5 // the letter follows the last matched one
	gapPenalty     = 1 // per letter skipped between two matched ones
	maxGapPenalty  = 6 // a long gap costs no more than this
	translitCost   = 2 // a match found through the transliteration only
	layoutCost     = 3 // a match found in the other keyboard layout only
	minLayoutScore = 6 // ... must score this a letter: short ones are noise
	maxLatePenalty = 3 // a match starting far in costs no more than this
	minScore       = 2 // a typed word's match must score this a letter
)

// folded is an entry's words as matching reads them: lower case, ё as е,
// each of its Words after a separator (a match stays within one: "log in"
// and "войти" as "voiti" are no "inv"); translit is the same in Latin
// letters.
type folded struct {
	hay, translit []rune
}

// sep parts an entry's Words in its folded form; fold never leaves one.
const sep = '\x00'

// prepare folds an entry's words once, when the entries are built: ranking
// then costs only the matching at each keystroke.
func prepare(words []string) folded {
	var hay []rune
	for _, w := range words {
		hay = append(hay, sep)
		hay = append(hay, fold(w)...)
	}
	f := folded{hay: hay}
	if slices.ContainsFunc(hay, isCyrillic) {
		f.translit = transliterate(hay)
	}
	return f
}

// fold lowers s, reads ё as е and parts words at anything not a letter or
// a digit.
func fold(s string) []rune {
	out := make([]rune, 0, len(s))
	for _, r := range strings.ToLower(s) {
		switch {
		case r == 'ё':
			r = 'е'
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			r = ' '
		}
		out = append(out, r)
	}
	return out
}

func isCyrillic(r rune) bool { return r >= 'а' && r <= 'я' }

// latin is each lower-case Cyrillic letter's transliteration, one letter
// each so positions and word starts stay put (ж z, х h, ц c, ч c, ш s, щ
// s, ю u, я a, ъ and ь as themselves: they never begin a word).
var latin = map[rune]rune{
	'а': 'a', 'б': 'b', 'в': 'v', 'г': 'g', 'д': 'd', 'е': 'e', 'ж': 'z', 'з': 'z', 'и': 'i',
	'й': 'i', 'к': 'k', 'л': 'l', 'м': 'm', 'н': 'n', 'о': 'o', 'п': 'p', 'р': 'r', 'с': 's',
	'т': 't', 'у': 'u', 'ф': 'f', 'х': 'h', 'ц': 'c', 'ч': 'c', 'ш': 's', 'щ': 's', 'ы': 'y',
	'э': 'e', 'ю': 'u', 'я': 'a',
}

func transliterate(rs []rune) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		if l, ok := latin[r]; ok {
			r = l
		}
		out[i] = r
	}
	return out
}

// query is what is typed, folded and parted into its words, with each
// word's transliteration when it has Cyrillic letters; other is the same
// typed in the other keyboard layout (nil when no key reads otherwise).
type query struct {
	words, translit [][]rune
	other           *query
}

func parse(typed string) query {
	q := parseWords(typed)
	if o, ok := keymap.OtherLayout(typed); ok {
		// Its words as typed only: "инв" typed in the wrong layout and
		// then read as Latin is a guess too far, and would double the
		// matching at each keystroke.
		other := parseWords(o)
		clear(other.translit)
		q.other = &other
	}
	return q
}

func parseWords(typed string) query {
	var q query
	for _, w := range strings.Fields(string(fold(typed))) {
		rs := []rune(w)
		q.words = append(q.words, rs)
		var tr []rune
		if slices.ContainsFunc(rs, isCyrillic) {
			tr = transliterate(rs)
		}
		q.translit = append(q.translit, tr)
	}
	return q
}

// score is how well q matches f, -1 when some word of q does not match,
// or only as letters strewn far apart (noise). Each
// typed word is matched against the words as written, and, in Latin,
// against their transliteration (a Latin word typed against Cyrillic, a
// Cyrillic word against Latin), the best of them counting.
func (q query) score(f folded) int {
	s := q.scoreAbove(f, minScore)
	if q.other != nil {
		if o := q.other.scoreAbove(f, minLayoutScore); o >= 0 {
			s = max(s, o-layoutCost)
		}
	}
	return s
}

// scoreAbove is score as typed, each word's match scoring at least least
// a letter.
func (q query) scoreAbove(f folded, least int) int {
	total := 0
	for i, w := range q.words {
		best := match(w, f.hay)
		if f.translit != nil {
			best = max(best, match(w, f.translit)-translitCost)
		}
		if tr := q.translit[i]; tr != nil {
			best = max(best, match(tr, f.hay)-translitCost)
			if f.translit != nil {
				best = max(best, match(tr, f.translit)-translitCost)
			}
		}
		if best < least*len(w) {
			return -1 // no match, or letters strewn about: noise
		}
		total += best
	}
	return total
}

// match scores w as a subsequence of hay, -1 when it is none. Every place
// w's first letter occurs is tried as the start, the rest matched from
// there letter by letter, each at its first occurrence after the last;
// the best start counts.
func match(w, hay []rune) int {
	if len(w) == 0 {
		return 0
	}
	best, phrase := -1, 0
	for start, r := range hay {
		if r == sep {
			phrase = start
		}
		if r != w[0] {
			continue
		}
		// A match further into a phrase costs a little: "inbox" before
		// "log in" for "in".
		s := matchScore + bonus(hay, start) - min((start-phrase)/4, maxLatePenalty)
		if wordStart(hay, start) {
			s += firstBonus
		}
		last, ok := start, true
		for _, c := range w[1:] {
			j := indexFrom(hay, c, last+1)
			if j < 0 {
				ok = false
				break
			}
			s += matchScore + bonus(hay, j)
			if j == last+1 {
				s += nextBonus
			} else {
				s -= min((j-last-1)*gapPenalty, maxGapPenalty)
			}
			last = j
		}
		if ok {
			best = max(best, s)
		}
	}
	return best
}

func bonus(hay []rune, i int) int {
	if wordStart(hay, i) {
		return wordStartBonus
	}
	return 0
}

func wordStart(hay []rune, i int) bool { return i == 0 || hay[i-1] == ' ' || hay[i-1] == sep }

func indexFrom(hay []rune, c rune, from int) int {
	for j := from; j < len(hay) && hay[j] != sep; j++ {
		if hay[j] == c {
			return j
		}
	}
	return -1
}

// Rank orders the entries that match typed: those that apply now first,
// then the dim ones, each by score, the entries' own order breaking ties.
// Nothing typed keeps every entry, in that order. It returns indexes into
// entries, which it leaves as they are.
func Rank(entries []Entry, typed string) []int {
	q := parse(typed)
	type hit struct{ i, score int }
	hits := make([]hit, 0, len(entries))
	for i, e := range entries {
		f := e.fold
		if f.hay == nil { // an entry not made by Entries: folded here
			f = prepare(e.Words)
		}
		s := q.score(f)
		if s >= 0 {
			hits = append(hits, hit{i, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		da, db := entries[a.i].Disabled != "", entries[b.i].Disabled != ""
		if da != db {
			if da {
				return 1
			}
			return -1
		}
		return b.score - a.score
	})
	out := make([]int, len(hits))
	for i, h := range hits {
		out[i] = h.i
	}
	return out
}
