package apiclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// ResumeSelection is an employer's saved resume search (2.6), read loosely
// with the raw object kept.
type ResumeSelection struct {
	ID          FlexInt          `json:"id"`
	Name        FlexString       `json:"name"`
	Status      FlexBool         `json:"status"` // receive resumes by e-mail
	Town        Town             `json:"town"`
	Keywords    []KeywordElement `json:"keywords"`
	Period      IDTitle          `json:"period"`
	PaymentFrom FlexInt          `json:"payment_from"`
	PaymentTo   FlexInt          `json:"payment_to"`
	AgeFrom     FlexInt          `json:"age_from"`
	AgeTo       FlexInt          `json:"age_to"`
	Raw         json.RawMessage  `json:"-"`
}

// UnmarshalJSON keeps the raw object.
func (s *ResumeSelection) UnmarshalJSON(b []byte) error {
	type plain ResumeSelection
	var p plain
	if err := looseUnmarshal(b, &p); err != nil {
		return err
	}
	*s = ResumeSelection(p)
	s.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// SelectionLanguage is an element of a selection's languages.
type SelectionLanguage struct {
	LanguageID    int `form:"language_id"`
	LanguageLevel int `form:"language_level"`
}

// SelectionWrite holds the writable fields of 4.6. Status is sent only on
// update: at creation the server always sets 1.
type SelectionWrite struct {
	Name           string              `form:"name,omitempty"`
	Status         *int                `form:"status,omitempty"`
	Period         *int                `form:"period,omitempty"`
	Keyword        string              `form:"keyword,omitempty"`
	Keywords       []KeywordElement    `form:"keywords,omitempty"`
	ExcludeWords   string              `form:"exclude_words,omitempty"`
	PaymentFrom    int                 `form:"payment_from,omitempty"`
	PaymentTo      int                 `form:"payment_to,omitempty"`
	NoAgreement    bool                `form:"no_agreement,omitempty"`
	T              []int64             `form:"t,omitempty"`
	O              []int64             `form:"o,omitempty"`
	C              []int64             `form:"c,omitempty"`
	Citizenship    []int64             `form:"citizenship,omitempty"`
	Metro          []int64             `form:"metro,omitempty"`
	Catalogues     []int64             `form:"catalogues,omitempty"`
	PlaceOfWork    int                 `form:"place_of_work,omitempty"`
	Moveable       int                 `form:"moveable,omitempty"`
	TypeOfWork     int                 `form:"type_of_work,omitempty"`
	IDInstitute    int64               `form:"id_institute,omitempty"`
	AgeFrom        int                 `form:"age_from,omitempty"`
	AgeTo          int                 `form:"age_to,omitempty"`
	Gender         int                 `form:"gender,omitempty"`
	Education      int                 `form:"education,omitempty"`
	DrivingLicence []string            `form:"driving_licence,omitempty"`
	Languages      []SelectionLanguage `form:"languages,omitempty"`
	BusinessTrip   int                 `form:"business_trip,omitempty"`
	MaritalStatus  int                 `form:"marital_status,omitempty"`
	Children       int                 `form:"children,omitempty"`
	EducationForm  int                 `form:"education_form,omitempty"`
	ExperienceFrom int                 `form:"experience_from,omitempty"`
	ExperienceTo   int                 `form:"experience_to,omitempty"`
	Portfolio      bool                `form:"portfolio,omitempty"`
	HasPhoto       bool                `form:"has_photo,omitempty"`
	// Extra carries fields by their contract names (from a file), encoded
	// in bracket notation after the typed ones.
	Extra map[string]any `form:"-"`
}

func (w SelectionWrite) values() url.Values {
	v := Encode(w)
	for k, x := range w.Extra {
		v.Del(k)
		EncodeInto(v, k, x)
	}
	return v
}

// Selections lists the employer's resume selections (4.6).
func (c *Client) Selections(ctx context.Context, page, count int) (Page[ResumeSelection], error) {
	q := url.Values{}
	setPaging(q, page, count)
	var p Page[ResumeSelection]
	err := c.call(ctx, request{method: http.MethodGet, path: "/2.0/hr/subscriptions/", query: q, auth: true}, &p)
	return p, err
}

// CreateSelection creates a selection (4.6; 201). Status is not sent.
func (c *Client) CreateSelection(ctx context.Context, w SelectionWrite) (ResumeSelection, error) {
	w.Status = nil
	delete(w.Extra, "status")
	var s ResumeSelection
	err := c.call(ctx, request{method: http.MethodPost, path: "/2.0/hr/subscriptions/", form: w.values(), auth: true}, &s)
	return s, err
}

// Selection returns one selection (4.6).
func (c *Client) Selection(ctx context.Context, id int64) (ResumeSelection, error) {
	var s ResumeSelection
	err := c.call(ctx, request{method: http.MethodGet, path: fmt.Sprintf("/2.0/hr/subscriptions/%d/", id), auth: true}, &s)
	return s, err
}

// UpdateSelection changes a selection, including e-mail delivery (Status 0/1) (4.6).
func (c *Client) UpdateSelection(ctx context.Context, id int64, w SelectionWrite) (ResumeSelection, error) {
	var s ResumeSelection
	err := c.call(ctx, request{method: http.MethodPut, path: fmt.Sprintf("/2.0/hr/subscriptions/%d/", id), form: w.values(), auth: true}, &s)
	return s, err
}

// DeleteSelection deletes a selection (4.6; 204).
func (c *Client) DeleteSelection(ctx context.Context, id int64) error {
	return c.call(ctx, request{method: http.MethodDelete, path: fmt.Sprintf("/2.0/hr/subscriptions/%d/", id), auth: true}, nil)
}
