package apiclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// Subscription is an applicant's vacancy subscription (2.4), read loosely
// with the raw object kept.
type Subscription struct {
	ID                FlexInt          `json:"id"`
	Name              FlexString       `json:"name"`
	Active            FlexBool         `json:"active"`
	NewVacanciesCount FlexInt          `json:"new_vacancies_count"`
	DateLastSearch    UnixTime         `json:"date_last_search"`
	Keywords          []KeywordElement `json:"keywords"`
	Period            IDTitle          `json:"period"`
	PaymentFrom       FlexInt          `json:"payment_from"`
	PaymentTo         FlexInt          `json:"payment_to"`
	Raw               json.RawMessage  `json:"-"`
}

// UnmarshalJSON keeps the raw object.
func (s *Subscription) UnmarshalJSON(b []byte) error {
	type plain Subscription
	var p plain
	if err := looseUnmarshal(b, &p); err != nil {
		return err
	}
	*s = Subscription(p)
	s.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// SubscriptionWrite holds the writable fields of 4.3 (the vacancy-filter types).
type SubscriptionWrite struct {
	Name                string           `form:"name,omitempty"`
	IDClient            int64            `form:"id_client,omitempty"`
	Keyword             string           `form:"keyword,omitempty"`
	Keywords            []KeywordElement `form:"keywords,omitempty"`
	PaymentFrom         int              `form:"payment_from,omitempty"`
	PaymentTo           int              `form:"payment_to,omitempty"`
	NoAgreement         bool             `form:"no_agreement,omitempty"`
	Town                string           `form:"town,omitempty"`
	M, T, O, C          []int64          `form:"-"`
	Catalogues          []int64          `form:"catalogues,omitempty"`
	PlaceOfWork         int              `form:"place_of_work,omitempty"`
	Moveable            bool             `form:"moveable,omitempty"`
	Agency              int              `form:"agency,omitempty"`
	TypeOfWork          int              `form:"type_of_work,omitempty"`
	Age                 int              `form:"age,omitempty"`
	Gender              int              `form:"gender,omitempty"`
	Education           int              `form:"education,omitempty"`
	Experience          int              `form:"experience,omitempty"`
	DrivingLicence      []string         `form:"driving_licence,omitempty"`
	DrivingParticular   bool             `form:"driving_particular,omitempty"`
	Language            int              `form:"language,omitempty"`
	LangLevel           int              `form:"lang_level,omitempty"`
	LanguagesParticular bool             `form:"languages_particular,omitempty"`
	NoLang              bool             `form:"nolang,omitempty"`
	Period              *int             `form:"period,omitempty"`
	Active              *bool            `form:"active,omitempty"`
}

func (w SubscriptionWrite) values() url.Values {
	v := Encode(w)
	for name, ids := range map[string][]int64{"m": w.M, "t": w.T, "o": w.O, "c": w.C} {
		EncodeInto(v, name, ids)
	}
	return v
}

// Subscriptions lists the user's vacancy subscriptions (4.3).
func (c *Client) Subscriptions(ctx context.Context, page, count int) (Page[Subscription], error) {
	q := url.Values{}
	setPaging(q, page, count)
	var p Page[Subscription]
	err := c.call(ctx, request{method: http.MethodGet, path: "/2.0/subscriptions/", query: q, auth: true}, &p)
	return p, err
}

// CreateSubscription creates one and returns its id (4.3).
func (c *Client) CreateSubscription(ctx context.Context, w SubscriptionWrite) (int64, error) {
	var out struct {
		ID FlexInt `json:"id"`
	}
	err := c.call(ctx, request{method: http.MethodPost, path: "/2.0/subscriptions/", form: w.values(), auth: true}, &out)
	return int64(out.ID), err
}

// Subscription returns one (4.3; the contract writes the path without a trailing slash).
func (c *Client) Subscription(ctx context.Context, id int64) (Subscription, error) {
	var s Subscription
	err := c.call(ctx, request{method: http.MethodGet, path: fmt.Sprintf("/2.0/subscriptions/%d/", id), auth: true}, &s)
	return s, err
}

// UpdateSubscription changes one (4.3).
func (c *Client) UpdateSubscription(ctx context.Context, id int64, w SubscriptionWrite) error {
	return c.call(ctx, request{method: http.MethodPut, path: fmt.Sprintf("/2.0/subscriptions/%d/", id), form: w.values(), auth: true}, &resultBody{})
}

// DeleteSubscription deletes one (4.3; 204).
func (c *Client) DeleteSubscription(ctx context.Context, id int64) error {
	return c.call(ctx, request{method: http.MethodDelete, path: fmt.Sprintf("/2.0/subscriptions/%d/", id), auth: true}, nil)
}
