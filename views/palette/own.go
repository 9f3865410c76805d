package palette

import (
	"strconv"

	"hrdesk/i18n"
	"hrdesk/textsafe"
	"hrdesk/views/action"
)

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

// recent are the resumes opened last (issue 31 §1), found by name or id;
// enter shows the resume in its folder, the cursor on it.
func recent(f Facts, words i18n.PaletteText) []Entry {
	var out []Entry
	for _, r := range f.Recent {
		title := textsafe.Line(r.Name)
		id := strconv.FormatInt(r.ID, 10)
		if title == "" {
			title = "#" + id
		}
		out = append(out, Entry{Kind: KindResume, Title: title, Words: []string{title, id, words.Resume},
			act: action.ShowResume{ResumeID: r.ID, Folder: r.Folder}})
	}
	return out
}
