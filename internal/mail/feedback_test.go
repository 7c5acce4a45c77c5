package mail_test

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/store"
)

func TestParseMessageID(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want store.ComplaintRef
		ok   bool
	}{
		{"<d12.m3.abc7@mail.example.com>", store.ComplaintRef{DeliveryID: 12, MessageID: 3, Nonce: "abc7"}, true},
		{"d12.m3@localhost", store.ComplaintRef{DeliveryID: 12, MessageID: 3}, true},
		{"<CAF=x@mail.gmail.com>", store.ComplaintRef{}, false},
		{"d12.m3.@h", store.ComplaintRef{}, false},
		{"d0.m3.n@h", store.ComplaintRef{}, false},
		{"dx.m3.n@h", store.ComplaintRef{}, false},
		{"d1.m2.n.extra@h", store.ComplaintRef{}, false},
		{"d1.m2.n", store.ComplaintRef{}, false},
	} {
		got, err := mail.ParseMessageID(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseMessageID(%q) = %+v, %v; want %+v ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestFeedbackMessageID(t *testing.T) {
	part := func(ct, body string) string { return "--b\r\nContent-Type: " + ct + "\r\n\r\n" + body + "\r\n" }
	report := func(ftype string) string {
		return part("message/feedback-report", "Feedback-Type: "+ftype+"\r\nVersion: 1\r\n")
	}
	orig := part("message/rfc822", "From: a@b\r\nMessage-ID: <d1.m2.n@h>\r\n\r\nhi")
	const ct = "multipart/report; report-type=feedback-report; boundary=b"
	for _, tc := range []struct {
		name, contentType, body, want, err string
	}{
		{"a report", ct, part("text/plain", "spam") + report("abuse") + orig + "--b--\r\n", "<d1.m2.n@h>", ""},
		{"headers only", ct, report("Abuse") + part("text/rfc822-headers", "Message-Id: <d1.m2.n@h>\r\n") + "--b--\r\n", "<d1.m2.n@h>", ""},
		{"the whole e-mail", "message/rfc822", "Subject: FBL\r\nContent-Type: " + ct + "\r\n\r\n" + report("abuse") + orig + "--b--\r\n", "<d1.m2.n@h>", ""},
		{"not spam", ct, report("not-spam") + orig + "--b--\r\n", "", "no spam complaint"},
		{"no feedback part", ct, orig + "--b--\r\n", "", "no message/feedback-report"},
		{"no original", ct, report("abuse") + "--b--\r\n", "", "original message"},
		{"no Message-ID", ct, report("abuse") + part("message/rfc822", "From: a@b\r\n\r\nhi") + "--b--\r\n", "", "no Message-ID"},
		{"another report type", "multipart/report; report-type=delivery-status; boundary=b", report("abuse") + orig + "--b--\r\n", "", "not a feedback report"},
		{"no boundary", "multipart/report; report-type=feedback-report", "x", "", "no boundary"},
		{"cut short", ct, "--b\r\nContent-Type: text/plain\r\n", "", "no message/feedback-report"},
		{"bad content type", "multipart/report; =", "", "", "Content-Type"},
	} {
		got, err := mail.FeedbackMessageID(tc.contentType, strings.NewReader(tc.body))
		if got != tc.want || (tc.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: %q, %v; want %q, error with %q", tc.name, got, err, tc.want, tc.err)
		}
	}
}
