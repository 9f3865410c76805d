// Command cachesize prints where a cache file's bytes go (dbstat: every
// table and index, the bytes unused inside their pages, the free pages),
// and with -try what the same file would weigh written anew (VACUUM INTO)
// at each of the page sizes given, the input left as it is:
//
//	go run ./internal/testkit/benchdata/cachesize /tmp/hrdesk-bench-100000-g2-s15.db
//	go run ./internal/testkit/benchdata/cachesize -try 4096,8192,16384 /tmp/hrdesk-bench-100000-g2-s14.db
//	go run ./internal/testkit/benchdata/cachesize -build 20000 /tmp/fresh.db
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hrdesk/internal/testkit/benchdata"
)

func main() {
	try := flag.String("try", "", "page sizes to write the file anew at, comma-separated (into a temp dir)")
	build := flag.Int("build", 0, "first build a cache of this many generated resumes at the path (which must not exist)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: cachesize [-try 4096,16384] CACHE-FILE")
		os.Exit(2)
	}
	ctx := context.Background()
	path := flag.Arg(0)
	if *build > 0 {
		start := time.Now()
		if err := benchdata.Build(ctx, path, *build); err != nil {
			fail(err)
		}
		fmt.Printf("built %d resumes in %v\n", *build, time.Since(start).Round(time.Second))
	}
	if err := show(ctx, path); err != nil {
		fail(err)
	}
	if *try == "" {
		return
	}
	dir, err := os.MkdirTemp("", "cachesize-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	for _, field := range strings.Split(*try, ",") {
		size, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil {
			fail(err)
		}
		out := filepath.Join(dir, fmt.Sprintf("page-%d.db", size))
		start := time.Now()
		if err := vacuumInto(ctx, path, out, size); err != nil {
			fail(err)
		}
		fmt.Printf("\nwritten anew at page size %d in %v:\n", size, time.Since(start).Round(time.Millisecond))
		if err := show(ctx, out); err != nil {
			fail(err)
		}
		os.Remove(out)
	}
}

func show(ctx context.Context, path string) error {
	s, err := benchdata.ReadSizes(ctx, path)
	if err != nil {
		return err
	}
	fmt.Print(s)
	return nil
}

// vacuumInto writes the file at path anew into out with the page size:
// VACUUM INTO takes the size PRAGMA page_size names, WAL or not.
func vacuumInto(ctx context.Context, path, out string, pageSize int) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	u := url.URL{Scheme: "file", Path: abs}
	db, err := sql.Open("sqlite", u.String()+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA page_size = %d", pageSize)); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "VACUUM INTO ?", out)
	return err
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "cachesize:", err)
	os.Exit(1)
}
