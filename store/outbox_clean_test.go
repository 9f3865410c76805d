package store

import (
	"strings"
	"testing"
)

// What the recruiter types reaches the server, where colleagues' clients
// render it: escape and control sequences go before the action is stored,
// so the cache, the outbox and the request all hold the same clean text.
// The workstation's dialogs and the command line both enqueue here.
func TestEnqueueStripsControlsFromTypedText(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	const evil = "\x1b]0;title\x07\x1b[2J\x1b]52;c;ZXZpbA==\x07\u009b31m\u202e\r\x08"
	actions := []Action{
		{ResumeID: 1, Kind: ActionCommentAdd, Payload: ActionPayload{Text: "line one" + evil + "\n\tline two"}},
		{ResumeID: 1, Kind: ActionInvite, Payload: ActionPayload{TemplateID: 1, Subject: "Subject" + evil,
			Body: "Dear" + evil + "\r\nsee you"}},
		{ResumeID: 1, Kind: ActionMailTo, Payload: ActionPayload{Email: "boss" + evil + "@example.com",
			EmailFrom: "me" + evil + "@example.com", NameFrom: "Анна" + evil, Body: "body" + evil}},
	}
	want := []ActionPayload{
		{Text: "line one31m\n\tline two"},
		{TemplateID: 1, Subject: "Subject31m", Body: "Dear31m\nsee you"},
		{Email: "boss31m@example.com", EmailFrom: "me31m@example.com", NameFrom: "Анна31m", Body: "body31m"},
	}
	for i, a := range actions {
		got, err := s.Action(ctx, enqueue(t, s, a))
		if err != nil {
			t.Fatal(err)
		}
		if got.Payload != want[i] {
			t.Errorf("%s: stored %#v, want %#v", a.Kind, got.Payload, want[i])
		}
	}
	// The comment shown at once is the one that will be sent.
	cs, err := s.Comments(ctx, 1)
	if err != nil || len(cs) != 1 || cs[0].Text != want[0].Text {
		t.Errorf("local comment: %#v %v", cs, err)
	}
	// A comment of nothing but escapes is empty, and refused as such.
	if _, err := s.Enqueue(ctx, Action{ResumeID: 1, Kind: ActionCommentAdd, Payload: ActionPayload{Text: "\x1b[2J\x07"}}); err == nil ||
		!strings.Contains(err.Error(), "empty") {
		t.Errorf("an escape-only comment was queued: %v", err)
	}
}
