package apiclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// Employer actions on one received resume (4.7–4.9).

func resumePath(id int64, method string) string {
	return fmt.Sprintf("/2.0/hr/resumes/%d/%s/", id, method)
}

// Folder ids of the move and later methods (4.9).
const (
	FolderInbox      = "inbox"
	FolderInvited    = "invited"
	FolderConsidered = "considered"
	FolderRefused    = "refused"
)

type resultBody struct {
	Result FlexBool `json:"result"`
}

// Move puts a resume into a folder: inbox, invited, considered, refused or
// the numeric id of a user folder (4.9). A wrong folder is a 422.
func (c *Client) Move(ctx context.Context, resumeID int64, folder string) error {
	return c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "move"),
		form: url.Values{"id_folder": {folder}}, auth: true}, &resultBody{})
}

// Later puts a resume aside: into considered, or folder when given (4.9).
func (c *Client) Later(ctx context.Context, resumeID int64, folder string) error {
	form := url.Values{}
	if folder != "" {
		form.Set("id_folder", folder)
	}
	return c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "later"), form: form, auth: true}, &resultBody{})
}

// Comments lists a resume's comments; the list also holds comments on the
// applicant's other resumes (4.9).
func (c *Client) Comments(ctx context.Context, resumeID int64, page, count int) (Page[Comment], error) {
	q := url.Values{}
	setPaging(q, page, count)
	var p Page[Comment]
	err := c.call(ctx, request{method: http.MethodGet, path: resumePath(resumeID, "comments"), query: q, auth: true}, &p)
	return p, err
}

// AddComment adds a comment and returns it as created (4.9; 201).
func (c *Client) AddComment(ctx context.Context, resumeID int64, text string) (Comment, error) {
	var out Comment
	err := c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "comments"),
		form: url.Values{"comment": {text}}, auth: true}, &out)
	if out.IDResume == 0 {
		out.IDResume = FlexInt(resumeID)
	}
	return out, err
}

// DeleteComment deletes one of the user's own comments (4.9; 204).
func (c *Client) DeleteComment(ctx context.Context, commentID int64) error {
	return c.call(ctx, request{method: http.MethodDelete, path: fmt.Sprintf("/2.0/hr/resumes/comments/%d/", commentID), auth: true}, nil)
}

// TemplateKind names the three template lists of 4.8.
type TemplateKind string

// Template kinds and the methods serving them.
const (
	MailTemplates       TemplateKind = "mail_data"
	InvitationTemplates TemplateKind = "invitation_data"
	RejectionTemplates  TemplateKind = "rejection_data"
)

// Templates lists the templates of a kind for a resume, with send_sms (4.8).
func (c *Client) Templates(ctx context.Context, resumeID int64, kind TemplateKind) (TemplateList, error) {
	var out TemplateList
	err := c.call(ctx, request{method: http.MethodGet, path: resumePath(resumeID, string(kind)), auth: true}, &out)
	return out, err
}

// MailData lists the mail templates for a resume (4.8 mail_data).
func (c *Client) MailData(ctx context.Context, resumeID int64) (TemplateList, error) {
	return c.Templates(ctx, resumeID, MailTemplates)
}

// InvitationData lists the invitation templates for a resume (4.8 invitation_data).
func (c *Client) InvitationData(ctx context.Context, resumeID int64) (TemplateList, error) {
	return c.Templates(ctx, resumeID, InvitationTemplates)
}

// RejectionData lists the rejection templates for a resume (4.8 rejection_data).
func (c *Client) RejectionData(ctx context.Context, resumeID int64) (TemplateList, error) {
	return c.Templates(ctx, resumeID, RejectionTemplates)
}

// Letter is a letter by template: invite, reject and send_mail (4.8).
type Letter struct {
	TemplateID int64  `form:"id_template,omitempty"`
	Subject    string `form:"mail_subject,omitempty"`
	Body       string `form:"mail_body,omitempty"`
	SendSMS    bool   `form:"send_sms,omitempty"`
}

// Invite invites the applicant with a letter by template (4.8). A wrong
// template is a 422 naming id_template.
func (c *Client) Invite(ctx context.Context, resumeID int64, l Letter) error {
	return c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "invite"), form: Encode(l), auth: true}, &resultBody{})
}

