package syncer

import (
	"context"

	"hrdesk/apiclient"
	"hrdesk/store"
)

// Vacancies implements Server: the user's own vacancies in every state.
func (s *APIServer) Vacancies(ctx context.Context) ([]store.Vacancy, error) {
	u, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	var out []store.Vacancy
	err = s.everyVacancy(ctx, apiclient.VacancySearch{IDUser: u.ID}, func(v apiclient.Vacancy, published int) {
		out = append(out, store.Vacancy{ID: int64(v.ID), Profession: string(v.Profession), Published: published,
			IsArchive: bool(v.IsArchive), ViewsCount: int(v.ViewsCount), ResumesAll: int(v.ResumesAll),
			ResumesNew: int(v.ResumesNew), DatePublished: v.DatePublished.Time(), DatePubTo: v.DatePubTo.Time(), RawJSON: v.Raw})
	})
	return out, err
}

// CompanyVacancies implements CompanyCatalogue: the vacancies of the
// user's company in every state, each with its owner (4.2: id_client,
// which the owner's rules let a recruiter with the right to see
// colleagues' vacancies search). A user without a company has none.
func (s *APIServer) CompanyVacancies(ctx context.Context) ([]store.CompanyVacancy, error) {
	if _, err := s.me(ctx); err != nil {
		return nil, err
	}
	s.mu.Lock()
	client := s.client
	s.mu.Unlock()
	if client == 0 {
		return nil, nil
	}
	var out []store.CompanyVacancy
	err := s.everyVacancy(ctx, apiclient.VacancySearch{IDClient: client}, func(v apiclient.Vacancy, published int) {
		out = append(out, store.CompanyVacancy{ID: int64(v.ID), Profession: string(v.Profession), OwnerID: int64(v.IDUser),
			Published: published, Contact: string(v.Contact)})
	})
	return out, err
}

// me is the user of the last CurrentUser, asked for when not yet known.
func (s *APIServer) me(ctx context.Context) (store.User, error) {
	s.mu.Lock()
	u := s.user
	s.mu.Unlock()
	if u.ID != 0 {
		return u, nil
	}
	return s.CurrentUser(ctx)
}

// everyVacancy hands each vacancy the search finds, in every state, to
// each with its state (published: 0 closed, 1 open, 3 archived). The
// vacancy object has no state field (2.2): closed ones are found by
// asking for published=0, archived ones carry is_archive.
func (s *APIServer) everyVacancy(ctx context.Context, search apiclient.VacancySearch, each func(apiclient.Vacancy, int)) error {
	closed := map[int64]bool{}
	zero := 0
	closedPager := apiclient.NewPager(100, func(ctx context.Context, page, count int) (apiclient.Page[apiclient.Vacancy], error) {
		q := search
		q.Published, q.Page, q.Count = &zero, page, count
		return s.c.Vacancies(ctx, q)
	})
	for v, err := range closedPager.All(ctx) {
		if err != nil {
			return err
		}
		closed[int64(v.ID)] = true
	}
	pager := apiclient.NewPager(100, func(ctx context.Context, page, count int) (apiclient.Page[apiclient.Vacancy], error) {
		q := search
		q.PublishedAll, q.Page, q.Count = true, page, count
		return s.c.Vacancies(ctx, q)
	})
	for v, err := range pager.All(ctx) {
		if err != nil {
			return err
		}
		published := 1
		switch {
		case bool(v.IsArchive):
			published = 3
		case closed[int64(v.ID)]:
			published = 0
		}
		each(v, published)
	}
	return nil
}
