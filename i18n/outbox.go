package i18n

// OutboxText is the outbox screen (7): the actions not yet done, with the
// server's message, and what r, d and c did to them.
type OutboxText struct {
	Title string
	// Waiting, Sending, Refused and Unknown are "%d" actions in that state,
	// for the screen's head line.
	Waiting, Sending, Refused, Unknown string
	Empty                              string
	// Columns.
	State, Resume, Action, Queued, Message string
	// States in the table, the screen's and `hrdesk outbox`'s alike
	// (StateName); Held is "%d" seconds left of a letter's undo window;
	// Done and Cancelled only `hrdesk outbox --all` shows.
	StateWaiting, StateHeld, StateSending, StateRefused, StateUnknown string
	StateDone, StateCancelled                                         string
	// What kept an action back or its answer away, by problem's kind
	// (Message): Local is "%s" what failed here; NoWords a refusal the
	// service gave no words for; Lost an answer that never came back.
	WhyOffline, WhyTimeout, WhyServerDown, WhyRateLimited, WhyNeedsLogin string
	WhyRedirected, WhyBusy, WhyLocal, WhyNoWords, WhyLost, WhyBlocked    string
	// What an action does (a move is "→ folder" in every language). Later
	// is "%s" = the folder; MailTo "%s" = the address; Comment "%s" = the
	// comment's start.
	Later, Invite, Reject, RejectSilent, Mail, MailTo string
	Comment, DeleteComment                            string
	// The highlighted action's lines under the table: Server is "%s" = the
	// server's message, Attempts "%d" tries so far.
	Server, Attempts string
	// UnknownWhy says what an unknown outcome means and what to do: "%s"
	// = the key that sends it again, "%s" = the one that gives up.
	UnknownWhy string
	// Done lines: "%d" actions; Skipped is "%d" the key left as they were
	// (not in a state it applies to).
	Retried, Dismissed, Cancelled, Skipped string
	// Confirmations: withdrawing a letter or a comment loses its text ("withdraw":
	// the dialog's own button is already "Cancel");
	// giving up on an unknown outcome forgets what the server may have:
	// DismissQuestion is "%d" such actions. DismissRefused, "%d", follows
	// it when refused actions are given up on with them: the server did
	// not do those, their marker is only cleared.
	CancelTitle, CancelQuestion, DismissTitle, DismissQuestion string
	DismissRefused                                             string
	// Yes buttons.
	CancelYes, DismissYes string
}

func englishOutbox() OutboxText {
	return OutboxText{
		Title:   "Outbox",
		Waiting: "%d waiting", Sending: "%d sending", Refused: "%d refused", Unknown: "%d unknown",
		Empty: "The outbox is empty: nothing waits to be sent.",
		State: "State", Resume: "Resume", Action: "Action", Queued: "Queued", Message: "Server's message",
		StateWaiting: "waiting", StateHeld: "in %d s", StateSending: "sending", StateRefused: "refused", StateUnknown: "unknown",
		StateDone: "done", StateCancelled: "cancelled",
		WhyOffline: "the server cannot be reached", WhyTimeout: "the server did not answer in time",
		WhyServerDown: "the server is having trouble", WhyRateLimited: "the server is limiting requests",
		WhyNeedsLogin: "the login has expired", WhyRedirected: "the server redirects elsewhere (check base_url)",
		WhyBusy: "another session of this profile is sending", WhyLocal: "local error: %s",
		WhyNoWords: "refused, with no reason given", WhyLost: "sent, but no answer came back",
		WhyBlocked: "the employer account is blocked",
		Later:      "later → %s", Invite: "invite", Reject: "reject", RejectSilent: "reject, no letter",
		Mail: "letter", MailTo: "mail to %s", Comment: "comment “%s”", DeleteComment: "delete a comment",
		Server: "Server: %s", Attempts: "tries: %d",
		UnknownWhy: "The connection broke while it was sent: the server may have it. %s sends it again, %s gives up (the next sync shows what the server did).",
		Retried:    "sent again: %d", Dismissed: "dismissed: %d", Cancelled: "withdrawn: %d", Skipped: "%d left as they were",
		CancelTitle: "Withdraw", CancelQuestion: "Actions to withdraw: %d. A letter among them is not sent and its text is lost.",
		DismissTitle: "Give up", DismissQuestion: "Actions with an unknown outcome to give up on: %d. The server may have done them; the next sync shows what it did.",
		DismissRefused: "Refused actions cleared with them: %d (the server did not do those).",
		CancelYes:      "Withdraw", DismissYes: "Give up",
	}
}

func russianOutbox() OutboxText {
	return OutboxText{
		Title:   "Исходящие",
		Waiting: "ждут: %d", Sending: "отправляются: %d", Refused: "отказ: %d", Unknown: "неясно: %d",
		Empty: "Исходящие пусты: ничего не ждёт отправки.",
		State: "Состояние", Resume: "Резюме", Action: "Действие", Queued: "Когда", Message: "Ответ сервера",
		StateWaiting: "ждёт", StateHeld: "ещё %d с", StateSending: "отправка", StateRefused: "отказ", StateUnknown: "неясно",
		StateDone: "выполнено", StateCancelled: "отменено",
		WhyOffline: "сервер недоступен", WhyTimeout: "сервер не ответил вовремя",
		WhyServerDown: "у сервера неполадки", WhyRateLimited: "сервер ограничивает запросы",
		WhyNeedsLogin: "вход истёк", WhyRedirected: "сервер перенаправляет в другое место (проверьте base_url)",
		WhyBusy: "отправляет другой сеанс этого профиля", WhyLocal: "локальная ошибка: %s",
		WhyNoWords: "отказ без объяснения причин", WhyLost: "отправлено, но ответ не пришёл",
		WhyBlocked: "аккаунт работодателя заблокирован",
		Later:      "позже → %s", Invite: "приглашение", Reject: "отказ", RejectSilent: "отказ без письма",
		Mail: "письмо", MailTo: "письмо на %s", Comment: "комментарий «%s»", DeleteComment: "удалить комментарий",
		Server: "Сервер: %s", Attempts: "попыток: %d",
		UnknownWhy: "Связь оборвалась во время отправки: сервер мог его получить. %s отправит снова, %s — отказаться (следующая синхронизация покажет, что сделал сервер).",
		Retried:    "отправлено снова: %d", Dismissed: "убрано: %d", Cancelled: "отозвано: %d", Skipped: "без изменений: %d",
		CancelTitle: "Отозвать", CancelQuestion: "Отозвать действий: %d. Письмо среди них не уйдёт, его текст пропадёт.",
		DismissTitle: "Отказаться", DismissQuestion: "Отказаться от действий с неясным исходом: %d. Сервер мог их выполнить; следующая синхронизация покажет.",
		DismissRefused: "Вместе с ними убираются отклонённые сервером: %d (их он не выполнил).",
		CancelYes:      "Отозвать", DismissYes: "Отказаться",
	}
}