// Reject rejects the applicant; a zero Letter rejects without a letter (4.8).
func (c *Client) Reject(ctx context.Context, resumeID int64, l Letter) error {
	l.SendSMS = false // not a parameter of reject
	return c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "reject"), form: Encode(l), auth: true}, &resultBody{})
}

// RejectWithoutLetter rejects the applicant silently: reject with no
// parameters at all (4.8).
func (c *Client) RejectWithoutLetter(ctx context.Context, resumeID int64) error {
	return c.Reject(ctx, resumeID, Letter{})
}

// SendMail sends the applicant a letter by template (4.8).
func (c *Client) SendMail(ctx context.Context, resumeID int64, l Letter) error {
	return c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "send_mail"), form: Encode(l), auth: true}, &resultBody{})
}

// MailTo sends the resume to an e-mail address (4.8). EmailFrom and NameFrom
// default to the user's profile.
type MailTo struct {
	EmailTo   string `form:"email_to"`
	EmailFrom string `form:"email_from,omitempty"`
	NameFrom  string `form:"name_from,omitempty"`
	Body      string `form:"mail_body,omitempty"`
}

// MailTo sends the resume to an address; a wrong one is a 422 naming email_to.
func (c *Client) MailTo(ctx context.Context, resumeID int64, m MailTo) error {
	return c.call(ctx, request{method: http.MethodPost, path: resumePath(resumeID, "mail_to"), form: Encode(m), auth: true}, &resultBody{})
}

// contactsBody is the answer of buy and open (4.7).
type contactsBody struct {
	Status *FlexBool       `json:"status"` // nil when absent
	Resume json.RawMessage `json:"resume"`
	Error  *struct {
		Code    FlexInt    `json:"code"`
		Message FlexString `json:"message"`
		Data    struct {
			Error FlexString `json:"error"`
		} `json:"data"`
	} `json:"error"`
}

func (b contactsBody) result(resumeID int64) (Resume, error) {
	hasResume := len(b.Resume) > 0 && string(b.Resume) != "null"
	failed := b.Error != nil && (b.Error.Code != 0 || b.Error.Message != "" || b.Error.Data.Error != "")
	// status false is a failure even without an error object; a body that
	// omits status but carries the resume (some answers do) is a success.
	if b.Status != nil && !bool(*b.Status) || b.Status == nil && !hasResume {
		failed = true
	}
	if failed {
		e := &ContactsError{ResumeID: resumeID}
		if b.Error != nil {
			e.Code, e.Message, e.Label = int(b.Error.Code), string(b.Error.Message), string(b.Error.Data.Error)
		}
		return Resume{}, e
	}
	var r Resume
	if hasResume {
		if err := json.Unmarshal(b.Resume, &r); err != nil {
			return r, err
		}
	}
	return r, nil
}

// BuyContacts buys a resume's contacts (4.7). It costs money: callers must
// ask the user first. Failures are *ContactsError.
func (c *Client) BuyContacts(ctx context.Context, resumeID int64) (Resume, error) {
	var b contactsBody
	r := request{method: http.MethodPost, path: resumePath(resumeID, "buy"), form: url.Values{}, auth: true}
	if err := c.call(ctx, r, &b); err != nil {
		return Resume{}, err
	}
	return c.contactsResult(b, r, resumeID, "buy")
}

// OpenContacts opens a resume's contacts (4.7); failures are *ContactsError
// with code 403 (access denied) or 429 (too many attempts).
func (c *Client) OpenContacts(ctx context.Context, resumeID int64) (Resume, error) {
	var b contactsBody
	r := request{method: http.MethodGet, path: resumePath(resumeID, "open"), auth: true}
	if err := c.call(ctx, r, &b); err != nil {
		return Resume{}, err
	}
	return c.contactsResult(b, r, resumeID, "open")
}

// contactsResult is b's result with the service's message scrubbed of
// secrets, as every error text from the service is.
func (c *Client) contactsResult(b contactsBody, r request, resumeID int64, op string) (Resume, error) {
	res, err := b.result(resumeID)
	var ce *ContactsError
	if errors.As(err, &ce) {
		ce.Op = op
		secrets := c.secretsOf(r, c.Token().AccessToken)
		ce.Message, ce.Label = scrubText(ce.Message, secrets), scrubText(ce.Label, secrets)
	}
	return res, err
}

// itoa64 formats an id.
func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
