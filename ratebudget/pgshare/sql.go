package pgshare

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The budget's one table. Every row belongs to one service host (the key
// every process computes alike from its base URL) and is one of:
//
//	turn  a request let go at `at` (the database's clock), for profile,
//	      from machine; urgent for a recruiter's own action. Kept one
//	      window (plus the margin), then deleted.
//	hold  the service asked everyone to wait until `at` (a 429/503's
//	      Retry-After); one per host.
//	want  profile asked for a background turn at `at` and got none: it
//	      is starving, and profiles that spent more this window wait for
//	      it. Forgotten after wantTTL.
//	limit a process learned from a 429 at `at` that the service allows
//	      no more than profile (a number, in the text column: schema 2
//	      adds no column) a window; every process applies the strictest
//	      still in force (ratebudget.LearnSource). Kept until any limit has
//	      risen back (ratebudget.Config.LearnedFor).
//
// Profiles and machines are hashes: the table holds request times and
// holds only, nothing of an applicant or a recruiter.
//
// The table's comment names its schema's version, a number compared by
// order: a binary finds an older table and brings it up (under the
// migration lock, checking again there), and refuses a newer one — made
// by a newer hrdesk — rather than "migrate" it back; it then runs on its
// fallback share and says why. A newer schema that older binaries may
// still use says so: "schema 2, usable by schema 1". Binaries of schema 1
// read only the number that ends the comment, so they go on using the
// table (they ignore limit rows); this one refuses a table only when the
// number after "usable by" is newer than it.
const (
	schemaVersion = 2
	// schemaUsableBy is the oldest schema whose binaries may use this
	// one: schema 2 only adds a kind of row schema 1 never reads.
	schemaUsableBy = 1
	schemaComment  = "hrdesk request budget, schema "
)

var kinds = `kind IN ('turn', 'hold', 'want', 'limit')`

var migrations = []string{
	`CREATE TABLE IF NOT EXISTS hrdesk_budget (
		host    text        NOT NULL,
		kind    text        NOT NULL CONSTRAINT hrdesk_budget_kind_check CHECK (` + kinds + `),
		at      timestamptz NOT NULL,
		profile text        NOT NULL DEFAULT '',
		machine text        NOT NULL DEFAULT '',
		urgent  boolean     NOT NULL DEFAULT false
	)`,
	`CREATE INDEX IF NOT EXISTS hrdesk_budget_window ON hrdesk_budget (host, kind, at)`,
	`CREATE UNIQUE INDEX IF NOT EXISTS hrdesk_budget_one ON hrdesk_budget (host, kind, profile) WHERE kind IN ('hold', 'want')`,
	// Schema 2: limit rows (a schema 1 table's check names three kinds).
	`ALTER TABLE hrdesk_budget DROP CONSTRAINT IF EXISTS hrdesk_budget_kind_check,
		ADD CONSTRAINT hrdesk_budget_kind_check CHECK (` + kinds + `)`,
	`COMMENT ON TABLE hrdesk_budget IS '` + schemaComment + strconv.Itoa(schemaVersion) +
		`, usable by schema ` + strconv.Itoa(schemaUsableBy) + `'`,
}

// The comment's version (its first "schema N") and the oldest schema that
// may use the table ("usable by schema N" at its end; else the version).
const (
	versionOf  = `coalesce(substring(%[1]s FROM 'schema ([0-9]{1,9})')::int, 0)`
	usableByOf = `coalesce(substring(%[1]s FROM 'usable by schema ([0-9]{1,9})$')::int, substring(%[1]s FROM 'schema ([0-9]{1,9})')::int, 0)`
	commentOf  = `obj_description(to_regclass('hrdesk_budget'), 'pg_class')`
)

// readSchema is whether the table exists, the version its comment names
// (0 for none), the oldest schema that may use it, and whether this user
// may create it in the current schema.
var readSchema = `SELECT to_regclass('hrdesk_budget') IS NOT NULL, ` + fmt.Sprintf(versionOf, commentOf) + `, ` +
	fmt.Sprintf(usableByOf, commentOf) + `,
	coalesce(has_schema_privilege(current_schema(), 'CREATE'), false)`

