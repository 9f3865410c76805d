package apiclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"time"
)

// Models of section 2, with the contract's field names. Loose types
// (FlexInt, FlexBool, FlexString) absorb the service's real-world JSON.

// Token is a session: the token response of 2.1 with ttl as a time.
type Token struct {
	AccessToken  string
	RefreshToken string
	// Expires is when the token dies on this machine's clock (clock.go).
	Expires   time.Time
	ExpiresIn time.Duration
	TokenType string
	// UserType is X-User-Type of the password method: hr_user or reg_user.
	UserType string
}

// tokenResponse is 2.1 on the wire.
type tokenResponse struct {
	AccessToken  string   `json:"access_token"`
	RefreshToken string   `json:"refresh_token"`
	TTL          UnixTime `json:"ttl"`
	ExpiresIn    FlexInt  `json:"expires_in"`
	TokenType    string   `json:"token_type"`
}

// check refuses a token answer without a token: "logged in" must never
// mean a session of empty strings.
func (t tokenResponse) check(method, path string) error {
	if t.AccessToken == "" {
		return &Error{Method: method, Path: path, Status: 200, Unreadable: true, noToken: true}
	}
	return nil
}

// Page is the list envelope of section 1.
type Page[T any] struct {
	Objects []T  `json:"objects"`
	Total   int  `json:"-"`
	More    bool `json:"-"`
	// CorrectedKeyword is set by vacancy search when the keyword had a typo.
	CorrectedKeyword string `json:"-"`
}

// UnmarshalJSON reads the envelope loosely (total as a string, more as 0/1),
// but only an envelope: a body without `objects` is not a page, however it
// parses. Read as one, an answer of another shape would be an empty list,
// and a sync would conclude that everything it cached is gone.
func (p *Page[T]) UnmarshalJSON(b []byte) error {
	var raw struct {
		Objects          json.RawMessage `json:"objects"`
		Total            FlexInt         `json:"total"`
		More             FlexBool        `json:"more"`
		CorrectedKeyword FlexString      `json:"corrected_keyword"`
	}
	if err := looseUnmarshal(b, &raw); err != nil {
		return err
	}
	objects := bytes.TrimSpace(raw.Objects)
	if len(objects) == 0 || string(objects) == "null" {
		return ErrNotAList
	}
	*p = Page[T]{Total: int(raw.Total), More: bool(raw.More), CorrectedKeyword: string(raw.CorrectedKeyword)}
	// A mistyped envelope field (objects as {} from PHP, say) leaves that
	// field empty instead of failing a whole sync page.
	return looseUnmarshal(objects, &p.Objects)
}

// ErrNotAList is what a list method's answer without `objects` (or with
// `"objects": null`) decodes to.
var ErrNotAList = errors.New("the answer is not a list page (no objects)")

// IsNotAList reports a 2xx answer to a list method that is no list page.
// Trying again does not help (issue 26 §4: a service answering
// `{"objects": null}` did so to every try), and reading it as an empty
// page would empty the cache: the caller stops and says so.
func IsNotAList(err error) bool {
	e, ok := asError(err)
	return ok && e.notList
}

// Town is the town object: id, title, declension, genitive.
type Town struct {
	ID         FlexInt    `json:"id"`
	Title      FlexString `json:"title"`
	Declension FlexString `json:"declension"`
	Genitive   FlexString `json:"genitive"`
}

// UnmarshalJSON accepts the object, or a bare id or title: older answers and
// some integrations give the town as a plain string.
func (t *Town) UnmarshalJSON(b []byte) error {
	*t = Town{}
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		type plain Town
		var p plain
		if looseUnmarshal(b, &p) == nil {
			*t = Town(p)
		}
		return nil
	}
	var d IDTitle
	_ = d.UnmarshalJSON(b)
	t.ID, t.Title = d.ID, d.Title
	return nil
}

// Metro is a metro station.
type Metro struct {
	ID          FlexInt    `json:"id"`
	Title       FlexString `json:"title"`
	IDMetroLine FlexInt    `json:"id_metro_line"`
}

// Catalogue is an industry with its positions.
type Catalogue struct {
	ID        FlexInt    `json:"id"`
	Title     FlexString `json:"title"`
	Positions []IDTitle  `json:"positions"`
}

