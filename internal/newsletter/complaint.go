package newsletter

import (
	"context"
	"errors"
	"strings"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/store"
)

var (
	errNoMessageID     = apperr.New(apperr.Invalid, "invalid_message_id", "Send the Message-ID of the e-mail reported as spam.")
	errMessageNotFound = apperr.New(apperr.NotFound, "message_not_found", "No e-mail of this server has that Message-ID.")
)

// ComplaintResult is what a spam complaint did: Recorded is false when the
// delivery's complaint was already recorded (a repeated report counts once);
// Paused when its blog's sending is paused now.
type ComplaintResult struct {
	Recorded bool
	Paused   bool
}

// Complaint records a spam complaint (a mail provider's feedback-loop
// report) about the e-mail whose Message-ID is messageID: it counts in the
// blog's mail health, and its reader is unsubscribed and never mailed
// again. When the complaint tips the blog over its limits, its waiting
// newsletters are held at once. A Message-ID that is not ours is
// errMessageNotFound, and nothing changes.
func (s *Service) Complaint(ctx context.Context, messageID string) (ComplaintResult, error) {
	if strings.TrimSpace(messageID) == "" {
		return ComplaintResult{}, errNoMessageID
	}
	ref, err := mail.ParseMessageID(messageID)
	if err != nil {
		return ComplaintResult{}, errMessageNotFound
	}
	now := s.now()
	c, err := s.Store.RecordComplaint(ctx, ref, now)
	if errors.Is(err, store.ErrNotFound) {
		return ComplaintResult{}, errMessageNotFound
	}
	if err != nil {
		return ComplaintResult{}, err
	}
	s.logger().InfoContext(ctx, "spam complaint recorded", "delivery", c.DeliveryID, "workspace", c.WorkspaceID,
		"subscriber", c.SubscriberID, "new", c.New)
	out := ComplaintResult{Recorded: c.New}
	if c.WorkspaceID != 0 {
		h := &Health{Store: s.Store, Logger: s.logger()}
		if out.Paused, err = h.Check(ctx, c.WorkspaceID, now); err != nil {
			return out, err
		}
	}
	return out, nil
}
