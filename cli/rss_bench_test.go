package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkBrowseRSS starts the workstation on a 120×40 pseudo-terminal over
// 100,000 cached resumes, browses as a recruiter does — G (the inbox's last
// row), a filter (Тар), the first match's resume — and reports the memory
// the process holds resident then, as top shows it (issue 22 §4: ≤ 150 MB
// a session): the peak (VmHWM), and of the resident memory now the cache
// file's mapped pages (RssFile) and the rest (RssAnon). Mapped pages are
// page cache the kernel may drop, but they count per process.
func BenchmarkBrowseRSS(b *testing.B) {
	bin := buildHrdesk(b)
	dir := benchDataDir(b, benchdata.CacheSize)
	var first, last, match string
	func() {
		st, err := store.OpenWith(filepath.Join(dir, "cache.db"), store.Options{ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		view := store.Scoped(st, store.ScopeMine) // the configuration's default
		ctx := context.Background()
		name := func(q store.ListQuery) string {
			q.Folder, q.Limit = store.FolderInbox, 1
			rows, err := view.ListEntries(ctx, q)
			if err != nil || len(rows) == 0 {
				b.Fatal(err)
			}
			return strings.TrimSpace(rows[0].LastName + " " + rows[0].FirstName + " " + rows[0].MiddleName)
		}
		first, last, match = name(store.ListQuery{}), name(store.ListQuery{Ascending: true}), name(store.ListQuery{Search: "Тар"})
	}()
	var peak, file, anon []float64
	for b.Loop() {
		p := startOnPty(b, bin, hrdeskEnv(dir), first)
		select {
		case <-p.shown:
		case <-time.After(20 * time.Second):
			p.stop()
			b.Fatalf("the list never appeared; the screen:\n%s", p.screen())
		}
		step := func(keys, want string) {
			ok := make(chan struct{})
			p.mu.Lock()
			p.watch = func(screen string) {
				if strings.Contains(screen, want) {
					p.watch = nil
					close(ok)
				}
			}
			io.WriteString(p.master, keys)
			p.mu.Unlock()
			select {
			case <-ok:
			case <-time.After(30 * time.Second):
				p.stop()
				b.Fatalf("after %q, %q never appeared; the screen:\n%s", keys, want, p.screen())
			}
		}
		step("G", last)
		step("/", "filter: ")
		step("Тар", "280 matches")
		step("\r", match) // the resume pane's heading (the list cuts the name short)
		b.StopTimer()
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
		if err != nil {
			b.Skipf("no /proc here: %v", err)
		}
		peak = append(peak, statusMiB(b, status, "VmHWM"))
		file = append(file, statusMiB(b, status, "RssFile"))
		anon = append(anon, statusMiB(b, status, "RssAnon"))
		p.stop()
		b.StartTimer()
	}
	b.ReportMetric(slicesMax(peak), "peak-RSS-MiB")
	b.ReportMetric(slicesMax(file), "file-RSS-MiB")
	b.ReportMetric(slicesMax(anon), "anon-RSS-MiB")
}

// statusMiB reads a "Name:   123 kB" line of /proc/PID/status in MiB.
func statusMiB(b *testing.B, status []byte, name string) float64 {
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, name+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			if err != nil {
				b.Fatalf("%s: %q", name, line)
			}
			return kb / 1024
		}
	}
	b.Fatalf("no %s in /proc/PID/status", name)
	return 0
}

func slicesMax(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
