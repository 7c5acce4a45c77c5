package contract

import "time"

// SubscriberStatus is where a subscription stands.
type SubscriberStatus string

// The subscriber statuses.
const (
	SubscriberPending      SubscriberStatus = "pending"
	SubscriberConfirmed    SubscriberStatus = "confirmed"
	SubscriberUnsubscribed SubscriberStatus = "unsubscribed"
	SubscriberBounced      SubscriberStatus = "bounced"
)

// SubscriberSource is how an address came on the list.
type SubscriberSource string

// The subscriber sources.
const (
	SourceForm   SubscriberSource = "form"
	SourceImport SubscriberSource = "import"
)

// Subscriber is one address on a blog's list (owner views).
type Subscriber struct {
	ID          int64            `json:"id"`
	Email       string           `json:"email"`
	Status      SubscriberStatus `json:"status"`
	Source      SubscriberSource `json:"source"`
	CreatedAt   time.Time        `json:"createdAt"`
	ConfirmedAt *time.Time       `json:"confirmedAt,omitempty"`
	// Note says why a bounced address was refused.
	Note string `json:"note,omitempty"`
}

// SubscriberCounts counts a blog's list by status.
type SubscriberCounts struct {
	Pending      int `json:"pending"`
	Confirmed    int `json:"confirmed"`
	Unsubscribed int `json:"unsubscribed"`
	Bounced      int `json:"bounced"`
	Total        int `json:"total"`
}

// SubscribersPage is one page of the owner's list:
// GET /api/workspace/subscribers?q=&status=&page= (50 per page, newest
// first; q matches part of the address).
type SubscribersPage struct {
	Subscribers []Subscriber     `json:"subscribers"`
	Counts      SubscriberCounts `json:"counts"`
	Page        int              `json:"page"`
	HasMore     bool             `json:"hasMore"`
	// Limit is the plan's cap on the list (pending and confirmed count).
	Limit int `json:"limit"`
}

// ImportResult answers POST /api/workspace/subscribers/import (a CSV
// body, one address per row, first column): every valid row is imported
// or, on any error, none is.
type ImportResult struct {
	Added   int `json:"added"`
	Skipped int `json:"skipped"` // already on the list
	// Confirming: the added addresses were sent a confirmation e-mail
	// and are pending until they confirm (a trial, or a first large
	// import).
	Confirming bool `json:"confirming"`
}

// ImportRowError is one refused CSV row (the 400 answer's details).
type ImportRowError struct {
	Line   int    `json:"line"`
	Value  string `json:"value"`
	Reason string `json:"reason"`
}

// ImportErrors is the body of a refused import: 400
// {"error": {...}, "rows": [...]}.
type ImportErrors struct {
	Rows []ImportRowError `json:"rows"`
}

// TokenInput carries a link's token: confirming or leaving a list
// (POST /api/subscribers/confirm, POST /api/subscribers/unsubscribe),
// resetting a password, verifying or changing an e-mail address.
// Workspace is the blog whose page the link opened (subscriptions only).
type TokenInput struct {
	Token     string `json:"token"`
	Workspace string `json:"workspace,omitempty"`
}

// SubscriptionResponse answers a confirmation or an unsubscription with
// the blog it was for.
type SubscriptionResponse struct {
	Status SubscriberStatus `json:"status"`
	Blog   string           `json:"blog"` // the blog's name
	Email  string           `json:"email"`
}

// MailStatus is how the server sends e-mail (the dashboard's notice and
// the month's newsletter count against the plan).
type MailStatus struct {
	// Sending is false when no SMTP server is configured: messages are
	// written to the outbox folder instead.
	Sending     bool `json:"sending"`
	EmailsSent  int  `json:"emailsSent"`
	EmailsLimit int  `json:"emailsLimit"`
	// Verified is whether the owner's address is confirmed (newsletters
	// are not sent until it is).
	Verified bool `json:"verified"`
}

// PostNewsletter is what became of a post's e-mail to the blog's
// subscribers: pending (sent when it goes live), off (the owner said no),
// sent (to Recipients), skipped (Note says why), none (published before
// newsletters existed).
type PostNewsletter string

// The post newsletter states.
const (
	NewsletterPending PostNewsletter = "pending"
	NewsletterOff     PostNewsletter = "off"
	NewsletterSent    PostNewsletter = "sent"
	NewsletterSkipped PostNewsletter = "skipped"
	NewsletterNone    PostNewsletter = "none"
)
