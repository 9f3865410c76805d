package palette

import "hrdesk/i18n"

// own are the recruiter's own actions (issue 31 §3): enter presses the
// action's key, so it asks what the key asks. Each acts on the highlighted
// or marked resumes, so without one it is dim and says why.
func own(f Facts, lang i18n.Lang) []Entry {
	words := i18n.For(lang).Palette()
	en, ru := i18n.For(i18n.EN).Own().Group, i18n.For(i18n.RU).Own().Group
	var out []Entry
	for _, b := range f.Own {
		e := Entry{Kind: KindAction, Title: b.Help().Desc, Key: b.Help().Key, Words: []string{b.Help().Desc, en, ru}, press: first(b)}
		if !f.Highlighted && f.Marked == 0 {
			e.Disabled, e.press = words.NoResume, ""
		}
		out = append(out, e)
	}
	return out
}

func dimRank(e Entry) int {
	if e.Disabled != "" {
		return 1
	}
	return 0
}
