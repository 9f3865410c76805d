package i18n

// russianHelpSaidDigest is `hrdesk digest`'s --help in Russian (issue 30
// §5), apart from the other maps so that helpers editing them do not
// collide. The keys are cli/digest.go's English, byte for byte.
var russianHelpSaidDigest = map[string]string{
	"a lead's morning digest: new responses, what is past its limit, each recruiter, the week's change (offline)": "утренняя сводка руководителя: новые отклики, что ждёт сверх срока, каждый рекрутер, изменение за неделю (офлайн)",
	`Reads the cache only, for cron after a sync: the responses received in
the period per vacancy; how many resumes wait past their stage's limit
([sla] or stale_after in config.toml) and the oldest of them, with a link
to the resume on the site; in the company's scope a line per recruiter
(new responses, waiting, past the limit, the median time to the first
action); and the change: the last 7 days (the period, when longer)
against as many days before, the responses of each as a cohort, as
report --since counts them.

--since sets the period: 1d (the default: the last 24 hours), Nd, or a
date (from its midnight). --format: text (80 columns), markdown (a mail)
or html (a page without scripts).`: `Читает только кэш, для cron после синхронизации: отклики за период по
вакансиям; сколько резюме ждут дольше срока своего этапа ([sla] или
stale_after в config.toml) и самые давние из них со ссылкой на резюме на
сайте; в области компании — строка на рекрутера (новые отклики, ждут,
сверх срока, медиана времени до первого действия); и изменение: последние
7 дней (или период, если он длиннее) против стольких же дней до них,
отклики каждого отрезка как когорта, как считает report --since.

--since задаёт период: 1d (по умолчанию: последние 24 часа), Nd или дата
(с её полуночи). --format: text (80 колонок), markdown (письмо) или html
(страница без скриптов).`,
	"the period: Nd (the last N×24 hours) or a date (YYYY-MM-DD)": "период: Nd (последние N×24 часа) или дата (ГГГГ-ММ-ДД)",
	"text, markdown or html": "text, markdown или html",
}
