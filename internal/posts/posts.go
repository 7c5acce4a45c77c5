// Package posts writes posts: it derives everything a reader needs (sanitised
// HTML, banners in place, excerpt, read time, meta description, tags) once,
// on write, makes slugs unique within the workspace, and drops the
// workspace's cached public pages so readers see the change at once.
package posts

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

// Service writes posts for every caller (owners, admins, the scheduler, the demo seed).
type Service struct {
	Store store.Store
	Cache *cache.Cache
	Now   func() time.Time
}

// New returns a Service with the real clock.
func New(s store.Store, c *cache.Cache) *Service {
	return &Service{Store: s, Cache: c, Now: time.Now}
}

// Derive fills every derived field of p from its Content, Title and Banners.
// Content is sanitised here, so nothing unsanitised is ever stored.
func Derive(p *store.Post) {
	p.Title = strings.TrimSpace(p.Title)
	p.Content = content.Sanitize(p.Content)
	p.ContentHTML = content.InsertBanners(p.Content, toContentBanners(p.Banners))
	p.Excerpt = content.CardExcerpt(p.Content)
	p.ReadMinutes = content.ReadMinutes(p.Content)
	p.WordCount = content.WordCount(p.Content)
	p.MetaTitle = strings.TrimSpace(p.MetaTitle)
	if p.MetaTitle == "" {
		p.MetaTitle = p.Title
	}
	p.MetaDescription = strings.TrimSpace(content.PlainText(p.MetaDescription))
	if p.MetaDescription == "" {
		p.MetaDescription = content.MetaDescription(p.Content)
	}
	p.Tags = content.NormalizeTags(p.Tags)
}

func toContentBanners(bs []store.Banner) []content.Banner {
	out := make([]content.Banner, len(bs))
	for i, b := range bs {
		out[i] = content.Banner{ImageURL: b.ImageURL, LinkURL: b.LinkURL, Text: b.Text}
	}
	return out
}

// Create stores a new post. Its slug is the seed's rule from the title, with
// a timestamp appended when the workspace already has that slug.
func (s *Service) Create(ctx context.Context, p *store.Post) error {
	Derive(p)
	if p.Slug == "" {
		p.Slug = content.Slugify(p.Title)
	}
	base := p.Slug
	for attempt := 0; ; attempt++ {
		exists, err := s.Store.PostSlugExists(ctx, p.WorkspaceID, p.Slug)
		if err != nil {
			return err
		}
		if !exists {
			err = s.Store.CreatePost(ctx, p)
			if err == nil {
				break
			}
			if !errors.Is(err, store.ErrConflict) || attempt > 3 {
				return err
			}
		}
		// Collision (or a concurrent insert of the same slug): timestamp it.
		p.Slug = base + "-" + strconv.FormatInt(s.Now().UnixMilli()+int64(attempt), 10)
	}
	s.Cache.Invalidate(p.WorkspaceID)
	return nil
}

// Patch is an edit: nil fields stay as they are.
type Patch struct {
	Title   *string
	Content *string
	Tags    *[]string
}

// ErrEmptyTitle and ErrEmptyContent refuse edits that would blank a post.
var (
	ErrEmptyTitle   = errors.New("Title is required")
	ErrEmptyContent = errors.New("Content is required")
)

// Update edits a post of the workspace (ErrNotFound for any other's).
func (s *Service) Update(ctx context.Context, workspaceID, id int64, patch Patch) (*store.Post, error) {
	p, err := s.Store.GetPost(ctx, store.FindPost{ID: &id, WorkspaceID: &workspaceID})
	if err != nil {
		return nil, err
	}
	if patch.Title != nil {
		if strings.TrimSpace(*patch.Title) == "" {
			return nil, ErrEmptyTitle
		}
		if p.MetaTitle == p.Title {
			p.MetaTitle = ""
		}
		p.Title = *patch.Title
	}
	if patch.Content != nil {
		if strings.TrimSpace(content.PlainText(*patch.Content)) == "" && !strings.Contains(*patch.Content, "<img") {
			return nil, ErrEmptyContent
		}
		// The meta description followed the old body; let it follow the new one.
		if p.MetaDescription == content.MetaDescription(p.Content) {
			p.MetaDescription = ""
		}
		p.Content = *patch.Content
	}
	if patch.Tags != nil {
		p.Tags = *patch.Tags
	}
	Derive(p)
	if err := s.Store.UpdatePost(ctx, p); err != nil {
		return nil, err
	}
	s.Cache.Invalidate(workspaceID)
	return p, nil
}

// Delete removes the workspace's posts among ids and reports how many.
func (s *Service) Delete(ctx context.Context, workspaceID int64, ids []int64) (int64, error) {
	n, err := s.Store.DeletePosts(ctx, workspaceID, ids)
	if err == nil && n > 0 {
		s.Cache.Invalidate(workspaceID)
	}
	return n, err
}
