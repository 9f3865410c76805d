package apiclient

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// CompanySearch holds the filters of GET /2.0/clients/ (4.4).
type CompanySearch struct {
	IDClient int64    `form:"id_client,omitempty"`
	Keyword  string   `form:"keyword,omitempty"`
	Town     string   `form:"town,omitempty"`
	T        []string `form:"t,omitempty"`
	All      bool     `form:"all,omitempty"`
	Page     int      `form:"page,omitempty"`
	Count    int      `form:"count,omitempty"`
}

// Companies lists companies (4.4); authenticated, is_blocked is filled.
func (c *Client) Companies(ctx context.Context, s CompanySearch) (Page[Company], error) {
	var p Page[Company]
	err := c.call(ctx, request{method: http.MethodGet, path: "/2.0/clients/", query: Encode(s), auth: c.Token().AccessToken != ""}, &p)
	return p, err
}

// Company returns one company (4.4).
func (c *Client) Company(ctx context.Context, id int64) (Company, error) {
	var co Company
	err := c.call(ctx, request{method: http.MethodGet, path: fmt.Sprintf("/2.0/clients/%d/", id)}, &co)
	return co, err
}

// BlockCompany hides a company's vacancies from the user (4.4).
func (c *Client) BlockCompany(ctx context.Context, id int64) error {
	return c.call(ctx, request{method: http.MethodPost, path: fmt.Sprintf("/2.0/clients/%d/block/", id), form: url.Values{}, auth: true}, &resultBody{})
}

// UnblockCompany undoes BlockCompany (4.4; 204).
func (c *Client) UnblockCompany(ctx context.Context, id int64) error {
	return c.call(ctx, request{method: http.MethodDelete, path: fmt.Sprintf("/2.0/clients/%d/block/", id), auth: true}, nil)
}

// BlockedCompanies lists the companies the user blocked (4.4).
func (c *Client) BlockedCompanies(ctx context.Context, page, count int) (Page[Company], error) {
	q := url.Values{}
	setPaging(q, page, count)
	var p Page[Company]
	err := c.call(ctx, request{method: http.MethodGet, path: "/2.0/clients/block/list/", query: q, auth: true}, &p)
	return p, err
}
