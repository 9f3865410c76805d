// Package statusbar is the two lines at the bottom of the workstation: the
// status (online or not, sync progress, the outbox, the budget meter, the
// last sync, the answer to the last key, a standing problem) and the
// footer of keys.
package statusbar

import (
	"fmt"
	"hrdesk/problem"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Model is the status bar and the footer.
type Model struct {
	c     *common.Common
	width int
	help  help.Model

	syncing     bool
	done, total int // sync progress, total 0 while unknown
	wait        syncWait
	held        string // a letter's undo countdown (Held, heard.go)
	offline     bool
	silent      bool // the last word: a request left without an answer
	problem     string
	info        string
	// answered: info is the service's refusal of the last key's call,
	// cleared by the next key (a tea.KeyPressMsg, heard.go).
	answered bool
	// queued is the last queued action's summary, said again as sent
	// when the outbox empties after the push that follows; queuedAs and
	// sentAs are the words it is said with ("queued", "sent").
	queued, queuedAs, sentAs string
	// undo is the key that takes the queued action back ("" when none
	// does); offered is the line that offers it, while it stands, and
	// unit what it offers to take back (Offered): outbox ids or a snooze.
	undo, offered string
	unit          store.Slip
	// troubleBefore is how many actions were refused or unknown when the
	// last one was queued: more after its push means some of it failed.
	troubleBefore int
	outbox        store.OutboxCounts
	lastSync      time.Time
	meter         meter         // the budget meter (meter.go)
	outage        outageWatch   // an offline spell's end (outage.go)
	keys          []key.Binding // the focused pane's, for the footer
	typing        bool          // the focused pane takes text: "? help" would type a "?"
}

var _ common.Pane = (*Model)(nil)

// New makes the bar; lastSync is zero when the cache was never synced.
func New(c *common.Common, lastSync time.Time) *Model {
	m := &Model{c: c, lastSync: lastSync, help: help.New()}
	m.help.Styles = c.Styles.BubblesHelp()
	return m
}

// Update listens (issue 29 §4): the session's messages are given to it
// as they come (the meter's readings, a sync's progress, the polls), and
// the outbox's counts as the cache gives them; the root tells it a sync's
// start and end, the held letters' countdown and the keys (heard.go); it
// restyles on a theme change. A reading that ends the bar's offline spell
// turns it online (Offline says so to whoever gave it).
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	if m.heard(msg) {
		return nil, nil
	}
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.help.Styles = m.c.Styles.BubblesHelp()
	case Reading:
		m.metered(msg.Meter)
		m.outageOver(msg.Meter.Outage, msg.Away)
	case feed.Meter:
		m.metered(msg)
	case feed.SyncProgress:
		m.progressed(msg)
	case feed.PolledMsg:
		m.polled(msg)
	case store.OutboxCounts:
		m.counted(msg)
	}
	return nil, nil
}

// SetSize sets the width; the bar is always two lines.
func (m *Model) SetSize(w, _ int) { m.width = max(w, 0) }

// Focus and Blur: the bar never has the keyboard.
func (m *Model) Focus() {}
func (m *Model) Blur()  {}

// ShortHelp and FullHelp: the bar has no keys of its own.
func (m *Model) ShortHelp() []key.Binding  { return nil }
func (m *Model) FullHelp() [][]key.Binding { return nil }

// SetKeys gives the footer the focused pane's keys.
func (m *Model) SetKeys(keys []key.Binding) { m.keys = keys }

// SetTyping says the focused pane takes what is typed, so the footer does
// not offer "? help", which would only type a "?" there.
func (m *Model) SetTyping(typing bool) { m.typing = typing }

// syncStarted shows a sync under way and forgets the standing problem.
func (m *Model) syncStarted() {
	m.syncing, m.problem, m.done, m.total = true, "", 0, 0
	m.wait = syncWait{}
}

// Offline says the last word from the server was that it could not be
// reached.
func (m *Model) Offline() bool { return m.offline }

// Syncing says a sync is under way.
func (m *Model) Syncing() bool { return m.syncing }

