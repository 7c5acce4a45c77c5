package newsletter

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/store"
)

// What publishing would do follows the Dispatcher's rules, in its order.
func TestOutlookOf(t *testing.T) {
	cases := []struct {
		name                     string
		enabled, verified, pause bool
		confirmed, sent, limit   int
		want                     Outlook
	}{
		{"sent to everyone", true, true, false, 12, 0, 5000, Outlook{Recipients: 12}},
		{"exactly the e-mails left", true, true, false, 12, 4988, 5000, Outlook{Recipients: 12}},
		{"one e-mail short", true, true, false, 12, 4989, 5000, Outlook{Reason: ReasonLimit, Note: "this month's e-mails are used up"}},
		{"no cap", true, true, false, 12, 99999, 0, Outlook{Recipients: 12}},
		{"nobody to send to", true, true, false, 0, 0, 5000, Outlook{Reason: ReasonNoSubscribers, Note: "you have no confirmed subscribers yet"}},
		{"an unverified owner", true, false, false, 12, 0, 5000, Outlook{Reason: ReasonUnverified, Note: "confirm your e-mail address first"}},
		{"paused", true, true, true, 12, 0, 5000, Outlook{Reason: ReasonPaused, Note: "sending is paused: too many of your recent e-mails were refused or reported as spam"}},
		{"newsletters off, before all else", false, false, true, 0, 5000, 5000, Outlook{Reason: ReasonOff, Note: "e-mailing new posts is off for this blog"}},
		{"unverified before paused and empty", true, false, true, 0, 0, 5000, Outlook{Reason: ReasonUnverified, Note: "confirm your e-mail address first"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := outlookOf(tc.enabled, tc.verified, tc.pause, tc.confirmed, tc.sent, tc.limit); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestSkipOutlookNamesTheStoresNotes(t *testing.T) {
	for note, want := range map[string]string{store.NoteNoSubscribers: ReasonNoSubscribers, store.NoteOverLimit: ReasonLimit,
		store.NoteNewslettersOff: ReasonOff} {
		if got := skipOutlook(note); got.Reason != want || got.Note == "" {
			t.Errorf("%q: %+v, want %s", note, got, want)
		}
	}
}

func TestCheckWelcome(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	cases := []struct {
		name string
		in   store.Welcome
		ok   bool
	}{
		{"on, with text", store.Welcome{Enabled: true, Subject: " Hi ", Body: "Thanks\r\n\r\nfor joining"}, true},
		{"off, unfinished", store.Welcome{Subject: "", Body: ""}, true},
		{"on, no subject", store.Welcome{Enabled: true, Subject: "  ", Body: "Thanks"}, false},
		{"on, no text", store.Welcome{Enabled: true, Subject: "Hi", Body: " \n "}, false},
		{"a subject on two lines", store.Welcome{Subject: "Hi\nthere", Body: "x"}, false},
		{"the longest subject", store.Welcome{Subject: long(MaxWelcomeSubject), Body: "x"}, true},
		{"a subject too long", store.Welcome{Subject: long(MaxWelcomeSubject + 1), Body: "x"}, false},
		{"the longest text", store.Welcome{Subject: "Hi", Body: long(MaxWelcomeBody)}, true},
		{"a text too long, even off", store.Welcome{Subject: "Hi", Body: long(MaxWelcomeBody + 1)}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.in
			if err := checkWelcome(&w); (err == nil) != tc.ok {
				t.Errorf("err = %v, want ok %v", err, tc.ok)
			}
		})
	}
	w := store.Welcome{Subject: " Hi ", Body: "a\r\nb"}
	_ = checkWelcome(&w)
	if w.Subject != "Hi" || w.Body != "a\nb" {
		t.Errorf("trimmed to %q / %q", w.Subject, w.Body)
	}
}

func TestWelcomeBody(t *testing.T) {
	for in, want := range map[string]string{
		"Thanks!":                   "<p>Thanks!</p>",
		"One\n\nTwo\nlines":         "<p>One</p><p>Two<br>lines</p>",
		"<b>not html</b> & friends": "<p>&lt;b&gt;not html&lt;/b&gt; &amp; friends</p>",
		"\n\n\n":                    "",
	} {
		if got := welcomeBody(in); got != want {
			t.Errorf("welcomeBody(%q) = %q, want %q", in, got, want)
		}
	}
}

// A post's stored skip note reads as the outlook said it before publishing.
func TestOwnerNoteSpeaksLikeTheOutlook(t *testing.T) {
	for note, want := range map[string]string{
		store.NoteNoSubscribers:  "you have no confirmed subscribers yet",
		store.NoteOverLimit:      "this month's e-mails are used up",
		store.NoteNewslettersOff: "e-mailing new posts is off for this blog",
		NotePaused:               NotePaused,
		"":                       "",
	} {
		if got := OwnerNote(note); got != want {
			t.Errorf("OwnerNote(%q) = %q, want %q", note, got, want)
		}
	}
}