// Vacancy is 2.2.
type Vacancy struct {
	ID                         FlexInt         `json:"id"`
	Profession                 FlexString      `json:"profession"`
	IDClient                   FlexInt         `json:"id_client"`
	IDUser                     FlexInt         `json:"id_user"`
	Code                       FlexString      `json:"code"`
	ExternalURL                FlexString      `json:"external_url"`
	RefreshVac                 FlexBool        `json:"refresh_vac"`
	ExtendVac                  FlexBool        `json:"extend_vac"`
	ResumeSubscriptionStatus   FlexBool        `json:"resumesubscription_status"`
	ResumeSubscriptionKeywords FlexString      `json:"resumesubscription_keywords"`
	ResumeSubscriptionKWC      FlexString      `json:"resumesubscription_kwc"`
	ResumeSubscriptionRWS      FlexInt         `json:"resumesubscription_rws"`
	DatePubTo                  UnixTime        `json:"date_pub_to"`
	DateArchived               UnixTime        `json:"date_archived"`
	DatePublished              UnixTime        `json:"date_published"`
	Work                       FlexString      `json:"work"`
	Compensation               FlexString      `json:"compensation"`
	Address                    FlexString      `json:"address"`
	Candidat                   FlexString      `json:"candidat"`
	Town                       Town            `json:"town"`
	TypeOfWork                 IDTitle         `json:"type_of_work"`
	PlaceOfWork                IDTitle         `json:"place_of_work"`
	Education                  IDTitle         `json:"education"`
	Agency                     IDTitle         `json:"agency"`
	Experience                 IDTitle         `json:"experience"`
	MaritalStatus              IDTitle         `json:"maritalstatus"`
	Children                   IDTitle         `json:"children"`
	Languages                  [][]IDTitle     `json:"languages"`
	Catalogues                 []Catalogue     `json:"catalogues"`
	IsArchive                  FlexBool        `json:"is_archive"`
	IsStorage                  FlexBool        `json:"is_storage"`
	Contact                    FlexString      `json:"contact"`
	Email                      FlexString      `json:"email"`
	URL                        FlexString      `json:"url"`
	Phone                      FlexString      `json:"phone"`
	Fax                        FlexString      `json:"fax"`
	AlreadySentOnVacancy       FlexBool        `json:"already_sent_on_vacancy"`
	Favorite                   FlexBool        `json:"favorite"`
	DrivingLicence             []string        `json:"driving_licence"`
	Metro                      []Metro         `json:"metro"`
	Agreement                  FlexBool        `json:"agreement"`
	PaymentFrom                FlexInt         `json:"payment_from"`
	PaymentTo                  FlexInt         `json:"payment_to"`
	Payment                    FlexString      `json:"payment"` // a string or null in lists
	Currency                   FlexString      `json:"currency"`
	Moveable                   FlexBool        `json:"moveable"`
	Anonymous                  FlexBool        `json:"anonymous"`
	Gender                     IDTitle         `json:"gender"`
	AgeFrom                    FlexInt         `json:"age_from"`
	AgeTo                      FlexInt         `json:"age_to"`
	FirmName                   FlexString      `json:"firm_name"`
	FirmActivity               FlexString      `json:"firm_activity"`
	ClientLogo                 FlexString      `json:"client_logo"`
	Link                       FlexString      `json:"link"`
	ViewsCount                 FlexInt         `json:"views_count"`
	ResumesAll                 FlexInt         `json:"resumes_all"`
	ResumesNew                 FlexInt         `json:"resumes_new"`
	ModerationOrder            FlexString      `json:"moderation_order"`
	CanEdit                    FlexBool        `json:"canEdit"`
	ExtendedSearchParameters   json.RawMessage `json:"extended_search_parameters"`
	Raw                        json.RawMessage `json:"-"`
}

