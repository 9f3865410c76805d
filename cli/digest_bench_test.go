package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkDigest runs `hrdesk --scope company digest` over 100,000
// cached resumes, the process whole as cron runs it (issue 30: ≤ 1 s):
// open the cache, the overview, the limits per stage ([sla] set), the
// oldest past them with their links, the period and the last week's
// cohorts against the week before, the owners, the page, over
// companyBench's cache (five owners). 1d is cron's period; 14d holds the
// benchmark cache's last responses (benchdata's clock stopped at
// 2026-11-20), so the period's cohort is not empty.
func BenchmarkDigest(b *testing.B) {
	bin, dir := companyBench(b)
	cfg := filepath.Join(dir, "digest.toml")
	if err := os.WriteFile(cfg, []byte("[sla]\ninbox = \"2d\"\nconsidered = \"7d\"\ninvited = \"5d\"\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	for _, run := range []struct{ name, since, format string }{
		{"1d-text", "1d", "text"}, {"14d-text", "14d", "text"}, {"14d-html", "14d", "html"},
	} {
		b.Run(run.name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(bin, "--scope", "company", "digest", "--since", run.since, "--format", run.format)
				cmd.Env = append(hrdeskEnv(dir), "HRDESK_CONFIG="+cfg)
				out, err := cmd.CombinedOutput()
				if err != nil || !strings.Contains(string(out), "Рекрутер") {
					b.Fatalf("digest: %v\n%s", err, out)
				}
			}
		})
	}
}
