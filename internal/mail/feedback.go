package mail

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/store"
)

// MaxFeedbackReport caps a complaint report read from a mail provider: a
// report carries the original message, whose headers are what is read.
const MaxFeedbackReport = 1 << 20

// ErrNotOurs: a Message-ID that none of our e-mails carries.
var ErrNotOurs = errors.New("mail: not a Message-ID of this server's e-mails")

// ParseMessageID reads the delivery a Message-ID of MessageID names (with
// or without its angle brackets).
func ParseMessageID(id string) (store.ComplaintRef, error) {
	id = strings.TrimSpace(id)
	id = strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">")
	local, _, ok := strings.Cut(id, "@")
	if !ok {
		return store.ComplaintRef{}, ErrNotOurs
	}
	parts := strings.Split(local, ".")
	if len(parts) < 2 || len(parts) > 3 || !strings.HasPrefix(parts[0], "d") || !strings.HasPrefix(parts[1], "m") {
		return store.ComplaintRef{}, ErrNotOurs
	}
	d, err1 := strconv.ParseInt(parts[0][1:], 10, 64)
	m, err2 := strconv.ParseInt(parts[1][1:], 10, 64)
	if err1 != nil || err2 != nil || d <= 0 || m <= 0 {
		return store.ComplaintRef{}, ErrNotOurs
	}
	ref := store.ComplaintRef{DeliveryID: d, MessageID: m}
	if len(parts) == 3 {
		if parts[2] == "" {
			return store.ComplaintRef{}, ErrNotOurs
		}
		ref.Nonce = parts[2]
	}
	return ref, nil
}

// FeedbackMessageID reads a spam complaint in the Abuse Reporting Format
// (RFC 5965): body is either the report's multipart/report body, whose
// Content-Type (with its boundary) is contentType, or the whole report
// e-mail (contentType message/rfc822). It returns the Message-ID of the
// original message the report carries. A report of another feedback type
// than abuse (not-spam, virus...) is an error: it is no complaint.
func FeedbackMessageID(contentType string, body io.Reader) (string, error) {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", fmt.Errorf("unreadable Content-Type: %w", err)
	}
	if mt == "message/rfc822" {
		msg, err := netmail.ReadMessage(bufio.NewReader(body))
		if err != nil {
			return "", fmt.Errorf("unreadable report e-mail: %w", err)
		}
		if mt, params, err = mime.ParseMediaType(msg.Header.Get("Content-Type")); err != nil {
			return "", fmt.Errorf("unreadable Content-Type of the report e-mail: %w", err)
		}
		body = msg.Body
	}
	if mt != "multipart/report" || !strings.EqualFold(params["report-type"], "feedback-report") {
		return "", errors.New("not a feedback report (want multipart/report; report-type=feedback-report)")
	}
	if params["boundary"] == "" {
		return "", errors.New("the multipart/report has no boundary")
	}
	r := multipart.NewReader(body, params["boundary"])
	var feedbackType, messageID string
	var sawReport, sawOriginal bool
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("unreadable report part: %w", err)
		}
		pt, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch pt {
		case "message/feedback-report":
			// Its fields are header fields (RFC 5965 section 3.1).
			h, err := textproto.NewReader(bufio.NewReader(p)).ReadMIMEHeader()
			if err != nil && !errors.Is(err, io.EOF) {
				return "", fmt.Errorf("unreadable feedback fields: %w", err)
			}
			sawReport, feedbackType = true, strings.ToLower(strings.TrimSpace(h.Get("Feedback-Type")))
		case "message/rfc822", "text/rfc822-headers", "message/rfc822-headers":
			// The original message, or only its headers: either way a header block first.
			h, err := textproto.NewReader(bufio.NewReader(p)).ReadMIMEHeader()
			if err != nil && !errors.Is(err, io.EOF) {
				return "", fmt.Errorf("unreadable original message: %w", err)
			}
			sawOriginal, messageID = true, strings.TrimSpace(h.Get("Message-Id"))
		}
	}
	switch {
	case !sawReport:
		return "", errors.New("the report has no message/feedback-report part")
	case feedbackType != "abuse":
		return "", fmt.Errorf("feedback type %q is no spam complaint (want abuse)", feedbackType)
	case !sawOriginal:
		return "", errors.New("the report does not include the original message")
	case messageID == "":
		return "", errors.New("the original message has no Message-ID")
	}
	return messageID, nil
}
