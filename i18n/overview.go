package i18n

// OverviewText is the overview screen (8) and `hrdesk report` (issue 20):
// per vacancy the funnel, responses per day, what waits and how fast the
// recruiter answers.
type OverviewText struct {
	Title string
	// All is the header line's name for every vacancy summed; NoVacancy
	// names responses without one; Empty is the screen without any.
	All, NoVacancy, Empty string
	// Stages of the funnel: every response, then the folders.
	Responses, Considered, Invited, Refused string
	// Waiting is the responses nobody acted on; its ages: today, 1–3
	// days, 4–7, older.
	Waiting, Stale                       string
	AgeToday, Age1to3, Age4to7, AgeOlder string
	// PerDay heads the sparkline: "%d" days; InDays is "%d" responses in
	// the window.
	PerDay, InDays string
	// FirstAction is the median time to the recruiter's first event: "%s"
	// the duration; NoFirstAction when none was acted on.
	FirstAction, NoFirstAction string
	// Hours and Days are "%d" of them, short; Minutes too.
	Minutes, Hours, Days string
	// Order names the sort: "%s" one of ByWaiting, ByResponses, ByName.
	Order, ByWaiting, ByResponses, ByName string
	// Filter is the title filter's prompt; Shown "%d of %d" vacancies.
	Filter, Shown string
	// Short are the compact screen's (below 120 columns) heads, 6 columns
	// at most: considered, invited, refused, waiting, stale. One that is not
	// the whole word is explained by the legend line, as Abbrev "%s" short
	// "%s" whole.
	ShortConsidered, ShortInvited, ShortRefused, ShortWaiting, ShortStale string
	Abbrev                                                                string
	// Near and Past are the resumes near their stage's time limit (three
	// quarters of it waited) and past it (issue 30 §2, [sla]): the
	// legend's words; ShortNear and ShortPast head their cells (6 at most).
	Near, Past, ShortNear, ShortPast string
	// Snoozed explains the snoozed mark ("⏲3") in the legend, shown when
	// a vacancy has snoozed resumes (issue 31 §4).
	Snoozed string
	// The compact screen's second line: the window's responses, their
	// trend, the waiting ones by age (the buckets as the figures show
	// them) and the median time to the first action.
	ShortTotal, ShortTrend, ShortAges, ShortFirst string
	// Vacancy heads the titles' column.
	Vacancy string
	// Open, Closed and Archived are a vacancy's state beside its title
	// (the service's published 1, 0 and 3).
	Open, Closed, Archived string
	// Team is the view by recruiter (issue 30 §1).
	Team OverviewTeamText
}

func englishOverview() OverviewText {
	return OverviewText{
		Title: "Overview", All: "All vacancies", NoVacancy: "(no vacancy)", Empty: "No responses in the cache yet: sync first (r).",
		Responses: "responses", Considered: "considered", Invited: "invited", Refused: "refused",
		Waiting: "waiting", Stale: "stale",
		AgeToday: "today", Age1to3: "1–3 d", Age4to7: "4–7 d", AgeOlder: "older",
		PerDay: "per day, %d days", InDays: "%d in the window",
		FirstAction: "first action in %s", NoFirstAction: "no first action yet",
		Minutes: "%d min", Hours: "%d h", Days: "%d d",
		Order: "by %s", ByWaiting: "waiting", ByResponses: "responses", ByName: "name",
		Filter: "title: ", Shown: "%d of %d",
		ShortConsidered: "cons.", ShortInvited: "inv.", ShortRefused: "ref.", ShortWaiting: "wait.", ShortStale: "stale",
		Abbrev: "%s = %s",
		Near:   "near the stage's limit", Past: "past the stage's limit", ShortNear: "near", ShortPast: "over",
		Snoozed:    "snoozed (z)",
		ShortTotal: "total", ShortTrend: "trend", ShortAges: "waiting 0·1–3·4–7·8+ d", ShortFirst: "1st action",
		Vacancy: "Vacancy",
		Open:    "open", Closed: "closed", Archived: "archived",
		Team: englishOverviewTeam(),
	}
}

func russianOverview() OverviewText {
	return OverviewText{
		Title: "Сводка", All: "Все вакансии", NoVacancy: "(без вакансии)", Empty: "В кэше пока нет откликов: сначала синхронизируйте (r).",
		Responses: "отклики", Considered: "рассматриваются", Invited: "приглашены", Refused: "отказ",
		Waiting: "ждут", Stale: "залежались",
		AgeToday: "сегодня", Age1to3: "1–3 дн", Age4to7: "4–7 дн", AgeOlder: "старше",
		PerDay: "в день, %d дней", InDays: "%d за период",
		FirstAction: "первое действие за %s", NoFirstAction: "действий пока нет",
		Minutes: "%d мин", Hours: "%d ч", Days: "%d дн",
		Order: "по: %s", ByWaiting: "ждущим", ByResponses: "откликам", ByName: "названию",
		Filter: "название: ", Shown: "%d из %d",
		ShortConsidered: "рассм.", ShortInvited: "пригл.", ShortRefused: "отказ", ShortWaiting: "ждут", ShortStale: "залеж.",
		Abbrev: "%s — %s",
		Near:   "скоро срок этапа", Past: "срок этапа прошёл", ShortNear: "скоро", ShortPast: "проср.",
		Snoozed:    "скрыто до срока (z)",
		ShortTotal: "всего", ShortTrend: "тренд", ShortAges: "ждут 0·1–3·4–7·8+ дн", ShortFirst: "1-е действие",
		Vacancy: "Вакансия",
		Open:    "открыта", Closed: "закрыта", Archived: "в архиве",
		Team: russianOverviewTeam(),
	}
}
