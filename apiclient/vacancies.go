package apiclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// VacancySearch holds every filter of GET /2.0/vacancies/ (4.2). Zero values
// are not sent; booleans go as 1.
type VacancySearch struct {
	IDVacancy           int64            `form:"id_vacancy,omitempty"`
	IDs                 []int64          `form:"ids,omitempty"` // at most 500
	IDClient            int64            `form:"id_client,omitempty"`
	IDUser              int64            `form:"id_user,omitempty"`
	IDResume            int64            `form:"id_resume,omitempty"`
	IDSubs              int64            `form:"id_subs,omitempty"`
	DatePublishedFrom   int64            `form:"date_published_from,omitempty"`
	DatePublishedTo     int64            `form:"date_published_to,omitempty"`
	SortNew             int64            `form:"sort_new,omitempty"`
	Published           *int             `form:"published,omitempty"` // 0 closed, 1 open, 3 archived: owner only
	PublishedAll        bool             `form:"published_all,omitempty"`
	Archive             bool             `form:"archive,omitempty"`
	NotArchive          bool             `form:"not_archive,omitempty"`
	Keyword             string           `form:"keyword,omitempty"`
	Keywords            []KeywordElement `form:"keywords,omitempty"`
	OrderField          string           `form:"order_field,omitempty"`     // date or payment
	OrderDirection      string           `form:"order_direction,omitempty"` // asc or desc
	Period              *int             `form:"period,omitempty"`          // 1, 3, 7, 0 = all time
	PaymentFrom         int              `form:"payment_from,omitempty"`
	PaymentTo           int              `form:"payment_to,omitempty"`
	NoAgreement         bool             `form:"no_agreement,omitempty"`
	Town                string           `form:"town,omitempty"` // name or id
	M                   []int64          `form:"m,omitempty"`    // metro stations
	T                   []int64          `form:"t,omitempty"`    // towns
	O                   []int64          `form:"o,omitempty"`    // regions
	C                   []int64          `form:"c,omitempty"`    // countries
	Catalogues          []int64          `form:"catalogues,omitempty"`
	PlaceOfWork         int              `form:"place_of_work,omitempty"`
	Agency              int              `form:"agency,omitempty"`
	TypeOfWork          int              `form:"type_of_work,omitempty"`
	Gender              int              `form:"gender,omitempty"`
	Education           int              `form:"education,omitempty"`
	Experience          int              `form:"experience,omitempty"`
	Moveable            bool             `form:"moveable,omitempty"`
	Age                 int              `form:"age,omitempty"`
	DrivingLicence      []string         `form:"driving_licence,omitempty"`
	DrivingParticular   bool             `form:"driving_particular,omitempty"`
	Language            int              `form:"language,omitempty"`
	LangLevel           int              `form:"lang_level,omitempty"`
	LanguagesParticular bool             `form:"languages_particular,omitempty"`
	NoLang              bool             `form:"nolang,omitempty"`
	Page                int              `form:"page,omitempty"`
	Count               int              `form:"count,omitempty"`
}

// Vacancies searches vacancies (4.2). Authenticated, it returns contacts and
// the owner's filters work.
func (c *Client) Vacancies(ctx context.Context, s VacancySearch) (Page[Vacancy], error) {
	var p Page[Vacancy]
	err := c.call(ctx, request{method: http.MethodGet, path: "/2.0/vacancies/", query: Encode(s), auth: c.Token().AccessToken != ""}, &p)
	return p, err
}

// Vacancy returns one vacancy (4.2).
func (c *Client) Vacancy(ctx context.Context, id int64) (Vacancy, error) {
	var v Vacancy
	err := c.call(ctx, request{method: http.MethodGet, path: fmt.Sprintf("/2.0/vacancies/%d/", id), auth: c.Token().AccessToken != ""}, &v)
	return v, err
}

