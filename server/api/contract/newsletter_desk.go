package contract

// NewsletterReason is why publishing a post would not e-mail it.
type NewsletterReason string

// The reasons.
const (
	NewsletterReasonOff           NewsletterReason = "off"
	NewsletterReasonUnverified    NewsletterReason = "unverified"
	NewsletterReasonPaused        NewsletterReason = "paused"
	NewsletterReasonNoSubscribers NewsletterReason = "no_subscribers"
	NewsletterReasonLimit         NewsletterReason = "limit"
)

// NewsletterOutlook is what publishing a post now would do with its
// e-mail: sent to Recipients, or not sent (Reason, and Note to show after
// "Not sent: ").
type NewsletterOutlook struct {
	Recipients int              `json:"recipients"`
	Reason     NewsletterReason `json:"reason,omitempty"`
	Note       string           `json:"note,omitempty"`
}

// NewsletterOutlookResponse answers GET /api/workspace/newsletter/outlook.
type NewsletterOutlookResponse struct {
	Outlook NewsletterOutlook `json:"outlook"`
}

// NewsletterSendResponse answers POST /api/workspace/posts/{id}/newsletter/send
// (a published post that was not sent, e-mailed now, once): the post with
// its newsletter state, and how many it went to.
type NewsletterSendResponse struct {
	Post       Post `json:"post"`
	Recipients int  `json:"recipients"`
}

// NewsletterTestResponse answers POST /api/workspace/posts/{id}/newsletter/test:
// the address the test went to (the owner's own).
type NewsletterTestResponse struct {
	To string `json:"to"`
}

// WelcomeEmail is a blog's welcome e-mail to each new confirmed subscriber
// ({blog} in its text stands for the blog's name): GET and PUT
// /api/workspace/newsletter/welcome (answered as WelcomeEmailResponse).
type WelcomeEmail struct {
	Enabled bool   `json:"enabled"`
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

// WelcomeEmailResponse is the welcome e-mail with its limits.
type WelcomeEmailResponse struct {
	Welcome    WelcomeEmail `json:"welcome"`
	MaxSubject int          `json:"maxSubject"`
	MaxBody    int          `json:"maxBody"`
}

// ComplaintInput is a spam complaint about one of our e-mails, by its
// Message-ID (with or without angle brackets).
type ComplaintInput struct {
	MessageID string `json:"messageId"`
}

// ComplaintResponse: Recorded is false when that e-mail's complaint was
// already recorded (a repeated report counts once); Paused when the blog's
// sending is paused now.
type ComplaintResponse struct {
	Recorded bool `json:"recorded"`
	Paused   bool `json:"paused"`
}