// progressed shows how far the sync is, and why and for about how long
// it waits to try again ("waiting for the rate limit, ~40 s"; WaitingFor
// None: it goes on).
func (m *Model) progressed(p feed.SyncProgress) {
	if m.syncing {
		m.done, m.total = p.Done, p.Total
		m.wait = syncWait{why: p.WaitingFor, d: p.Waiting}
	}
}

// syncDone ends the sync; at is when it succeeded (zero when it failed).
func (m *Model) syncDone(p problem.Problem, at time.Time) {
	m.syncing, m.wait = false, syncWait{}
	if !at.IsZero() {
		m.lastSync = at
	}
	m.Note(p)
}

// Note records how a call to the server went: online again, or the
// problem in the UI's words.
func (m *Model) Note(p problem.Problem) {
	if p.Kind == problem.Offline && !m.offline {
		m.outage.spell++
	}
	m.offline = p.Kind == problem.Offline
	m.silent = p.Kind == problem.Timeout
	m.problem = m.c.Words(p)
}

// Say shows the answer to the last key ("copied"); "" clears it. The
// answer may name what config.toml or the service named (a saved view, a
// selection), so it is cleaned (issue 18 §5).
func (m *Model) Say(info string) { m.info, m.answered = textsafe.Line(info), false }

// Refused shows the service's refusal of the last key's call (no money,
// a field it would not take): an answer to that key, not a lasting state,
// so the next key clears it.
func (m *Model) Refused(p problem.Problem) { m.info, m.answered = m.c.Words(p), true }

// keyPressed hears every key: a refusal of the last one goes.
func (m *Model) keyPressed() {
	if m.answered {
		m.info, m.answered = "", false
	}
}

// Queued says what was put in the outbox ("1 → Considered"), cleaned as
// Say's answer is: a user folder's name comes from config.toml. undo is
// the key that takes it back, "" when none does; the line offers it,
// queued and then sent, until something else is said (Offers), and with
// it unit, the outbox ids queued (Offered).
func (m *Model) Queued(what, undo string, unit ...int64) {
	t := m.c.Text.Status
	m.queue(t.Queued, t.Sent, what, undo)
	if undo != "" {
		m.unit = store.Slip{Outbox: unit}
	}
}

// Offer says what a change that queued nothing did (a snooze: "snoozed
// until 2026-11-21 10:00: 2"), cleaned as Say's answer is, with undo, the
// key that takes it back; the line offers slip until something else is
// said (Offered), as Queued's does, but never turns to "sent".
func (m *Model) Offer(what, undo string, slip store.Slip) {
	m.undo = undo
	m.info, m.answered = m.offers(textsafe.Line(what)), false
	m.offered, m.unit = "", store.Slip{}
	if undo != "" {
		m.offered, m.unit = m.info, slip
	}
}

// MovingBack says an undo queued moves back to where resumes came from
// ("1 → Inbox"), said "moved back" once sent; it offers no undo.
func (m *Model) MovingBack(what string) {
	t := m.c.Text.Status
	m.queue(t.MovingBack, t.MovedBack, what, "")
}

func (m *Model) queue(queued, sent, what, undo string) {
	m.queued = textsafe.Line(what)
	m.queuedAs, m.sentAs, m.undo = queued, sent, undo
	m.info, m.answered = m.offering(queued), false
	m.offered, m.unit = "", store.Slip{}
	if undo != "" {
		m.offered = m.info
	}
	m.troubleBefore = m.outbox.Failed + m.outbox.Unknown
}

// offering is the line saying the queued action as word ("queued",
// "sent") says it, with the undo key when one takes it back.
func (m *Model) offering(word string) string {
	return m.offers(word + ": " + m.queued)
}

// offers is said with the undo key when one takes it back.
func (m *Model) offers(said string) string {
	if m.undo == "" {
		return said
	}
	return fmt.Sprintf(m.c.Text.Status.UndoOffer, said, m.undo)
}

// Offers says the status line still offers taking back what was queued
// last: nothing was said since.
func (m *Model) Offers() bool { return m.offered != "" && m.info == m.offered }

// Offered is what the line offers to take back (outbox ids or a snooze),
// while it does (Offers); empty when it offers nothing.
func (m *Model) Offered() store.Slip {
	if !m.Offers() {
		return store.Slip{}
	}
	return m.unit
}

