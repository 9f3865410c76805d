package session

import (
	"context"
	"errors"

	"hrdesk/apiclient"
	"hrdesk/problem"
)

// SendVacancies sends els through c as one batch of creates (create) or of
// updates (2.2), for `hrdesk vacancies apply`. The contract leaves a
// batch's errors open, and a service may refuse a batch whole for one bad
// element (the standard error, nothing applied): then each element goes
// alone, so the valid ones still go through and each refusal is said
// beside its own element. A refusal of the login, the budget or the
// account is no element's and ends the batch (err, left for the front end
// to word). The i-th result answers els[i]; an element no answer covers
// has neither Raw nor Err (it may have gone through), and the results may
// be fewer than els (a create answered with one id for several).
func SendVacancies(ctx context.Context, c *apiclient.Client, els []apiclient.VacancyWrite, turbo, create bool) ([]apiclient.BatchResult, error) {
	send := c.UpdateVacancies
	if create {
		send = c.CreateVacancies
	}
	res, err := send(ctx, els, turbo)
	var ae *apiclient.Error
	if err == nil || problem.Of(err).Kind != problem.Refused || !errors.As(err, &ae) {
		return res, err
	}
	if len(els) == 1 {
		return []apiclient.BatchResult{{Err: ae}}, nil
	}
	out := make([]apiclient.BatchResult, len(els))
	for i, el := range els {
		one, err := SendVacancies(ctx, c, []apiclient.VacancyWrite{el}, turbo, create)
		if err != nil {
			return nil, err
		}
		if len(one) > 0 {
			out[i] = one[0] // else left unanswered (no Raw): unknown
		}
	}
	return out, nil
}
