package benchdata

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
)

// Part is one table or index of a cache file as dbstat counts it.
type Part struct {
	Name, Table string
	Index       bool
	MiB         float64 // its pages
	UnusedMiB   float64 // of them, the bytes inside its pages that hold nothing
}

// Sizes is where a cache file's bytes go (issue 28 §7: the cache per
// 100,000 resumes).
type Sizes struct {
	FileMiB  float64
	PageSize int
	FreeMiB  float64 // pages on the free list
	Parts    []Part  // largest first
}

// Sum is the MiB of the parts keep says yes to, and of them unused.
func (s Sizes) Sum(keep func(Part) bool) (mib, unused float64) {
	for _, p := range s.Parts {
		if keep(p) {
			mib, unused = mib+p.MiB, unused+p.UnusedMiB
		}
	}
	return mib, unused
}

// ReadSizes reads the sizes of the cache file at path, read-only. The
// search index's shadow tables count as its table, entries_fts.
func ReadSizes(ctx context.Context, path string) (Sizes, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return Sizes{}, err
	}
	u := url.URL{Scheme: "file", Path: abs}
	db, err := sql.Open("sqlite", u.String()+"?mode=ro")
	if err != nil {
		return Sizes{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var s Sizes
	var pages, free int64
	for q, dst := range map[string]any{"PRAGMA page_size": &s.PageSize, "PRAGMA page_count": &pages, "PRAGMA freelist_count": &free} {
		if err := db.QueryRowContext(ctx, q).Scan(dst); err != nil {
			return Sizes{}, fmt.Errorf("%s: %w", q, err)
		}
	}
	s.FileMiB = mib(pages * int64(s.PageSize))
	s.FreeMiB = mib(free * int64(s.PageSize))
	rows, err := db.QueryContext(ctx, `SELECT d.name, coalesce(m.tbl_name, d.name), coalesce(m.type, 'table'), d.pgsize, d.unused
		FROM dbstat AS d LEFT JOIN sqlite_schema AS m ON m.name = d.name WHERE d.aggregate = TRUE`)
	if err != nil {
		return Sizes{}, fmt.Errorf("dbstat: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Part
		var kind string
		var size, unused int64
		if err := rows.Scan(&p.Name, &p.Table, &kind, &size, &unused); err != nil {
			return Sizes{}, err
		}
		p.Index, p.MiB, p.UnusedMiB = kind == "index", mib(size), mib(unused)
		if strings.HasPrefix(p.Table, "entries_fts_") {
			p.Table = "entries_fts"
		}
		s.Parts = append(s.Parts, p)
	}
	if err := rows.Err(); err != nil {
		return Sizes{}, err
	}
	sort.Slice(s.Parts, func(i, j int) bool { return s.Parts[i].MiB > s.Parts[j].MiB })
	return s, nil
}

// String is the sizes as a table: file, free pages, then each part.
func (s Sizes) String() string {
	var b strings.Builder
	_, unused := s.Sum(func(Part) bool { return true })
	fmt.Fprintf(&b, "file %.1f MiB, page size %d, free pages %.1f MiB, unused inside pages %.1f MiB\n",
		s.FileMiB, s.PageSize, s.FreeMiB, unused)
	for _, p := range s.Parts {
		kind := "table"
		if p.Index {
			kind = "index on " + p.Table
		}
		fmt.Fprintf(&b, "%8.1f MiB %7.1f unused  %s (%s)\n", p.MiB, p.UnusedMiB, p.Name, kind)
	}
	return b.String()
}

func mib(bytes int64) float64 { return float64(bytes) / (1 << 20) }