// nextKey clears the answer to the last key as the next one comes, but for
// an offer to take the last move back: a slip is often seen a key or two
// later (issue 28 §2), so the offer stands until something else is said.
func (m *Model) nextKey() {
	if !m.Offers() {
		m.Say("")
	}
}

// counted shows the outbox counts (Update); "queued" becomes "sent" once
// the outbox really emptied after a push — also a push after the service
// came back, so a "queued" said offline does not stand once it went.
func (m *Model) counted(o store.OutboxCounts) {
	m.outbox = o
	t := m.c.Text.Status
	if m.queued != "" && o.Pending+o.InFlight == 0 && m.info == m.offering(m.queuedAs) {
		// "sent" only when none of it was refused or left unknown: the
		// outbox keeps those, and says so on its tab.
		if o.Failed+o.Unknown > m.troubleBefore {
			// The outbox screen, not u, is where that is settled.
			m.info, m.offered = fmt.Sprintf(t.SentWithTrouble, m.queued, o.Failed+o.Unknown-m.troubleBefore), ""
		} else {
			m.info = m.offering(m.sentAs)
			if m.offered != "" {
				m.offered = m.info // what has left is still taken back
			}
		}
		m.queued = ""
	}
}

// View is the status line and the footer, each exactly the width.
func (m *Model) View() string { return m.status() + "\n" + m.footer() }

// Ranks of the status line's segments: when the line is too narrow for
// all of them, the highest ranks go first, whole, so what is left is read
// whole; the state, a letter's countdown, the outbox's counts, the answer
// to the last key and a standing problem stay (the line cut with the
// ellipsis only when even they are too long).
const (
	rankState  = iota // online, offline, syncing
	rankHeld          // a letter's countdown: gone if not read in time
	rankFailed        // the outbox's counts: short, and what needs the recruiter
	rankUnknown
	rankPending
	rankInfo    // the answer to the last key
	rankProblem // a standing problem; the last that stays
	rankWait
	rankBudget // the requests left
	rankSynced
	rankLogin // when the login expires
	rankPolls
)

// segment is one part of the status line.
type segment struct {
	text string
	rank int
}

func (m *Model) status() string {
	t := m.c.Text.Status
	st := m.c.Styles.Status
	var segs []segment
	add := func(rank int, text string) { segs = append(segs, segment{text, rank}) }
	switch {
	case m.silent:
		// Before syncing: a sync whose requests get no answer is not
		// under way in any sense the recruiter cares about.
		add(rankState, st.Offline.Render(t.NotAnswering))
	case m.syncing && m.total > 0:
		add(rankState, st.Syncing.Render(fmt.Sprintf("%s %d/%d", t.Syncing, m.done, m.total)))
	case m.syncing:
		add(rankState, st.Syncing.Render(t.Syncing))
	case m.offline:
		add(rankState, st.Offline.Render(t.Offline))
	default:
		add(rankState, st.Online.Render(t.Online))
	}
	if w := m.waitWords(); w != "" {
		add(rankWait, st.Syncing.Render(w))
	}
	// A letter's countdown comes early: it is the one thing on the line
	// that is gone if not read in time.
	if m.held != "" {
		add(rankHeld, st.Pending.Render(m.held))
	}
	if n := m.outbox.Pending + m.outbox.InFlight; n > 0 {
		add(rankPending, st.Pending.Render(fmt.Sprintf(t.Pending, n)))
	}
	if m.outbox.Failed > 0 {
		add(rankFailed, st.Failed.Render(fmt.Sprintf(t.Failed, m.outbox.Failed)))
	}
	if m.outbox.Unknown > 0 {
		add(rankUnknown, st.Unknown.Render(fmt.Sprintf(t.Unknown, m.outbox.Unknown)))
	}
	budget, login := m.meterWords()
	if budget != "" {
		add(rankBudget, st.Meter.Render(budget))
	}
	if login != "" {
		add(rankLogin, st.Meter.Render(login))
	}
	if m.lastSync.IsZero() {
		add(rankSynced, t.NeverSynced)
	} else {
		add(rankSynced, fmt.Sprintf(t.LastSync, m.c.Text.Date(m.lastSync, m.c.Now())))
	}
	// The answer to the last key comes before a standing problem (offline,
	// say), so "copied" is not hidden behind "server unreachable".
	if m.info != "" {
		add(rankInfo, st.Info.Render(m.info))
	}
	if m.problem != "" {
		add(rankProblem, st.Error.Render(m.problem))
	}
	// Last: it explains why new responses come in slowly, and lasts as
	// long as the recruiters sharing the limit do.
	if w := m.pollWords(); w != "" {
		add(rankPolls, st.Meter.Render(w))
	}
	sep := st.Separator.Render(" " + m.c.Styles.Glyphs.Separator + " ")
	return st.Bar.Render(m.c.Fit(fitSegments(segs, sep, m.width), m.width))
}

