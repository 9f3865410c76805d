package config

import (
	"strings"
	"testing"

	"hrdesk/i18n"
)

// Own actions are read from config.toml as argv arrays; each mistake
// names its action.
func TestOwnActions(t *testing.T) {
	c, err := resolveWith(t, `
[[actions]]
key = "X"
name = "To the ATS"
command = ["ats-push", "--id", "{{.ResumeID}}", "{{.Name}}"]
confirm = true

[[actions]]
key = "Y"
name = "Note"
command = ["notes"]
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Actions) != 2 {
		t.Fatalf("actions: %+v", c.Actions)
	}
	if a := c.Actions[0]; a.Key != "X" || a.Name != "To the ATS" || !a.Confirm || len(a.Command) != 4 || a.Command[2] != "{{.ResumeID}}" {
		t.Errorf("first action: %+v", a)
	}
	if c.Actions[1].Confirm {
		t.Error("confirm is off unless asked")
	}

	dir := t.TempDir()
	for _, bad := range []struct {
		act      Action
		want, ru string
	}{
		{Action{Key: "X", Command: []string{"p"}}, `[[actions]] #1: name is empty`, "нет названия"},
		{Action{Name: "A", Command: []string{"p"}}, `[[actions]] "A": key is empty`, "нет клавиши"},
		{Action{Name: "A", Key: "X"}, `[[actions]] "A": command is empty`, "нет команды"},
		{Action{Name: "A", Key: "X", Command: []string{" "}}, `[[actions]] "A": command is empty`, "нет команды"},
		{Action{Name: "A", Key: "X", Command: []string{"p", "{{.Name"}}, `[[actions]] "A": command element 2: template: 2:`, "элемент 2 команды"},
		{Action{Name: "A", Key: "w", Command: []string{"p"}}, `[[actions]] "A": key "w" is also the key of [[views]] "V"`, "уже занята"},
	} {
		c := Defaults(EnvFromList(nil))
		c.DataDir = dir
		c.Views = []View{{Name: "V", Key: "w"}}
		c.Actions = []Action{bad.act}
		err := c.Validate()
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad.act, err, bad.want)
			continue
		}
		if ru, ok := Words(err, i18n.RU); !ok || !strings.Contains(ru, bad.ru) {
			t.Errorf("%+v in Russian: %q", bad.act, ru)
		}
	}
	c.Actions = append(c.Actions, Action{Name: "Again", Key: "X", Command: []string{"p"}})
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), `[[actions]] "Again": key "X" is also the key of [[actions]] "To the ATS"`) {
		t.Errorf("two actions on one key: %v", err)
	}
}
