package i18n

// russianHelpSaid is --help in Russian: the commands' summaries, long
// helps and flag lines keyed by their English (CLIHelpText.Said).
var russianHelpSaid = map[string]string{
	"move a resume to a folder (inbox, considered, invited, refused, a user folder)": "перенести резюме в папку (inbox, considered, invited, refused, пользовательская папка)",
	"put a resume aside for later (considered, or --folder)":                         "отложить резюме на потом (в considered или в --folder)",
	"add a comment to a resume":                                                      "добавить комментарий к резюме",
	"invite the applicant with a letter from a template":                             "пригласить соискателя письмом по шаблону",
	"reject the applicant, with a letter from a template or without one":             "отказать соискателю письмом по шаблону или без письма",
	"send the applicant a letter from a template":                                    "отправить соискателю письмо по шаблону",
	"send the resume to an e-mail address":                                           "отправить резюме на адрес электронной почты",
	"folder to put it in (default considered)":                                       "папка, куда отложить (по умолчанию considered)",
	"sender address (default: your profile's)":                                       "адрес отправителя (по умолчанию из вашего профиля)",
	"sender name (default: your profile's)":                                          "имя отправителя (по умолчанию из вашего профиля)",
	"template id (see the templates in the workstation)":                             "номер шаблона (шаблоны видны на рабочем месте)",
	"replace the template's subject":                                                 "заменить тему шаблона",
	"replace the template's text":                                                    "заменить текст шаблона",
	"also notify by SMS, where the server allows it":                                 "также уведомить по SMS, где сервер это позволяет",
	"print the version":                                                              "показать версию",
	"run the built-in fake of the job board with demo data":                          "запустить встроенную имитацию сайта вакансий с демо-данными",
	`Serves the API 2.0 contract with generated data until interrupted. Point
hrdesk at it with --base-url http://LISTEN and log in with the demo
credentials (shown by --print-credentials, and when the server starts).`: `Отвечает по контракту API 2.0 сгенерированными данными, пока его не прервут.
Направьте на него hrdesk флагом --base-url http://LISTEN и войдите с демо-учётными
данными (их показывают --print-credentials и запуск сервера).`,
	"address to listen on":                                  "адрес, на котором слушать",
	"seed of the generated data":                            "зерно генерируемых данных",
	"number of received resumes to generate":                "сколько полученных резюме сгенерировать",
	"requests a minute per client address (negative: none)": "запросов в минуту с одного адреса клиента (отрицательное: без предела)",
	"share of answers (0..1) that fail on purpose: 5xx, 429/503, cut bodies, slow answers":                                  "доля ответов (0..1), которые нарочно сбоят: 5xx, 429/503, оборванные тела, медленные ответы",
	"applicants who respond every minute, to watch the live inbox fill (0: none)":                                           "откликов в минуту — чтобы видеть, как пополняются входящие (0: нет)",
	"print the demo credentials and exit":                                                                                   "показать демо-учётные данные и выйти",
	"answer every authorized request after the first N with a blocked employer's error inside HTTP 200 (0: never)":          "отвечать на каждый авторизованный запрос после первых N ошибкой заблокированного работодателя внутри HTTP 200 (0: никогда)",
	"answer an expired token with 410 and the real service's message only (no invalid_token label)":                         "отвечать на истёкший токен кодом 410 только с сообщением настоящего сервиса (без метки invalid_token)",
	"answer every request with a 307 redirect to this address":                                                              "отвечать на каждый запрос перенаправлением 307 на этот адрес",
	"refuse a vacancy batch with an invalid element whole, and answer a one-vacancy create with 201 {id}":                   "отклонять пакет вакансий с неверным элементом целиком, а создание одной вакансии подтверждать как 201 {id}",
	"lifetime of the access tokens it issues (default 7 days)":                                                              "срок жизни выдаваемых токенов доступа (по умолчанию 7 дней)",
	"run the service's clock this far from this machine's (e.g. -240h: ten days behind): its ttl, expiries and Date header": "сдвинуть часы сервиса относительно этого компьютера (например, -240h: на десять дней назад): его ttl, сроки и заголовок Date",
	"answer every request with a 400 repeating the request in this format: %s":                                              "отвечать на каждый запрос ошибкой 400 с самим запросом в этом формате: %s",
	"write cached resumes as JSON or CSV (offline)":                                                                         "выгрузить резюме из кэша в JSON или CSV (офлайн)",
	`Writes the cached received resumes, newest event first. JSON carries each
resume's full object as the server sent it; CSV the list columns.`: `Выгружает полученные резюме из кэша, начиная с самого свежего события. В JSON —
полный объект каждого резюме, как его прислал сервер; в CSV — столбцы списка.`,
	"only this folder: inbox, considered, invited, refused or a folder id/name":                  "только эта папка: inbox, considered, invited, refused или номер/название папки",
	"only responses to this vacancy id":                                                          "только отклики на вакансию с этим номером",
	"json or csv":                                                                                "json или csv",
	"write to this file instead of standard output (- or none: standard output)":                 "писать в этот файл, а не в стандартный вывод (- или ничего: стандартный вывод)",
	"config file (default: config.toml in the user's config dir; env HRDESK_CONFIG)":             "файл настроек (по умолчанию config.toml в каталоге настроек пользователя; переменная HRDESK_CONFIG)",
	"API base URL (env HRDESK_BASE_URL; default %s)":                                             "адрес API (переменная HRDESK_BASE_URL; по умолчанию %s)",
	"your application's numeric client id (env HRDESK_CLIENT_ID)":                                "числовой client id вашего приложения (переменная HRDESK_CLIENT_ID)",
	"your application's secret key (env HRDESK_SECRET)":                                          "секретный ключ вашего приложения (переменная HRDESK_SECRET)",
	"directory for the cache and the login (env HRDESK_DATA_DIR)":                                "каталог для кэша и входа (переменная HRDESK_DATA_DIR)",
	"UI language: en, ru or auto":                                                                "язык интерфейса: en, ru или auto",
	"received resumes: mine or company":                                                          "полученные резюме: mine (мои) или company (всей компании)",
	"use the built-in demo service and data (nothing to configure)":                              "встроенный демо-сервис с данными (ничего настраивать не нужно)",
	"PostgreSQL database sharing the request budget with other machines (env HRDESK_BUDGET_URL)": "база PostgreSQL, через которую бюджет запросов делится с другими компьютерами (переменная HRDESK_BUDGET_URL)",
	"append a log of API requests (secrets redacted) to this file":                               "дописывать журнал запросов к API (без секретов) в этот файл",
	"log in as an employer and keep the session (password or --oauth)":                           "войти как работодатель и сохранить сессию (пароль или --oauth)",
	"end the session on the server and forget it here":                                           "завершить сессию на сервере и забыть её здесь",
	"show the logged-in user":                                                                    "показать, кто вошёл",
	`With a password (the default) hrdesk uses the password method as an employer
(hr=1); the password is read without echo on a terminal, or from standard input
with --password-stdin. Accounts that cannot use a password here log in with
--oauth: hrdesk prints the authorization URL, then takes the code (or the whole
redirect URL) you paste. The session is kept in DATA_DIR/token.json (mode 0600).`: `С паролем (по умолчанию) hrdesk входит как работодатель методом password (hr=1);
пароль читается без отображения в терминале или со стандартного ввода с
--password-stdin. Учётные записи, которым вход по паролю здесь недоступен, входят с
--oauth: hrdesk показывает адрес авторизации, затем принимает код (или весь адрес
перенаправления), который вы вставите. Сессия хранится в DATA_DIR/token.json (права 0600).`,
	"your login (e-mail) on the job board":                                "ваш логин (e-mail) на сайте вакансий",
	"read the password from standard input":                               "читать пароль со стандартного ввода",
	"log in through the authorization page instead of a password":         "войти через страницу авторизации, а не по паролю",
	"print JSON, for scripts":                                             "вывести JSON, для скриптов",
	"queued actions: list them, retry a failed one, cancel a pending one": "действия в очереди: показать, отправить снова отклонённое, отменить ждущее",
	`list     every action not yet done, with its state and the server's message
         (--all: also the ones sent, and the cancelled; --json: for scripts,
         its keys in docs/JSON.md)
retry    send a failed or unknown action again
cancel   withdraw a pending action (its change in the cache is undone)
dismiss  stop showing a failed action; give up on an unknown one`: `list     каждое ещё не выполненное действие, с состоянием и ответом сервера
         (--all: и отправленные, и отменённые; --json: для скриптов,
         его ключи — в docs/JSON.md)
retry    отправить снова отклонённое или неясное действие
cancel   отозвать ждущее действие (его изменение в кэше отменяется)
dismiss  не показывать отклонённое действие; отказаться от неясного`,
	"list also the actions already sent (the profile's history of work)":                           "показать и уже отправленные действия (история работы профиля)",
	"list: print JSON, for scripts":                                                                "list: вывести JSON, для скриптов",
	"the funnel per vacancy: responses, folders, waiting, per day, time to first action (offline)": "воронка по вакансиям: отклики, папки, ждущие, по дням, время до первого действия (офлайн)",
	`Reads the cache only. Per vacancy of the configured scope, and in total:
responses (every received resume: sent by the applicant, by subscription,
found, copied) by folder; waiting (in the inbox, nobody acted since the
response) and stale (stale_after); responses per day with the trend against
the same span before; the median time from a response to the recruiter's
first invite, reject, move or letter, over the responses of the window.

--since sets the window: 7d, 30d (the default) or a date (2026-11-01);
the folder counts, waiting and stale are the cache as it is now. The
window's responses are compared, as a cohort, with the same span the
days before (--since 7d: with the 7 days before, to the same hour).

--by recruiter: a row per recruiter of the company (a vacancy's owner),
named by the vacancies' contact person or [recruiters] in config.toml.`: `Читает только кэш. По каждой вакансии выбранного охвата и в сумме: отклики
(все полученные резюме: присланные соискателем, по подписке, найденные,
скопированные) по папкам; ждущие (во входящих, с отклика никто ничего не сделал)
и застоявшиеся (stale_after); отклики по дням и тренд против такого же срока
до того; медиана времени от отклика до первого приглашения, отказа, переноса или
письма рекрутёра по откликам окна.

--since задаёт окно: 7d, 30d (по умолчанию) или дату (2026-11-01); числа по
папкам, ждущие и застоявшиеся — по кэшу, каков он сейчас. Отклики окна
сравниваются, как когорта, с таким же отрезком днями раньше (--since 7d: с
7 днями до того, до того же часа).

--by recruiter: строка на каждого рекрутёра компании (владельца вакансии),
по имени контактного лица вакансий или из [recruiters] в config.toml.`,
	"recruiter: a row per recruiter of the company":                              "recruiter: строка на каждого рекрутёра компании",
	"only this vacancy id":                                                       "только вакансия с этим номером",
	"the window of the per-day figures: Nd or a date (YYYY-MM-DD)":               "окно цифр по дням: Nd или дата (ГГГГ-ММ-ДД)",
	`print a JSON array (the total last, with "total": true)`:                    `вывести массив JSON (итог последним, с "total": true)`,
	"print CSV, a column per day":                                                "вывести CSV, по столбцу на день",
	"find cached resumes in every folder by name, profession, skills… (offline)": "найти резюме в кэше во всех папках по имени, профессии, навыкам… (офлайн)",
	`Searches the cache's full-text index and the query's terms, as / in the
workstation does, but in every folder unless --folder (or folder:NAME)
narrows it. Words match by prefix: "иван бух" finds Иванов, a бухгалтер.
Terms such as salary>=80000, town:Москва, -has:comment, new or stale narrow
further (docs/QUERY.md).`: `Ищет по полнотекстовому индексу кэша и условиям запроса, как / на рабочем
месте, но во всех папках, если --folder (или папка:ИМЯ) не сужает поиск.
Слова ищутся по началу: «иван бух» находит Иванова, бухгалтера. Условия
вроде зп>=80000, город:Москва, -есть:комментарий, новые или залежались
сужают дальше (docs/QUERY.md).`,
	"only stale candidates (Considered or Invited with no event for stale_after)": "только застоявшиеся кандидаты (в considered или invited без событий дольше stale_after)",
	"only new responses": "только новые отклики",
	"when the response came: today, 7d, 30d or FROM..TO (2026-11-01..2026-11-20)": "когда пришёл отклик: today, 7d, 30d или ОТ..ДО (2026-11-01..2026-11-20)",
	"salary range MIN-MAX (either may be left out: 80000-, -120000)":              "диапазон зарплаты МИН-МАКС (любой край можно опустить: 80000-, -120000)",
	"age range MIN-MAX": "диапазон возраста МИН-МАКС",
	"education level (the job board's dictionary id)": "уровень образования (номер из справочника сайта)",
	"print JSON":              "вывести JSON",
	"print at most this many": "вывести не больше стольких",
	"your resume selections (saved searches): list, show, create, update, delete": "ваши подборки резюме (сохранённые поиски): list, show, create, update, delete",
	`A selection file is TOML or JSON with the fields of the contract (4.6), e.g.

    name = "Повара в Москве"
    period = 7
    t = [4]
    age_from = 20
    [[keywords]]
    keys = "повар"
    srws = 60
    skwc = "and"

status = 0 switches its e-mail off, status = 1 on; the server takes status only
on update, so create refuses it.`: `Файл подборки — TOML или JSON с полями контракта (4.6), например

    name = "Повара в Москве"
    period = 7
    t = [4]
    age_from = 20
    [[keywords]]
    keys = "повар"
    srws = 60
    skwc = "and"

status = 0 выключает её рассылку, status = 1 включает; сервер принимает status
только при update, поэтому create его не принимает.`,
	"delete: do not ask": "delete: не спрашивать",
	"serve the workstation over SSH to a team (one profile per key)": "открыть рабочее место команде по SSH (по профилю на ключ)",
	`Serves the workstation over SSH. Logins are by public key only, from a file in
OpenSSH authorized_keys format; the comment after each key names the
recruiter's profile, with its own cache and login under DATA_DIR/profiles/:

  ssh-ed25519 AAAAC3Nza… alice
  ssh-ed25519 AAAAC3Nza… bob

The file is read again when it changes. A profile that has not logged in
gets the login screen. The host key is generated on first run and kept.
With --demo the built-in demo service is the job board (log in with the
credentials the server prints).`: `Открывает рабочее место по SSH. Вход только по открытому ключу из файла в
формате OpenSSH authorized_keys; комментарий после каждого ключа называет профиль
рекрутёра, со своим кэшем и входом в DATA_DIR/profiles/:

  ssh-ed25519 AAAAC3Nza… alice
  ssh-ed25519 AAAAC3Nza… bob

Файл перечитывается, когда меняется. Профиль, который ещё не вошёл, видит экран
входа. Ключ сервера создаётся при первом запуске и сохраняется. С --demo сайтом
вакансий служит встроенный демо-сервис (вход с данными, которые покажет сервер).`,
	"host key file, created when missing (default DATA_DIR/ssh_host_ed25519)":          "файл ключа сервера, создаётся, если его нет (по умолчанию DATA_DIR/ssh_host_ed25519)",
	"authorized_keys file naming a profile per key (default DATA_DIR/authorized_keys)": "файл authorized_keys с профилем на каждый ключ (по умолчанию DATA_DIR/authorized_keys)",
	"close a session after this long without traffic (0: never)":                       "закрыть сеанс после стольких минут без обмена (0: никогда)",
	"most sessions at once (0: no limit)":                                              "сколько сеансов одновременно (0: без предела)",
	"append the connection log to this file (default: standard error)":                 "дописывать журнал подключений в этот файл (по умолчанию стандартный вывод ошибок)",
	"counts per folder, new ones, queued actions and the last sync (offline)":          "числа по папкам, новые, действия в очереди и последняя синхронизация (офлайн)",
	"bring the cache up to date and send queued actions":                               "обновить кэш и отправить действия из очереди",
	`Sends the queued actions, then fetches what changed since the last sync
(everything within history_days on the first run, or with --full). A sync that
is interrupted continues where it stopped the next time. --scope company syncs
every colleague's responses (received-by-client) instead of your own.`: `Отправляет действия из очереди, затем загружает то, что изменилось с прошлой
синхронизации (при первом запуске или с --full — всё в пределах history_days).
Прерванная синхронизация в следующий раз продолжится с того же места. С --scope
company загружаются отклики всех коллег (received-by-client), а не только ваши.`,
	"re-read the whole history instead of what changed":                     "перечитать всю историю, а не только изменения",
	"list the letter templates (ids for invite, reject and mail) (offline)": "показать шаблоны писем (номера для invite, reject и mail) (офлайн)",
	`Lists the letter templates cached by the last sync: the ids that
hrdesk invite/reject/mail --template take.`: `Показывает шаблоны писем из кэша последней синхронизации: номера, которые
принимают hrdesk invite/reject/mail --template.`,
	"only invite, reject or mail": "только invite, reject или mail",
	"your vacancies: list them, archive some, create and update them from a file": "ваши вакансии: показать, отправить в архив, создать и обновить из файла",
	`list     your vacancies (open, closed, archived) with views and responses; from
         the server when it is reachable, else from the cache
archive  move vacancies to the archive (asks first on a terminal; --yes for scripts)
apply    create and update vacancies in one batch from a TOML or JSON file:
         elements with an id are updates, the others creates. One line per
         element with its result; an invalid element names its field and the
         others still go through (a batch the service refuses whole is sent
         again one element at a time). An element the answer does not cover
         is "unknown": check it with list.

A TOML file:

    turbo = false
    [[vacancy]]
    profession = "Курьер"
    town = 4
    payment_from = 50000
    [[vacancy]]
    id = 46000001
    payment_to = 90000

JSON: {"turbo": false, "vacancies": [{...}, ...]} or just the array.`: `list     ваши вакансии (открытые, закрытые, в архиве) с просмотрами и откликами;
         с сервера, когда он доступен, иначе из кэша
archive  отправить вакансии в архив (в терминале сначала спрашивает; --yes для скриптов)
apply    создать и обновить вакансии одним пакетом из файла TOML или JSON:
         элементы с id — обновления, остальные — новые. По строке на элемент с
         его итогом; неверный элемент называет своё поле, а остальные всё равно
         уходят (пакет, который сервис отклоняет целиком, отправляется снова по
         одному элементу). Элемент, о котором ответ молчит, — «неясно»:
         проверьте его через list.

Файл TOML:

    turbo = false
    [[vacancy]]
    profession = "Курьер"
    town = 4
    payment_from = 50000
    [[vacancy]]
    id = 46000001
    payment_to = 90000

JSON: {"turbo": false, "vacancies": [{...}, ...]} или просто массив.`,
	"list: print JSON":    "list: вывести JSON",
	"archive: do not ask": "archive: не спрашивать",
	"apply: send the turbo flag (overrides the file's)": "apply: отправить флаг turbo (вместо того, что в файле)",
}
