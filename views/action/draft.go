package action

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Draft is the recruiter's unsent text of one dialog or form (issue 26 §6):
// what esc leaves behind instead of throwing it away, offered back when the
// same dialog opens on the same resumes. The root keeps the session's
// drafts (common.Drafts) and, as JSON, in the cache.
type Draft struct {
	// At is when the text last changed; the root sets it.
	At time.Time `json:"-"`
	// A letter: its template, subject, text and SMS switch; a comment's
	// and a mail's text is Body, a mail's address Email.
	TemplateID int64  `json:"template_id,omitempty"`
	Subject    string `json:"subject,omitempty"`
	Body       string `json:"body,omitempty"`
	Email      string `json:"email,omitempty"`
	SMS        bool   `json:"sms,omitempty"`
	// Fields are a selection form's fields.
	Fields []DraftField `json:"fields,omitempty"`
}

// DraftField is one field of a form: Name and Group (the keyword element)
// say which; Text is a typed field's, Pick a choice's, On a switch's.
type DraftField struct {
	Name  string `json:"name"`
	Group int    `json:"group,omitempty"`
	Text  string `json:"text,omitempty"`
	Pick  int    `json:"pick,omitempty"`
	On    bool   `json:"on,omitempty"`
}

// Same says the two hold the same text, whenever written.
func (d Draft) Same(o Draft) bool {
	return d.TemplateID == o.TemplateID && d.Subject == o.Subject && d.Body == o.Body &&
		d.Email == o.Email && d.SMS == o.SMS && slices.Equal(d.Fields, o.Fields)
}

// DraftKey names the draft of a dialog of kind ("invite", "comment_add",
// "selection") about ids, in any order: a letter to the same marked
// resumes finds its draft whichever was marked first.
func DraftKey(kind string, ids ...int64) string {
	s := slices.Clone(ids)
	slices.Sort(s)
	parts := make([]string, len(s))
	for i, id := range s {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return kind + ":" + strings.Join(parts, ",")
}

// What a pane asks about the text of a form it closes (the selection
// form; the root asks a dialog itself when it closes).
type (
	// KeepDraft keeps Draft as the draft of Key (the form was closed with
	// text the recruiter typed).
	KeepDraft struct {
		Key   string
		Draft Draft
	}
	// DropDraft forgets the draft of Key: sent or saved, or Discarded by
	// the recruiter (the status line says so when there was one).
	DropDraft struct {
		Key       string
		Discarded bool
	}
)

func (KeepDraft) isAction() {}
func (DropDraft) isAction() {}
