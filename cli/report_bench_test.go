package cli

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkReportByRecruiter runs `hrdesk --scope company report --by
// recruiter` over 100,000 cached resumes, the process whole (issue 30:
// ≤ 1 s): open the cache, the overview, the window's and the week
// before's cohorts, the table. The copied cache's 40 vacancies get five
// owners, as a company sync leaves them.
func BenchmarkReportByRecruiter(b *testing.B) {
	bin, dir := companyBench(b)
	for _, format := range []string{"table", "json"} {
		b.Run(format, func(b *testing.B) {
			args := []string{"--scope", "company", "report", "--by", "recruiter", "--since", "7d"}
			if format == "json" {
				args = append(args, "--json")
			}
			for b.Loop() {
				cmd := exec.Command(bin, args...)
				cmd.Env = hrdeskEnv(dir)
				out, err := cmd.CombinedOutput()
				if err != nil || !strings.Contains(string(out), "7005") {
					b.Fatalf("report: %v\n%s", err, out)
				}
			}
		})
	}
}

// companyBench builds hrdesk and copies the 100,000-resume benchmark
// cache, its 40 vacancies given five owners as a company sync leaves
// them (benchdata.CompanyVacancies).
func companyBench(b *testing.B) (bin, dir string) {
	bin = buildHrdesk(b)
	dir = benchDataDir(b, benchdata.CacheSize)
	st, err := store.Open(filepath.Join(dir, "cache.db"))
	if err != nil {
		b.Fatal(err)
	}
	if err := st.ReplaceCompanyVacancies(context.Background(), benchdata.CompanyVacancies()); err != nil {
		b.Fatal(err)
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	return bin, dir
}
