package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/query"
	"hrdesk/store"
	"hrdesk/theme"
)

// fromConfig is a profile's config.toml with [keys], a folder, two saved
// views (one in a folder nobody configured) and an own action.
func fromConfig() config.Config {
	return config.Config{Keys: map[string][]string{"down": {"ctrl+n"}}, Notify: "bell", Theme: "light",
		Folders: []config.Folder{{ID: 7, Name: "Reserve"}},
		Views:   []config.View{{Name: "Fresh", Key: "W", New: true}, {Name: "Gone", Key: "Y", Folder: "Nowhere"}},
		Actions: []config.Action{{Key: "P", Name: "Print", Command: []string{"/bin/echo", "{{.ResumeID}}"}}}}
}

// The workstation is built from config.toml in one place: the keys, the
// folders, the saved views and own actions each on its key, the theme and
// notify; a view whose folder no longer resolves is left out and told.
func TestTheWorkstationIsBuiltFromConfig(t *testing.T) {
	var left []string
	opts, err := FromConfig(context.Background(), Setup{Config: fromConfig(), Terminal: []string{"LANG=en_US.UTF-8"},
		LeftOut: func(view string, err error) { left = append(left, view) }})
	if err != nil {
		t.Fatal(err)
	}
	if got := opts.Common.Keys.Down.Keys(); len(got) != 1 || got[0] != "ctrl+n" {
		t.Errorf("[keys] not over the defaults: down is %v", got)
	}
	if len(opts.Common.UserFolders) != 1 || opts.Common.UserFolders[0] != (UserFolder{ID: "7", Name: "Reserve"}) {
		t.Errorf("the folders: %+v", opts.Common.UserFolders)
	}
	if len(opts.Views) != 1 || opts.Views[0].Name != "Fresh" || opts.Views[0].Key.Keys()[0] != "W" {
		t.Errorf("the saved views: %+v", opts.Views)
	}
	if len(left) != 1 || left[0] != "Gone" {
		t.Errorf("left out: %v, want the view in a folder nobody configured", left)
	}
	if len(opts.Own) != 1 || opts.Own[0].Name != "Print" || opts.OwnRunner.Host.Remote {
		t.Errorf("the own actions: %+v, runner %+v", opts.Own, opts.OwnRunner)
	}
	if opts.Background != theme.BackgroundLight || opts.Notify != NotifyBell || opts.Editor == nil {
		t.Errorf("theme %v, notify %v, editor %v", opts.Background, opts.Notify, opts.Editor)
	}
}

// A session served over SSH gets no own action and an editor that refuses.
func TestAServedWorkstationStartsNoProgram(t *testing.T) {
	opts, err := FromConfig(context.Background(), Setup{Config: fromConfig(), Remote: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(opts.Own) != 0 || !opts.OwnRunner.Host.Remote {
		t.Errorf("a served session's own actions: %+v, runner %+v", opts.Own, opts.OwnRunner)
	}
	if opts.Editor == nil || opts.Editor.Available() == nil {
		t.Error("a served session's editor is available")
	}
}

// A mistake in [keys] is worded in the terminal's language, the keymap's
// error kept underneath; a saved view on a taken key names both.
func TestKeyMistakesInTheTerminalsLanguage(t *testing.T) {
	cfg := fromConfig()
	cfg.Keys = map[string][]string{"invit": {"i"}}
	_, err := FromConfig(context.Background(), Setup{Config: cfg, Terminal: []string{"LANG=ru_RU.UTF-8"}})
	var ke *keymap.KeyError
	if err == nil || !errors.As(err, &ke) || !strings.Contains(err.Error(), `неизвестное действие "invit"`) {
		t.Errorf("%v", err)
	}
	cfg = fromConfig()
	cfg.Views[0].Key = "s"
	_, err = FromConfig(context.Background(), Setup{Config: cfg, Terminal: []string{"LANG=en_US.UTF-8"}})
	if err == nil || !strings.Contains(err.Error(), `config [[views]] "Fresh": key "s" is already sort`) {
		t.Errorf("%v", err)
	}
	if i18n.Detect("", []string{"LANG=ru_RU.UTF-8"}) != i18n.RU {
		t.Error("the test's terminal is not Russian")
	}
}

// A saved view's query mistake is worded by the front end (its query
// line's words, with a mark at the place); a front end without words for
// it gets the mistake as query says it, naming the view either way.
func TestAViewsQueryMistakeIsWordedByTheFrontEnd(t *testing.T) {
	cfg := fromConfig()
	cfg.Views[0].Query = "salary>=many"
	words := func(line string, qe *query.Error) string { return "WORDED " + line }
	_, err := FromConfig(context.Background(), Setup{Config: cfg, QueryMistake: words})
	if err == nil || !strings.Contains(err.Error(), `config [[views]] "Fresh": query: WORDED salary>=many`) {
		t.Errorf("worded by the front end: %v", err)
	}
	_, err = FromConfig(context.Background(), Setup{Config: cfg})
	var qe *query.Error
	if err == nil || !errors.As(err, &qe) || !strings.Contains(err.Error(), `config [[views]] "Fresh"`) {
		t.Errorf("without the front end's words: %v", err)
	}
}

// The site's folders the cache holds resumes in, and config.toml does not
// name, are listed after the configured ones under the site's name
// (issue 28 §1).
func TestTheSitesFoldersFollowTheConfiguredOnes(t *testing.T) {
	st := fixture(t, 1)
	e := entryAt(1)
	e.UserFolder = store.SiteFolder("Кадровый резерв")
	if err := st.UpsertEntries(context.Background(), []store.Entry{e}); err != nil {
		t.Fatal(err)
	}
	opts, err := FromConfig(context.Background(), Setup{Config: fromConfig(), Store: st})
	if err != nil {
		t.Fatal(err)
	}
	want := []UserFolder{{ID: "7", Name: "Reserve"}, {ID: store.SiteFolder("Кадровый резерв"), Name: "Кадровый резерв"}}
	if !slices.Equal(opts.Common.UserFolders, want) {
		t.Errorf("the folders: %+v, want %+v", opts.Common.UserFolders, want)
	}
}
