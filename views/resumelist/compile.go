package resumelist

import (
	"strconv"

	"hrdesk/config"
	"hrdesk/query"
	"hrdesk/store"
)

// The list's search text is a line of the query language (issue 31 §2):
// the list keeps it as typed (query.Search, what the filter line shows
// and SearchText gives back), and each load compiles it onto the folder,
// filters and order (Compile), so the workstation and `hrdesk search`
// select the same resumes for the same line.

// queryEnv is what the line's names mean here: the configured folders,
// the vacancies the list names, the clock and stale_after.
func (m *Model) queryEnv() query.Env {
	var folders []config.Folder
	for _, f := range m.c.UserFolders {
		if id, err := strconv.Atoi(f.ID); err == nil { // a site folder has no name to type
			folders = append(folders, config.Folder{ID: id, Name: f.Name})
		}
	}
	vacancies := make([]store.Vacancy, 0, len(m.vacancyNames))
	for id, title := range m.vacancyNames {
		vacancies = append(vacancies, store.Vacancy{ID: id, Profession: title})
	}
	return query.ProfileEnv(folders, vacancies, nil, m.c.Now(), m.staleAfter)
}

// compiled is q as the store runs it: its search text read as a query.
func (m *Model) compiled(q store.ListQuery) (store.ListQuery, error) {
	// The snoozed are hidden at the session's clock, the woken first (issue 31 §4).
	q.Now, q.WokenFirst = m.c.Now(), true
	line := q.Search
	if line == "" {
		return q, nil
	}
	qr, err := query.Parse(line)
	if err != nil {
		return q, err
	}
	q.Search = ""
	err = qr.Compile(line, m.queryEnv(), &q)
	return q, err
}

// CheckSearch says what is wrong with text as the list's search (a term
// the line cannot read, a folder or vacancy nothing is named), nil when
// it is a query the list can show.
func (m *Model) CheckSearch(text string) *query.Error {
	q := m.query
	q.Search = text
	if _, err := m.compiled(q); err != nil {
		if qe, ok := err.(*query.Error); ok {
			return qe
		}
		return &query.Error{Code: query.BadValue, Arg: text}
	}
	return nil
}

// StoreQuery is the query the list asks the store for now.
func (m *Model) StoreQuery() (store.ListQuery, error) { return m.compiled(m.query) }