// UnmarshalJSON keeps the raw object beside the typed fields.
func (v *Vacancy) UnmarshalJSON(b []byte) error {
	type plain Vacancy
	var p plain
	if err := looseUnmarshal(b, &p); err != nil {
		return err
	}
	*v = Vacancy(p)
	v.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// KeywordElement is 2.3.
type KeywordElement struct {
	SRWS int    `json:"srws,omitempty" form:"srws,omitempty"`
	SKWC string `json:"skwc,omitempty" form:"skwc,omitempty"`
	Keys string `json:"keys" form:"keys"`
}

// UnmarshalJSON reads srws as a number or a string.
func (k *KeywordElement) UnmarshalJSON(b []byte) error {
	var raw struct {
		SRWS FlexInt    `json:"srws"`
		SKWC FlexString `json:"skwc"`
		Keys FlexString `json:"keys"`
	}
	if err := looseUnmarshal(b, &raw); err != nil {
		return err
	}
	*k = KeywordElement{SRWS: int(raw.SRWS), SKWC: string(raw.SKWC), Keys: string(raw.Keys)}
	return nil
}

// Company is 2.5.
type Company struct {
	ID           FlexInt    `json:"id"`
	Title        FlexString `json:"title"`
	Link         FlexString `json:"link"`
	Description  FlexString `json:"description"`
	Industry     []IDTitle  `json:"industry"`
	VacancyCount FlexInt    `json:"vacancy_count"`
	StaffCount   FlexString `json:"staff_count"`
	ClientLogo   FlexString `json:"client_logo"`
	IsBlocked    FlexBool   `json:"is_blocked"`
}

// MailTemplate is 2.7; its id comes back as a string.
type MailTemplate struct {
	ID       FlexInt    `json:"id"`
	Name     FlexString `json:"name"`
	Body     FlexString `json:"body"`
	Greeting FlexString `json:"greeting"`
	Subject  FlexString `json:"subject"`
}

// TemplateList is the envelope of mail_data, invitation_data and rejection_data (4.8).
type TemplateList struct {
	Templates []MailTemplate `json:"templates"`
	Total     FlexInt        `json:"total"`
	More      FlexBool       `json:"more"`
	SendSMS   FlexBool       `json:"send_sms"`
}

// Comment is 2.9.
type Comment struct {
	ID       FlexInt    `json:"id"`
	IDResume FlexInt    `json:"id_resume"`
	Text     FlexString `json:"text"`
	Author   FlexString `json:"author"` // empty when null
	Date     UnixTime   `json:"date"`
}

// Event types of section 6.
const (
	EventSentByApplicant   = 10
	EventCopiedToMe        = 20
	EventBySubscription    = 30
	EventFoundBySelf       = 40
	EventCopiedFromUser    = 50
	EventInvited           = 60
	EventMovedToConsidered = 70
	EventRejected          = 80
	EventLetterSent        = 90
	EventSentToEmail       = 100
	EventMovedToFolder     = 110
	EventAddedToUser       = 120
)

// Event is an event record of section 6.
type Event struct {
	IDResume    FlexInt    `json:"id_resume"`
	IDVac       FlexInt    `json:"id_vac"`
	Type        FlexInt    `json:"type"`
	DateEvent   UnixTime   `json:"date_event"`
	Text        FlexString `json:"text"`
	Date        FlexString `json:"date"`
	Description FlexString `json:"description"`
	TypeTitle   FlexString `json:"type_title"`
}

// ReceivedEntry is 2.8.
type ReceivedEntry struct {
	Resume Resume   `json:"resume"`
	IsNew  FlexBool `json:"is_new"`
	Events []Event  `json:"events"`
}

// User is /2.0/user/current/, whose contract is not shown: the fields seen
// in practice, and the raw object.
type User struct {
	ID         FlexInt         `json:"id"`
	Name       FlexString      `json:"name"`
	FirstName  FlexString      `json:"firstname"`
	LastName   FlexString      `json:"lastname"`
	Email      FlexString      `json:"email"`
	IDClient   FlexInt         `json:"id_client"`
	ClientName FlexString      `json:"client_title"`
	Raw        json.RawMessage `json:"-"`
}

// UnmarshalJSON keeps the raw object.
func (u *User) UnmarshalJSON(b []byte) error {
	type plain User
	var p plain
	if err := looseUnmarshal(b, &p); err != nil {
		return err
	}
	*u = User(p)
	u.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// DisplayName is the user's name as best known.
func (u User) DisplayName() string {
	switch {
	case u.Name != "":
		return string(u.Name)
	case u.FirstName != "" || u.LastName != "":
		return string(u.FirstName + " " + u.LastName)
	}
	return string(u.Email)
}
