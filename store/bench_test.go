package store

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The 100k fixture is built once per schema version and fixture version
// and cached under os.TempDir(), so repeated benchmark runs start at once.
const (
	benchEntries        = 100_000
	benchFixtureVersion = 1
)

var (
	benchOnce sync.Once
	benchPath string
	benchErr  error
)

var (
	benchFirst   = []string{"Иван", "Пётр", "Ольга", "Анна", "Сергей", "Мария", "Алексей", "Елена", "Дмитрий", "Наталья", "Андрей", "Татьяна"}
	benchLast    = makeSurnames()
	benchJobs    = []string{"Водитель", "Бухгалтер", "Менеджер по продажам", "Программист", "Кладовщик", "Продавец-консультант", "Инженер", "Юрист", "Курьер", "Оператор call-центра", "Маркетолог", "Сварщик"}
	benchSkills  = []string{"1С:Предприятие", "Excel", "категория B", "английский язык", "Go", "SQL", "переговоры", "работа с кассой", "AutoCAD", "складской учёт", "CRM", "холодные звонки"}
	benchTowns   = []string{"Москва", "Санкт-Петербург", "Казань", "Екатеринбург", "Новосибирск"}
	benchFolders = []string{FolderInbox, FolderInbox, FolderInbox, FolderInvited, FolderConsidered, FolderRefused}
)

// makeSurnames gives 400 distinct surnames, so one matches ~250 resumes.
func makeSurnames() []string {
	roots := []string{"Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Васильев", "Соколов", "Михайлов", "Новиков",
		"Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов", "Козлов", "Степанов"}
	suffix := []string{"", "ский", "ич", "ин", "ых", "енко", "ук", "ов", "ец", "як", "ан", "ер", "ин-Белый", "ко", "ай", "ёв", "ун", "ис", "ай-Лев", "ош"}
	var out []string
	for _, r := range roots {
		for _, s := range suffix {
			out = append(out, r+s)
		}
	}
	return out
}

// benchEntry makes a realistic entry with a 3–5 KB raw resume.
func benchEntry(rng *rand.Rand, id int64) Entry {
	first, last := benchFirst[rng.IntN(len(benchFirst))], benchLast[rng.IntN(len(benchLast))]
	job := benchJobs[rng.IntN(len(benchJobs))]
	skills := make([]string, 0, 5)
	for range 5 {
		skills = append(skills, benchSkills[rng.IntN(len(benchSkills))])
	}
	var work strings.Builder
	for j := range 2 + rng.IntN(3) {
		fmt.Fprintf(&work, "ООО Компания-%d, %s: отвечал за участок работы, вёл отчётность, обучал новых сотрудников. ",
			rng.IntN(5000), benchJobs[(j+int(id))%len(benchJobs)])
	}
	at := baseTime.Add(-time.Duration(rng.IntN(90*24*3600)) * time.Second)
	e := Entry{
		ResumeID: id, Scope: ScopeMine, Folder: benchFolders[rng.IntN(len(benchFolders))], IsNew: rng.IntN(4) == 0,
		FirstName: first, LastName: last, MiddleName: "Сергеевич", Profession: job,
		Age: rng.IntN(45), Salary: int64(rng.IntN(20)) * 10000, Currency: "rub", Town: benchTowns[rng.IntN(len(benchTowns))],
		Skills: strings.Join(skills, ", "), WorkHistory: work.String(),
		Events: []Event{{VacancyID: int64(100 + rng.IntN(40)), Type: 10, DateEvent: at, Text: "Отклик на вакансию", TypeTitle: "Соискатель откликнулся"}},
	}
	if rng.IntN(5) == 0 {
		e.Scope = ScopeCompany
	}
	pad := strings.Repeat("Опыт работы и дополнительная информация о кандидате. ", 20+rng.IntN(25))
	e.RawJSON = []byte(fmt.Sprintf(`{"id":%d,"firstname":%q,"lastname":%q,"profession":%q,"payment":%d,"age":%d,`+
		`"town":{"id":4,"title":%q},"experience_text":%q,"work_history":[{"work":%q}],"additional_info":%q}`,
		id, first, last, job, e.Salary, e.Age, e.Town, "5 лет", work.String(), pad))
	return e
}

