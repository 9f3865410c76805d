#!/bin/sh
# The figures of docs/ARCHITECTURE.md's "Figures" (issue 29's "Done when"),
# counted on the tree this is run in: `make figures` (or `sh docs/figures.sh`
# from the repository's root). Each figure is one pipeline, printed before
# its number so a reviewer can run it alone. Production files only: no
# _test.go file counts. Nothing is built; `go list` reads the imports.
#
# SCREEN_COMMIT is the commit that added a screen, whose ui/ files are
# counted (default: the overview's, 9c2dd31; after the screen table, the
# commit that puts a screen on it).
set -eu
SCREEN_COMMIT=${SCREEN_COMMIT:-9c2dd31}
cd "$(dirname "$0")/.."

# prod lists a folder's production Go files.
prod() { ls "$1"/*.go | grep -v '_test\.go$'; }

# The root model's struct, comments dropped, one field declaration a line.
model() { awk '/^type Model struct/,/^}/' $(prod ui) | sed 's,//.*,,' | grep -E '^\s+[a-zA-Z_]'; }

say() { printf '%-44s %s\n' "$1" "$2"; }

# 1. Fields of ui.Model: names declared in its struct (`a, b int` is two).
fields=$(model | sed -E 's/^\s+([a-zA-Z_][a-zA-Z0-9_]*(, *[a-zA-Z_][a-zA-Z0-9_]*)*).*/\1/' | tr ',' '\n' | grep -c .)
say "root fields (ui.Model)" "$fields ($(model | grep -c .) declarations)"

# 2. own(): the root's own message handling, its lines and complexity
# (gocyclo's rule: 1 + each if, for, case, && and ||).
own() { awk '/^func \(m \*Model\) own\(/,/^}/' $(prod ui); }
say "own() lines" "$(own | wc -l | tr -d ' ')"
say "own() complexity" "$(( 1 + $(own | sed 's,//.*,,' | grep -oE '\b(if|for|case)\b|&&|\|\|' | wc -l) ))"

# 3. Methods the root calls on concrete panes: the fields of ui.Model that
# are a views package's *Model, and the calls m.<field>.<Method>( in ui/.
panes=$(model | grep -E '\*[a-z]+\.Model\b' | awk '{print $1}' | paste -sd'|' -)
calls() { grep -ohE "m\.($panes)\.[A-Z][A-Za-z0-9]*\(" $(prod ui); }
say "methods called on concrete panes" "$(calls | sort -u | wc -l | tr -d ' ') distinct, $(calls | wc -l | tr -d ' ') call sites"
say "  of them the status bar's" "$(calls | grep '^m\.status\.' | sort -u | wc -l | tr -d ' ') distinct, $(calls | grep -c '^m\.status\.') call sites"

# 4. ui/ files (no tests, no goldens) the commit adding a screen touched.
say "ui files touched to add a screen ($SCREEN_COMMIT)" \
	"$(git show --name-only --format= "$SCREEN_COMMIT" -- ui | grep -E '\.go$' | grep -vc '_test\.go$')"

# 5. Calls written twice: API calls (methods of apiclient.Client) that
# both the command line (cli/) and the session (session/) make themselves,
# on a client variable (c, client); the names are listed.
api=$(grep -hoE '^func \(c \*Client\) [A-Z][A-Za-z0-9]*' apiclient/*.go | awk '{print $4}' | sort -u | paste -sd'|' -)
made() { grep -ohE "\b(c|client)\.($api)\(" $(prod "$1") | sed -E 's/^[a-z]+\.//; s/\($//' | sort -u; }
twice=$(made cli > /tmp/figures.cli.$$; made session | comm -12 /tmp/figures.cli.$$ -; rm -f /tmp/figures.cli.$$)
say "calls written twice (cli and session)" "$(printf '%s' "$twice" | grep -c . || true) $(printf '%s' "$twice" | paste -sd' ' -)"
say "  vacancies apply's batch resend in cli" "$(grep -lE '\.(CreateVacancies|UpdateVacancies)\b' $(prod cli) | wc -l | tr -d ' ') file(s)"

# 6. Imports that run back up the house: a production package importing
# one on a higher floor. Floors, bottom up (the architecture table's
# layers; internal/ holds only the file helpers, which import nothing of
# ours, the test kits being apart in internal/testkit/):
#   0 leaves: textsafe apiclient fakeapi keymap theme i18n ratebudget hostexec sshserve spark
#     internal/filelock internal/privatefile internal/tomlfile
#   1 config problem store session/feed ratebudget/pgshare
#   2 query ratebudget/record tokenfile ownactions
#   3 syncer   4 session   5 views/...   6 ui   7 cli, main
#   8 test kits: internal/testkit/..., ratebudget/budgetsim
floor() {
	case "$1" in
	hrdesk) echo 7 ;;
	hrdesk/cli) echo 7 ;;
	hrdesk/ui) echo 6 ;;
	hrdesk/views/*) echo 5 ;;
	hrdesk/session) echo 4 ;;
	hrdesk/syncer) echo 3 ;;
	hrdesk/query|hrdesk/ratebudget/record|hrdesk/tokenfile|hrdesk/ownactions) echo 2 ;;
	hrdesk/internal/testkit/*|hrdesk/ratebudget/budgetsim) echo 8 ;;
	hrdesk/config|hrdesk/problem|hrdesk/store|hrdesk/session/feed|hrdesk/ratebudget/pgshare) echo 1 ;;
	*) echo 0 ;;
	esac
}
up=$(go list -f '{{.ImportPath}}{{range .Imports}} {{.}}{{end}}' ./... | while read -r pkg deps; do
	f=$(floor "$pkg")
	[ "$f" = 8 ] && continue # a test kit may import anything
	for d in $deps; do
		case "$d" in hrdesk/*) [ "$(floor "$d")" -gt "$f" ] && echo "${pkg#hrdesk/}→${d#hrdesk/}" ;; esac
	done
done)
say "imports that run back up" "$(printf '%s' "$up" | grep -c . || true) $(printf '%s' "$up" | paste -sd' ' -)"

# 7. The project's packages cli imports (production files).
say "project packages cli imports" "$(go list -f '{{join .Imports "\n"}}' ./cli | grep -c '^hrdesk/')"

# And the two the issue's text names besides.
say "lines of ui/ (no tests)" "$(cat $(prod ui) | wc -l | tr -d ' ')"
say "session imports bubbletea" "$(go list -deps ./session | grep -c 'bubbletea' || true)"
