package i18n

// CLITeamText is what `hrdesk report` says of the team (issue 30): the
// table by recruiter (§1) and the period against the one before (§3).
type CLITeamText struct {
	// RecruiterHeads are the by-recruiter table's heads, tab-separated (18):
	// id, recruiter, responses, inbox, considered, invited, refused,
	// waiting, near and past their stage's limit (issue 30 §2), waiting
	// today, 1–3 days, 4–7 days, older, the median first action, answered
	// within 1, 3, 7 days.
	RecruiterHeads string
	// NoOwner names the responses to vacancies nobody is known to own;
	// Recruiter "%d" one whom nothing names.
	NoOwner, Recruiter string
	// Compared heads the period block: "%s" the period's first day, "%s"
	// the previous period's first and "%s" its last moment.
	Compared string
	// CompareHeads are its columns (3, tab-separated): now, before, change.
	CompareHeads string
	// The figures of the block, one a line.
	Responses, Considered, Invited, Refused, Waiting, PastLimit, FirstAction, Within3 string
	// Cohort is the conversion of the period's responses: "%d" responses,
	// "%s" considered, "%s" invited, "%s" refused (each "n (p%)").
	Cohort string
	// Points is "%s" a change of a share in percentage points.
	Points string
	// By names the --by values: "%q" what was given.
	By string
}

func englishCLITeam() CLITeamText {
	return CLITeamText{
		RecruiterHeads: "ID\trecruiter\tresp\tinbox\tcons\tinv\tref\twait\tnear\tover\ttoday\t1-3d\t4-7d\tolder\t1st act\t≤1d\t≤3d\t≤7d",
		NoOwner:        "(owner unknown)",
		Recruiter:      "recruiter %d",
		Compared:       "since %s against the same span from %s to %s:",
		CompareHeads:   "now\tbefore\tchange",
		Responses:      "responses", Considered: "reached considered", Invited: "reached invited", Refused: "reached refused",
		Waiting: "unanswered at the end", PastLimit: "past the limit", FirstAction: "median 1st action", Within3: "answered ≤ 3 days",
		Cohort: "of the period's %d responses: considered %s, invited %s, refused %s",
		Points: "%s pp",
		By:     `--by: only "recruiter" is known, got %q`,
	}
}

func russianCLITeam() CLITeamText {
	return CLITeamText{
		RecruiterHeads: "№\tрекрутер\tоткл.\tвход.\tрасс.\tпригл\tотказ\tждут\tскоро\tпроср.\tсегодня\t1-3д\t4-7д\tстарше\t1-е д.\t≤1д\t≤3д\t≤7д",
		NoOwner:        "(владелец неизвестен)",
		Recruiter:      "рекрутер %d",
		Compared:       "с %s против того же отрезка с %s по %s:",
		CompareHeads:   "сейчас\tраньше\tизменение",
		Responses:      "отклики", Considered: "дошли до рассмотрения", Invited: "дошли до приглашения", Refused: "дошли до отказа",
		Waiting: "без ответа к концу", PastLimit: "сверх срока", FirstAction: "медиана 1-го действия", Within3: "отвечено ≤ 3 дней",
		Cohort: "из %d откликов периода: рассмотрено %s, приглашено %s, отказано %s",
		Points: "%s п.п.",
		By:     `--by: известно только "recruiter", а не %q`,
	}
}
