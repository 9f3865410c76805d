package apiclient

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"
)

func TestWireResumeActions(t *testing.T) {
	const templates = `{"send_sms":"1","templates":[{"id":"3","name":"Приглашение","subject":"Встреча","greeting":"Здравствуйте","body":"Ждём"}],"total":1,"more":false}`
	checkTemplates := func(t *testing.T, tl TemplateList, err error) {
		t.Helper()
		must(t, err)
		if len(tl.Templates) != 1 || tl.Templates[0].ID != 3 || tl.Templates[0].Subject != "Встреча" || !bool(tl.SendSMS) || tl.Total != 1 {
			t.Errorf("%+v", tl)
		}
	}
	letterForm := url.Values{"id_template": {"3"}, "mail_subject": {"Встреча"}, "mail_body": {"Ждём & точка"}, "send_sms": {"1"}}
	letter := Letter{TemplateID: 3, Subject: "Встреча", Body: "Ждём & точка", SendSMS: true}
	const ok = `{"result":true}`
	runWire(t, []wireCase{
		{name: "mail data", method: "GET", path: "/2.0/hr/resumes/5/mail_data/", auth: true, body: templates,
			call: func(t *testing.T, c *Client) { tl, err := c.MailData(bg, 5); checkTemplates(t, tl, err) }},
		{name: "invitation data", method: "GET", path: "/2.0/hr/resumes/5/invitation_data/", auth: true, body: templates,
			call: func(t *testing.T, c *Client) { tl, err := c.InvitationData(bg, 5); checkTemplates(t, tl, err) }},
		{name: "rejection data", method: "GET", path: "/2.0/hr/resumes/5/rejection_data/", auth: true, body: templates,
			call: func(t *testing.T, c *Client) { tl, err := c.RejectionData(bg, 5); checkTemplates(t, tl, err) }},
		{name: "send mail", method: "POST", path: "/2.0/hr/resumes/5/send_mail/", auth: true, form: letterForm, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.SendMail(bg, 5, letter)) }},
		{name: "invite", method: "POST", path: "/2.0/hr/resumes/5/invite/", auth: true, form: letterForm, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.Invite(bg, 5, letter)) }},
		{name: "reject with a letter has no send_sms", method: "POST", path: "/2.0/hr/resumes/5/reject/", auth: true,
			form: url.Values{"id_template": {"3"}, "mail_subject": {"Встреча"}, "mail_body": {"Ждём & точка"}}, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.Reject(bg, 5, letter)) }},
		{name: "reject without a letter sends nothing", method: "POST", path: "/2.0/hr/resumes/5/reject/", auth: true,
			form: url.Values{}, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.RejectWithoutLetter(bg, 5)) }},
		{name: "mail to", method: "POST", path: "/2.0/hr/resumes/5/mail_to/", auth: true,
			form: url.Values{"email_to": {"boss@example.com"}, "name_from": {"Анна"}, "mail_body": {"см."}}, body: ok,
			call: func(t *testing.T, c *Client) {
				must(t, c.MailTo(bg, 5, MailTo{EmailTo: "boss@example.com", NameFrom: "Анна", Body: "см."}))
			}},
		{name: "later default folder", method: "POST", path: "/2.0/hr/resumes/5/later/", auth: true, form: url.Values{}, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.Later(bg, 5, "")) }},
		{name: "later into a user folder", method: "POST", path: "/2.0/hr/resumes/5/later/", auth: true,
			form: url.Values{"id_folder": {"123"}}, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.Later(bg, 5, "123")) }},
		{name: "move", method: "POST", path: "/2.0/hr/resumes/5/move/", auth: true,
			form: url.Values{"id_folder": {"refused"}}, body: ok,
			call: func(t *testing.T, c *Client) { must(t, c.Move(bg, 5, FolderRefused)) }},
		{name: "comments", method: "GET", path: "/2.0/hr/resumes/5/comments/", auth: true,
			query: url.Values{"count": {"100"}},
			body:  `{"objects":[{"id":"9","id_resume":5,"text":"звонить","author":null,"date":"1700000000"}],"total":1,"more":false}`,
			call: func(t *testing.T, c *Client) {
				p, err := c.Comments(bg, 5, 0, 100)
				must(t, err)
				cm := p.Objects[0]
				if cm.ID != 9 || cm.IDResume != 5 || cm.Author != "" || cm.Date.Time().Unix() != 1700000000 {
					t.Errorf("%+v", cm)
				}
			}},
		{name: "add comment", method: "POST", path: "/2.0/hr/resumes/5/comments/", auth: true, status: 201,
			form: url.Values{"comment": {"перезвонить"}}, body: `{"id":10,"text":"перезвонить","author":"Анна","date":1700000001}`,
			call: func(t *testing.T, c *Client) {
				cm, err := c.AddComment(bg, 5, "перезвонить")
				must(t, err)
				if cm.ID != 10 || cm.IDResume != 5 || cm.Author != "Анна" {
					t.Errorf("%+v", cm)
				}
			}},
		{name: "delete comment", method: "DELETE", path: "/2.0/hr/resumes/comments/10/", auth: true, status: 204,
			call: func(t *testing.T, c *Client) { must(t, c.DeleteComment(bg, 10)) }},
		{name: "buy contacts", method: "POST", path: "/2.0/hr/resumes/5/buy/", auth: true, form: url.Values{},
			body: `{"status":true,"resume":{"id":5,"phone1":"+7 900 000-00-00","email":"a@b.c","social_links":[{"title":"tg","link":"t.me/x"}]},"error":null}`,
			call: func(t *testing.T, c *Client) {
				r, err := c.BuyContacts(bg, 5)
				must(t, err)
				if !r.HasContacts() || r.SocialLinks[0].Link != "t.me/x" {
					t.Errorf("%+v", r)
				}
			}},
		{name: "open contacts", method: "GET", path: "/2.0/hr/resumes/5/open/", auth: true,
			body: `{"resume":{"id":5,"phone2":"123"}}`, // no status at all: the resume decides
			call: func(t *testing.T, c *Client) {
				r, err := c.OpenContacts(bg, 5)
				must(t, err)
				if r.Phone2 != "123" {
					t.Errorf("%+v", r)
				}
			}},
	})
}

