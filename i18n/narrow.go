package i18n

import (
	"fmt"
	"strconv"
	"time"
)

// NarrowText is what narrows the resume list: the filter chips, the
// filter dialog, search in every folder, stale candidates, repeat
// applicants and saved views.
type NarrowText struct {
	// Chips above the list. Responded, Salary, Age, Vacancy and Education
	// are "%s" = the value.
	Responded, Salary, Age, Vacancy, Education string
	Today                                      string
	// From and To are "%s" = one end of an open range.
	From, To       string
	OnlyNew, Stale string
	// ChipsHint is "%s" = the key that adds a filter, "%s" = the one that
	// removes the last chip.
	ChipsHint string

	// AllFolders titles the list while it shows every folder; Folder is
	// the column that then names each row's folder.
	AllFolders, Folder string
	// Matches is "%d" rows the filter leaves; MatchOne the same for one.
	Matches, MatchOne string
	// FilterOne is Filters (the chips beyond the line) for one.
	FilterOne string
	// Filters is "%d" chips narrowing the list as well.
	Filters string
	// ToAll and ToFolder are "%s" = the key that searches every folder,
	// or goes back to the folder.
	ToAll, ToFolder string
	// OtherLayout is "%s" = the query line read in the other keyboard
	// layout, when that is a query of fields and the line as typed is not.
	OtherLayout string
	// StaleCount is "%d" stale candidates in a folder.
	StaleCount string
	// NeedsMe titles the list of every resume near or past its stage's
	// time limit (issue 30 §2).
	NeedsMe string

	// The filter dialog.
	Title, Any, Dates, Where                           string
	RespondedLabel, DatesLabel, SalaryLabel, AgeLabel  string
	NewLabel, StaleLabel, VacancyLabel, EducationLabel string
	ThisFolder                                         string
	DialogHint                                         string
	VacancyTitle                                       string
	BadDates, BadRange                                 string
	NoVacancies                                        string
	// VacancyCount is "%d" responses, "%d" of them new.
	VacancyCount string
	// Counting follows a filter row whose counts are still being read (the
	// glyphs' ellipsis after it).
	Counting string

	// OtherApplications is "%d" other applications of the applicant,
	// heading the history pane; OtherResume is "%d" = its resume id.
	OtherApplications, OtherResume string
	// Views titles the saved views in help; ViewShown is "%s" = the view
	// a key just showed.
	Views, ViewShown string
	// FilterLine titles the filter line's keys in help.
	FilterLine string
	// Jumped follows a jump to one vacancy's responses that cleared other
	// filters: "%s" or "%s", the keys that give them back; JumpedBack says
	// they are back.
	Jumped, JumpedBack string
}

// Days says "today", "7 days", "7 дней".
func (t *Text) Days(n int) string {
	if n <= 1 {
		return t.Narrow.Today
	}
	if t.Lang == RU {
		return strconv.Itoa(n) + " " + Plural(RU, n, "день", "дня", "дней")
	}
	return strconv.Itoa(n) + " days"
}

// Day is a calendar day for a chip: "1 Nov", "1 ноя", other years "01.11.2025".
func (t *Text) Day(ts, now time.Time) string {
	if ts.Year() != now.Year() {
		return ts.Format("02.01.2006")
	}
	return strconv.Itoa(ts.Day()) + " " + t.month(ts.Month())
}

// Matches says how many rows a filter leaves: "6 matches", "совпадений: 6".
func (t *Text) Matches(n int) string {
	if n == 1 {
		return fmt.Sprintf(t.Narrow.MatchOne, n)
	}
	return fmt.Sprintf(t.Narrow.Matches, n)
}

// MoreFilters says how many chips narrow the list beyond what the line
// shows.
func (t *Text) MoreFilters(n int) string {
	if n == 1 {
		return fmt.Sprintf(t.Narrow.FilterOne, n)
	}
	return fmt.Sprintf(t.Narrow.Filters, n)
}