// benchFixture returns the path of the cached 100k-entry file, building it
// when absent.
func benchFixture(b *testing.B) string {
	benchOnce.Do(func() {
		benchPath = filepath.Join(os.TempDir(), fmt.Sprintf("hrdesk-store-bench-s%d-f%d.db", SchemaVersion, benchFixtureVersion))
		if _, err := os.Stat(benchPath); err == nil {
			return
		}
		start := time.Now()
		tmp := benchPath + ".building"
		os.Remove(tmp)
		s, err := Open(tmp)
		if err != nil {
			benchErr = err
			return
		}
		rng := rand.New(rand.NewPCG(1, 2))
		const batch = 1000
		for id := int64(1); id <= benchEntries; id += batch {
			es := make([]Entry, 0, batch)
			for j := id; j < id+batch; j++ {
				es = append(es, benchEntry(rng, j))
			}
			if benchErr = s.UpsertEntries(ctx, es); benchErr != nil {
				s.Close()
				return
			}
		}
		if benchErr = s.Close(); benchErr != nil { // checkpoints the WAL into the file
			return
		}
		benchErr = os.Rename(tmp, benchPath)
		fi, _ := os.Stat(benchPath)
		fmt.Fprintf(os.Stderr, "built %d-entry fixture in %v: %.1f MB (%s)\n", benchEntries, time.Since(start).Round(time.Millisecond),
			float64(fi.Size())/1e6, benchPath)
	})
	if benchErr != nil {
		b.Fatalf("fixture: %v", benchErr)
	}
	return benchPath
}

func benchOpen(b *testing.B) *Store {
	s, err := Open(benchFixture(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkOpenListNewest: start the UI on a 100k cache: Open and the
// first page (target ≤ 50 ms).
func BenchmarkOpenListNewest(b *testing.B) {
	path := benchFixture(b)
	b.ResetTimer()
	for b.Loop() {
		s, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		rows, err := s.ListEntries(ctx, ListQuery{Folder: FolderInbox, Limit: 100})
		if err != nil || len(rows) != 100 {
			b.Fatalf("%d rows, %v", len(rows), err)
		}
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
}

// BenchmarkList: pages of the list in the sort orders, at the top and at
// row 90,000 (a scrolling UI needs a few ms).
func BenchmarkList(b *testing.B) {
	s := benchOpen(b)
	for _, bc := range []struct {
		name string
		q    ListQuery
	}{
		{"all/date/top", ListQuery{Limit: 100}},
		{"all/date/offset90000", ListQuery{Limit: 100, Offset: 90_000}},
		{"inbox/date/offset45000", ListQuery{Folder: FolderInbox, Limit: 100, Offset: 45_000}},
		{"inbox/salary-asc/top", ListQuery{Folder: FolderInbox, SortBy: SortBySalary, Ascending: true, Limit: 100}},
		{"inbox/salary-desc/offset40000", ListQuery{Folder: FolderInbox, SortBy: SortBySalary, Limit: 100, Offset: 40_000}},
		{"inbox/age-asc/offset40000", ListQuery{Folder: FolderInbox, SortBy: SortByAge, Ascending: true, Limit: 100, Offset: 40_000}},
		{"mine/inbox/date/offset30000", ListQuery{Folder: FolderInbox, Scope: ScopeMine, Limit: 100, Offset: 30_000}},
		{"vacancy/inbox/date/top", ListQuery{Folder: FolderInbox, VacancyID: 120, Limit: 100}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				rows, err := s.ListEntries(ctx, bc.q)
				if err != nil || len(rows) != 100 {
					b.Fatalf("%d rows, %v", len(rows), err)
				}
			}
		})
	}
}

// BenchmarkSearch: FTS over 100k resumes with LIMIT 100 (target ≤ 20 ms).
func BenchmarkSearch(b *testing.B) {
	s := benchOpen(b)
	for _, bc := range []struct{ name, text string }{
		{"surname-250-matches", "Волковский"},
		{"prefix-typing", "Волковс"},
		{"two-words", "иван бухгалтер"},
		{"common-word-8k", "юрист"},
		{"very-common-50k", "excel"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.ListEntries(ctx, ListQuery{Search: bc.text, Limit: 100}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("count-common-word", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.CountEntries(ctx, ListQuery{Search: "юрист", Folder: FolderInbox}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCounts: the sidebar numbers.
func BenchmarkCounts(b *testing.B) {
	s := benchOpen(b)
	b.Run("folders", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.FolderCounts(ctx, ScopeAll); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("vacancies", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.VacancyCounts(ctx, ScopeAll, FolderInbox); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("education", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.EducationCounts(ctx, ScopeAll, FolderInbox); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stale", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.StaleCounts(ctx, ScopeAll, baseTime.AddDate(0, 0, -7)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkUpsertBatch100: one API page written into a 100k cache.
func BenchmarkUpsertBatch100(b *testing.B) {
	s, _ := openTest(b) // a copy would take seconds; a fresh file measures the same statements
	rng := rand.New(rand.NewPCG(3, 4))
	batch := make([]Entry, 100)
	for i := range batch {
		batch[i] = benchEntry(rng, int64(i+1))
	}
	for b.Loop() {
		if err := s.UpsertEntries(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRepeatCounts: the repeat-applicant markers of one page of the
// list (200 rows), loaded with the page.
func BenchmarkRepeatCounts(b *testing.B) {
	s := benchOpen(b)
	rows, err := s.ListEntries(ctx, ListQuery{Folder: FolderInbox, Limit: 200})
	if err != nil || len(rows) != 200 {
		b.Fatalf("%d rows, %v", len(rows), err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ResumeID
	}
	for _, n := range []int{40, 200} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := s.RepeatCounts(ctx, ids[:n]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
