package session

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"hrdesk/apiclient"
	"hrdesk/store"
	"hrdesk/syncer"
	"hrdesk/textsafe"
)

// The catalogue, the user's vacancies and selections: server calls made at
// once (they are not resume actions, so they do not queue), each followed
// by a refresh of the cache the screens read. The command line and the
// workstation make each call here, once (issue 29 §6), and word its
// failures themselves.

// ErrPartlyRefused: the server refused some items of a batch, and said why
// for each.
var ErrPartlyRefused = errors.New("refused by the server")

// partlyRefused says which items of a batch were refused and why.
type partlyRefused struct{ msg string }

func (e *partlyRefused) Error() string { return e.msg }
func (e *partlyRefused) Unwrap() error { return ErrPartlyRefused }

// RefreshVacancies fetches the user's vacancies into st; a failure is left
// for the front end to word (problem.Of says what it is).
func (p *Profile) RefreshVacancies(ctx context.Context, st *store.Store) error {
	c, err := p.LoggedInClient()
	if err != nil {
		return err
	}
	return refreshVacancies(ctx, c, st)
}

// refreshVacancies fetches the user's vacancies through c into st.
func refreshVacancies(ctx context.Context, c *apiclient.Client, st *store.Store) error {
	vs, err := syncer.NewAPIServer(c).Vacancies(ctx)
	if err != nil {
		return err
	}
	return st.ReplaceVacancies(ctx, vs)
}

func (b *Backend) RefreshVacancies(ctx context.Context) error {
	s := b.s
	return s.call(ctx, true, func(ctx context.Context, _ *apiclient.Client) error {
		return s.p.RefreshVacancies(ctx, s.st)
	})
}

// ArchiveVacancies archives ids in one batch through c, then reads the
// catalogue again into st, so the screens and `vacancies list` show the
// new states: `hrdesk vacancies archive` and the vacancies screen both
// archive here. refused[i] is the service's refusal of ids[i], nil when it
// was archived; err is the batch's own failure (nothing archived, or not
// known), left for the front end to word.
func ArchiveVacancies(ctx context.Context, c *apiclient.Client, st *store.Store, ids []int64) (refused []*apiclient.Error, err error) {
	res, err := c.ArchiveVacancies(ctx, ids)
	if err != nil {
		return nil, err
	}
	refused = make([]*apiclient.Error, len(ids))
	for i := range min(len(ids), len(res)) {
		refused[i] = res[i].Err
	}
	// The archive went; a catalogue that cannot be read now is read on the
	// next refresh.
	_ = refreshVacancies(ctx, c, st)
	return refused, nil
}

// ArchiveVacancies archives in one batch; the error names each vacancy the
// server refused and why, while the others are archived.
func (b *Backend) ArchiveVacancies(ctx context.Context, ids []int64) error {
	s := b.s
	// The batch either went or not: let it finish.
	return s.call(ctx, false, func(ctx context.Context, c *apiclient.Client) error {
		refused, err := ArchiveVacancies(ctx, c, s.st, ids)
		if err != nil {
			return err
		}
		var said []string
		for i, e := range refused {
			if e != nil {
				said = append(said, fmt.Sprintf("%d: %s", ids[i], DescribeBatchError(e)))
			}
		}
		if len(said) > 0 {
			return &partlyRefused{msg: fmt.Sprintf("%d of %d not archived — %s", len(said), len(ids), strings.Join(said, "; "))}
		}
		return nil
	})
}

func (b *Backend) RefreshSelections(ctx context.Context) error {
	s := b.s
	return s.call(ctx, true, func(ctx context.Context, c *apiclient.Client) error {
		return RefreshSelections(ctx, c, s.st)
	})
}

// SaveSelection creates (id 0) or updates selection id from w (4.6) through
// c: `hrdesk selections create|update` and the selections screen both
// change a selection here. The cache follows with RefreshSelections.
func SaveSelection(ctx context.Context, c *apiclient.Client, id int64, w apiclient.SelectionWrite) (apiclient.ResumeSelection, error) {
	if id == 0 {
		return c.CreateSelection(ctx, w)
	}
	return c.UpdateSelection(ctx, id, w)
}

// DeleteSelection deletes selection id (4.6) through c, for the command
// line and the screen alike.
func DeleteSelection(ctx context.Context, c *apiclient.Client, id int64) error {
	return c.DeleteSelection(ctx, id)
}

// SaveSelection creates (id 0) or updates a selection from fields named as
// in the contract, then refreshes the cache.
func (b *Backend) SaveSelection(ctx context.Context, id int64, fields map[string]any) error {
	return b.selectionCall(ctx, func(ctx context.Context, c *apiclient.Client) error {
		_, err := SaveSelection(ctx, c, id, apiclient.SelectionWrite{Extra: fields})
		return err
	})
}

// SetSelectionMail switches e-mail delivery: status, sent only on update.
func (b *Backend) SetSelectionMail(ctx context.Context, id int64, on bool) error {
	status := 0
	if on {
		status = 1
	}
	return b.selectionCall(ctx, func(ctx context.Context, c *apiclient.Client) error {
		_, err := SaveSelection(ctx, c, id, apiclient.SelectionWrite{Status: &status})
		return err
	})
}

func (b *Backend) DeleteSelection(ctx context.Context, id int64) error {
	return b.selectionCall(ctx, func(ctx context.Context, c *apiclient.Client) error { return DeleteSelection(ctx, c, id) })
}

// selectionCall makes one change to the selections, then refreshes them.
func (b *Backend) selectionCall(ctx context.Context, change func(context.Context, *apiclient.Client) error) error {
	s := b.s
	return s.call(ctx, false, func(ctx context.Context, c *apiclient.Client) error {
		if err := change(ctx, c); err != nil {
			return err
		}
		_ = RefreshSelections(ctx, c, s.st)
		return nil
	})
}

// AllSelections reads every saved selection of the user, page by page.
func AllSelections(ctx context.Context, c *apiclient.Client) ([]apiclient.ResumeSelection, error) {
	var out []apiclient.ResumeSelection
	pager := apiclient.NewPager(100, func(ctx context.Context, page, count int) (apiclient.Page[apiclient.ResumeSelection], error) {
		return c.Selections(ctx, page, count)
	})
	for s, err := range pager.All(ctx) {
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// RefreshSelections replaces the cache's selections with the server's.
func RefreshSelections(ctx context.Context, c *apiclient.Client, st *store.Store) error {
	all, err := AllSelections(ctx, c)
	if err != nil {
		return err
	}
	sel := make([]store.Selection, 0, len(all))
	for _, s := range all {
		status := 0
		if s.Status {
			status = 1
		}
		sel = append(sel, store.Selection{ID: int64(s.ID), Name: string(s.Name), Status: status, RawJSON: s.Raw})
	}
	return st.ReplaceSelections(ctx, sel)
}

// DescribeBatchError is the service's words for one refused item of a
// batch, its fields in order.
func DescribeBatchError(e *apiclient.Error) string {
	var parts []string
	for _, f := range slices.Sorted(maps.Keys(e.Fields)) {
		parts = append(parts, fmt.Sprintf("%s: %s", f, strings.Join(e.Fields[f], ", ")))
	}
	msg := textsafe.Line(e.Message)
	if len(parts) > 0 {
		msg += " (" + textsafe.Line(strings.Join(parts, "; ")) + ")"
	}
	if msg == "" {
		msg = fmt.Sprintf("error %d", e.Code)
	}
	return msg
}