func englishNarrow() NarrowText {
	return NarrowText{
		Responded: "responded %s", Salary: "salary %s", Age: "age %s", Vacancy: "vacancy: %s", Education: "education: %s",
		Today: "today", From: "from %s", To: "to %s", OnlyNew: "new only", Stale: "stale",
		ChipsHint:  "%s filters · %s removes",
		AllFolders: "All folders", Folder: "Folder",
		Matches: "%d matches", MatchOne: "%d match", Filters: "+%d filters", FilterOne: "+%d filter",
		ToAll: "%s all folders", ToFolder: "%s this folder",
		OtherLayout: "in the other keyboard layout: %s",
		StaleCount:  "%d stale", NeedsMe: "Needs me",
		Title: "Filters", Any: "any", Dates: "dates", Where: "Folders",
		RespondedLabel: "Responded", DatesLabel: "  dates (FROM..TO)", SalaryLabel: "Salary (MIN-MAX)", AgeLabel: "Age (MIN-MAX)",
		NewLabel: "New only", StaleLabel: "Stale (no event)", VacancyLabel: "Vacancy", EducationLabel: "Education",
		ThisFolder:   "this folder",
		DialogHint:   "%s apply · %s next · %s choose · %s cancel",
		VacancyTitle: "Responses to a vacancy",
		BadDates:     "dates like 2026-11-01..2026-11-20, or one end", BadRange: "a range like 80000-150000, 80000- or -150000",
		NoVacancies:       "No responses to own vacancies here",
		VacancyCount:      "%d · %d new",
		Counting:          "counting",
		OtherApplications: "Other applications: %d", OtherResume: "resume #%d",
		Views: "Saved views", ViewShown: "view: %s", FilterLine: "Filter line",
		Jumped: "%s or %s: back to the earlier filters", JumpedBack: "the earlier filters are back",
	}
}

func russianNarrow() NarrowText {
	return NarrowText{
		Responded: "отклик %s", Salary: "зарплата %s", Age: "возраст %s", Vacancy: "вакансия: %s", Education: "образование: %s",
		Today: "сегодня", From: "от %s", To: "до %s", OnlyNew: "только новые", Stale: "без движения",
		ChipsHint:  "%s фильтры · %s убирает",
		AllFolders: "Все папки", Folder: "Папка",
		Matches: "совпадений: %d", MatchOne: "совпадение: %d", Filters: "ещё фильтров: %d", FilterOne: "ещё фильтр: %d",
		ToAll: "%s все папки", ToFolder: "%s эта папка",
		OtherLayout: "в другой раскладке: %s",
		StaleCount:  "%d без движения", NeedsMe: "Ждут меня",
		Title: "Фильтры", Any: "не важно", Dates: "даты", Where: "Папки",
		RespondedLabel: "Отклик", DatesLabel: "  даты (С..ПО)", SalaryLabel: "Зарплата (ОТ-ДО)", AgeLabel: "Возраст (ОТ-ДО)",
		NewLabel: "Только новые", StaleLabel: "Без движения", VacancyLabel: "Вакансия", EducationLabel: "Образование",
		ThisFolder:   "эта папка",
		DialogHint:   "%s применить · %s дальше · %s выбрать · %s отмена",
		VacancyTitle: "Отклики на вакансию",
		BadDates:     "даты вида 2026-11-01..2026-11-20 или одна граница", BadRange: "диапазон вида 80000-150000, 80000- или -150000",
		NoVacancies:       "Здесь нет откликов на свои вакансии",
		VacancyCount:      "%d · новых %d",
		Counting:          "считаю",
		OtherApplications: "Другие отклики: %d", OtherResume: "резюме #%d",
		Views: "Сохранённые виды", ViewShown: "вид: %s", FilterLine: "Строка фильтра",
		Jumped: "%s или %s: вернуть прежние фильтры", JumpedBack: "прежние фильтры вернулись",
	}
}

// Amount is a whole number with its thousands grouped: "80,000", "80 000".
func (t *Text) Amount(n int64) string {
	if t.Lang == RU {
		return groupThousands(int(n), " ")
	}
	return groupThousands(int(n), ",")
}
