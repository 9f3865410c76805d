package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hrdesk/apiclient"
)

// errPartlyRefused: the server refused some items of a batch, and said why
// for each.
var errPartlyRefused = errors.New("refused by the server")

// The workstation's vacancies and selections screens: server calls made
// at once (they are not resume actions, so they do not queue), each
// followed by a refresh of the cache the screens read.

func (b *uiBackend) RefreshVacancies(ctx context.Context) error {
	return b.w.call(ctx, true, func(ctx context.Context, _ *apiclient.Client) error {
		return b.w.a.refreshVacancies(ctx, b.w.st)
	})
}

// ArchiveVacancies archives in one batch; the error names each vacancy the
// server refused and why, while the others are archived.
func (b *uiBackend) ArchiveVacancies(ctx context.Context, ids []int64) error {
	// The batch either went or not: let it finish.
	return b.w.call(ctx, false, func(ctx context.Context, c *apiclient.Client) error {
		res, err := c.ArchiveVacancies(ctx, ids)
		if err != nil {
			return explain(err, b.w.a.explainNetworkError)
		}
		var refused []string
		for i, id := range ids {
			if i < len(res) && res[i].Err != nil {
				refused = append(refused, fmt.Sprintf("%d: %s", id, describeBatchError(res[i].Err)))
			}
		}
		_ = b.w.a.refreshVacancies(ctx, b.w.st)
		if len(refused) > 0 {
			return &explained{msg: fmt.Sprintf("%d of %d not archived — %s", len(refused), len(ids), strings.Join(refused, "; ")),
				cause: errPartlyRefused}
		}
		return nil
	})
}

func (b *uiBackend) RefreshSelections(ctx context.Context) error {
	return b.w.call(ctx, true, func(ctx context.Context, c *apiclient.Client) error {
		return explain(refreshSelections(ctx, c, b.w.st), b.w.a.explainNetworkError)
	})
}

// SaveSelection creates (id 0) or updates a selection from fields named as
// in the contract, then refreshes the cache.
func (b *uiBackend) SaveSelection(ctx context.Context, id int64, fields map[string]any) error {
	return b.selectionCall(ctx, func(ctx context.Context, c *apiclient.Client) error {
		w := apiclient.SelectionWrite{Extra: fields}
		var err error
		if id == 0 {
			_, err = c.CreateSelection(ctx, w)
		} else {
			_, err = c.UpdateSelection(ctx, id, w)
		}
		return err
	})
}

// SetSelectionMail switches e-mail delivery: status, sent only on update.
func (b *uiBackend) SetSelectionMail(ctx context.Context, id int64, on bool) error {
	status := 0
	if on {
		status = 1
	}
	return b.selectionCall(ctx, func(ctx context.Context, c *apiclient.Client) error {
		_, err := c.UpdateSelection(ctx, id, apiclient.SelectionWrite{Status: &status})
		return err
	})
}

func (b *uiBackend) DeleteSelection(ctx context.Context, id int64) error {
	return b.selectionCall(ctx, func(ctx context.Context, c *apiclient.Client) error { return c.DeleteSelection(ctx, id) })
}

// selectionCall makes one change to the selections, then refreshes them.
func (b *uiBackend) selectionCall(ctx context.Context, change func(context.Context, *apiclient.Client) error) error {
	return b.w.call(ctx, false, func(ctx context.Context, c *apiclient.Client) error {
		if err := change(ctx, c); err != nil {
			return explain(err, b.w.a.selectionError)
		}
		_ = refreshSelections(ctx, c, b.w.st)
		return nil
	})
}