// fitSegments joins segs with sep, leaving out the highest ranks, whole,
// until the line fits in w columns or only those that stay are left. Of
// those, the last on the line may be cut when a readable part of it shows;
// otherwise the highest rank of them goes too (never the state or a
// letter's countdown).
func fitSegments(segs []segment, sep string, w int) string {
	const readable = 12
	sepW := lipgloss.Width(sep)
	widths := make([]int, len(segs))
	total := sepW * (len(segs) - 1)
	for i, s := range segs {
		widths[i] = lipgloss.Width(s.text)
		total += widths[i]
	}
	kept := make([]bool, len(segs))
	for i := range kept {
		kept[i] = true
	}
	// drop leaves out the kept segment of the highest rank above least.
	drop := func(least int) bool {
		at := -1
		for i, s := range segs {
			if kept[i] && s.rank > least && (at < 0 || s.rank > segs[at].rank) {
				at = i
			}
		}
		if at < 0 {
			return false
		}
		kept[at] = false
		total -= widths[at] + sepW
		return true
	}
	for total > w && drop(rankProblem) {
	}
	for total > w {
		last := -1
		for i := range segs {
			if kept[i] {
				last = i
			}
		}
		if last >= 0 && w-(total-widths[last]) >= readable || !drop(rankHeld) {
			break
		}
	}
	var parts []string
	for i, s := range segs {
		if kept[i] {
			parts = append(parts, s.text)
		}
	}
	return strings.Join(parts, sep)
}

// footer is the focused pane's keys, as many as fit, then "? help", which
// always shows however narrow the screen: it is the way to every key the
// line had no room for.
func (m *Model) footer() string {
	helpKey := m.c.Keys.Help
	rest := make([]key.Binding, 0, len(m.keys))
	for _, k := range m.keys {
		if !slices.Equal(k.Keys(), helpKey.Keys()) {
			rest = append(rest, k)
		}
	}
	// Measured here rather than left to help.Model's width: it lets an item
	// overflow when no room is left for its ellipsis.
	m.help.SetWidth(0)
	tail := m.help.ShortHelpView([]key.Binding{helpKey})
	if m.typing {
		tail = ""
	}
	sep := m.help.Styles.ShortSeparator.Render(m.help.ShortSeparator)
	ellipsis := " " + m.help.Styles.Ellipsis.Render(m.help.Ellipsis)
	room := m.width - lipgloss.Width(tail) - lipgloss.Width(sep)
	// Each item is measured once (this runs on every frame); an item is
	// taken when it fits with room left for the ellipsis, unless it is the
	// last one.
	ellipsisW := lipgloss.Width(ellipsis)
	var head strings.Builder
	used := 0
	for i, b := range rest {
		item := m.help.ShortHelpView([]key.Binding{b})
		if item == "" {
			continue // disabled
		}
		w := lipgloss.Width(item)
		if used > 0 {
			w += lipgloss.Width(sep)
		}
		reserve := ellipsisW
		if i == len(rest)-1 {
			reserve = 0
		}
		if used+w+reserve > room {
			head.WriteString(ellipsis)
			break
		}
		if used > 0 {
			head.WriteString(sep)
		}
		head.WriteString(item)
		used += w
	}
	if head.Len() == 0 {
		return m.c.Fit(tail, m.width)
	}
	if tail == "" {
		return m.c.Fit(head.String(), m.width)
	}
	return m.c.Fit(head.String()+sep+tail, m.width)
}
