package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/internal/testkit/benchdata"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/resumelist"
)

// sameQueries are lines of every kind of term, a negation, an `or`, three
// terms, both languages' names, over the realistic cache's vocabulary.
var sameQueries = []string{
	"водитель",
	"водитель salary>=60000 -has:comment",
	"new or stale town:Москва",
	"зп:50000-90000 город:Казань",
	"age:25-35 edu:higher",
	"возраст>=45 -folder:inbox",
	"folder:considered or folder:invited",
	"vacancy:46000003",
	`vacancy:"водитель"`,
	"source:found has:comment",
	"-source:applicant менеджер",
	"repeat",
	"waited>200d folder:refused",
	"responded<100d salary<40000",
	`"менеджер по продажам" -town:Москва`,
	"бухгалтер or логист new",
}

// The workstation and `hrdesk search` select the same resumes for the same
// query (issue 31 §2) over a realistic cache: the list's query as it loads
// it (resumelist.StoreQuery through the profile's scoped store, every
// folder) and search --json's ids.
func TestWorkstationAndSearchSelectTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 2,000-resume cache")
	}
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := benchdata.Build(ctx, filepath.Join(dir, "cache.db"), 2000); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfgPath, []byte("[[folders]]\nid = 12\nname = \"Кадровый резерв\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := []string{"HOME=" + dir, "XDG_CONFIG_HOME=" + dir, "HRDESK_DATA_DIR=" + dir, "HRDESK_CONFIG=" + cfgPath,
		"HRDESK_BASE_URL=http://127.0.0.1:9/", "HRDESK_CLIENT_ID=1", "HRDESK_SECRET=x", "LANG=en_US.UTF-8"}
	e := &env{t: t, vars: vars, dir: dir}

	st, err := store.Open(filepath.Join(dir, "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	scoped := store.Scoped(st, store.Scope(""))
	vacancies, err := st.Vacancies(ctx)
	if err != nil {
		t.Fatal(err)
	}
	workstation := func(line string, now time.Time) []int64 {
		c := panetest.Plain(i18n.EN, panetest.At(now))
		c.UserFolders = []common.UserFolder{{ID: "12", Name: "Кадровый резерв"}}
		m := resumelist.New(c, scoped)
		m.SetVacancies(vacancies)
		m.SetStaleAfter(config.DefaultStaleAfter)
		m.ShowFolder(store.FolderInbox, "Inbox")
		m.SearchIn(line, true)
		q, err := m.StoreQuery()
		if err != nil {
			t.Fatalf("%q in the workstation: %v", line, err)
		}
		q.Offset, q.Limit = 0, store.MaxListLimit
		rows, err := scoped.ListEntries(ctx, q)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ResumeID
		}
		slices.Sort(ids)
		return ids
	}
	empty := 0
	for _, line := range sameQueries {
		before := time.Now()
		cli := e.searchIDs("--", line) // one argument, as a shell passes a quoted query; -- before a leading -term
		after := time.Now()
		// The command read its clock between the two: an event exactly at
		// a bound is on the same side for both unless the two differ.
		a, b := workstation(line, before), workstation(line, after)
		if !slices.Equal(cli, a) && !slices.Equal(cli, b) {
			t.Errorf("%q: hrdesk search %d resumes, the workstation %d\ncli %v\nws  %v", line, len(cli), len(a), head(cli), head(a))
		}
		if len(cli) == 0 {
			empty++
		}
	}
	if empty > 2 {
		t.Errorf("%d of %d queries selected nothing: the comparison says too little", empty, len(sameQueries))
	}
}

func head(ids []int64) []int64 { return ids[:min(len(ids), 10)] }
