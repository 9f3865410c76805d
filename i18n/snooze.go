package i18n

// SnoozeText is the snooze's words (issue 31 §4): its dialog, the list's
// and the folders' figures, help's line.
type SnoozeText struct {
	// Title names the dialog; Tomorrow, InDays, Monday, Date and WakeNow
	// are its choices (Date's field takes Format).
	Title, Tomorrow, InDays, Monday, Date, WakeNow string
	// Format is what Date's field takes; BadDate says it when the text is
	// not that, Past when the moment has gone.
	Format, BadDate, Past string
	// Hint is "%s" choose, "%s" snooze, "%s" cancel.
	Hint string
	// Snoozed is "%d" resumes snoozed until "%s"; Woken is "%d" woken now.
	Snoozed, Woken string
	// Folder is the folders pane's "%d" snoozed beside a folder; Column the
	// overview's column of them.
	Folder, Column string
	// HelpLine is "%s" (the key) with what a snooze is, "%s" (undo's
	// key) taking it back, and that it stays in this profile.
	HelpLine string
}

// Snooze is the snooze's words in t's language.
func (t *Text) Snooze() SnoozeText {
	if t.Lang == RU {
		return SnoozeText{
			Title:    "Напомнить позже",
			Tomorrow: "завтра в 10:00",
			InDays:   "через 3 дня",
			Monday:   "в понедельник в 10:00",
			Date:     "дата:",
			WakeNow:  "вернуть сейчас",
			Format:   "ГГГГ-ММ-ДД [ЧЧ:ММ]",
			BadDate:  "дата пишется так: 2026-12-01 или 2026-12-01 14:30",
			Past:     "это время уже прошло",
			Hint:     "%s выбрать · %s напомнить · %s отмена",
			Snoozed:  "скрыто до %[2]s: %[1]d",
			Woken:    "возвращено: %d",
			Folder:   "скрыто %d",
			Column:   "Скрыто",
			HelpLine: "%s — напомнить позже: скрыть резюме до срока, потом оно вверху с отметкой; %s — вернуть (только в этом профиле, не на сайте)",
		}
	}
	return SnoozeText{
		Title:    "Snooze",
		Tomorrow: "until tomorrow 10:00",
		InDays:   "in 3 days",
		Monday:   "until Monday 10:00",
		Date:     "a date:",
		WakeNow:  "wake now",
		Format:   "YYYY-MM-DD [HH:MM]",
		BadDate:  "write a date as 2026-12-01 or 2026-12-01 14:30",
		Past:     "that moment has passed",
		Hint:     "%s choose · %s snooze · %s cancel",
		Snoozed:  "snoozed until %[2]s: %[1]d",
		Woken:    "woken: %d",
		Folder:   "snoozed %d",
		Column:   "Snzd",
		HelpLine: "%s snoozes until a set time, %s takes it back (in this profile only, never sent)",
	}
}
