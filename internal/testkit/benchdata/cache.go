package benchdata

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hrdesk/store"
)

// CacheSize is the number of resumes of the benchmark cache the README's
// figures are measured on.
const CacheSize = 100_000

// Version changes whenever the generator or the fixture changes what they
// make, so a cache built from older data is never measured again.
const Version = 2

// CachePath is where the n-resume cache of this generator and this schema
// is kept between runs.
func CachePath(n int) string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("hrdesk-bench-%d-g%d-s%d.db", n, Version, store.SchemaVersion))
}

// Cache returns the path of the n-resume cache, building it when absent
// (100,000 resumes take about a minute on two cores). Benchmarks must not
// write to it; copy it first (CopyCache).
func Cache(tb testing.TB, n int) string {
	tb.Helper()
	path := CachePath(n)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	start := time.Now()
	// Two test binaries may build at once; each builds its own file and
	// the rename makes one of them the cache.
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".building-*")
	if err != nil {
		tb.Fatal(err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if err := Build(context.Background(), tmp.Name(), n); err != nil {
		tb.Fatalf("building the %d-resume cache: %v", n, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		tb.Fatal(err)
	}
	if fi, err := os.Stat(path); err == nil {
		fmt.Fprintf(os.Stderr, "benchdata: built %d resumes in %v: %.1f MiB (%s)\n", n,
			time.Since(start).Round(time.Second), float64(fi.Size())/(1<<20), path)
	}
	return path
}

// CopyCache copies the n-resume cache into dir (a test's TempDir) for a
// benchmark that writes to it or starts hrdesk on it.
func CopyCache(tb testing.TB, n int, dir string) string {
	tb.Helper()
	src := Cache(tb, n)
	b, err := os.ReadFile(src)
	if err != nil {
		tb.Fatal(err)
	}
	dst := filepath.Join(dir, "cache.db")
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		tb.Fatal(err)
	}
	return dst
}

// Build writes n generated resumes into a new cache at path, with the
// vacancies they answer and a comment on one resume in fifty, as a full
// sync of that many resumes would leave it.
func Build(ctx context.Context, path string, n int) error {
	g, err := New()
	if err != nil {
		return err
	}
	st, err := store.Open(path)
	if err != nil {
		return err
	}
	vacancies := make([]store.Vacancy, 0, Vacancies)
	for i := range Vacancies {
		f := fields[i%len(fields)]
		vacancies = append(vacancies, store.Vacancy{ID: int64(FirstVacancy + i), Profession: f.professions[i%len(f.professions)],
			Published: 1, DatePublished: Now.Add(-time.Duration(i*9) * 24 * time.Hour),
			RawJSON: fmt.Appendf(nil, `{"id":%d,"profession":%q}`, FirstVacancy+i, f.professions[i%len(f.professions)])})
	}
	if err := st.ReplaceVacancies(ctx, vacancies); err != nil {
		st.Close()
		return err
	}
	const batch = 500
	for from := 0; from < n; from += batch {
		entries := make([]store.Entry, 0, batch)
		for i := from; i < min(from+batch, n); i++ {
			e, err := g.Entry(i)
			if err != nil {
				st.Close()
				return err
			}
			entries = append(entries, e)
		}
		if err := st.UpsertEntries(ctx, entries); err != nil {
			st.Close()
			return err
		}
	}
	for i := 0; i < n; i += 50 {
		id := int64(FirstResumeID + i)
		c := store.Comment{ID: int64(i + 1), ResumeID: id, Text: comments[i/50%len(comments)], Author: "Анна Смирнова",
			Date: Now.Add(-time.Duration(i) * time.Minute)}
		if err := st.ReplaceComments(ctx, id, []store.Comment{c}); err != nil {
			st.Close()
			return err
		}
	}
	// As the sync engine does at the end of a sync.
	if _, err := st.TidySearch(ctx); err != nil {
		st.Close()
		return err
	}
	return st.Close() // checkpoints the WAL into the file
}

// CompanyVacancies are the cache's vacancies as a company sync leaves
// them: five owners (7001-7005, contact "Рекрутер"), for the benchmarks of
// the overview by recruiter, the report and the digest.
func CompanyVacancies() []store.CompanyVacancy {
	company := make([]store.CompanyVacancy, 0, Vacancies)
	for i := range Vacancies {
		company = append(company, store.CompanyVacancy{ID: int64(FirstVacancy + i), Profession: "v",
			OwnerID: int64(7001 + i%5), Published: 1, Contact: "Рекрутер"})
	}
	return company
}
