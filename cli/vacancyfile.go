package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"hrdesk/i18n"
	"hrdesk/internal/tomlfile"
	"hrdesk/session"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// vacancyFields are the write-side field names of a batch element (2.2).
var vacancyFields = []string{"id", "published", "town", "moveable", "old1", "old2", "pol", "payment_from", "payment_to",
	"type_of_work", "place_of_work", "education", "drive_license", "profession", "code", "work", "compensation",
	"url", "mail", "name", "contact", "company", "candidat", "maritalstatus", "children", "address", "refresh_vac",
	"anonymous", "metro", "catalogues", "experience", "resumesubscription_status", "resumesubscription_kwc",
	"resumesubscription_rws", "phones", "languages", "age_from", "age_to", "gender", "agreement", "currency"}

// vacancyFile is what `vacancies apply` reads.
type vacancyFile struct {
	Turbo     bool             `toml:"turbo" json:"turbo"`
	Vacancies []map[string]any `toml:"vacancy" json:"vacancies"`
}

// maxRequestFile bounds a file a command sends on (vacancies apply,
// selections create and update; issue 18 §5): a hundred vacancies with
// three texts of 3,000 Cyrillic characters each are 1.5 MiB. Within it
// and tomlfile's bounds, a TOML file written to cost makes the decoder
// take about 100 MiB at most.
const maxRequestFile = 2 << 20

// readRequestFile reads a file a command sends on, within maxRequestFile.
func readRequestFile(path string) ([]byte, error) {
	data, err := tomlfile.Read(path, maxRequestFile)
	if large := (*tomlfile.TooLargeError)(nil); errors.As(err, &large) {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return data, err
}

func readVacancyFile(t i18n.CLIMoreText, path string) (vacancyFile, error) {
	var f vacancyFile
	data, err := readRequestFile(path)
	if err != nil {
		return f, err
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		trimmed := strings.TrimSpace(string(data))
		if strings.HasPrefix(trimmed, "[") {
			err = json.Unmarshal(data, &f.Vacancies)
		} else {
			err = json.Unmarshal(data, &f)
		}
		if err != nil {
			if i, ok := notAnObject(data); ok {
				return f, fmt.Errorf(t.NotAnObject, path, i)
			}
			return f, fmt.Errorf(t.NotJSON, path, err)
		}
	case ".toml":
		md, err := tomlfile.Decode(data, &f) // refused when nested past tomlfile.MaxDepth
		if err != nil {
			return f, fmt.Errorf("%s: %v", path, err)
		}
		if und := md.Undecoded(); len(und) > 0 {
			return f, fmt.Errorf(t.UnknownSetting, path, und[0].String())
		}
	default:
		return f, fmt.Errorf(t.TOMLOrJSON, path)
	}
	if len(f.Vacancies) == 0 {
		return f, fmt.Errorf(t.NoVacanciesInFile, path)
	}
	return f, nil
}

// notAnObject is the first element (counted from 1) of a JSON file's
// vacancies that is no object, when the file is otherwise well formed:
// the decoder's own words ("cannot unmarshal number into Go value of type
// map[string]interface {}") name neither the element nor what it should be.
func notAnObject(data []byte) (int, bool) {
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		var top struct {
			Vacancies []json.RawMessage `json:"vacancies"`
		}
		if json.Unmarshal(data, &top) != nil {
			return 0, false
		}
		list = top.Vacancies
	}
	for i, raw := range list {
		if t := strings.TrimSpace(string(raw)); !strings.HasPrefix(t, "{") && t != "null" {
			return i + 1, true
		}
	}
	return 0, false
}

// checkElement finds field names the contract does not know, naming the
// closest known one: a typo must not silently drop a field.
func checkElement(t i18n.CLIMoreText, i int, el map[string]any) error {
	for k := range el {
		if slices.Contains(vacancyFields, k) {
			continue
		}
		return fmt.Errorf(t.ElementUnknownField, i+1, k, closest(t, k, vacancyFields))
	}
	return nil
}

func elementID(el map[string]any) int64 {
	switch v := el["id"].(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	case string:
		var n int64
		fmt.Sscan(v, &n)
		return n
	}
	return 0
}

// toWrite turns a file element into a batch element; values go as given.
func toWrite(el map[string]any) session.VacancyWrite {
	w := session.VacancyWrite{ID: elementID(el), Extra: map[string]any{}}
	for k, v := range el {
		if k != "id" {
			if f, ok := v.(float64); ok && f == float64(int64(f)) {
				v = int64(f) // JSON numbers: send 50000, not 5e+04
			}
			w.Extra[k] = v
		}
	}
	return w
}

func (a *app) applyVacancies(ctx context.Context, st *store.Store, path string, turbo, turboGiven bool) error {
	t := a.text().CLI.More
	f, err := readVacancyFile(t, path)
	if err != nil {
		return err
	}
	if turboGiven {
		f.Turbo = turbo
	}
	for i, el := range f.Vacancies {
		if err := checkElement(t, i, el); err != nil {
			return err
		}
	}
	var creates, updates []session.VacancyWrite
	var createIdx, updateIdx []int
	for i, el := range f.Vacancies {
		if elementID(el) > 0 {
			updates, updateIdx = append(updates, toWrite(el)), append(updateIdx, i)
		} else {
			creates, createIdx = append(creates, toWrite(el)), append(createIdx, i)
		}
	}
	c, err := a.profile().LoggedInClient()
	if err != nil {
		return err
	}
	results := make([]string, len(f.Vacancies))
	failed, unknown := 0, 0
	run := func(els []session.VacancyWrite, idx []int, create bool) error {
		if len(els) == 0 {
			return nil
		}
		res, err := session.SendVacancies(ctx, c, els, f.Turbo, create)
		if err != nil {
			return a.explainNetworkError(err)
		}
		for j, i := range idx {
			title := ""
			if p := f.Vacancies[i]["profession"]; p != nil {
				title = textsafe.Line(fmt.Sprint(p))
			}
			switch {
			case j >= len(res) || res[j].Raw == nil && res[j].Err == nil:
				// The answer covers fewer elements than were sent (a
				// create answered 201 {id} for several): this one may
				// have gone through; only the list can tell.
				unknown++
				results[i] = t.ElementUnanswered
			case res[j].Err != nil:
				failed++
				// The service's own words, its fields named within the element.
				results[i] = fmt.Sprintf(t.ElementFailed, describeElementError(res[j].Err))
			case create:
				results[i] = fmt.Sprintf(t.ElementCreated, res[j].ID, title)
			default:
				results[i] = fmt.Sprintf(t.ElementUpdated, els[j].ID, title)
			}
		}
		return nil
	}
	if err := run(creates, createIdx, true); err != nil {
		return err
	}
	if err := run(updates, updateIdx, false); err != nil {
		return err
	}
	for i, r := range results {
		fmt.Fprintf(a.Out, t.ElementLine+"\n", i+1, strings.TrimSpace(r))
	}
	_ = a.refreshVacancies(ctx, st)
	switch {
	case failed > 0 && unknown > 0:
		return fmt.Errorf(t.ElementsFailedUnknown, failed, len(f.Vacancies), unknown)
	case failed > 0:
		return fmt.Errorf(t.ElementsFailed, failed, len(f.Vacancies))
	case unknown > 0:
		return fmt.Errorf(t.ElementsUnknown, unknown, len(f.Vacancies))
	}
	return nil
}

func sortedFields(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