func TestWireReceived(t *testing.T) {
	from := time.Unix(1700000000, 0)
	to := time.Unix(1700086400, 0)
	inbox := StatusInbox
	q := ReceivedQuery{Keywords: "повар", IDVac: 46, OrderBy: "date_last_event", DateEventFrom: from, DateEventTo: to,
		PaymentFrom: 1, PaymentTo: 2, PaymentNoAgreement: true, AgeFrom: 18, AgeTo: 60, Type: TypeByApplicant,
		Types: []int{TypeByApplicant, TypeBySubscription}, Status: &inbox, TypeOfWork: 6, OnlyNewReceived: true,
		Page: 3, Count: 100}
	want := url.Values{"keywords": {"повар"}, "id_vac": {"46"}, "order_by": {"date_last_event"},
		"date_event_from": {"1700000000"}, "date_event_to": {"1700086400"}, "payment_from": {"1"}, "payment_to": {"2"},
		"payment_no_agreement": {"1"}, "age_from": {"18"}, "age_to": {"60"}, "type": {"10"}, "types[]": {"10", "30"},
		"status": {"0"}, "type_of_work": {"6"}, "only_new_received": {"1"}, "page": {"3"}, "count": {"100"}}
	byClient := url.Values{}
	for k, v := range want {
		if k != "id_vac" {
			byClient[k] = v
		}
	}
	const page = `{"objects":[{"resume":{"id":30,"town":"Москва","payment":0},"is_new":"1","events":[{"type":"60","id_vac":0,"date_event":1700000500}]}],"total":"601","more":true}`
	check := func(t *testing.T, p Page[ReceivedEntry], err error) {
		t.Helper()
		must(t, err)
		e := p.Objects[0]
		if _, known := e.Resume.Salary(); known || p.Total != 601 || !p.More || !bool(e.IsNew) ||
			e.Events[0].Type != EventInvited || e.Resume.Town.Title != "Москва" {
			t.Errorf("%+v", p)
		}
	}
	runWire(t, []wireCase{
		{name: "received with every filter", method: "GET", path: "/2.0/resumes/received/", auth: true, query: want, body: page,
			call: func(t *testing.T, c *Client) { p, err := c.Received(bg, q); check(t, p, err) }},
		{name: "received by client has no id_vac", method: "GET", path: "/2.0/resumes/received-by-client/", auth: true,
			query: byClient, body: page,
			call: func(t *testing.T, c *Client) {
				q := q
				q.ByClient = true
				p, err := c.Received(bg, q)
				check(t, p, err)
			}},
	})
}

func TestPagerErrCapped(t *testing.T) {
	p := NewPager(100, func(_ context.Context, page, count int) (Page[int], error) {
		return Page[int]{Objects: make([]int, count), Total: 1234, More: true}, nil
	})
	n := 0
	for range p.All(bg) {
		n++
	}
	if n != MaxEntities || !errors.Is(p.Err(), ErrCapped) || p.Total() != 1234 {
		t.Errorf("%d entities, err %v", n, p.Err())
	}
}
