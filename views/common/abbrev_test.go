package common

import "testing"

// Abbrev cuts a long word after a consonant that a vowel follows, at its
// fourth letter or later, and keeps whole what it cannot shorten by two
// columns (issue 28 §4: the strip read "1 Вхо… 2 Рас…").
func TestAbbrev(t *testing.T) {
	for in, want := range map[string]string{
		"Входящие":        "Вход.",
		"Рассматриваемые": "Рассм.",
		"Приглашённые":    "Пригл.",
		"Отказ":           "Отказ",
		"Кадровый резерв": "Кадр. резерв",
		"Шорт-лист":       "Шорт-лист",
		"Финалисты":       "Финал.",
		"Considered":      "Cons.",
		"Inbox":           "Inbox",
		"Invited":         "Invited", // "Invit." saves one column
		"Refused":         "Refused",
		"Shortlist 2026":  "Shortl. 2026",
		"Сельский":        "Сельский", // never ends on ь
		"":                "",
	} {
		if got := Abbrev(in); got != want {
			t.Errorf("Abbrev(%q) = %q, want %q", in, got, want)
		}
	}
}
