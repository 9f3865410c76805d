package cli

import (
	"fmt"
	"time"

	"hrdesk/i18n"
	"hrdesk/session"
)

// What still spoke English to a Russian profile (issue 28 §6, session 11):
// a sync's news, the shared budget's notices, [keys]' mistakes. The
// packages saying them give facts (syncer.News, pgshare.Notice,
// keymap.KeyError) and keep an English of their own for logs; the command
// line words them here.

// newsLine is a sync's news in t's words; a note without facts (none
// today) as it came.
func newsLine(t i18n.CLINoticesText, pr session.Progress) string {
	n := pr.News
	switch n.Kind {
	case session.NewsOverCap:
		return fmt.Sprintf(t.NewsOverCap, n.Folder, n.Total, n.At.UTC().Format(time.DateTime), session.Cap, n.Read)
	case session.NewsDisagree:
		return fmt.Sprintf(t.NewsDisagree, n.Folder, n.Read)
	case session.NewsRecheck:
		return fmt.Sprintf(t.NewsRecheck, n.Folder, n.Total, n.Read, n.Cached, n.Hide)
	case session.NewsNoVacancies:
		return fmt.Sprintf(t.NewsNoVacancies, n.Cached)
	case session.NewsCompanyRefused:
		return fmt.Sprintf(t.NewsCompanyRefused, n.Refusal)
	}
	return pr.Note
}

// budgetTell says on stderr what the shared budget tells once, in the
// profile's language (budgetLog says a line as it came).
func (a *app) budgetTell(n session.BudgetNotice) { a.budgetLog(budgetWords(a.text().CLI.Notices, n)) }

// budgetWords is n in t's words.
func budgetWords(t i18n.CLINoticesText, n session.BudgetNotice) string {
	switch n.Kind {
	case session.NoticeFallback:
		return fmt.Sprintf(t.BudgetFallback, n.Share, n.Why)
	case session.NoticeHold:
		return fmt.Sprintf(t.BudgetHold, session.When(n.Until, n.Now))
	}
	line := fmt.Sprintf(t.BudgetImpossible, n.Holds, session.MaxHold, n.Turns, session.MaxAhead)
	if n.Limits > 0 {
		line += fmt.Sprintf(t.BudgetLimits, n.Limits, n.Floor, n.Limit)
	}
	if !n.Latest.IsZero() {
		line += fmt.Sprintf(t.BudgetFurthest, n.Latest.UTC().Format(time.DateTime+" UTC"))
	}
	return line
}
