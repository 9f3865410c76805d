package apiclient

import (
	"encoding/json"
	"strings"
)

// Resume is the resume object, which the contract does not show: the typed
// fields the workstation needs, as seen in real answers (real-world notes),
// and Raw, the whole object as received, so nothing unknown is lost.
type Resume struct {
	ID             FlexInt    `json:"id"`
	IDUser         FlexInt    `json:"id_user"`
	FirstName      FlexString `json:"firstname"`
	LastName       FlexString `json:"lastname"`
	MiddleName     FlexString `json:"middlename"`
	Name           FlexString `json:"name"`
	Profession     FlexString `json:"profession"` // the headline: desired position
	LastProfession FlexString `json:"last_profession"`
	Age            FlexInt    `json:"age"`
	BirthYear      FlexInt    `json:"birthyear"`
	Payment        FlexInt    `json:"payment"` // 0 when unknown
	Currency       FlexString `json:"currency"`
	Agreement      FlexBool   `json:"agreement"`
	Town           Town       `json:"town"`
	Region         IDTitle    `json:"region"`
	Metro          []Metro    `json:"metro"`
	Education      IDTitle    `json:"education"`
	Gender         IDTitle    `json:"gender"`

	ExperienceText       FlexString        `json:"experience_text"`
	ExperienceMonthCount FlexInt           `json:"experience_month_count"`
	WorkHistory          []WorkPlace       `json:"work_history"`
	BaseEducationHistory []BaseEducation   `json:"base_education_history"`
	EducationHistory     []Course          `json:"education_history"`
	Languages            [][]IDTitle       `json:"languages"`
	DrivingLicence       []string          `json:"driving_licence"`
	Achievements         FlexString        `json:"achievements"`
	AdditionalInfo       FlexString        `json:"additional_info"`
	Link                 FlexString        `json:"link"`
	ShortLink            FlexString        `json:"short_link"`
	DatePublished        UnixTime          `json:"date_published"`
	DateLastModified     UnixTime          `json:"date_last_modified"`
	ContactsBought       FlexBool          `json:"contacts_bought"`
	Phone1               FlexString        `json:"phone1"`
	Phone2               FlexString        `json:"phone2"`
	Email                FlexString        `json:"email"`
	OtherContacts        FlexString        `json:"other_contacts"`
	SocialLinks          []SocialLink      `json:"social_links"`
	Comments             []EmbeddedComment `json:"comments"`
	Raw                  json.RawMessage   `json:"-"`
}

// HasContacts reports whether the resume carries contacts: they appear only
// once bought or opened, or in the employer's own received resumes.
func (r Resume) HasContacts() bool {
	return bool(r.ContactsBought) || r.Phone1 != "" || r.Phone2 != "" || r.Email != "" ||
		r.OtherContacts != "" || len(r.SocialLinks) > 0
}

// Salary returns the wanted pay and whether it is known: 0 means unknown
// (real-world notes), never "0 rub".
func (r Resume) Salary() (int64, bool) { return int64(r.Payment), r.Payment > 0 }

// FullName is "lastname firstname middlename" when those are present, else
// name; empty without contacts.
func (r Resume) FullName() string {
	parts := make([]string, 0, 3)
	for _, p := range []FlexString{r.LastName, r.FirstName, r.MiddleName} {
		if s := strings.TrimSpace(string(p)); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return strings.TrimSpace(string(r.Name))
	}
	return strings.Join(parts, " ")
}

// WorkPlace is an element of work_history.
type WorkPlace struct {
	Name       FlexString `json:"name"` // the company
	Profession FlexString `json:"profession"`
	Town       IDTitle    `json:"town"`
	Type       IDTitle    `json:"type"`
	MonthBeg   FlexInt    `json:"monthbeg"`
	YearBeg    FlexInt    `json:"yearbeg"`
	MonthEnd   FlexInt    `json:"monthend"`
	YearEnd    FlexInt    `json:"yearend"` // 0 or missing for the current job
	Work       FlexString `json:"work"`
}

// BaseEducation is an element of base_education_history: institute is an object there.
type BaseEducation struct {
	Institute  IDTitle    `json:"institute"`
	Town       IDTitle    `json:"town"`
	Faculty    FlexString `json:"faculty"`
	Profession FlexString `json:"profession"`
	YearEnd    FlexInt    `json:"yearend"`
}

// Course is an element of education_history: institute is a plain string there.
type Course struct {
	Name      FlexString `json:"name"`
	Institute FlexString `json:"institute"`
	YearEnd   FlexInt    `json:"yearend"`
}

// SocialLink is an element of social_links.
type SocialLink struct {
	Title FlexString `json:"title"`
	Link  FlexString `json:"link"`
}

// EmbeddedComment is a comment embedded in a single resume.
type EmbeddedComment struct {
	Author FlexString `json:"author"`
	Date   UnixTime   `json:"date"`
	Text   FlexString `json:"text"`
}

// UnmarshalJSON decodes the typed fields loosely and keeps the raw object.
// A field of an unexpected shape is left empty rather than failing the page:
// encoding/json skips a mistyped field and decodes the rest.
func (r *Resume) UnmarshalJSON(b []byte) error {
	type plain Resume
	var p plain
	if err := looseUnmarshal(b, &p); err != nil {
		return err
	}
	*r = Resume(p)
	r.Raw = append(json.RawMessage(nil), b...)
	return nil
}
