package i18n

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// For returns the catalogue of lang; an unknown Lang gives English. Each call
// builds a fresh value, so sessions never share one.
func For(lang Lang) *Text {
	if lang == RU {
		return russian()
	}
	return english()
}

// Plural picks the word form for n. English uses one for 1 and many
// otherwise; Russian follows the CLDR rules: one for 1, 21, 101 (not 11),
// few for 2–4, 22–24 (not 12–14), many for the rest ("1 год", "2 года",
// "5 лет", "11 лет", "21 год").
func Plural(lang Lang, n int, one, few, many string) string {
	if n < 0 {
		n = -n
	}
	if lang != RU {
		if n == 1 {
			return one
		}
		return many
	}
	mod10, mod100 := n%10, n%100
	switch {
	case mod10 == 1 && mod100 != 11:
		return one
	case mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14):
		return few
	default:
		return many
	}
}

// Arrived says n new responses reached folder: "3 new in Inbox",
// "3 новых отклика в папке «Входящие»".
func (t *Text) Arrived(n int, folder string) string {
	return fmt.Sprintf(Plural(t.Lang, n, t.Live.ArrivedOne, t.Live.ArrivedFew, t.Live.ArrivedMany), n, folder)
}

// About says roughly how long: "~40 s", "~3 min"; never less than a second.
func (t *Text) About(d time.Duration) string {
	if d >= 2*time.Minute {
		return fmt.Sprintf(t.Live.Minutes, int(d.Round(time.Minute)/time.Minute))
	}
	return fmt.Sprintf(t.Live.Seconds, max(int(d.Round(time.Second)/time.Second), 1))
}

// Held counts down a letter's undo window: to about (one applicant), or n
// letters of a bulk (about ""), leaving in secs, key taking it back.
func (t *Text) Held(n int, about string, secs int, key string) string {
	if n == 1 && about != "" {
		return fmt.Sprintf(t.Live.HeldOne, about, secs, key)
	}
	return fmt.Sprintf(Plural(t.Lang, n, t.Live.HeldBulkOne, t.Live.HeldBulkFew, t.Live.HeldBulkMany), n, secs, key)
}

// Sending says n held letters are being sent as the workstation quits.
func (t *Text) Sending(n int) string { return fmt.Sprintf(t.Live.Sending, n) }

// Resumes says how many resumes: "1 resume", "5 resumes", "резюме: 5".
func (t *Text) Resumes(n int) string {
	if n == 1 {
		return fmt.Sprintf(t.Status.TotalOne, n)
	}
	return fmt.Sprintf(t.Status.Total, n)
}

// Age formats an applicant's age: "35 years" / "35 лет". Zero or less means
// the resume does not say, and gives "".
func (t *Text) Age(years int) string {
	if years <= 0 {
		return ""
	}
	if t.Lang == RU {
		return strconv.Itoa(years) + " " + Plural(RU, years, "год", "года", "лет")
	}
	return strconv.Itoa(years) + " " + Plural(EN, years, "year", "years", "years")
}

// Salary formats a wanted salary: "80,000 RUB" / "80 000 руб.". Zero or less
// means the applicant left it open ("by agreement"), never "0 руб.".
// currency is the service's code (rub, uah, uzs, API 2.0 §2.10); empty means
// rub, the service's default; an unknown code is shown in capitals.
func (t *Text) Salary(amount int, currency string) string {
	if amount <= 0 {
		return t.Values.SalaryByAgreement
	}
	sep := ","
	if t.Lang == RU {
		// A plain space, not U+00A0: list columns are cut by display width
		// and some terminal fonts draw U+00A0 oddly.
		sep = " "
	}
	return groupThousands(amount, sep) + " " + currencyName(t.Lang, currency)
}

// currencyName names a currency code the way the language writes it after a
// number.
func currencyName(lang Lang, code string) string {
	code = strings.ToLower(strings.TrimSpace(code))
	if code == "" {
		code = "rub"
	}
	if lang == RU {
		switch code {
		case "rub":
			return "руб."
		case "uah":
			return "грн"
		case "uzs":
			return "сум"
		}
	}
	return strings.ToUpper(code)
}

