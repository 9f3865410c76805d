package cli

import (
	"context"

	"hrdesk/apiclient"
	"hrdesk/textsafe"
)

// employer is the user's company, for whoami: the client_title of
// /2.0/user/current/ when the answer has it (the contract does not show
// that answer), else the title of the company its id_client names (4.4,
// GET /2.0/clients/:id/): `whoami --json` said "employer": "" (issue 28
// §5). "" when neither says.
func employer(ctx context.Context, c *apiclient.Client, u apiclient.User) string {
	if name := textsafe.Line(string(u.ClientName)); name != "" || u.IDClient <= 0 {
		return name
	}
	co, err := c.Company(ctx, int64(u.IDClient))
	if err != nil {
		return ""
	}
	return textsafe.Line(string(co.Title))
}
