package i18n

// CLIDigestText is what `hrdesk digest` says (issue 30 §5): the mail a
// lead reads with the morning coffee. Its tables' figures are named by
// CLITeamText where report names them already.
type CLIDigestText struct {
	// Title "%s" the moment the digest was made (2006-01-02 15:04).
	Title string
	// Since "%s" the period's first moment, "%s" whose vacancies: Mine or
	// Company.
	Since, Mine, Company string
	// Empty: the scope has no response in the cache at all.
	Empty string
	// New heads the responses per vacancy; NewHeads are its columns (4,
	// tab-separated): vacancy, new in the period, waiting now, past the
	// limit now; NoNew: the period had none and nothing is past a limit.
	New, NewHeads, NoNew string
	// Past heads the resumes past their stage's limit; PastOne, PastFew,
	// PastMany "%d" of them (Plural); Oldest "%d" of them named below;
	// NoPast: none is.
	Past, PastOne, PastFew, PastMany, Oldest, NoPast string
	// Resume "%d": a resume the cache has no name for. Waited "%s" the
	// name, "%s" the vacancy, "%s" the folder, "%s" how long it waited
	// (DayOne, DayFew, DayMany "%d" days, Plural; Hours "%d" under a day).
	Resume, Waited, DayOne, DayFew, DayMany, Hours string
	// Recruiters heads the company's recruiters; RecruiterHeads are its
	// columns (5, tab-separated): recruiter, new in the period, waiting
	// now, past the limit now, the median first action; FirstAction "%d"
	// days: what that median is over.
	Recruiters, RecruiterHeads, FirstAction string
	// Change heads the figures against the span before: "%d" days to now
	// against "%d" days before them.
	Change string
	// BadFormat "%q" what --format was given.
	BadFormat string
}

func englishCLIDigest() CLIDigestText {
	return CLIDigestText{
		Title:   "hrdesk digest, %s",
		Since:   "Since %s, %s.",
		Mine:    "own vacancies",
		Company: "the company's vacancies",
		Empty:   "The cache holds no responses of this scope yet: nothing to digest. Run `hrdesk sync` first.",
		New:     "New responses", NewHeads: "vacancy\tnew\twaiting\tpast limit",
		NoNew: "No new responses in the period, nothing past its limit.",
		Past:  "Past the stage's limit", PastOne: "%d resume has waited past its stage's limit.",
		PastFew: "%d resumes have waited past their stage's limit.", PastMany: "%d resumes have waited past their stage's limit.",
		Oldest: "The oldest %d:", NoPast: "Nothing waits past its stage's limit.",
		Resume: "resume %d", Waited: "%s: %s, %s, waiting %s",
		DayOne: "%d day", DayFew: "%d days", DayMany: "%d days", Hours: "%d h",
		Recruiters:     "Recruiters",
		RecruiterHeads: "recruiter\tnew\twaiting\tpast limit\t1st action",
		FirstAction:    "1st action: the median time to the first action on the responses of the last %d days.",
		Change:         "The last %d days against the %d before",
		BadFormat:      "--format must be text, markdown or html, not %q",
	}
}

func russianCLIDigest() CLIDigestText {
	return CLIDigestText{
		Title:   "Сводка hrdesk, %s",
		Since:   "С %s, %s.",
		Mine:    "свои вакансии",
		Company: "вакансии компании",
		Empty:   "В кэше пока нет откликов этой области: сводить нечего. Сначала выполните `hrdesk sync`.",
		New:     "Новые отклики", NewHeads: "вакансия\tновых\tждут\tсверх срока",
		NoNew: "Новых откликов за период нет, сверх срока никто не ждёт.",
		Past:  "Сверх срока этапа", PastOne: "%d резюме ждёт дольше срока своего этапа.",
		PastFew: "%d резюме ждут дольше срока своего этапа.", PastMany: "%d резюме ждут дольше срока своего этапа.",
		Oldest: "Самые давние %d:", NoPast: "Сверх срока этапа никто не ждёт.",
		Resume: "резюме %d", Waited: "%s: %s, %s, ждёт %s",
		DayOne: "%d день", DayFew: "%d дня", DayMany: "%d дней", Hours: "%d ч",
		Recruiters:     "Рекрутеры",
		RecruiterHeads: "рекрутер\tновых\tждут\tсверх срока\t1-е действие",
		FirstAction:    "1-е действие: медиана времени до первого действия по откликам последних %d дн.",
		Change:         "Последние %d дн. против %d дн. до них",
		BadFormat:      "--format: text, markdown или html, а не %q",
	}
}