// groupThousands writes n with sep between groups of three digits.
func groupThousands(n int, sep string) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	head := len(s) % 3
	if head > 0 {
		b.WriteString(s[:head])
	}
	for i := head; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// Date formats t for a list column relative to now, in now's time zone:
// today gives "14:05", earlier this year "12 Mar" / "12 мар", other years
// "12.03.2024". now is passed in so views and tests use an injected clock.
func (t *Text) Date(ts, now time.Time) string {
	ts = ts.In(now.Location())
	y, m, d := ts.Date()
	ny, nm, nd := now.Date()
	switch {
	case y == ny && m == nm && d == nd:
		return ts.Format("15:04")
	case y == ny:
		return strconv.Itoa(d) + " " + t.month(m)
	default:
		return ts.Format("02.01.2006")
	}
}

// ShortDate is Date for a column of 7: another year's date is its month
// and year ("Mar ’24"), where Date's "12.03.2024" would be cut.
func (t *Text) ShortDate(ts, now time.Time) string {
	ts = ts.In(now.Location())
	if ts.Year() == now.Year() {
		return t.Date(ts, now)
	}
	name := t.month(ts.Month())
	if t.Lang == RU && ts.Month() == time.May {
		name = "май" // no day before it: the nominative
	}
	return name + " ’" + ts.Format("06")
}

// DateTime is Date with the time of day added when Date leaves it out, for
// event history: "14:05", "12 Mar 09:30", "12.03.2024 09:30".
func (t *Text) DateTime(ts, now time.Time) string {
	ts = ts.In(now.Location())
	d := t.Date(ts, now)
	if y, m, dd := ts.Date(); y == now.Year() && m == now.Month() && dd == now.Day() {
		return d
	}
	return d + " " + ts.Format("15:04")
}

func (t *Text) month(m time.Month) string {
	if m < time.January || m > time.December {
		return ""
	}
	// Local arrays rather than package variables: no shared mutable state.
	if t.Lang == RU {
		// Genitive abbreviations: "12 мар", "3 мая".
		return [12]string{"янв", "фев", "мар", "апр", "мая", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"}[m-1]
	}
	return [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}[m-1]
}

// Folder names a standard folder by its API id (inbox, invited, considered,
// refused; ARCHITECTURE.md). User folders are named in config.toml, so an
// unknown id gives "".
func (t *Text) Folder(id string) string {
	switch id {
	case "inbox":
		return t.Folders.Inbox
	case "considered":
		return t.Folders.Considered
	case "invited":
		return t.Folders.Invited
	case "refused":
		return t.Folders.Refused
	}
	return ""
}

// Failure puts a buy/open failure label (API 2.0 §4.7) in plain words.
// "too_many_attempts" is our name for the 429 of the open call, which has no
// label. An unknown label is shown as is, inside Failures.Unknown.
func (t *Text) Failure(code string) string {
	f := &t.Failures
	switch code {
	case "not_enough_money":
		return f.NotEnoughMoney
	case "tariff_mismatch":
		return f.TariffMismatch
	case "resume_not_published":
		return f.ResumeNotPublished
	case "access_denied":
		return f.AccessDenied
	case "insufficient_rights":
		return f.InsufficientRights
	case "need_to_buy_first":
		return f.NeedToBuyFirst
	case "too_many_attempts":
		return f.TooManyAttempts
	}
	return fmt.Sprintf(f.Unknown, code)
}

// KeyDescriptions maps each key binding's action name (the `action` tag of
// KeyHelp, the same names as config.toml [keys]) to its help text, for
// keymap.KeyMap.Describe.
func (t *Text) KeyDescriptions() map[string]string {
	return byTag(reflect.ValueOf(t.Keys), "action")
}

// GroupTitles maps each help group name (keymap.Group.Name) to its title.
func (t *Text) GroupTitles() map[string]string {
	return byTag(reflect.ValueOf(t.HelpGroups), "group")
}

// byTag maps the tag values of a struct's string fields to the fields' values.
func byTag(v reflect.Value, tag string) map[string]string {
	typ := v.Type()
	out := make(map[string]string, typ.NumField())
	for i := range typ.NumField() {
		if name := typ.Field(i).Tag.Get(tag); name != "" {
			out[name] = v.Field(i).String()
		}
	}
	return out
}
