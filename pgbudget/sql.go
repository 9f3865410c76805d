package pgbudget

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
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
//
// Profiles and machines are hashes: the table holds request times and
// holds only, nothing of an applicant or a recruiter.
const schemaVersion = "hrdesk request budget, schema 1"

var migrations = []string{
	`CREATE TABLE IF NOT EXISTS hrdesk_budget (
		host    text        NOT NULL,
		kind    text        NOT NULL CHECK (kind IN ('turn', 'hold', 'want')),
		at      timestamptz NOT NULL,
		profile text        NOT NULL DEFAULT '',
		machine text        NOT NULL DEFAULT '',
		urgent  boolean     NOT NULL DEFAULT false
	)`,
	`CREATE INDEX IF NOT EXISTS hrdesk_budget_window ON hrdesk_budget (host, kind, at)`,
	`CREATE UNIQUE INDEX IF NOT EXISTS hrdesk_budget_one ON hrdesk_budget (host, kind, profile) WHERE kind IN ('hold', 'want')`,
	`COMMENT ON TABLE hrdesk_budget IS '` + schemaVersion + `'`,
}

// migrate creates the table on first use. Processes starting together
// take turns under an advisory lock (CREATE … IF NOT EXISTS alone races
// on the catalog); one that finds the current schema's comment does
// nothing else.
func migrate(ctx context.Context, db querier) error {
	var comment *string
	err := db.QueryRow(ctx, `SELECT obj_description(to_regclass('hrdesk_budget'), 'pg_class')`).Scan(&comment)
	if err != nil {
		return err
	}
	if comment != nil && *comment == schemaVersion {
		return nil
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT pg_advisory_xact_lock(hashtextextended('hrdesk_budget migration', 0))`)
	for _, m := range migrations {
		b.Queue(m)
	}
	if err := db.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("creating the budget's table: %w", err)
	}
	return nil
}

// lockHost serialises every grant and hold of one service host across
// processes until the end of the (implicit) transaction of the batch it
// opens. The statements after it read the table afresh (READ COMMITTED
// takes a snapshot per statement), so the counts they judge by include
// every grant committed before, and no other grant of the host commits
// until theirs does.
const lockHost = `SELECT pg_advisory_xact_lock(hashtextextended('hrdesk_budget:' || $1, 0))`

// forget drops the rows that no longer count: turns out of the window,
// holds that ended, wants not renewed. $2 the window with its margin, $3
// wantTTL, both in seconds; $4 the time (NULL: the database's clock).
const forget = `WITH clock AS (SELECT coalesce($4::timestamptz, clock_timestamp()) AS now)
DELETE FROM hrdesk_budget USING clock
WHERE host = $1 AND (
	kind = 'turn' AND at <= clock.now - make_interval(secs => $2)
	OR kind = 'hold' AND at <= clock.now
	OR kind = 'want' AND at <= clock.now - make_interval(secs => $3))`

// take grants turns, in one statement after lockHost and forget:
//
//	$1 host, $2 window + margin (s), $3 limit, $4 the interactive
//	requests' profiles, $5 the background requests' profiles (round-robin
//	order), $6 machine, $7 the reserve kept for recruiters' actions when
//	none acted this window, $8 the most it grows to, $9 the smoothing
//	sub-window (s), $10 the most background turns in it, $11 wantTTL (s),
//	$12 the time (NULL: the database's clock, which every machine shares;
//	tests on a fake clock give theirs), $13 how much the reserve grows
//	per action (budget.Config.Reserve's rule).
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
	WHERE t.host = $1 AND t.kind = 'turn' AND t.at > clock.now - make_interval(secs => $2)),
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
	WHERE h.host = $1 AND h.kind = 'hold' AND h.at > clock.now),
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
// $2 seconds from now, or later if a hold already lasts longer.
const holdAll = `INSERT INTO hrdesk_budget (host, kind, at)
VALUES ($1, 'hold', coalesce($3::timestamptz, clock_timestamp()) + make_interval(secs => $2))
ON CONFLICT (host, kind, profile) WHERE kind IN ('hold', 'want')
DO UPDATE SET at = greatest(hrdesk_budget.at, excluded.at)`

// note adds turns a process let go on its own share while the database
// was away ($2: their times on the database's clock), so the window the
// processes judge by counts them once it is back.
const note = `INSERT INTO hrdesk_budget (host, kind, at, profile, machine)
SELECT $1, 'turn', t, '', $3 FROM unnest($2::timestamptz[]) AS t
WHERE t > coalesce($5::timestamptz, clock_timestamp()) - make_interval(secs => $4)`

// minute reads the window without taking anything: `hrdesk status` and
// the meter. $2 the window (s), $3 the time (NULL: the database's).
const minute = `
WITH clock AS (SELECT coalesce($3::timestamptz, clock_timestamp()) AS now),
turns AS (
	SELECT t.profile, t.machine, t.at FROM hrdesk_budget t, clock
	WHERE t.host = $1 AND t.kind = 'turn' AND t.at > clock.now - make_interval(secs => $2))
SELECT clock.now, count(turns.at), min(turns.at), max(turns.at),
	count(DISTINCT turns.profile), count(DISTINCT turns.machine),
	(SELECT max(h.at) FROM hrdesk_budget h WHERE h.host = $1 AND h.kind = 'hold' AND h.at > clock.now)
FROM clock LEFT JOIN turns ON true
GROUP BY clock.now`
