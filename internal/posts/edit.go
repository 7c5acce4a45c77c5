package posts

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/store"
)

// Limits of the fields a writer sets.
const (
	MaxMetaTitleRunes       = 200
	MaxMetaDescriptionRunes = 500
	MaxCoverAltRunes        = 300
	MaxSlugBytes            = 200
)

// Patch is a writer's change to a post: nil fields stay as they are. For a
// new post (Write) nil is empty, but for Title, Content and Category, which
// are required.
type Patch struct {
	Title    *string
	Content  *string
	Category *string
	Tags     *[]string
	// Status is a store.Post* status; PublishAt goes with it: when a
	// scheduled post goes live (required, in the future), or the time a
	// published one is dated (default now; never in the future).
	Status    *string
	PublishAt *time.Time
	// CoverURL is an upload of the workspace ("" removes the cover);
	// MediaID a library item. At most one of them.
	CoverURL        *string
	MediaID         *int64
	CoverAlt        *string
	MetaTitle       *string
	MetaDescription *string
	Slug            *string
	Banners         *[]store.Banner
	// Author is the user writing a new post (Write only; 0: the
	// workspace's owner).
	Author int64
	// SendNewsletter false: the post is not e-mailed to the blog's
	// subscribers when it goes live; true turns that back on (not after
	// it was sent). nil: unchanged (a new post is sent).
	SendNewsletter *bool
}

// Refusals of a writer's change.
var (
	errStatus          = apperr.Validation("Status must be draft, scheduled or published")
	errPublishAtAlone  = apperr.Validation(`A publication time needs status "scheduled" (or "published" to date a post in the past)`)
	errScheduleFuture  = apperr.Validation("Choose a time in the future to schedule the post")
	errPublishedFuture = apperr.Validation(`To publish later, use status "scheduled"`)
	errTwoCovers       = apperr.Validation("Send a cover upload or a library image, not both")
	errMetaTitle       = apperr.Validation("The meta title must be at most %d characters", MaxMetaTitleRunes)
	errMetaDescription = apperr.Validation("The meta description must be at most %d characters", MaxMetaDescriptionRunes)
	errCoverAlt        = apperr.Validation("The cover's alt text must be at most %d characters", MaxCoverAltRunes)
	errSlug            = apperr.Validation("A slug needs at least one letter a-z or digit (at most %d characters)", MaxSlugBytes)
	errNoCategory      = apperr.Validation("Please choose a category")
	// ErrUnknownCategory refuses a category the blog does not have.
	ErrUnknownCategory = apperr.New(apperr.Invalid, "invalid_category", "Please choose one of your blog's categories")
	// ErrSlugTaken refuses a slug another post of the blog has.
	ErrSlugTaken = apperr.New(apperr.Conflict, "slug_taken", "Another post of this blog already uses that slug; choose another")
)

// Validate checks the sizes and combinations of a change (no I/O). Blank
// titles and bodies are refused where it is applied, which knows what the
// body holds.
func (p Patch) Validate() error {
	switch {
	case p.Title != nil && utf8.RuneCountInString(*p.Title) > MaxTitleRunes:
		return errTitleTooLong
	case p.MetaTitle != nil && utf8.RuneCountInString(*p.MetaTitle) > MaxMetaTitleRunes:
		return errMetaTitle
	case p.MetaDescription != nil && utf8.RuneCountInString(*p.MetaDescription) > MaxMetaDescriptionRunes:
		return errMetaDescription
	case p.CoverAlt != nil && utf8.RuneCountInString(*p.CoverAlt) > MaxCoverAltRunes:
		return errCoverAlt
	case p.CoverURL != nil && p.MediaID != nil:
		return errTwoCovers
	case p.Status != nil && !validStatus(*p.Status):
		return errStatus
	case p.PublishAt != nil && (p.Status == nil || *p.Status == store.PostDraft):
		return errPublishAtAlone
	}
	if p.Slug != nil && (len(*p.Slug) > MaxSlugBytes || !strings.ContainsFunc(*p.Slug, isASCIIAlnum)) {
		return errSlug
	}
	if p.Tags != nil {
		if len(*p.Tags) > MaxTags {
			return errTooManyTags
		}
		for _, t := range *p.Tags {
			if len(t) > MaxTagBytes {
				return errTagTooLong
			}
		}
	}
	return nil
}

func isASCIIAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

