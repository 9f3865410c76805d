package i18n

// OwnText is the words of the recruiter's own actions (issue 31 §3): the
// question before one, its output's box, help's group. A method, not a
// field of Text, as PaletteText.
type OwnText struct {
	// Ask is "%s" = the action's name, "%d" = how many resumes; Run is
	// the confirming button.
	Ask, Run string
	// Running is "%d" = how many resumes.
	Running string
	// OK and Failed begin a resume's lines: "%s" = its name; Failed's
	// "%v" is why (the exit status, the timeout).
	OK, Failed string
	// Exit is why a program failed: "%d" = its exit status; Killed a
	// program that ran too long.
	Exit, Killed string
	// Cut says only the output's last 64 KiB are kept.
	Cut string
	// NoOutput: the program wrote nothing.
	NoOutput string
	// Close is the hint's word for the key that closes the box.
	Close string
	// Group titles help's list and names what the palette lists.
	Group string
}

// Own is the own actions' words in the catalogue's language.
func (t *Text) Own() OwnText {
	if t.Lang == RU {
		return OwnText{
			Ask:      "Выполнить «%s» для резюме: %d?",
			Run:      "Выполнить",
			Running:  "выполняется для резюме: %d…",
			OK:       "✓ %s",
			Failed:   "✗ %s: %v",
			Exit:     "код выхода %d",
			Killed:   "остановлено: выполнялось слишком долго",
			Cut:      "(вывод обрезан: показаны последние 64 КиБ)",
			NoOutput: "(без вывода)",
			Close:    "закрыть",
			Group:    "Свои действия",
		}
	}
	return OwnText{
		Ask:      "Run “%s” on %d resume(s)?",
		Run:      "Run",
		Running:  "running on %d resume(s)…",
		OK:       "✓ %s",
		Failed:   "✗ %s: %v",
		Exit:     "exit status %d",
		Killed:   "killed: ran too long",
		Cut:      "(output cut: its last 64 KiB shown)",
		NoOutput: "(no output)",
		Close:    "close",
		Group:    "Own actions",
	}
}
