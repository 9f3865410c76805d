package syncer

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"
	"strings"
	"sync"

	"hrdesk/apiclient"
	"hrdesk/store"
)

// APIServer adapts the API client to the engine's Server: it maps queries
// and actions to API calls and the contract's types to the store's records.
type APIServer struct {
	c *apiclient.Client

	mu     sync.Mutex
	user   store.User // from the last CurrentUser: own comments and vacancies need it
	client int64      // the user's company (id_client), from the same: the company's vacancies need it
}

// NewAPIServer wraps a client.
func NewAPIServer(c *apiclient.Client) *APIServer { return &APIServer{c: c} }

// Received implements Server.
func (s *APIServer) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	status := q.Status
	aq := apiclient.ReceivedQuery{Status: &status, DateEventFrom: q.From, DateEventTo: q.To, Page: q.Page,
		Count: q.Count, ByClient: q.Scope == store.ScopeCompany, OrderBy: "date_last_event"}
	p, err := s.c.Received(ctx, aq)
	if err != nil {
		return ReceivedPage{}, err
	}
	folder, _ := store.FolderForStatus(q.Status)
	scope := q.Scope
	if scope == store.ScopeAll {
		scope = store.ScopeMine
	}
	out := ReceivedPage{Total: p.Total, More: p.More, Entries: make([]store.Entry, 0, len(p.Objects))}
	for _, e := range p.Objects {
		if e.Resume.ID == 0 {
			continue // an entry without a resume id cannot be kept or acted on
		}
		out.Entries = append(out.Entries, EntryFromAPI(e, scope, folder))
	}
	return out, nil
}

// EntryFromAPI converts a received entry (2.8) to the store's record. The
// store cleans every string; the raw resume is kept as received.
func EntryFromAPI(e apiclient.ReceivedEntry, scope store.Scope, folder string) store.Entry {
	r := e.Resume
	first, last := string(r.FirstName), string(r.LastName)
	if first == "" && last == "" && r.Name != "" {
		first = string(r.Name)
	}
	en := store.Entry{
		ResumeID: int64(r.ID), Scope: scope, Folder: folder, IsNew: bool(e.IsNew),
		FirstName: first, LastName: last, MiddleName: string(r.MiddleName),
		Profession: string(r.Profession), Age: int(r.Age), Salary: int64(r.Payment), Currency: string(r.Currency),
		Town: string(r.Town.Title), ContactsBought: bool(r.ContactsBought) || r.Phone1 != "" || r.Email != "",
		Skills:  strings.TrimSpace(string(r.Achievements) + "\n" + string(r.AdditionalInfo)),
		RawJSON: r.Raw,
	}
	if en.Profession == "" {
		en.Profession = string(r.LastProfession)
	}
	var wh strings.Builder
	for _, w := range r.WorkHistory {
		fmt.Fprintf(&wh, "%s — %s. %s\n", w.Name, w.Profession, w.Work)
	}
	en.WorkHistory = strings.TrimSpace(wh.String())
	for _, ev := range e.Events {
		en.Events = append(en.Events, store.Event{VacancyID: int64(ev.IDVac), Type: int(ev.Type), DateEvent: ev.DateEvent.Time(),
			Text: string(ev.Text), Date: string(ev.Date), TypeTitle: string(ev.TypeTitle), Description: string(ev.Description)})
	}
	return en
}

// Comments implements Server: every page, up to the cap.
func (s *APIServer) Comments(ctx context.Context, resumeID int64) ([]store.Comment, error) {
	s.mu.Lock()
	me := s.user.Name
	s.mu.Unlock()
	if me == "" {
		// Which comments are the user's own needs the user: an engine that
		// has not synced yet asks once (else D on one's own comment is
		// refused as someone else's).
		u, err := s.CurrentUser(ctx)
		if err != nil {
			return nil, err
		}
		me = u.Name
	}
	var out []store.Comment
	pager := apiclient.NewPager(100, func(ctx context.Context, page, count int) (apiclient.Page[apiclient.Comment], error) {
		return s.c.Comments(ctx, resumeID, page, count)
	})
	for c, err := range pager.All(ctx) {
		if err != nil {
			return nil, err
		}
		rid := int64(c.IDResume)
		if rid == 0 {
			rid = resumeID
		}
		out = append(out, store.Comment{ID: int64(c.ID), ResumeID: rid, Text: string(c.Text), Author: string(c.Author),
			Date: c.Date.Time(), Own: me != "" && string(c.Author) == me})
	}
	return out, nil
}