// newerGuard stops a migration, inside its lock, when the table is newer
// than this binary may use (HRD01), or already as new as this binary's
// (HRD02: another process brought it up since readSchema; bringing it
// "up" again would set a newer comment back).
var newerGuard = fmt.Sprintf(`DO $$ BEGIN
	IF %[2]s > %[1]d THEN
		RAISE EXCEPTION 'hrdesk_budget is newer than schema %[1]d' USING ERRCODE = 'HRD01';
	ELSIF %[3]s >= %[1]d THEN
		RAISE EXCEPTION 'hrdesk_budget is up to date' USING ERRCODE = 'HRD02';
	END IF; END $$`, schemaVersion, fmt.Sprintf(usableByOf, commentOf), fmt.Sprintf(versionOf, commentOf))

// migrate creates the table on first use, or brings an older one up.
// Processes starting together take turns under an advisory lock (CREATE …
// IF NOT EXISTS alone races on the catalog); one that finds the current
// schema does nothing else. A newer table, or a missing one this user may
// not create, is an *UnusableError saying so. A schema 1 table this user
// may use but not alter (another user owns it) is used as it is: limits
// is then false, and learned limits stay each process's own.
func migrate(ctx context.Context, db querier) (limits bool, err error) {
	var (
		exists, mayCreate bool
		version, usableBy int
	)
	if err := db.QueryRow(ctx, readSchema).Scan(&exists, &version, &usableBy, &mayCreate); err != nil {
		return false, err
	}
	if err := usable(exists, usableBy, mayCreate); err != nil {
		return false, err
	}
	if exists && version >= schemaVersion {
		return true, nil
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT pg_advisory_xact_lock(hashtextextended('hrdesk_budget migration', 0))`)
	b.Queue(newerGuard)
	for _, m := range migrations {
		b.Queue(m)
	}
	if err := db.SendBatch(ctx, b).Close(); err != nil {
		var pe *pgconn.PgError
		switch {
		case errors.As(err, &pe) && pe.Code == "HRD02":
			return true, nil
		case errors.As(err, &pe) && pe.Code == "HRD01":
			return false, newerTable()
		case errors.As(err, &pe) && pe.Code == "42501" && exists && version >= schemaUsableBy:
			return false, nil // insufficient_privilege: not the owner of a table it may use
		case errors.As(err, &pe) && pe.Code == "42501":
			return false, &UnusableError{Reason: "the database user may not create or update the budget's table (" + pe.Message +
				"); its owner can run hrdesk once, or grant CREATE on the schema"}
		}
		return false, fmt.Errorf("creating the budget's table: %w", err)
	}
	return true, nil
}

// usable judges what readSchema found: nil when the table may be used (or
// made).
func usable(exists bool, usableBy int, mayCreate bool) error {
	switch {
	case exists && usableBy > schemaVersion:
		return newerTable()
	case !exists && !mayCreate:
		return &UnusableError{Reason: "the budget's table hrdesk_budget does not exist and the database user may not create it " +
			"(no CREATE right on the schema); its owner can run hrdesk once, or grant CREATE"}
	}
	return nil
}

func newerTable() error {
	return &UnusableError{Reason: fmt.Sprintf("the budget's table was made by a newer hrdesk (a schema after %d); "+
		"this one leaves it as it is: upgrade hrdesk on this machine", schemaVersion)}
}

// UnusableError says why a database that answers cannot hold the budget:
// the table is missing and may not be made, or is newer than this binary.
type UnusableError struct{ Reason string }

func (e *UnusableError) Error() string { return e.Reason }

// MaxHold is the furthest ahead a hold may reach; one beyond it is
// impossible, ignored and dropped. The service's limit is counted per
// minute (section 8 of the contract: 120 requests a minute per address),
// so its 429s clear within a minute; 10 minutes leaves room for a 503's
// Retry-After during maintenance and is the most apiclient honours of any
// Retry-After (maxRetryAfter). A further one is a hostile or broken row,
// and it would stop every hrdesk of the office.
const MaxHold = 10 * time.Minute

// MaxAhead is the clock skew allowed between a turn's date and the
// database's clock. Turns are dated by the database itself (or, noted
// after a fallback, by this machine's clock moved onto the database's),
// so a few seconds covers the measurement; a turn dated further ahead is
// impossible, ignored and dropped (120 of them would fill the window for
// as long as they are ahead).
const MaxAhead = 5 * time.Second

// lockHost serialises every grant and hold of one service host across
// processes until the end of the (implicit) transaction of the batch it
// opens. The statements after it read the table afresh (READ COMMITTED
// takes a snapshot per statement), so the counts they judge by include
// every grant committed before, and no other grant of the host commits
// until theirs does.
const lockHost = `SELECT pg_advisory_xact_lock(hashtextextended('hrdesk_budget:' || $1, 0))`

// forget drops the rows that no longer count, of every host (a host no
// longer used must not leave its rows forever): turns out of the window,
// holds that ended, wants not renewed, limits risen back; and the
// impossible ones, which would stop every process of the office: a hold
// further ahead than the service may ask (MaxHold), a row dated ahead of
// the clock by more than MaxAhead, a learned limit of the host that is no
// number from an eighth of the configured limit to the limit. It counts
// the impossible ones it dropped, and the latest date among those dated
// ahead, for the log.
//
// $1 host, $2 its window with the margin, $3 wantTTL, $4 how long another
// host's turns and limits are kept (its window is not known here), $5
// MaxHold, $6 MaxAhead, all in seconds; $7 the time (NULL: the database's
// clock); $8 how long the host's limits are kept (s), $9 and $10 the
// least and most limit possible.
// Rows another transaction holds (another host's ask) are left for the
// next: SKIP LOCKED, so two hosts' asks never wait on, or deadlock with,
// each other. At most 500 go per ask, so a table filled with rows (a
// million dated tomorrow) is emptied over a few asks that each end within
// Patience, instead of by one that never does; take ignores the
// impossible ones meanwhile.
const forget = `WITH clock AS (SELECT coalesce($7::timestamptz, clock_timestamp()) AS now),
gone AS (
	DELETE FROM hrdesk_budget d USING clock
	WHERE d.ctid IN (
		SELECT x.ctid FROM hrdesk_budget x, clock c
		WHERE x.kind = 'turn' AND x.at <= c.now - make_interval(secs => CASE WHEN x.host = $1 THEN $2::float8 ELSE $4::float8 END)
			OR x.kind = 'hold' AND (x.at <= c.now OR x.at > c.now + make_interval(secs => $5))
			OR x.kind = 'want' AND x.at <= c.now - make_interval(secs => $3)
			OR x.kind = 'limit' AND x.at <= c.now - make_interval(secs => CASE WHEN x.host = $1 THEN $8::float8 ELSE $4::float8 END)
			OR x.kind = 'limit' AND x.host = $1 AND ` + limitValue + ` NOT BETWEEN $9::int AND $10::int
			OR x.kind <> 'hold' AND x.at > c.now + make_interval(secs => $6)
		LIMIT 500 FOR UPDATE OF x SKIP LOCKED)
	RETURNING d.kind, d.at, clock.now, d.kind = 'limit' AND d.at > clock.now - make_interval(secs => $8) AS bad_limit)
SELECT count(*) FILTER (WHERE kind = 'hold' AND at > now), count(*) FILTER (WHERE kind NOT IN ('hold', 'limit') AND at > now),
	count(*) FILTER (WHERE bad_limit), max(at) FILTER (WHERE at > now)
FROM gone`

// limitValue is a limit row's number, 0 (impossible) when its text is
// none: the CASE keeps the cast from failing on a hostile row.
const limitValue = `(CASE WHEN x.profile ~ '^[0-9]{1,9}$' THEN x.profile::int ELSE 0 END)`

// limits reads the learned limits of the host that may be in force, for
// every process to apply (ratebudget.LearnSource): for each possible number,
// when it was last learned. $1 host, $2 the time (NULL: the database's),
// $3 how long limits are kept, $4 MaxAhead (s), $5 and $6 the least and
// most limit possible. Also the clock, to put the times on this machine's.
const limits = `WITH clock AS (SELECT coalesce($2::timestamptz, clock_timestamp()) AS now),
l AS (
	SELECT ` + limitValue + ` AS n, max(x.at) AS at FROM hrdesk_budget x, clock
	WHERE x.host = $1 AND x.kind = 'limit' AND x.at > clock.now - make_interval(secs => $3)
		AND x.at <= clock.now + make_interval(secs => $4)
	GROUP BY 1)
SELECT coalesce((SELECT array_agg(n ORDER BY n) FROM l WHERE n BETWEEN $5::int AND $6::int), '{}'::int[]),
	coalesce((SELECT array_agg(at ORDER BY n) FROM l WHERE n BETWEEN $5::int AND $6::int), '{}'::timestamptz[]),
	clock.now
FROM clock`

// learn notes a limit learned at $2 (the database's clock) for the host.
const learn = `INSERT INTO hrdesk_budget (host, kind, at, profile, machine) VALUES ($1, 'limit', $2, $3, $4)`

// take grants turns, in one statement after lockHost and forget:
//
//	$1 host, $2 window + margin (s), $3 limit, $4 the interactive
//	requests' profiles, $5 the background requests' profiles (round-robin
//	order), $6 machine, $7 the reserve kept for recruiters' actions when
//	none acted this window, $8 the most it grows to, $9 the smoothing
//	sub-window (s), $10 the most background turns in it, $11 wantTTL (s),
//	$12 the time (NULL: the database's clock, which every machine shares;
//	tests on a fake clock give theirs), $13 how much the reserve grows
//	per action (ratebudget.Config.Reserve's rule), $14 MaxHold and $15
//	MaxAhead (s): rows past them are impossible and count for nothing
//	(forget has dropped them; a row written since is ignored).
//
// Interactive requests take any room left in the window. Background ones
// leave the reserve free — which grows by $13 for every recruiter's
// action in the window, up to $8 — keep under $10 per sub-window, so a
// minute's budget is not spent in its first second, and go least-spent
// profile first: a profile that spent more this window than a starving
// one (a want row) waits. Refused background profiles are noted starving.
//
// Nothing is granted while a hold lasts.
const take = `
WITH clock AS (SELECT coalesce($12::timestamptz, clock_timestamp()) AS now),
turns AS (
	SELECT t.profile, t.machine, t.at, t.urgent FROM hrdesk_budget t, clock
	WHERE t.host = $1 AND t.kind = 'turn' AND t.at > clock.now - make_interval(secs => $2)
		AND t.at <= clock.now + make_interval(secs => $15)),
state AS (
	SELECT count(*) AS used,
		count(*) FILTER (WHERE urgent) AS urgent_used,
		count(*) FILTER (WHERE at > (SELECT now FROM clock) - make_interval(secs => $9)) AS recent,
		min(at) AS oldest,
		count(DISTINCT profile) AS profiles,
		count(DISTINCT machine) AS machines
	FROM turns),
hold AS (
	SELECT max(h.at) AS until FROM hrdesk_budget h, clock
	WHERE h.host = $1 AND h.kind = 'hold' AND h.at > clock.now AND h.at <= clock.now + make_interval(secs => $14)),
ig AS (
	SELECT i.p FROM unnest($4::text[]) WITH ORDINALITY AS i(p, ord), state, hold
	WHERE hold.until IS NULL AND i.ord <= $3 - state.used),
spent AS (SELECT profile, count(*) AS n FROM turns GROUP BY profile),
floor AS (
	SELECT min(coalesce(spent.n, 0)) AS n
	FROM hrdesk_budget w LEFT JOIN spent USING (profile), clock
	WHERE w.host = $1 AND w.kind = 'want' AND w.at > clock.now - make_interval(secs => $11)),
bc AS (
	SELECT b.p, row_number() OVER (ORDER BY coalesce(spent.n, 0), b.ord) AS r
	FROM unnest($5::text[]) WITH ORDINALITY AS b(p, ord)
	LEFT JOIN spent ON spent.profile = b.p, floor
	WHERE floor.n IS NULL OR coalesce(spent.n, 0) <= floor.n),
room AS (
	SELECT greatest(0, least(
		$3 - least($8, $7 + $13::int * state.urgent_used) - state.used - (SELECT count(*) FROM ig),
		$10 - state.recent)) AS n
	FROM state),
bg AS (SELECT bc.p FROM bc, room, hold WHERE hold.until IS NULL AND bc.r <= room.n),
granted AS (
	INSERT INTO hrdesk_budget (host, kind, at, profile, machine, urgent)
	SELECT $1, 'turn', clock.now, g.p, $6, g.urgent
	FROM clock, (SELECT p, true AS urgent FROM ig UNION ALL SELECT p, false FROM bg) g
	RETURNING 1),
starving AS (
	INSERT INTO hrdesk_budget (host, kind, at, profile, machine)
	SELECT DISTINCT $1, 'want', clock.now, b.p, $6
	FROM unnest($5::text[]) AS b(p), clock
	WHERE b.p NOT IN (SELECT p FROM bg)
	ON CONFLICT (host, kind, profile) WHERE kind IN ('hold', 'want') DO UPDATE SET at = excluded.at
	RETURNING 1)
SELECT (SELECT count(*) FROM ig), coalesce((SELECT array_agg(p) FROM bg), '{}'::text[]),
	clock.now, state.used, state.oldest, hold.until, state.profiles, state.machines,
	(SELECT count(*) FROM granted), (SELECT count(*) FROM starving)
FROM clock, state, hold`

// holdAll notes a 429/503's Retry-After for every process of the host:
// $2 seconds from now, or later if a hold already lasts longer — unless
// that one is impossible (further than $4, MaxHold, seconds ahead), which
// the new one replaces.
const holdAll = `INSERT INTO hrdesk_budget (host, kind, at)
VALUES ($1, 'hold', coalesce($3::timestamptz, clock_timestamp()) + make_interval(secs => $2))
ON CONFLICT (host, kind, profile) WHERE kind IN ('hold', 'want')
DO UPDATE SET at = CASE
	WHEN hrdesk_budget.at > coalesce($3::timestamptz, clock_timestamp()) + make_interval(secs => $4) THEN excluded.at
	ELSE greatest(hrdesk_budget.at, excluded.at) END`

// note adds turns a process let go on its own share while the database
// was away ($2: their times on the database's clock), so the window the
// processes judge by counts them once it is back.
const note = `INSERT INTO hrdesk_budget (host, kind, at, profile, machine)
SELECT $1, 'turn', t, '', $3 FROM unnest($2::timestamptz[]) AS t
WHERE t > coalesce($5::timestamptz, clock_timestamp()) - make_interval(secs => $4)`

// minute reads the window without taking anything: `hrdesk status` and
// the meter. $2 the window (s), $3 the time (NULL: the database's), $4
// MaxHold, $5 MaxAhead (s). Impossible rows count for nothing; the last
// column says how many there are (the next ask drops them).
const minute = `
WITH clock AS (SELECT coalesce($3::timestamptz, clock_timestamp()) AS now),
turns AS (
	SELECT t.profile, t.machine, t.at FROM hrdesk_budget t, clock
	WHERE t.host = $1 AND t.kind = 'turn' AND t.at > clock.now - make_interval(secs => $2)
		AND t.at <= clock.now + make_interval(secs => $5))
SELECT clock.now, count(turns.at), min(turns.at), max(turns.at),
	count(DISTINCT turns.profile), count(DISTINCT turns.machine),
	(SELECT max(h.at) FROM hrdesk_budget h WHERE h.host = $1 AND h.kind = 'hold' AND h.at > clock.now
		AND h.at <= clock.now + make_interval(secs => $4)),
	(SELECT count(*) FROM hrdesk_budget i WHERE i.host = $1 AND (
		i.kind = 'hold' AND i.at > clock.now + make_interval(secs => $4)
		OR i.kind <> 'hold' AND i.at > clock.now + make_interval(secs => $5)))
FROM clock LEFT JOIN turns ON true
GROUP BY clock.now`