func validStatus(s string) bool {
	return s == store.PostDraft || s == store.PostScheduled || s == store.PostPublished
}

// lifecycle returns a post's status and publication time after a change
// of status (nil: none) at now. Publishing an already published post keeps
// its date unless one is given; a draft keeps the time it had.
func lifecycle(cur string, curAt time.Time, status *string, at *time.Time, now time.Time) (string, time.Time, error) {
	if status == nil {
		return cur, curAt, nil
	}
	switch *status {
	case store.PostScheduled:
		if at == nil || !at.After(now) {
			return "", time.Time{}, errScheduleFuture
		}
		return store.PostScheduled, at.UTC(), nil
	case store.PostPublished:
		switch {
		case at != nil && at.After(now):
			return "", time.Time{}, errPublishedFuture
		case at != nil:
			return store.PostPublished, at.UTC(), nil
		case cur == store.PostPublished:
			return cur, curAt, nil
		}
		return store.PostPublished, now.UTC(), nil
	}
	return store.PostDraft, curAt, nil
}

// Write stores a post written by hand (no AI quota is used): a draft unless
// the change says otherwise. Title, content and category are required.
func (s *Service) Write(ctx context.Context, ws *store.Workspace, in Patch) (*store.Post, error) {
	if in.Title == nil || strings.TrimSpace(*in.Title) == "" {
		return nil, ErrEmptyTitle
	}
	if in.Category == nil || strings.TrimSpace(*in.Category) == "" {
		return nil, errNoCategory
	}
	if in.Content == nil {
		return nil, ErrEmptyContent
	}
	if in.Status == nil {
		in.Status = store.Ptr(store.PostDraft)
	}
	now := s.Now()
	p := &store.Post{WorkspaceID: ws.ID, Status: store.PostDraft, PublishedAt: now.UTC(), UpdatedAt: now.UTC(), AuthorID: in.Author}
	if err := s.apply(ctx, p, in, now); err != nil {
		return nil, err
	}
	if in.SendNewsletter != nil && !*in.SendNewsletter {
		p.Newsletter = store.NewsletterOff
	}
	q, err := s.capped(ctx, p)
	if err != nil {
		return nil, err
	}
	if err := s.Create(ctx, p); err != nil {
		if errors.Is(err, store.ErrStorageFull) {
			return nil, storageFull(q)
		}
		return nil, err
	}
	return p, nil
}

// Update applies a writer's change to a post of the workspace (ErrNotFound
// for any other's). A title or body change keeps a revision; a slug or
// category change of a published post keeps its old address as a redirect.
func (s *Service) Update(ctx context.Context, workspaceID, id int64, in Patch) (*store.Post, error) {
	p, err := s.Get(ctx, workspaceID, id)
	if err != nil {
		return nil, err
	}
	wasPublic := p.Status == store.PostPublished
	old := *p
	old.Tags = slices.Clone(p.Tags)
	before := store.PostAddress{Category: p.Category, Slug: p.Slug}
	title, body := p.Title, p.Content
	if err := s.apply(ctx, p, in, s.Now()); err != nil {
		return nil, err
	}
	if len(p.ContentHTML) > MaxContentBytes {
		return nil, errContentSize
	}
	p.SaveRevision = p.Title != title || p.Content != body
	if wasPublic {
		p.MovedFrom = &before
	}
	q, err := s.capped(ctx, p)
	if err != nil {
		return nil, err
	}
	if err := s.Store.UpdatePost(ctx, p); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, ErrSlugTaken
		}
		if errors.Is(err, store.ErrStorageFull) {
			return nil, storageFull(q)
		}
		return nil, err
	}
	if wasPublic || p.Status == store.PostPublished {
		s.changed(ctx, workspaceID, &old, p)
	}
	if in.SendNewsletter != nil {
		// Its own conditional write: the newsletter may be being sent.
		if p.Newsletter, p.NewsletterNote, p.NewsletterRecipients, err = s.Store.SetPostNewsletter(ctx, workspaceID, p.ID, *in.SendNewsletter); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// apply validates in against the workspace and sets it on p, derived
// fields included.
func (s *Service) apply(ctx context.Context, p *store.Post, in Patch, now time.Time) error {
	if err := in.Validate(); err != nil {
		return err
	}
	status, at, err := lifecycle(p.Status, p.PublishedAt, in.Status, in.PublishAt, now)
	if err != nil {
		return err
	}
	p.Status, p.PublishedAt = status, at
	if in.Title != nil {
		if strings.TrimSpace(*in.Title) == "" {
			return ErrEmptyTitle
		}
		if p.MetaTitle == p.Title {
			p.MetaTitle = ""
		}
		p.Title = *in.Title
	}
	if in.Content != nil {
		if strings.TrimSpace(content.PlainText(*in.Content)) == "" && !strings.Contains(*in.Content, "<img") &&
			!strings.Contains(*in.Content, "<iframe") {
			return ErrEmptyContent
		}
		// The meta description followed the old body; let it follow the new one.
		if p.MetaDescription == content.MetaDescription(p.Content) {
			p.MetaDescription = ""
		}
		p.Content = *in.Content
	}
	if in.Category != nil && *in.Category != p.Category {
		if _, err := s.Store.GetCategory(ctx, p.WorkspaceID, strings.TrimSpace(*in.Category)); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return ErrUnknownCategory
			}
			return err
		}
		p.Category = strings.TrimSpace(*in.Category)
	}
	if in.Tags != nil {
		p.Tags = *in.Tags
	}
	if in.MetaTitle != nil {
		p.MetaTitle = *in.MetaTitle
	}
	if in.MetaDescription != nil {
		p.MetaDescription = *in.MetaDescription
	}
	if in.CoverAlt != nil {
		p.CoverAlt = strings.TrimSpace(*in.CoverAlt)
	}
	if err := s.applyImages(ctx, p, in); err != nil {
		return err
	}
	if in.Slug != nil {
		if err := s.setSlug(ctx, p, content.Slugify(*in.Slug)); err != nil {
			return err
		}
	}
	Derive(p)
	return nil
}

