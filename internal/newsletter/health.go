package newsletter

import (
	"context"
	"log/slog"
	"time"

	"github.com/inkpress/inkpress/store"
)

// A blog's mail health: how its recent e-mails fared decides whether it may
// send more. These are the only place the limits are written.
const (
	// HealthWindow is how far back a blog's e-mails are counted; sending
	// resumes once the window has moved past the refusals and complaints.
	HealthWindow = 7 * 24 * time.Hour
	// HealthSample is how many e-mails must have finished in the window
	// before the blog is judged at all.
	HealthSample = 50
	// RefusedPercent of the finished e-mails refused for good (bounced, or
	// failed) pauses the blog.
	RefusedPercent = 5
	// ComplaintsPerThousand of the finished e-mails reported as spam
	// pauses the blog, from ComplaintsMin complaints on: mailbox providers
	// act from about 0.1 to 0.3% complaints, far below what they bear of
	// bounces, and one reader's slip alone does not stop a blog.
	ComplaintsPerThousand = 3
	ComplaintsMin         = 2
)

// paused reports whether a blog whose recent e-mails came to h is refused
// or reported too often to send more.
func paused(h store.MailHealth) bool {
	if h.Finished < HealthSample {
		return false
	}
	return h.Refused*100 >= h.Finished*RefusedPercent ||
		(h.Complained >= ComplaintsMin && h.Complained*1000 >= h.Finished*ComplaintsPerThousand)
}

// HealthStore is what the health check reads and holds.
type HealthStore interface {
	MailHealth(ctx context.Context, workspaceID int64, since time.Time) (store.MailHealth, error)
	HoldMail(ctx context.Context, workspaceID int64, now time.Time) (int64, error)
}

// Health decides whether a blog's sending is paused, and when it is holds
// the blog's bulk mail still waiting, so no copy goes out while it lasts
// (the mail workers, the Dispatcher and a recorded complaint ask it).
type Health struct {
	Store  HealthStore
	Now    func() time.Time
	Logger *slog.Logger
}

// Paused is Check at the current time (mail.HoldCheck).
func (h *Health) Paused(ctx context.Context, workspaceID int64) (bool, error) {
	now := time.Now()
	if h.Now != nil {
		now = h.Now()
	}
	return h.Check(ctx, workspaceID, now)
}

// Check reports whether the blog's sending is paused at now; when it is,
// its waiting newsletters and import confirmations are held first.
func (h *Health) Check(ctx context.Context, workspaceID int64, now time.Time) (bool, error) {
	m, err := h.Store.MailHealth(ctx, workspaceID, now.Add(-HealthWindow))
	if err != nil || !paused(m) {
		return false, err
	}
	n, err := h.Store.HoldMail(ctx, workspaceID, now)
	if err != nil {
		return true, err
	}
	log := h.Logger
	if log == nil {
		log = slog.Default()
	}
	// The admin's line (their list shows the blog as "Sending paused").
	log.WarnContext(ctx, "newsletter sending paused: too many refused or reported e-mails", "workspace", workspaceID,
		"finished", m.Finished, "refused", m.Refused, "complained", m.Complained, "held", n)
	return true, nil
}