var templateKinds = map[store.TemplateKind]apiclient.TemplateKind{
	store.TemplateMail:       apiclient.MailTemplates,
	store.TemplateInvitation: apiclient.InvitationTemplates,
	store.TemplateRejection:  apiclient.RejectionTemplates,
}

// Templates implements Server.
func (s *APIServer) Templates(ctx context.Context, kind store.TemplateKind, resumeID int64) (store.TemplateSet, error) {
	tl, err := s.c.Templates(ctx, resumeID, templateKinds[kind])
	if err != nil {
		return store.TemplateSet{}, err
	}
	set := store.TemplateSet{Kind: kind, SendSMS: bool(tl.SendSMS)}
	for _, t := range tl.Templates {
		set.Templates = append(set.Templates, store.Template{ID: int64(t.ID), Name: string(t.Name), Subject: string(t.Subject),
			Greeting: string(t.Greeting), Body: string(t.Body)})
	}
	return set, nil
}

// CurrentUser implements Server.
func (s *APIServer) CurrentUser(ctx context.Context) (store.User, error) {
	u, err := s.c.CurrentUser(ctx)
	if err != nil {
		return store.User{}, err
	}
	su := store.User{ID: int64(u.ID), Name: u.DisplayName(), Email: string(u.Email), RawJSON: u.Raw}
	s.mu.Lock()
	s.user, s.client = su, int64(u.IDClient)
	s.mu.Unlock()
	return su, nil
}

// Perform implements Server: one outbox action, one API call (4.8, 4.9).
func (s *APIServer) Perform(ctx context.Context, a store.Action) (*store.Comment, error) {
	p := a.Payload
	letter := apiclient.Letter{TemplateID: p.TemplateID, Subject: p.Subject, Body: p.Body, SendSMS: p.SendSMS}
	switch a.Kind {
	case store.ActionMove:
		return nil, s.c.Move(ctx, a.ResumeID, p.Folder)
	case store.ActionLater:
		return nil, s.c.Later(ctx, a.ResumeID, p.Folder)
	case store.ActionInvite:
		return nil, s.c.Invite(ctx, a.ResumeID, letter)
	case store.ActionReject:
		return nil, s.c.Reject(ctx, a.ResumeID, letter)
	case store.ActionSendMail:
		return nil, s.c.SendMail(ctx, a.ResumeID, letter)
	case store.ActionMailTo:
		return nil, s.c.MailTo(ctx, a.ResumeID, apiclient.MailTo{EmailTo: p.Email, EmailFrom: p.EmailFrom, NameFrom: p.NameFrom, Body: p.Body})
	case store.ActionCommentAdd:
		c, err := s.c.AddComment(ctx, a.ResumeID, p.Text)
		if err != nil {
			return nil, err
		}
		return &store.Comment{ID: int64(c.ID), ResumeID: a.ResumeID, Text: string(c.Text), Author: string(c.Author), Date: c.Date.Time(), Own: true}, nil
	case store.ActionCommentDelete:
		err := s.c.DeleteComment(ctx, p.CommentID)
		if p := problem.Of(err); p.Kind == problem.Refused && p.Missing {
			return nil, nil // already gone: what the user wanted
		}
		return nil, err
	}
	return nil, fmt.Errorf("%w: unknown action kind %q", errUnknownAction, a.Kind)
}

var errUnknownAction = errors.New("cannot send")

// Classify implements Server: what problem.Of says err means, for the engine.
func (s *APIServer) Classify(err error) ErrorClass {
	if errors.Is(err, errUnknownAction) {
		return Refused
	}
	p := problem.Of(err)
	switch {
	case p.Kind == problem.NeedsLogin:
		return NeedLogin
	case p.Kind == problem.Ambiguous:
		return Ambiguous
	case p.Refusal():
		return Refused
	}
	return Transient
}
