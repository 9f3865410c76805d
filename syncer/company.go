package syncer

import (
	"context"
	"time"

	"hrdesk/store"
)

// The company's vacancies (issue 28 §3): in company scope a colleague's
// vacancy had no title on the overview (`#49000006`) nor in `report`. A
// sync of the company's scope reads them with its responses: on a full
// pass, when the last read is older than the catalogue's age, and when a
// response names a vacancy the cache cannot name (a colleague's new one),
// at most every companyRecheck.

// CompanyCatalogue is a Server that lists the company's vacancies, whoever
// owns them; APIServer is one. A Server without it syncs the company's
// responses unnamed.
type CompanyCatalogue interface {
	CompanyVacancies(ctx context.Context) ([]store.CompanyVacancy, error)
}

// companyRecheck is how soon the company's vacancies are read again for a
// response naming one the cache does not know: a vacancy of another
// company stays unknown, and must not cost a read on every sync.
const companyRecheck = 15 * time.Minute

const companyVacanciesKey = "company_vacancies_at"

// companyVacancies reads the company's vacancies when they are due. A
// refusal (no right to see colleagues' vacancies) is noted, not a failed
// sync: the responses came. One empty answer forgets no title.
func (e *Engine) companyVacancies(ctx context.Context, force bool, rep *Report) error {
	cc, ok := e.srv.(CompanyCatalogue)
	if !ok || e.opts.Scope != store.ScopeCompany {
		return nil
	}
	if !force {
		due, err := e.companyVacanciesDue(ctx)
		if err != nil || !due {
			return err
		}
	}
	var vacancies []store.CompanyVacancy
	err := e.patiently(ctx, func() (err error) {
		e.prog.request()
		vacancies, err = cc.CompanyVacancies(ctx)
		return err
	})
	switch {
	case err != nil && e.srv.Classify(err) == Refused:
		e.prog.tell(News{Kind: NewsCompanyRefused, Refusal: err.Error()})
	case err != nil:
		return err
	case len(vacancies) > 0:
		if err := e.st.ReplaceCompanyVacancies(ctx, vacancies); err != nil {
			return err
		}
		rep.Catalogue = true
	}
	return e.st.SetSyncMeta(ctx, companyVacanciesKey, e.opts.Now().UTC().Format(time.RFC3339))
}

// companyVacanciesDue says the company's vacancies are to be read: never
// read, read longer ago than the catalogue's age, or a response names an
// unknown vacancy and the last read is older than companyRecheck.
func (e *Engine) companyVacanciesDue(ctx context.Context) (bool, error) {
	v, ok, err := e.st.SyncMeta(ctx, companyVacanciesKey)
	if err != nil {
		return false, err
	}
	at, perr := time.Parse(time.RFC3339, v)
	if !ok || perr != nil {
		return true, nil
	}
	age := e.opts.Now().Sub(at)
	if age >= catalogueMaxAge || age < 0 { // a read dated ahead is impossible: read again
		return true, nil
	}
	if age < companyRecheck {
		return false, nil
	}
	unnamed, err := e.st.UnnamedVacancies(ctx)
	return len(unnamed) > 0, err
}