// applyImages sets the cover and banners of a change, each checked to be
// the workspace's own.
func (s *Service) applyImages(ctx context.Context, p *store.Post, in Patch) error {
	if (in.CoverURL != nil && *in.CoverURL != "") || in.MediaID != nil || (in.Banners != nil && len(*in.Banners) > 0) {
		if s.Attachments == nil {
			return errors.New("posts: no attachments checker configured")
		}
	}
	switch {
	case in.CoverURL != nil && strings.TrimSpace(*in.CoverURL) == "":
		p.CoverImageURL, p.CoverImageType, p.CoverImageSize = "", "", 0
	case in.CoverURL != nil && strings.TrimSpace(*in.CoverURL) != p.CoverImageURL:
		c, ok := s.Attachments.Upload(ctx, p.WorkspaceID, *in.CoverURL)
		if !ok {
			return media.ErrCoverNotOwned
		}
		p.CoverImageURL, p.CoverImageType, p.CoverImageSize = c.URL, c.Type, c.Size
	case in.MediaID != nil:
		c, err := s.Attachments.LibraryCover(ctx, p.WorkspaceID, *in.MediaID)
		if err != nil {
			return err
		}
		p.CoverImageURL, p.CoverImageType, p.CoverImageSize = c.URL, c.Type, c.Size
	}
	if in.Banners != nil {
		bs, err := s.Attachments.Banners(ctx, p.WorkspaceID, *in.Banners)
		if err != nil {
			return err
		}
		p.Banners = bs
	}
	return nil
}

// setSlug gives p slug unless another post of the workspace has it.
func (s *Service) setSlug(ctx context.Context, p *store.Post, slug string) error {
	if slug == p.Slug {
		return nil
	}
	taken, err := s.Store.PostSlugExists(ctx, p.WorkspaceID, slug)
	if err != nil {
		return err
	}
	if taken {
		return ErrSlugTaken
	}
	p.Slug = slug
	return nil
}

// SetCover gives a post of the workspace a cover the caller made for it
// (a new AI cover), keeping its alt text.
func (s *Service) SetCover(ctx context.Context, workspaceID, id int64, c media.Cover) (*store.Post, error) {
	p, err := s.Get(ctx, workspaceID, id)
	if err != nil {
		return nil, err
	}
	p.CoverImageURL, p.CoverImageType, p.CoverImageSize = c.URL, c.Type, c.Size
	if err := s.Store.UpdatePost(ctx, p); err != nil {
		return nil, err
	}
	if p.Status == store.PostPublished {
		s.changed(ctx, workspaceID, p)
	}
	return p, nil
}
