package ui

import (
	"context"
	"hrdesk/views/triage"
	"strings"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/dialogs"
	"hrdesk/views/overview"
	"hrdesk/views/palette"
)

// confirms says the open dialog asks about exactly a.
func confirms(r *rig, a action.Action) bool {
	d, ok := r.m.dialog.(*dialogs.ConfirmDialog)
	return ok && d.Then() == a
}

// archivesOne says the open dialog asks to archive one vacancy.
func archivesOne(r *rig) bool {
	d, ok := r.m.dialog.(*dialogs.ConfirmDialog)
	if !ok {
		return false
	}
	a, ok := d.Then().(action.ArchiveVacancies)
	return ok && len(a.IDs) == 1
}

// rebindScenarios says, for every action that can be rebound, where it
// works and how its effect shows. Setup steps press the new keys (r.press);
// act presses the key under test. An action added to the keymap without a
// scenario fails TestEveryActionFollowsItsRebinding.
func rebindScenarios() map[string][]scenario {
	moved := func(r *rig, act func()) bool { before := r.selected(); act(); return r.selected() != before }
	dialogOpens := func(open func(r *rig) bool) func(r *rig, act func()) bool {
		return func(r *rig, act func()) bool { act(); return open(r) }
	}
	folder := func(i int) func(r *rig, act func()) bool {
		return func(r *rig, act func()) bool {
			if i == 0 {
				r.press("folder_refused")
			}
			act()
			return r.m.triage.Folders().Index() == i
		}
	}
	pickerMovesTo := func(want string) func(r *rig, act func()) bool {
		return func(r *rig, act func()) bool {
			r.press("move")
			act()
			r.press("dialog_confirm")
			return r.queued(store.ActionMove, func(a store.Action) bool { return a.Payload.Folder == want })
		}
	}
	// The buy-contacts question answered by act then, if still open, by
	// confirm: it buys only when act moved the focus to the yes button.
	buysAfter := func(r *rig, act func()) bool {
		r.press("buy_contacts")
		act()
		if r.m.dialog != nil {
			r.press("dialog_confirm")
		}
		return len(r.b.bought) > 0
	}
	loginField := func(r *rig, act func()) bool {
		r.press("login")
		act()
		return r.m.mode == paneLogin && r.m.login.Field() == 1
	}
	// A new selection named X: moves, act, then more keys, then saved. The
	// period field is the second; its choices are 1, 3, 7 (the default), 14…
	// days. What act did shows in the saved period.
	selectionPeriod := func(moves []string, after []string, want any) func(r *rig, act func()) bool {
		return func(r *rig, act func()) bool {
			r.press("screen_selections", "new_selection")
			r.typeText("X")
			r.press(moves...)
			act()
			r.press(after...)
			r.press("dialog_submit")
			return len(r.b.saved) == 1 && r.b.saved[0].fields["period"] == want
		}
	}
	onVacancies := func(check func(r *rig) bool) func(r *rig, act func()) bool {
		return func(r *rig, act func()) bool { r.press("screen_vacancies"); act(); return check(r) }
	}
	onSelections := func(check func(r *rig) bool) func(r *rig, act func()) bool {
		return func(r *rig, act func()) bool { r.press("screen_selections"); act(); return check(r) }
	}
	commentQueued := func(r *rig) bool { return r.queued(store.ActionCommentAdd, nil) }
	// The filter dialog's rows: where, responded, dates, salary, age, new
	// only, stale, vacancy, education.
	onlyNew := func(r *rig) {
		r.press("filter_menu", "dialog_down", "dialog_down", "dialog_down", "dialog_down", "dialog_down", "option_next")
	}
	respondedToday := func(r *rig, act func()) bool {
		r.press("filter_menu")
		act() // to the responded row
		r.press("option_next", "dialog_confirm")
		return r.m.triage.List().Criteria().Responded.Days == 1
	}

	return map[string][]scenario{
		"down": {
			{"resume list", moved},
			{"folders pane", func(r *rig, act func()) bool { r.press("prev_pane"); act(); return r.m.triage.Folders().Index() == 1 }},
			{"vacancies", func(r *rig, act func()) bool {
				r.press("screen_vacancies")
				before, _ := r.m.vacanciesPane().Selected()
				act()
				after, _ := r.m.vacanciesPane().Selected()
				return after.ID != before.ID
			}},
			{"folder picker", pickerMovesTo(store.FolderInvited)},
		},
		"up": {
			{"resume list", func(r *rig, act func()) bool { r.press("down", "down"); return moved(r, act) }},
			{"folder picker", pickerMovesTo(store.FolderInbox)},
		},
		"top":       {{"resume list", func(r *rig, act func()) bool { r.press("down", "down"); act(); return r.selected() == r.first }}},
		"bottom":    {{"resume list", moved}},
		"page_down": {{"resume list", moved}},
		"page_up":   {{"resume list", func(r *rig, act func()) bool { r.press("bottom"); return moved(r, act) }}},
		"next_pane": {{"main screen", func(r *rig, act func()) bool { act(); return r.m.triage.Focused() == triage.OnResume }}},
		"prev_pane": {{"main screen", func(r *rig, act func()) bool { act(); return r.m.triage.Focused() == triage.OnFolders }}},
		"folder_inbox": {
			{"main screen", folder(0)},
			{"folder picker", pickerMovesTo(store.FolderInbox)},
		},
		"folder_considered": {
			{"main screen", folder(1)},
			{"folder picker", func(r *rig, act func()) bool {
				r.press("move", "down") // the cursor leaves considered
				act()
				return r.queued(store.ActionMove, func(a store.Action) bool { return a.Payload.Folder == store.FolderConsidered })
			}},
		},
		"folder_invited": {
			{"main screen", folder(2)},
			{"folder picker", pickerMovesTo(store.FolderInvited)},
		},
		"folder_refused": {
			{"main screen", folder(3)},
			{"folder picker", pickerMovesTo(store.FolderRefused)},
		},
		"screen_vacancies":  {{"main screen", func(r *rig, act func()) bool { act(); return r.m.mode == paneVacancies }}},
		"screen_selections": {{"main screen", func(r *rig, act func()) bool { act(); return r.m.mode == paneSelections }}},
		"screen_outbox":     {{"main screen", func(r *rig, act func()) bool { act(); return r.m.mode == paneOutbox }}},
		"screen_overview":   {{"main screen", func(r *rig, act func()) bool { act(); return r.m.mode == paneOverview }}},
		"outbox_retry": {{"outbox", func(r *rig, act func()) bool {
			id := r.refused()
			r.press("screen_outbox")
			act()
			return r.action(id).State == store.StatePending
		}}},
		"outbox_dismiss": {{"outbox", func(r *rig, act func()) bool {
			id := r.refused()
			r.press("screen_outbox")
			act()
			return r.action(id).Dismissed
		}}},
		"outbox_cancel": {{"outbox", func(r *rig, act func()) bool {
			id := r.queue(store.Action{ResumeID: r.first, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderInvited}})
			r.press("screen_outbox")
			act()
			return r.action(id).State == store.StateCancelled
		}}},
		"open": {
			{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.Focused() == triage.OnResume }},
			{"vacancies", onVacancies(func(r *rig) bool { return r.m.vacanciesPane().InDetail() })},
			{"selections", onSelections(func(r *rig) bool { return r.m.selectionsPane().Typing() })},
			{"overview", func(r *rig, act func()) bool { r.press("screen_overview"); act(); return r.m.mode == paneTriage }},
		},
		"back": {
			{"resume pane", func(r *rig, act func()) bool { r.press("open"); act(); return r.m.triage.Focused() == triage.OnList }},
			{"help", func(r *rig, act func()) bool { r.press("help"); act(); return r.m.mode != paneHelp }},
			{"vacancy detail", func(r *rig, act func()) bool {
				r.press("screen_vacancies", "open")
				act()
				return r.m.mode == paneVacancies && !r.m.vacanciesPane().InDetail()
			}},
			{"selections", onSelections(func(r *rig) bool { return r.m.mode == paneTriage })},
		},
		"mark": {
			{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.List().MarkedCount() == 1 }},
			// Marking moves the cursor on; with nothing marked, Marked is the
			// highlighted vacancy.
			{"vacancies", onVacancies(func(r *rig) bool {
				v, _ := r.m.vacanciesPane().Selected()
				marked := r.m.vacanciesPane().Marked()
				return len(marked) == 1 && marked[0] != v.ID
			})},
		},
		"mark_all":   {{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.List().MarkedCount() > 1 }}},
		"unmark_all": {{"resume list", func(r *rig, act func()) bool { r.press("mark_all"); act(); return r.m.triage.List().MarkedCount() == 0 }}},

		"invite":        {{"resume list", dialogOpens(dialogIs[*dialogs.LetterDialog])}},
		"reject":        {{"resume list", dialogOpens(dialogIs[*dialogs.LetterDialog])}},
		"mail_template": {{"resume list", dialogOpens(dialogIs[*dialogs.LetterDialog])}},
		"mail_address":  {{"resume list", dialogOpens(dialogIs[*dialogs.MailToDialog])}},
		"move":          {{"resume list", dialogOpens(dialogIs[*dialogs.FolderPicker])}},
		"snooze":        {{"resume list", dialogOpens(dialogIs[*dialogs.SnoozeDialog])}},
		"later": {{"resume list", func(r *rig, act func()) bool {
			act()
			return r.queued(store.ActionLater, nil)
		}}},
		"comment": {
			{"resume list", dialogOpens(dialogIs[*dialogs.CommentDialog])},
			{"comments pane", func(r *rig, act func()) bool {
				r.press("next_pane", "next_pane", "next_pane")
				act()
				return dialogIs[*dialogs.CommentDialog](r)
			}},
		},
		"delete_comment": {{"comments pane", func(r *rig, act func()) bool {
			r.press("next_pane", "next_pane", "next_pane")
			act()
			return confirms(r, action.DeleteComment{ResumeID: r.first, CommentID: 9})
		}}},
		"buy_contacts":  {{"resume list", dialogOpens(dialogIs[*dialogs.ConfirmDialog])}},
		"open_contacts": {{"resume list", dialogOpens(dialogIs[*dialogs.ConfirmDialog])}},
		"copy":          {{"resume list", func(r *rig, act func()) bool { act(); return strings.Contains(screen(r.m), r.m.c.Text.Status.Copied) }}},
		"archive_vacancy": {{"vacancies", func(r *rig, act func()) bool {
			r.press("screen_vacancies", "mark")
			act()
			return archivesOne(r)
		}}},
		"vacancy_received": {{"vacancies", onVacancies(func(r *rig) bool {
			return r.m.mode == paneTriage && r.m.triage.List().Query().VacancyID != 0
		})}},
		"vacancy_state": {{"vacancies", onVacancies(func(r *rig) bool { return r.m.vacanciesPane().StateFilter() != 0 })}},
		"by_recruiter": {{"overview", func(r *rig, act func()) bool {
			r.press("screen_overview")
			act()
			return r.m.overviewPane().ByRecruiter()
		}}},
		"new_selection":    {{"selections", onSelections(func(r *rig) bool { return r.m.selectionsPane().Typing() })}},
		"toggle_mail":      {{"selections", onSelections(func(r *rig) bool { return len(r.b.mail) == 1 })}},
		"delete_selection": {{"selections", onSelections(dialogIs[*dialogs.ConfirmDialog])}},

		"sort": {{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.List().Query().SortBy != store.SortByDate }},
			{"overview", func(r *rig, act func()) bool {
				r.press("screen_overview")
				act()
				return r.m.overviewPane().Order() != overview.ByWaiting
			}}},
		"sort_reverse":   {{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.List().Query().Ascending }}},
		"needs_me":       {{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.List().NeedsMe() }}},
		"vacancy_filter": {{"resume list", dialogOpens(dialogIs[*dialogs.VacancyPicker])}},
		"scope": {{"resume list", func(r *rig, act func()) bool { act(); return r.m.st.(ScopeSwitch).ShowsCompany() }},
			{"overview", func(r *rig, act func()) bool {
				r.press("screen_overview")
				act()
				return r.m.st.(ScopeSwitch).ShowsCompany() && r.m.mode == paneOverview
			}}},
		"filter": {{"resume list", func(r *rig, act func()) bool { act(); return r.m.triage.Focused() == triage.OnFilter }},
			{"overview", func(r *rig, act func()) bool { r.press("screen_overview"); act(); return r.m.overviewPane().Typing() }}},
		"filter_menu": {{"resume list", dialogOpens(dialogIs[*dialogs.FiltersDialog])}},
		"remove_filter": {{"resume list", func(r *rig, act func()) bool {
			onlyNew(r)
			r.press("dialog_confirm")
			if !r.m.triage.List().Criteria().OnlyNew {
				r.t.Fatal("the filter dialog set no filter")
			}
			act()
			return !r.m.triage.List().Criteria().OnlyNew
		}}},
		// Typed text, then act: the comment dialog holds nothing to keep.
		"dialog_discard": {{"comment dialog", func(r *rig, act func()) bool {
			r.press("comment")
			r.typeText("X")
			act()
			d, ok := r.m.dialog.(dialogs.Drafter)
			if !ok {
				return false
			}
			_, _, typed := d.Draft()
			return !typed
		}}},
		"filter_everywhere": {{"filter line", func(r *rig, act func()) bool {
			r.press("filter")
			act()
			return r.m.triage.List().Everywhere() && r.m.triage.List().Query().Folder == ""
		}}},

		"sync": {{"main screen", func(r *rig, act func()) bool { act(); return r.b.syncs == 1 }}},
		"undo": {{"resume list", func(r *rig, act func()) bool {
			r.press("later")
			if r.folderOf(r.first) != store.FolderConsidered {
				r.t.Fatal("later did not move the resume")
			}
			act()
			return r.folderOf(r.first) == store.FolderInbox
		}}},
		"help":  {{"main screen", func(r *rig, act func()) bool { act(); return r.m.mode == paneHelp }}},
		"login": {{"main screen", func(r *rig, act func()) bool { act(); return r.m.mode == paneLogin }}},
		"quit":  {{"main screen", func(r *rig, act func()) bool { act(); return r.quit }}},

		"palette": {{"main screen", dialogOpens(dialogIs[*palette.Model])},
			{"vacancies", func(r *rig, act func()) bool { r.press("screen_vacancies"); act(); return dialogIs[*palette.Model](r) }}},

		"dialog_confirm": {
			{"folder picker", func(r *rig, act func()) bool { r.press("move"); act(); return r.queued(store.ActionMove, nil) }},
			{"question", func(r *rig, act func()) bool {
				r.press("buy_contacts", "dialog_next")
				act()
				return len(r.b.bought) == 1
			}},
			{"comment", func(r *rig, act func()) bool { r.press("comment"); r.typeText("hi"); act(); return commentQueued(r) }},
			{"mail to address", func(r *rig, act func()) bool {
				r.press("mail_address")
				r.typeText("hr@example.com")
				act()
				return r.queued(store.ActionMailTo, nil)
			}},
			{"letter", func(r *rig, act func()) bool { r.press("reject"); act(); return r.queued(store.ActionReject, nil) }},
			{"login", func(r *rig, act func()) bool {
				r.press("login")
				r.typeText("hr")
				r.press("dialog_next")
				r.typeText("secret")
				act()
				return r.m.mode != paneLogin && r.b.syncs == 1
			}},
			{"filter", func(r *rig, act func()) bool {
				r.press("filter")
				r.typeText("Повар")
				act()
				return r.m.triage.Focused() != triage.OnFilter && r.m.triage.List().Query().Search == "Повар"
			}},
			{"selection form", selectionPeriod(nil, []string{"option_next"}, 14)},
			{"filter dialog", func(r *rig, act func()) bool { onlyNew(r); act(); return r.m.triage.List().Criteria().OnlyNew }},
			{"vacancy picker", func(r *rig, act func()) bool { r.press("vacancy_filter"); act(); return r.m.dialog == nil }},
		},
		"dialog_cancel": {
			{"folder picker", func(r *rig, act func()) bool { r.press("move"); act(); return r.m.dialog == nil }},
			{"question", func(r *rig, act func()) bool { r.press("buy_contacts"); act(); return r.m.dialog == nil }},
			{"comment", func(r *rig, act func()) bool { r.press("comment"); act(); return r.m.dialog == nil }},
			{"letter", func(r *rig, act func()) bool { r.press("invite"); act(); return r.m.dialog == nil }},
			{"login", func(r *rig, act func()) bool { r.press("login"); act(); return r.m.mode != paneLogin }},
			{"filter", func(r *rig, act func()) bool {
				r.press("filter")
				act()
				return r.m.triage.Focused() != triage.OnFilter
			}},
			{"filter line after all folders", func(r *rig, act func()) bool {
				r.press("filter", "filter_everywhere")
				act()
				return !r.m.triage.List().Everywhere()
			}},
			{"filter dialog", func(r *rig, act func()) bool {
				onlyNew(r)
				act()
				return r.m.dialog == nil && !r.m.triage.List().Criteria().OnlyNew
			}},
			{"selection form", func(r *rig, act func()) bool {
				r.press("screen_selections", "new_selection")
				act()
				return !r.m.selectionsPane().Typing() && r.m.mode == paneSelections
			}},
		},
		"dialog_next": {
			{"question", buysAfter},
			{"filter dialog", respondedToday},
			{"login", loginField},
			{"selection form", selectionPeriod(nil, []string{"option_next"}, 14)},
		},
		"dialog_prev": {
			{"question", buysAfter},
			{"login", loginField},
			{"selection form", selectionPeriod([]string{"dialog_next", "dialog_next"}, []string{"option_next"}, 14)},
		},
		"dialog_down": {
			{"login", loginField},
			{"filter dialog", respondedToday},
			{"selection form", selectionPeriod(nil, []string{"option_next"}, 14)},
		},
		"dialog_up": {
			{"login", loginField},
			{"selection form", selectionPeriod([]string{"dialog_next", "dialog_next"}, []string{"option_next"}, 14)},
		},
		"dialog_submit": {
			{"comment", func(r *rig, act func()) bool { r.press("comment"); r.typeText("hi"); act(); return commentQueued(r) }},
			{"letter", func(r *rig, act func()) bool { r.press("invite"); act(); return r.queued(store.ActionInvite, nil) }},
			{"selection form", func(r *rig, act func()) bool {
				r.press("screen_selections", "new_selection")
				r.typeText("X")
				act()
				return len(r.b.saved) == 1
			}},
		},
		"dialog_editor": {{"letter", func(r *rig, act func()) bool { r.press("invite"); act(); return r.edited == 1 }}},

		"yes": {{"question", func(r *rig, act func()) bool { r.press("buy_contacts"); act(); return len(r.b.bought) == 1 }}},
		"no":  {{"question", func(r *rig, act func()) bool { r.press("buy_contacts"); act(); return r.m.dialog == nil }}},
		"option_next": {
			{"question", buysAfter},
			{"filter dialog", func(r *rig, act func()) bool {
				r.press("filter_menu", "dialog_down")
				act() // responded: today
				r.press("dialog_confirm")
				return r.m.triage.List().Criteria().Responded.Days == 1
			}},
			{"letter's sms box", func(r *rig, act func()) bool {
				r.press("invite", "dialog_next", "dialog_next", "dialog_next")
				act()
				r.press("dialog_submit")
				return r.queued(store.ActionInvite, func(a store.Action) bool { return a.Payload.SendSMS })
			}},
			{"selection form", selectionPeriod([]string{"dialog_next"}, nil, 14)},
		},
		"option_prev": {
			{"question", buysAfter},
			{"selection form", selectionPeriod([]string{"dialog_next"}, nil, 3)},
		},
	}
}

// queue puts an action in the rig's outbox as another session would.
func (r *rig) queue(a store.Action) int64 {
	r.t.Helper()
	id, err := r.st.Enqueue(context.Background(), a)
	if err != nil {
		r.t.Fatal(err)
	}
	return id
}

// refused is a move of the first resume the server refused.
func (r *rig) refused() int64 {
	r.t.Helper()
	ctx := context.Background()
	id := r.queue(store.Action{ResumeID: r.first, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderInvited}})
	if err := r.st.MarkInFlight(ctx, id); err != nil {
		r.t.Fatal(err)
	}
	if err := r.st.MarkFailed(ctx, id, "closed"); err != nil {
		r.t.Fatal(err)
	}
	return id
}

func (r *rig) action(id int64) store.Action {
	r.t.Helper()
	a, err := r.st.Action(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return a
}
