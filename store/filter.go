package store

import (
	"strconv"
	"strings"
	"time"
)

// CondKind is what one condition of a Filter is about.
type CondKind int

// The conditions a Filter combines: what the query language (package
// query) says that ListQuery's own fields cannot, under a negation or
// beside another field in an `or`.
const (
	CondText            CondKind = iota // Text: its words, all required (SearchQuery); Prefix: the last one a prefix
	CondSalary                          // Lo..Hi inclusive, 0 open, Hi < 0 none; a salary not said (0, "by agreement") never matches
	CondAge                             // Lo..Hi as salary's
	CondFolder                          // Text: the folder's id
	CondVacancies                       // IDs: any of them among the vacancies the entry's events mention
	CondTown                            // Text, compared with the entry's town folded (foldKey: lower case, ё as е)
	CondSource                          // IDs: the event types by which the resume reached the recruiter
	CondEducation                       // IDs[0]: the dictionary id
	CondNew                             // the new flag
	CondStale                           // At: stale as StaleCounts says, no event since At
	CondHasComment                      // a comment shown (not one being deleted)
	CondHasContacts                     // contacts opened
	CondRepeat                          // another response of the applicant: another resume or another vacancy
	CondEventBefore                     // the last event before At (waited>2d)
	CondEventSince                      // the last event at or after At
	CondRespondedSince                  // the response (first event) at or after At (responded<7d)
	CondRespondedBefore                 // the response before At
	CondSnoozed                         // snoozed at At (snooze.go); the list then shows the snoozed
)

// Cond is one condition; Not negates it.
type Cond struct {
	Kind   CondKind
	Not    bool
	Text   string
	Prefix bool
	Lo, Hi int64
	IDs    []int64
	At     time.Time
}

// Filter narrows a list query by clauses all of which hold, each holding
// when any of its conditions does.
type Filter struct {
	All [][]Cond
}

// conds is the filter's SQL conditions on entries e, with their arguments.
func (f *Filter) conds(conds []string, args []any) ([]string, []any) {
	if f == nil {
		return conds, args
	}
	for _, clause := range f.All {
		if len(clause) == 0 {
			continue
		}
		parts := make([]string, 0, len(clause))
		for _, c := range clause {
			sql, a := c.sql()
			if c.Not {
				sql = "NOT " + sql
			}
			parts, args = append(parts, sql), append(args, a...)
		}
		if len(parts) == 1 {
			conds = append(conds, parts[0])
		} else {
			conds = append(conds, "("+strings.Join(parts, " OR ")+")")
		}
	}
	return conds, args
}

// sql is one condition, parenthesised so NOT takes all of it.
func (c Cond) sql() (string, []any) {
	switch c.Kind {
	case CondText:
		text := c.Text
		if !c.Prefix {
			text += " "
		}
		match := SearchQuery(text)
		if match == "" {
			return "(0)", nil // no searchable word: nothing holds it, as the / line says
		}
		return "(EXISTS (SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? AND rowid = e.resume_id))", []any{match}
	case CondSalary:
		return bounded("e.salary", c.Lo, c.Hi)
	case CondAge:
		return bounded("e.age", c.Lo, c.Hi)
	case CondFolder:
		return "(e.folder = ?)", []any{c.Text}
	case CondVacancies:
		return "(e.resume_id IN (SELECT resume_id FROM entry_vacancies WHERE vacancy_id IN (SELECT value FROM json_each(?))))", []any{idList(c.IDs)}
	case CondTown:
		return "(hrdesk_fold(e.town) = ?)", []any{foldKey(c.Text)}
	case CondSource:
		return "(EXISTS (SELECT 1 FROM events v WHERE v.resume_id = e.resume_id AND v.type IN (SELECT value FROM json_each(?))))", []any{idList(c.IDs)}
	case CondEducation:
		var id int64
		if len(c.IDs) > 0 {
			id = c.IDs[0]
		}
		return "(EXISTS (SELECT 1 FROM entry_facts f WHERE f.resume_id = e.resume_id AND f.education = ?))", []any{id}
	case CondNew:
		return "(e.is_new = 1)", nil
	case CondStale:
		return "(" + staleCond + ")", []any{unix(c.At)}
	case CondHasComment:
		return "(EXISTS (SELECT 1 FROM comments c WHERE c.resume_id = e.resume_id AND c.hidden = 0))", nil
	case CondHasContacts:
		return "(e.contacts_bought = 1)", nil
	case CondRepeat:
		return "(EXISTS (" + samePeople("= e.resume_id") + ") OR (SELECT count(*) FROM entry_vacancies r WHERE r.resume_id = e.resume_id) > 1)", nil
	case CondEventBefore:
		return "(e.last_event_at < ?)", []any{unix(c.At)}
	case CondEventSince:
		return "(e.last_event_at >= ?)", []any{unix(c.At)}
	case CondRespondedSince:
		return "(EXISTS (SELECT 1 FROM entry_facts f WHERE f.resume_id = e.resume_id AND f.responded_at >= ?))", []any{unix(c.At)}
	case CondRespondedBefore:
		return "(EXISTS (SELECT 1 FROM entry_facts f WHERE f.resume_id = e.resume_id AND f.responded_at < ?))", []any{unix(c.At)}
	case CondSnoozed:
		return "(" + snoozedCond + ")", []any{unix(c.At)}
	}
	return "(0)", nil // a kind this store does not know holds for nothing
}

// bounded is lo <= col <= hi among the known values (col > 0); hi < 0
// is a bound below them all.
func bounded(col string, lo, hi int64) (string, []any) {
	if hi < 0 {
		return "(0)", nil // below every known value: salary<1
	}
	sql, args := "("+col+" > 0", []any{}
	if lo > 0 {
		sql, args = sql+" AND "+col+" >= ?", append(args, lo)
	}
	if hi > 0 {
		sql, args = sql+" AND "+col+" <= ?", append(args, hi)
	}
	return sql + ")", args
}

// idList is ids as a JSON array for json_each.
func idList(ids []int64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String() + "]"
}
