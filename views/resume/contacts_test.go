package resume

import (
	"strings"
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// Issue 19 §2.9: the phone showed under "Other fields" while the e-mail
// showed under Contacts.
func TestPhoneIsAContact(t *testing.T) {
	m := New(panetest.Colour(i18n.EN))
	m.SetSize(118, 36)
	m.SetResume(store.EntryDetail{EntryRow: store.EntryRow{ResumeID: 5}, ContactsBought: true,
		RawJSON: []byte(`{"id":5,"lastname":"Иванова","firstname":"Мария","phone":"+7 900 000-00-00","email":"m@example.com","draft":true}`)})
	md := buildMarkdown(m.docInput())
	contacts, other, _ := strings.Cut(md, "## Other fields")
	if !strings.Contains(contacts, "**Phone:** &#43;7 900") || strings.Contains(other, "Phone") {
		t.Errorf("the phone is not with the contacts:\n%s", md)
	}
}
