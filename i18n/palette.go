package i18n

// PaletteText is the command palette's words (issue 31 §1): its title and
// hint, the kinds of what it lists, and why an action does not apply now.
// A method, not a field of Text, so the catalogues' literals stay as they
// are.
type PaletteText struct {
	Title string
	// Hint is "%s" = the key that does the highlighted entry, "%s" = the
	// keys that move, "%s" = the key that closes.
	Hint string
	// Empty: nothing matches what is typed.
	Empty string
	// Kinds, shown before an entry that is not an action.
	View, Folder, Vacancy, Resume string
	// Why an action is dim.
	NothingMarked, NoResume string
	// OnScreen is "%s" = the screen where the action works (dim
	// elsewhere); enter goes there.
	OnScreen string
	// ResumeList names the triage screen in OnScreen.
	ResumeList string
	// HelpLine is "%s" = the palette's key, said at the top of help.
	HelpLine string
}

// Palette is the palette's words in the catalogue's language.
func (t *Text) Palette() PaletteText {
	if t.Lang == RU {
		return PaletteText{
			Title:         "Найти действие",
			Hint:          "%s выполнить · %s выбрать · %s закрыть",
			Empty:         "ничего не найдено",
			View:          "вид",
			Folder:        "папка",
			Vacancy:       "вакансия",
			Resume:        "резюме",
			NothingMarked: "ничего не отмечено",
			NoResume:      "не выбрано резюме",
			OnScreen:      "на экране «%s»",
			ResumeList:    "Резюме",
			HelpLine:      "%s — найти любое действие, вид, папку или вакансию по нескольким буквам",
		}
	}
	return PaletteText{
		Title:         "Find an action",
		Hint:          "%s do it · %s choose · %s close",
		Empty:         "nothing matches",
		View:          "view",
		Folder:        "folder",
		Vacancy:       "vacancy",
		Resume:        "resume",
		NothingMarked: "nothing marked",
		NoResume:      "no resume highlighted",
		OnScreen:      "on the %s screen",
		ResumeList:    "Resumes",
		HelpLine:      "%s finds any action, view, folder or vacancy by a few letters",
	}
}
