// Command opentime opens a cache file as the workstation does (running any
// upgrade it needs) and prints how long Open took and the file's size
// before and after: the figure for upgrading an older cache in README.
//
//	cp /tmp/hrdesk-bench-100000-g1-s2.db /tmp/old.db   # built by an older hrdesk's BenchmarkCacheSize
//	go run ./internal/testkit/benchdata/opentime /tmp/old.db
package main

import (
	"fmt"
	"os"
	"time"

	"hrdesk/store"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: opentime CACHE-FILE")
		os.Exit(2)
	}
	path := os.Args[1]
	before := size(path)
	start := time.Now()
	st, err := store.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "opentime:", err)
		os.Exit(1)
	}
	took := time.Since(start)
	if err := st.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "opentime:", err)
		os.Exit(1)
	}
	fmt.Printf("Open: %v; %.1f MiB before, %.1f MiB after (schema %d)\n", took.Round(time.Millisecond), before, size(path), store.SchemaVersion)
}

func size(path string) float64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return float64(fi.Size()) / (1 << 20)
}
