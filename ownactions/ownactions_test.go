package ownactions

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/hostexec"
	"hrdesk/keymap"
	"hrdesk/store"
)

// The test binary is the program the actions run: it prints what it was
// given, so a test sees the arguments and stdin exactly.
func TestMain(m *testing.M) {
	if os.Getenv("OWNACTIONS_HELPER") == "1" {
		os.Exit(helper(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func helper(args []string) int {
	switch args[0] {
	case "args":
		for _, a := range args[1:] {
			fmt.Printf("[%s]\n", a)
		}
	case "stdin":
		_, _ = io.Copy(os.Stdout, os.Stdin)
	case "fail":
		for i := 1; i <= 10; i++ {
			fmt.Fprintf(os.Stderr, "line %d\n", i)
		}
		return 3
	case "hang":
		time.Sleep(time.Hour)
	case "flood":
		chunk := strings.Repeat("x", 1023) + "\n"
		for range 200 {
			fmt.Print(chunk)
		}
		fmt.Println("the end")
	}
	return 0
}

// act is an action on the test binary with args after its mode.
func act(t *testing.T, args ...string) Action {
	t.Helper()
	a, err := New(0, config.Action{Name: "A", Key: "X", Command: append([]string{os.Args[0]}, args...)})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func local(t *testing.T) Runner {
	t.Setenv("OWNACTIONS_HELPER", "1")
	return Runner{Host: hostexec.Host{}}
}

var alice = Fields{ResumeID: 42, Link: "https://example.com/r/42", Name: "Alice Smith; rm -rf ~", Vacancy: "Driver",
	Folder: "inbox", Phone: "+7 900", Email: "a@example.com"}

func TestTemplateFieldsEachArgumentAlone(t *testing.T) {
	r := local(t)
	a := act(t, "args", "{{.ResumeID}}", "{{.Link}}", "{{.Name}}", "{{.Vacancy}}/{{.Folder}}", "{{.Phone}} {{.Email}}", "$HOME `id`")
	res := r.Run(context.Background(), a, alice, nil)
	if res.Err != nil {
		t.Fatalf("%v: %s", res.Err, res.Output)
	}
	want := "[42]\n[https://example.com/r/42]\n[Alice Smith; rm -rf ~]\n[Driver/inbox]\n[+7 900 a@example.com]\n[$HOME `id`]\n"
	if res.Output != want {
		t.Errorf("arguments:\n%s\nwant:\n%s", res.Output, want)
	}
}

func TestTheResumeIsJSONOnStdin(t *testing.T) {
	r := local(t)
	body := []byte(`{"id":42,"firstname":"Alice"}`)
	res := r.Run(context.Background(), act(t, "stdin"), alice, body)
	if res.Err != nil || res.Output != string(body) {
		t.Errorf("stdin: %q %v", res.Output, res.Err)
	}
}

func TestAFailureKeepsItsLastLines(t *testing.T) {
	r := local(t)
	res := r.Run(context.Background(), act(t, "fail"), alice, nil)
	var exit interface{ ExitCode() int }
	if !errors.As(res.Err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("exit: %v", res.Err)
	}
	if got := LastLines(res.Output, 3); strings.Join(got, "|") != "line 8|line 9|line 10" {
		t.Errorf("last lines: %q", got)
	}
}

func TestOutputIsBounded(t *testing.T) {
	r := local(t)
	res := r.Run(context.Background(), act(t, "flood"), alice, nil)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if !res.Cut || len(res.Output) > MaxOutput || !strings.HasSuffix(res.Output, "the end\n") {
		t.Errorf("cut %v, %d bytes, ends %q", res.Cut, len(res.Output), res.Output[max(0, len(res.Output)-20):])
	}
}

func TestATimeoutKills(t *testing.T) {
	r := local(t)
	r.Timeout = 100 * time.Millisecond
	done := make(chan Result, 1)
	go func() { done <- r.Run(context.Background(), act(t, "hang"), alice, nil) }()
	select {
	case res := <-done:
		if !errors.Is(res.Err, ErrTimeout) {
			t.Errorf("a hanging program: %v", res.Err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the hanging program was not killed")
	}
}

// A session served over SSH starts nothing.
func TestARemoteSessionRefuses(t *testing.T) {
	r := local(t)
	r.Host.Remote = true
	marker := t.TempDir() + "/ran"
	a, err := New(0, config.Action{Name: "A", Key: "X", Command: []string{"touch", marker}})
	if err != nil {
		t.Fatal(err)
	}
	if res := r.Run(context.Background(), a, alice, nil); !errors.Is(res.Err, hostexec.ErrRemote) {
		t.Errorf("remote: %v", res.Err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the program ran")
	}
}

func TestBindNamesTheAction(t *testing.T) {
	km := keymap.Default()
	for _, tc := range []struct {
		c    config.Action
		want string
	}{
		{config.Action{Name: "Push", Key: "i", Command: []string{"p"}}, `[[actions]] "Push": key "i"`},
		{config.Action{Name: "Push", Key: "X", Command: []string{"p", "{{.Nope}}"}}, `[[actions]] "Push": template: 2:`},
		{config.Action{Name: "Push", Key: "X", Command: []string{"p", "{{.Name"}}, `[[actions]] "Push": command element 2`},
	} {
		if _, err := Bind(&km, []config.Action{tc.c}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.want)
		}
	}
	acts, err := Bind(&km, []config.Action{{Name: "Push\x1b[31m", Key: "P", Command: []string{"p"}, Confirm: true}})
	if err != nil || len(acts) != 1 || acts[0].Name != "Push" || !acts[0].Confirm || acts[0].Key.Help().Key != "P" {
		t.Errorf("bound: %+v %v", acts, err)
	}
}

func TestFieldsOfACachedResume(t *testing.T) {
	d := store.EntryDetail{EntryRow: store.EntryRow{ResumeID: 7, LastName: "Smith", FirstName: "Al\x1b]0;x\x07ice", Folder: "considered", VacancyID: 9},
		RawJSON: []byte(`{"link":"https://example.com/r/7","phone1":"+7 900","email":"a@example.com"}`)}
	f := FieldsOf(d, "")
	if f.ResumeID != 7 || f.Name != "Smith Alice" || f.Link != "https://example.com/r/7" || f.Vacancy != "9" || f.Folder != "considered" {
		t.Errorf("fields: %+v", f)
	}
	if f.Phone != "" || f.Email != "" {
		t.Errorf("contacts not opened, yet given: %+v", f)
	}
	d.ContactsBought = true
	if f := FieldsOf(d, "Driver"); f.Phone != "+7 900" || f.Email != "a@example.com" || f.Vacancy != "Driver" {
		t.Errorf("opened contacts: %+v", f)
	}
}
