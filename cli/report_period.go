package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"hrdesk/i18n"
	"hrdesk/store"
)

// Week over week (issue 30 §3): the report's window against the same span
// before, the window's responses as a cohort (store/period.go).

// periodJSON is `period` and `previous` of a report's row.
type periodJSON struct {
	From        string              `json:"from"`
	To          string              `json:"to"`
	Responses   int                 `json:"responses"`
	Considered  int                 `json:"considered"`
	Invited     int                 `json:"invited"`
	Refused     int                 `json:"refused"`
	Waiting     int                 `json:"waiting"`
	PastLimit   int                 `json:"past_limit"`
	MedianHours *float64            `json:"median_first_action_hours"`
	Answered    map[string]*float64 `json:"answered_within_days"`
	// Conversion is the cohort's: of its responses, the shares (0–1) that
	// reached considered, invited, refused by the period's end; null
	// without responses.
	Conversion map[string]*float64 `json:"conversion"`
}

func toPeriodJSON(p store.Period, f store.PeriodFigures) periodJSON {
	return periodJSON{From: p.From.Format(time.RFC3339), To: p.To.Format(time.RFC3339), Responses: f.Responses,
		Considered: f.Considered, Invited: f.Invited, Refused: f.Refused, Waiting: f.Waiting, PastLimit: f.PastLimit,
		MedianHours: medianHours(f.FirstActions, f.MedianFirstAction), Answered: answeredShares(f), Conversion: conversion(f)}
}

// conversion is the cohort's share per stage reached, to a thousandth.
func conversion(f store.PeriodFigures) map[string]*float64 {
	out := map[string]*float64{}
	for stage, n := range map[string]int{"considered": f.Considered, "invited": f.Invited, "refused": f.Refused} {
		var v *float64
		if f.Responses > 0 {
			r := math.Round(float64(n)*1000/float64(f.Responses)) / 1000
			v = &r
		}
		out[stage] = v
	}
	return out
}

// periodCSVHead are a cohort's CSV columns, each named with prefix.
func periodCSVHead(prefix string) []string {
	out := []string{}
	for _, c := range []string{"responses", "considered", "invited", "refused", "waiting", "past_limit", "median_first_action_hours",
		"answered_within_1_day", "answered_within_3_days", "answered_within_7_days"} {
		out = append(out, prefix+c)
	}
	return out
}

// periodCSV are a cohort's CSV cells, in periodCSVHead's order ("" where
// the JSON has null).
func periodCSV(f store.PeriodFigures) []string {
	num := func(p *float64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatFloat(*p, 'f', -1, 64)
	}
	out := []string{}
	for _, n := range []int{f.Responses, f.Considered, f.Invited, f.Refused, f.Waiting, f.PastLimit} {
		out = append(out, strconv.Itoa(n))
	}
	out = append(out, num(medianHours(f.FirstActions, f.MedianFirstAction)))
	shares := answeredShares(f)
	for _, d := range store.AnswerDays {
		out = append(out, num(shares[strconv.Itoa(d)]))
	}
	return out
}

// medianHours is a median in hours to a tenth, nil when nothing was acted on.
func medianHours(n int, d time.Duration) *float64 {
	if n == 0 {
		return nil
	}
	h := math.Round(d.Hours()*10) / 10
	return &h
}

// answeredShares are the shares answered within 1, 3 and 7 days, 0–1 to a
// thousandth, null where no response was due.
func answeredShares(f store.PeriodFigures) map[string]*float64 {
	out := map[string]*float64{}
	for i, d := range store.AnswerDays {
		var v *float64
		if share, ok := f.AnsweredShare(i); ok {
			r := math.Round(share*1000) / 1000
			v = &r
		}
		out[strconv.Itoa(d)] = v
	}
	return out
}

// within3 is the index of 3 days in store.AnswerDays.
const within3 = 1

// printComparison is the block under the table: each figure of the window,
// the span before, the change; then the cohort's conversion.
func (a *app) printComparison(c store.Comparison) {
	t := a.text().CLI
	w := t.Team
	cur, prev := c.Current.Total, c.Previous.Total
	fmt.Fprintf(a.Out, w.Compared+"\n", c.Current.From.Format("2006-01-02 15:04"), c.Previous.From.Format("2006-01-02 15:04"),
		c.Previous.To.Format("2006-01-02 15:04"))
	labels := []string{w.Responses, w.Considered, w.Invited, w.Refused, w.Waiting, w.PastLimit, w.FirstAction, w.Within3}
	labelW := 0
	for _, l := range labels {
		labelW = max(labelW, len([]rune(l)))
	}
	heads := strings.Split(w.CompareHeads, "\t")
	if len(heads) != 3 {
		heads = strings.Split(i18n.For(i18n.EN).CLI.Team.CompareHeads, "\t")
	}
	line := func(label, now, before, change string) {
		fmt.Fprintf(a.Out, "  %-*s %9s %9s %10s\n", labelW, label, now, before, change)
	}
	line("", heads[0], heads[1], heads[2])
	counts := [][2]int{{cur.Responses, prev.Responses}, {cur.Considered, prev.Considered}, {cur.Invited, prev.Invited},
		{cur.Refused, prev.Refused}, {cur.Waiting, prev.Waiting}, {cur.PastLimit, prev.PastLimit}}
	for i, n := range counts {
		line(labels[i], strconv.Itoa(n[0]), strconv.Itoa(n[1]), signed(float64(n[0]-n[1])))
	}
	median := func(f store.PeriodFigures) string {
		if f.FirstActions == 0 {
			return "–"
		}
		return hoursText(t.More, f.MedianFirstAction)
	}
	change := "–"
	if cur.FirstActions > 0 && prev.FirstActions > 0 {
		change = signed(math.Round((cur.MedianFirstAction-prev.MedianFirstAction).Hours()*10) / 10)
		change = fmt.Sprintf(t.More.Hours, change)
	}
	line(labels[6], median(cur), median(prev), change)
	share := func(f store.PeriodFigures) (string, float64, bool) {
		s, ok := f.AnsweredShare(within3)
		if !ok {
			return "–", 0, false
		}
		return strconv.Itoa(int(math.Round(s*100))) + "%", math.Round(s * 100), true
	}
	nowS, nowP, okNow := share(cur)
	beforeS, beforeP, okBefore := share(prev)
	change = "–"
	if okNow && okBefore {
		change = fmt.Sprintf(w.Points, signed(nowP-beforeP))
	}
	line(labels[7], nowS, beforeS, change)
	part := func(n int) string {
		if cur.Responses == 0 {
			return strconv.Itoa(n)
		}
		return fmt.Sprintf("%d (%d%%)", n, int(math.Round(float64(n)*100/float64(cur.Responses))))
	}
	fmt.Fprintf(a.Out, w.Cohort+"\n", cur.Responses, part(cur.Considered), part(cur.Invited), part(cur.Refused))
}

// signed is a change with its sign, "=" for none.
func signed(v float64) string {
	switch {
	case v == 0:
		return "="
	case v > 0:
		return "+" + strconv.FormatFloat(v, 'f', -1, 64)
	}
	return "−" + strconv.FormatFloat(-v, 'f', -1, 64)
}
