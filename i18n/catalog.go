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
	DeleteConfirm, MailOn, MailOff  string
	DeleteTitle                     string
	Saved, Deleted                  string
	WhereValues                     [7]string // srws 2, 3, 6, 8, 50, 60, 7
	HowValues                       [4]string // skwc and, or, particular, nein
	GenderValues                    [2]string // 2 male, 3 female
	EducationValues                 [5]string // 2..6: higher, incomplete higher, secondary vocational, secondary, student
	PeriodValues                    [5]string // 1 a day, 3 three days, 7 a week, 30 a month, 0 all time
}
