package session

import (
	"context"

	"hrdesk/apiclient"
	"hrdesk/textsafe"
)

// Whoami is the logged-in user (GET /2.0/user/current/, whose contract
// section 5's examples do not show) and their company, for `hrdesk
// whoami`; err is the question's failure, left for the front end to word.
// The company is the answer's client_title when it has it, else the title
// of the company its id_client names (4.4, GET /2.0/clients/:id/): `whoami
// --json` said "employer": "" (issue 28 §5). "" when neither says.
func Whoami(ctx context.Context, c *apiclient.Client) (u apiclient.User, employer string, err error) {
	u, err = c.CurrentUser(ctx)
	if err != nil {
		return u, "", err
	}
	if name := textsafe.Line(string(u.ClientName)); name != "" || u.IDClient <= 0 {
		return u, name, nil
	}
	co, err := c.Company(ctx, int64(u.IDClient))
	if err != nil {
		return u, "", nil // the user is known; the company only adds to it
	}
	return u, textsafe.Line(string(co.Title)), nil
}
