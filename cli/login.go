package cli

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/term"

	"hrdesk/session"
	"hrdesk/textsafe"
)

func loginCommand() *command {
	var login string
	var passwordStdin, oauth bool
	return &command{
		name:    "login",
		summary: "log in as an employer and keep the session (password or --oauth)",
		help: `With a password (the default) hrdesk uses the password method as an employer
(hr=1); the password is read without echo on a terminal, or from standard input
with --password-stdin. Accounts that cannot use a password here log in with
--oauth: hrdesk prints the authorization URL, then takes the code (or the whole
redirect URL) you paste. The session is kept in DATA_DIR/token.json (mode 0600).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&login, "login", "", "your login (e-mail) on the job board")
			fs.BoolVar(&passwordStdin, "password-stdin", false, "read the password from standard input")
			fs.BoolVar(&oauth, "oauth", false, "log in through the authorization page instead of a password")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArgumentsUse, "login", "--login")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			if err := a.profile().RequireApp(); err != nil {
				return err
			}
			// A login the server grants but hrdesk cannot keep is wasted
			// (and counts against the service's attempts).
			if err := checkWritable(a.text().CLI.More, filepath.Dir(a.cfg.TokenFile())); err != nil {
				return err
			}
			client, err := a.profile().Client(nil)
			if err != nil {
				return err
			}
			in := bufio.NewReader(a.In)
			var tok session.Token
			if oauth {
				tok, err = a.oauthLogin(ctx, client, in)
			} else {
				tok, err = a.passwordLogin(ctx, client, in, login, passwordStdin)
			}
			if err != nil {
				return err
			}
			t := a.text().CLI
			fmt.Fprintf(a.Out, t.LoggedIn+"\n", a.cfg.TokenFile())
			if tok.UserType != "" && tok.UserType != "hr_user" {
				fmt.Fprintf(a.Out, t.NotEmployer+"\n", tok.UserType)
			}
			return nil
		},
	}
}

func (a *app) passwordLogin(ctx context.Context, client *session.Client, in *bufio.Reader, login string, fromStdin bool) (session.Token, error) {
	interactive := isTerminal(a.In) && !fromStdin
	t := a.text().CLI
	if login == "" {
		login = a.cfg.Login
	}
	if login == "" {
		if !interactive {
			return session.Token{}, usageWords(t.LoginNeedsFlag)
		}
		fmt.Fprint(a.Err, t.PromptLogin)
		line, err := in.ReadString('\n')
		if err != nil && line == "" {
			return session.Token{}, errors.New(t.NoLogin)
		}
		login = strings.TrimSpace(line)
	}
	var password string
	if interactive {
		fmt.Fprint(a.Err, t.PromptPassword)
		pw, err := term.ReadPassword(int(a.In.(*os.File).Fd()))
		fmt.Fprintln(a.Err)
		if err != nil {
			return session.Token{}, fmt.Errorf(t.CannotReadPassword, err)
		}
		password = string(pw)
	} else {
		line, err := in.ReadString('\n')
		if err != nil && err != io.EOF {
			return session.Token{}, fmt.Errorf(t.CannotReadPassword, err)
		}
		password = strings.TrimRight(line, "\r\n")
	}
	if password == "" {
		return session.Token{}, errors.New(t.NoPassword)
	}
	// Kept in the token file by the session; a file that cannot keep it is
	// said as it is (explainLoginError leaves a local failure's words).
	tok, err := a.profile().PasswordLogin(ctx, client, login, password)
	if err != nil {
		return session.Token{}, a.explainLoginError(err)
	}
	return session.FileToken(tok), nil
}

func (a *app) oauthLogin(ctx context.Context, client *session.Client, in *bufio.Reader) (session.Token, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return session.Token{}, err
	}
	state := hex.EncodeToString(b[:])
	authURL, err := client.AuthorizeURL(a.cfg.AuthURL, a.redirectURI(), state)
	if err != nil {
		return session.Token{}, err
	}
	t := a.text().CLI
	fmt.Fprintf(a.Out, t.OAuthOpen+"\n", authURL)
	fmt.Fprint(a.Err, t.OAuthPaste)
	line, err := in.ReadString('\n')
	if err != nil && strings.TrimSpace(line) == "" {
		return session.Token{}, errors.New(t.NoCode)
	}
	code, err := a.parsePastedCode(strings.TrimSpace(line), state)
	if err != nil {
		return session.Token{}, err
	}
	tok, err := client.ExchangeCode(ctx, code, a.redirectURI())
	if err != nil {
		return session.Token{}, a.explainLoginError(err)
	}
	return session.FileToken(tok), a.profile().SaveLogin(tok)
}

func (a *app) redirectURI() string {
	if a.cfg.RedirectURI != "" {
		return a.cfg.RedirectURI
	}
	return "http://127.0.0.1/hrdesk"
}

// parsePastedCode takes either the bare code or the redirect URL; a URL must
// carry the state hrdesk sent, so a code meant for someone else is refused.
func (a *app) parsePastedCode(s, state string) (string, error) {
	t := a.text().CLI
	if s == "" {
		return "", errors.New(t.NoCode)
	}
	if !strings.Contains(s, "code=") {
		return s, nil
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", errors.New(t.CannotReadAddress)
	}
	q := u.Query()
	if e := q.Get("error"); e != "" {
		return "", fmt.Errorf(t.AuthPageSaid, e)
	}
	if q.Get("state") != state {
		return "", errors.New(t.StateMismatch)
	}
	code := q.Get("code")
	if code == "" {
		return "", errors.New(t.NoCodeInAddress)
	}
	return code, nil
}

func logoutCommand() *command {
	return &command{
		name:    "logout",
		summary: "end the session on the server and forget it here",
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArguments, "logout")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			serverErr, err := a.profile().Logout(ctx)
			if err == session.ErrNoToken {
				fmt.Fprintln(a.Out, a.text().CLI.NotLoggedIn)
				return nil
			}
			if err != nil {
				return err
			}
			if serverErr != nil {
				fmt.Fprintf(a.Out, a.text().CLI.LoggedOutHere+"\n", oneLine(a.explainNetworkError(serverErr).Error()))
				return nil
			}
			fmt.Fprintln(a.Out, a.text().CLI.LoggedOut)
			return nil
		},
	}
}

func whoamiCommand() *command {
	var asJSON bool
	return &command{
		name:    "whoami",
		summary: "show the logged-in user",
		flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, "print JSON, for scripts")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArguments, "whoami")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			client, err := a.profile().LoggedInClient()
			if err != nil {
				return err
			}
			u, company, err := session.Whoami(ctx, client)
			if err != nil {
				return a.explainNetworkError(err)
			}
			if asJSON {
				enc := json.NewEncoder(a.Out)
				enc.SetIndent("", "  ")
				return enc.Encode(struct {
					ID       int64  `json:"id"`
					Name     string `json:"name"`
					Email    string `json:"email"`
					Employer string `json:"employer"`
				}{int64(u.ID), textsafe.Line(u.DisplayName()), textsafe.Line(string(u.Email)), company})
			}
			fmt.Fprintf(a.Out, "%s", u.DisplayName())
			if u.Email != "" {
				fmt.Fprintf(a.Out, " <%s>", u.Email)
			}
			if company != "" {
				fmt.Fprintf(a.Out, ", %s", company)
			}
			fmt.Fprintf(a.Out, a.text().CLI.UserID+"\n", u.ID)
			return nil
		},
	}
}