// VacancyWrite is one element of a batch create or update: the write-side
// fields of 2.2 (ID set for an update). Extra carries fields this struct does
// not name, in bracket notation under the element.
type VacancyWrite struct {
	ID                       int64          `form:"id,omitempty" json:"id,omitempty"`
	Published                *int           `form:"published,omitempty" json:"published,omitempty"`
	Profession               string         `form:"profession,omitempty" json:"profession,omitempty"`
	Town                     string         `form:"town,omitempty" json:"town,omitempty"`
	Moveable                 *bool          `form:"moveable,omitempty" json:"moveable,omitempty"`
	Old1                     int            `form:"old1,omitempty" json:"old1,omitempty"`
	Old2                     int            `form:"old2,omitempty" json:"old2,omitempty"`
	Pol                      int            `form:"pol,omitempty" json:"pol,omitempty"`
	PaymentFrom              int            `form:"payment_from,omitempty" json:"payment_from,omitempty"`
	PaymentTo                int            `form:"payment_to,omitempty" json:"payment_to,omitempty"`
	TypeOfWork               int            `form:"type_of_work,omitempty" json:"type_of_work,omitempty"`
	PlaceOfWork              int            `form:"place_of_work,omitempty" json:"place_of_work,omitempty"`
	Education                int            `form:"education,omitempty" json:"education,omitempty"`
	DriveLicense             []string       `form:"drive_license,omitempty" json:"drive_license,omitempty"`
	Code                     string         `form:"code,omitempty" json:"code,omitempty"`
	Work                     string         `form:"work,omitempty" json:"work,omitempty"`
	Compensation             string         `form:"compensation,omitempty" json:"compensation,omitempty"`
	URL                      string         `form:"url,omitempty" json:"url,omitempty"`
	Mail                     string         `form:"mail,omitempty" json:"mail,omitempty"`
	Name                     string         `form:"name,omitempty" json:"name,omitempty"`
	Contact                  string         `form:"contact,omitempty" json:"contact,omitempty"`
	Company                  string         `form:"company,omitempty" json:"company,omitempty"`
	Candidat                 string         `form:"candidat,omitempty" json:"candidat,omitempty"`
	MaritalStatus            int            `form:"maritalstatus,omitempty" json:"maritalstatus,omitempty"`
	Children                 int            `form:"children,omitempty" json:"children,omitempty"`
	Address                  string         `form:"address,omitempty" json:"address,omitempty"`
	RefreshVac               *bool          `form:"refresh_vac,omitempty" json:"refresh_vac,omitempty"`
	Anonymous                *bool          `form:"anonymous,omitempty" json:"anonymous,omitempty"`
	Metro                    []int64        `form:"metro,omitempty" json:"metro,omitempty"`
	Catalogues               []int64        `form:"catalogues,omitempty" json:"catalogues,omitempty"`
	Experience               int            `form:"experience,omitempty" json:"experience,omitempty"`
	ResumeSubscriptionStatus *bool          `form:"resumesubscription_status,omitempty" json:"resumesubscription_status,omitempty"`
	ResumeSubscriptionKWC    string         `form:"resumesubscription_kwc,omitempty" json:"resumesubscription_kwc,omitempty"`
	ResumeSubscriptionRWS    int            `form:"resumesubscription_rws,omitempty" json:"resumesubscription_rws,omitempty"`
	Phones                   []VacancyPhone `form:"phones,omitempty" json:"phones,omitempty"`
	Languages                []VacancyLang  `form:"languages,omitempty" json:"languages,omitempty"`
	Extra                    map[string]any `form:"-" json:"-"`
}

// VacancyPhone is an element of a vacancy's phones.
type VacancyPhone struct {
	Additional  string `form:"additional,omitempty" json:"additional,omitempty"`
	CountryCode string `form:"country_code,omitempty" json:"country_code,omitempty"`
	CityCode    string `form:"city_code,omitempty" json:"city_code,omitempty"`
	Number      string `form:"number" json:"number"`
}

// VacancyLang is an element of a vacancy's languages.
type VacancyLang struct {
	IDLanguage int `form:"id_language" json:"id_language"`
	Level      int `form:"level" json:"level"`
}

// BatchResult is one element of a batch answer: nil/empty when the operation
// returns nothing, the created id, or the element's error.
type BatchResult struct {
	ID  int64
	Err *Error
	Raw json.RawMessage
}

func (c *Client) batch(ctx context.Context, method, path string, els []VacancyWrite, turbo bool) ([]BatchResult, error) {
	form := url.Values{}
	for i, el := range els {
		prefix := fmt.Sprintf("vacancies[%d]", i)
		EncodeInto(form, prefix, el)
		for k, v := range el.Extra {
			EncodeInto(form, prefix+"["+k+"]", v)
		}
	}
	if turbo {
		form.Set("turbo", "1")
	}
	var raw json.RawMessage
	if err := c.call(ctx, request{method: method, path: path, form: form, auth: true}, &raw); err != nil {
		return nil, err
	}
	return decodeBatch(method, path, raw)
}

func decodeBatch(method, path string, raw json.RawMessage) ([]BatchResult, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		// Real clients saw a single create answer 201 {id}.
		items = []json.RawMessage{raw}
	}
	out := make([]BatchResult, len(items))
	for i, it := range items {
		out[i].Raw = it
		var obj struct {
			ID    FlexInt         `json:"id"`
			Error json.RawMessage `json:"error"`
		}
		if json.Unmarshal(it, &obj) != nil {
			continue
		}
		out[i].ID = int64(obj.ID)
		if len(obj.Error) > 0 && string(obj.Error) != "null" {
			var eo errorObject
			_ = json.Unmarshal(obj.Error, &eo)
			e := &Error{Method: method, Path: path, Status: int(eo.Code), Code: int(eo.Code), Message: string(eo.Message), OAuth: string(eo.Label)}
			e.Fields, e.Blocks = decodeDetails(eo.Errors)
			out[i].Err = e
		}
	}
	return out, nil
}

// CreateVacancies creates vacancies in one batch (4.2 POST); one result per element.
func (c *Client) CreateVacancies(ctx context.Context, els []VacancyWrite, turbo bool) ([]BatchResult, error) {
	return c.batch(ctx, http.MethodPost, "/2.0/vacancies/", els, turbo)
}

// UpdateVacancies updates vacancies in one batch (4.2 PUT); each element needs its ID.
func (c *Client) UpdateVacancies(ctx context.Context, els []VacancyWrite, turbo bool) ([]BatchResult, error) {
	return c.batch(ctx, http.MethodPut, "/2.0/vacancies/", els, turbo)
}

// ArchiveVacancies archives vacancies (4.2 PUT /2.0/vacancies/archive/).
func (c *Client) ArchiveVacancies(ctx context.Context, ids []int64) ([]BatchResult, error) {
	form := url.Values{}
	for i, id := range ids {
		form.Set(fmt.Sprintf("vacancies[%d]", i), itoa64(id))
	}
	var raw json.RawMessage
	if err := c.call(ctx, request{method: http.MethodPut, path: "/2.0/vacancies/archive/", form: form, auth: true}, &raw); err != nil {
		return nil, err
	}
	return decodeBatch(http.MethodPut, "/2.0/vacancies/archive/", raw)
}
