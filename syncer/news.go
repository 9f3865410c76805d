package syncer

import (
	"fmt"
	"time"
)

// News is what a Progress.Note says, as facts, for a face that words it
// in the recruiter's language (issue 28 §6: `hrdesk sync` printed these in
// English to a Russian profile). Note keeps the English, for logs.
type News struct {
	Kind NewsKind
	// Folder is the list it is about (the store's folder: "inbox").
	Folder string
	// At is NewsOverCap's second.
	At time.Time
	// Total, Read, Cached and Hide are the counts the kind names: the
	// service's total, the entries read (or the reads, NewsDisagree), the
	// cache's, the ones a read would hide.
	Total, Read, Cached, Hide int
	// Refusal is NewsCompanyRefused's: the service's words.
	Refusal string
}

// NewsKind says which news a Note is.
type NewsKind int

// The news a sync tells.
const (
	// NewsNone: no note.
	NewsNone NewsKind = iota
	// NewsOverCap: more responses within one second than a query reaches;
	// nothing hidden there.
	NewsOverCap
	// NewsDisagree: the reads of a list disagree; nothing hidden.
	NewsDisagree
	// NewsRecheck: a list is read again before hiding what it dropped.
	NewsRecheck
	// NewsNoVacancies: the service lists no vacancy where the cache holds
	// some; read again.
	NewsNoVacancies
	// NewsCompanyRefused: the service refused the company's vacancies.
	NewsCompanyRefused
)

// English is the news as Note says it.
func (n News) English() string {
	switch n.Kind {
	case NewsOverCap:
		return fmt.Sprintf("%s: %d responses within %s, more than one query reaches (%d); %d read, nothing hidden there",
			n.Folder, n.Total, n.At.UTC().Format(time.DateTime), Cap, n.Read)
	case NewsDisagree:
		return fmt.Sprintf("%s: %d reads of the list disagree; nothing hidden this time", n.Folder, n.Read)
	case NewsRecheck:
		return fmt.Sprintf("%s: the service lists %d (%d read) where the cache holds %d; reading it again before hiding %d",
			n.Folder, n.Total, n.Read, n.Cached, n.Hide)
	case NewsNoVacancies:
		return fmt.Sprintf("vacancies: the service lists none where the cache holds %d; reading them again", n.Cached)
	case NewsCompanyRefused:
		return fmt.Sprintf("company vacancies: the service refused (%s); colleagues' vacancies stay unnamed", n.Refusal)
	}
	return ""
}

// tell reports news once: Note in English, News for the faces' words.
func (p *progressMeter) tell(n News) {
	if p.report == nil {
		return
	}
	pr := p.snapshot()
	pr.Note, pr.News = n.English(), n
	p.report(pr)
}
