package i18n

// OverviewTeamText is the overview's view by recruiter (issue 30 §1): each
// recruiter of the company on two lines, the team summed on top, the
// window against the span before at the foot (§3).
type OverviewTeamText struct {
	// Title heads the state line: "%d" recruiters; Back names the key's
	// way back to the vacancies.
	Title, Back string
	// Recruiter heads the names' column; All is the team summed; NoOwner
	// the responses to vacancies nobody is known to own; Someone "%d" a
	// recruiter nothing names.
	Recruiter, All, NoOwner, Someone string
	// The first line's heads (7 cells at most): responses, inbox,
	// considered, invited, refused, waiting.
	Responses, Inbox, Considered, Invited, Refused, Waiting string
	// The second line's: near and past their stage's limit (issue 30 §2);
	// waiting today, 1–3 days, 4–7, older; the median first action;
	// answered within 1, 3, 7 days.
	Near, Past                                                         string
	Today, Days1to3, Days4to7, Older, First, Within1, Within3, Within7 string
	// Limits is the foot's line that says what Near and Past count.
	Limits string
	// Week is the foot: "%d" the window's days, then the figures with their
	// change, each "%s" (Change: "%d" now, "%s" the change).
	Week, Change string
	// Empty is the view without any recruiter.
	Empty string
}

func englishOverviewTeam() OverviewTeamText {
	return OverviewTeamText{
		Title: "By recruiter: %d", Back: "vacancies",
		Recruiter: "Recruiter", All: "The team", NoOwner: "(owner unknown)", Someone: "recruiter %d",
		Responses: "resp.", Inbox: "inbox", Considered: "cons.", Invited: "inv.", Refused: "ref.", Waiting: "waiting",
		Near: "near", Past: "over",
		Limits: "near: ¾ of the stage's time limit waited ([sla]) · over: past it",
		Today:  "today", Days1to3: "1–3 d", Days4to7: "4–7 d", Older: "older", First: "1st act",
		Within1: "≤1 d", Within3: "≤3 d", Within7: "≤7 d",
		Week:   "%d days vs before: responses %s · invited %s · refused %s · unanswered %s · over the limit %s · answered ≤3 d %s",
		Change: "%d (%s)",
		Empty:  "No recruiter's responses in the cache yet: sync the company's scope first.",
	}
}

func russianOverviewTeam() OverviewTeamText {
	return OverviewTeamText{
		Title: "По рекрутерам: %d", Back: "вакансии",
		Recruiter: "Рекрутер", All: "Команда", NoOwner: "(владелец неизвестен)", Someone: "рекрутер %d",
		Responses: "откл.", Inbox: "вход.", Considered: "рассм.", Invited: "пригл.", Refused: "отказ", Waiting: "ждут",
		Near: "скоро", Past: "проср.",
		Limits: "скоро: прошло ¾ срока этапа ([sla]) · проср.: срок прошёл",
		Today:  "сегодня", Days1to3: "1–3 д", Days4to7: "4–7 д", Older: "старше", First: "1-е д.",
		Within1: "≤1 д", Within3: "≤3 д", Within7: "≤7 д",
		Week:   "%d дн. к прошлым: отклики %s · приглашены %s · отказы %s · без ответа %s · просрочены %s · ответ ≤3 д %s",
		Change: "%d (%s)",
		Empty:  "В кэше пока нет откликов рекрутеров: сначала синхронизируйте область компании.",
	}
}
