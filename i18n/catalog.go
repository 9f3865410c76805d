package i18n

// VacancyText is the vacancies screen.
type VacancyText struct {
	Title string
	// Count is "%d" vacancies shown.
	Count string
	// States name the filter: every vacancy, open, closed access, archived.
	All, Open, Closed, Archived string
	// Columns.
	Profession, State, Views, Responses, New, Published, Until string
	Empty                                                      string
	// Detail headings and labels.
	Duties, Requirements, Conditions, Salary, Town, Address, Contacts, Schedule, Experience, Education string
	ByAgreement                                                                                        string
	// More detail labels: the company, place of work, the archiving date.
	Company, PlaceOfWork, ArchivedOn string
	// ArchiveConfirm is "%d" vacancies: the confirmation question.
	ArchiveConfirm string
	ArchiveTitle   string
	// Archived is "%d" vacancies archived.
	ArchivedDone string
}

// SelectionText is the resume selections screen and its form.
type SelectionText struct {
	Title string
	// Tab is the screen's short name in the folder strip.
	Tab string
	// Count is "%d" selections.
	Count                           string
	Name, Mail, Period, Keywords    string
	On, Off                         string
	Empty                           string
	NewTitle, EditTitle             string
	Where, How                      string
	ExcludeWords, PaymentFrom       string
	PaymentTo, NoAgreement          string
	Towns, AgeFrom, AgeTo           string
	ExperienceFrom, ExperienceTo    string
	Education, TypeOfWork, Gender   string
	Languages, DrivingLicence       string
	PlaceOfWork, Moveable, HasPhoto string
	Any, Yes, No                    string
	NotANumber, NeedName, BadLangs  string
	SaveHint                        string
	// SaveHintEdited is SaveHint once something was typed: "%s" keeps a
	// draft (esc), "%s" discards the changes.
	SaveHintEdited                 string
	DeleteConfirm, MailOn, MailOff string
	DeleteTitle                    string
	Saved, Deleted                 string
	WhereValues                    [7]string // srws 2, 3, 6, 8, 50, 60, 7
	HowValues                      [4]string // skwc and, or, particular, nein
	GenderValues                   [2]string // 2 male, 3 female
	EducationValues                [5]string // 2..6: higher, incomplete higher, secondary vocational, secondary, student
	PeriodValues                   [5]string // 1 a day, 3 three days, 7 a week, 30 a month, 0 all time
	// Periods is every period of contract 4.6, in the order the form cycles
	// them: 1, 3, 7, 14, 30, 60, 0 (all time).
	Periods [7]string
	// TypeOfWorkValues: 6 full day, 10 part day, 12 shift, 13 partial,
	// 7 temporary, 9 rotational (2.10).
	TypeOfWorkValues [6]string
	// PlaceOfWorkValues: 1 employer's premises, 2 at home, 3 travelling.
	PlaceOfWorkValues [3]string
	// MoveableValues: moveable 1..4 of contract 4.6.
	MoveableValues [4]string
	// BadLicence says a driving licence list holds something other than A–E.
	BadLicence string
	// Negative says a number field holds a number below zero.
	Negative string
}
