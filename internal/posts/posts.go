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
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/authors"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Store is what the Service touches: posts, the category a post is moved
// to, its author (a default one, a profile made on demand) and its
// newsletter.
type Store interface {
	store.PostStore
	GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error)
	DefaultAuthor(ctx context.Context, workspaceID int64) (int64, error)
	authors.EnsureStore
	SetPostNewsletter(ctx context.Context, workspaceID, postID int64, send bool) (state, note string, recipients int, err error)
}

// Service writes posts for every caller (owners, admins, the scheduler, the demo content).
type Service struct {
	Store Store
	Cache *cache.Cache
	Now   func() time.Time
	// Files removes deleted posts' own files (media.Files); nil keeps them.
	Files Files
	// Attachments checks the covers and banners of posts written by hand
	// (nil: such posts cannot be given images).
	Attachments *media.Attachments
	// Pages is told which posts changed as readers see them, so the pages
	// they show on are rendered again (internal/pages); nil: nobody is.
	Pages PageChanges
	// Quota is the workspace plan's cap on what its hand-written posts
	// store (nil: no cap).
	Quota func(ctx context.Context, workspaceID int64) (plan.PostQuota, error)
}

// capped sets the workspace's storage cap and revisions kept on p, a
// write by hand (generated posts are capped by their monthly allowance).
func (s *Service) capped(ctx context.Context, p *store.Post) (plan.PostQuota, error) {
	if s.Quota == nil {
		return plan.PostQuota{Bytes: -1}, nil
	}
	q, err := s.Quota(ctx, p.WorkspaceID)
	if err != nil {
		return q, err
	}
	p.StorageCap, p.KeepRevisions = max(q.Bytes, 0), q.Revisions
	return q, nil
}

// storageFull answers a write refused by the workspace's post storage.
func storageFull(q plan.PostQuota) error {
	return apperr.Newf(apperr.Limit, "post_storage_full",
		"Your posts and their revisions have reached your plan's %d MB. Delete posts or drafts you no longer need, or upgrade your plan.",
		q.Bytes>>20)
}

// PageChanges hears of posts as they were before and after a write.
type PageChanges interface {
	PostsChanged(ctx context.Context, workspaceID int64, posts ...*store.Post)
}

// changed drops the workspace's cached answers and tells Pages which posts
// changed.
func (s *Service) changed(ctx context.Context, workspaceID int64, posts ...*store.Post) {
	s.Cache.Invalidate(workspaceID)
	if s.Pages != nil {
		s.Pages.PostsChanged(ctx, workspaceID, posts...)
	}
}

// Files are the stored files of posts.
type Files interface {
	// PostFiles returns the files the workspace's posts among ids use.
	PostFiles(ctx context.Context, workspaceID int64, ids []int64) ([]string, error)
	// Release removes those of keys nothing uses any more.
	Release(ctx context.Context, workspaceID int64, keys []string)
}

// New returns a Service with the real clock.
func New(s Store, c *cache.Cache) *Service {
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

// Create stores a new post. Its slug is made from the title, with the
// time in milliseconds appended when the workspace already has that slug.
func (s *Service) Create(ctx context.Context, p *store.Post) error {
	Derive(p)
	if len(p.ContentHTML) > MaxContentBytes {
		return errContentSize
	}
	if p.Status == "" {
		p.Status = store.PostPublished
	}
	if err := s.author(ctx, p); err != nil {
		return err
	}
	p.SaveRevision = true
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
	if p.Status == store.PostPublished {
		s.changed(ctx, p.WorkspaceID, p)
	}
	return nil
}

// Limits of an owner's edits and lists.
const (
	MaxTitleRunes  = 200    // characters of an edited title
	MaxTags        = 50     // tags sent with one edit
	MaxTagBytes    = 200    // bytes of one tag as sent
	MaxSearchRunes = 200    // characters of a list search
	MaxBulkDelete  = 100    // posts deleted at once
	PageSize       = 50     // posts of a list page unless asked
	MaxPageSize    = 100    // posts of a list page at most
	MaxPage        = 100000 // a list's last page number
	// MaxContentBytes caps a post's HTML as served (sanitised, banners in
	// place): every reader's page, JSON, feed item and cache entry holds it.
	MaxContentBytes = 512 << 10
)

// Refusals of post reads and edits.
var (
	ErrNotFound     = apperr.New(apperr.NotFound, "post_not_found", "Post not found")
	ErrEmptyTitle   = apperr.Validation("Title is required")
	ErrEmptyContent = apperr.Validation("Content is required")
	errTitleTooLong = apperr.Validation("The title must be at most %d characters", MaxTitleRunes)
	errTooManyTags  = apperr.Validation("Send at most %d tags", MaxTags)
	errTagTooLong   = apperr.Validation("Each tag must be at most %d characters", MaxTagBytes)
	errBulkTooMany  = apperr.Validation("At most %d posts can be deleted at once", MaxBulkDelete)
	errContentSize  = apperr.Newf(apperr.TooLarge, "content_too_large",
		"The post's content must be at most %d KB of HTML", MaxContentBytes>>10)
	errSearchLength = apperr.Newf(apperr.Invalid, "invalid_parameter", "search must be at most %d characters", MaxSearchRunes)
)

// Get returns a post of the workspace (ErrNotFound for any other's).
func (s *Service) Get(ctx context.Context, workspaceID, id int64) (*store.Post, error) {
	if id <= 0 {
		return nil, ErrNotFound
	}
	p, err := s.Store.GetPost(ctx, store.FindPost{ID: &id, WorkspaceID: &workspaceID})
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	return p, err
}

// Page returns page (from 1) of the posts f finds, limit a page, newest
// first, and how many f finds in all.
func (s *Service) Page(ctx context.Context, f store.FindPost, page, limit int) ([]*store.Post, int, error) {
	if f.Search != nil && utf8.RuneCountInString(*f.Search) > MaxSearchRunes {
		return nil, 0, errSearchLength
	}
	f.Order, f.Light = store.OrderLatest, true
	total, err := s.Store.CountPosts(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	f.Limit, f.Offset = limit, (page-1)*limit
	ps, err := s.Store.ListPosts(ctx, f)
	return ps, total, err
}

// RewriteBannerURLs moves posts' banner images to their current URLs:
// current returns the URL a banner image of the workspace should have, and
// false to leave it. Posts are read 500 with banners at a time, lightly;
// only those with a banner to move are loaded, re-derived as a save would
// (so the served HTML is what a fresh save gives) and written without
// touching updated_at. It returns how many posts changed; when nothing
// moves it writes nothing.
func (s *Service) RewriteBannerURLs(ctx context.Context, current func(workspaceID int64, url string) (string, bool)) (int, error) {
	const batch = 500
	n := 0
	touched := map[int64]bool{}
	defer func() {
		for ws := range touched {
			s.Cache.Invalidate(ws)
		}
	}()
	var after int64
	for {
		list, err := s.Store.PostBanners(ctx, after, batch)
		if err != nil {
			return n, err
		}
		for _, lp := range list {
			if !moveBanners(lp.WorkspaceID, lp.Banners, current) {
				continue
			}
			p, err := s.Store.GetPost(ctx, store.FindPost{ID: &lp.ID, WorkspaceID: &lp.WorkspaceID})
			if errors.Is(err, store.ErrNotFound) {
				continue
			}
			if err != nil {
				return n, err
			}
			if !moveBanners(p.WorkspaceID, p.Banners, current) {
				continue
			}
			// The derive of a save; only Banners and ContentHTML are written
			// (the other derived fields do not depend on banners), guarded
			// by the content they were derived from. The size cap is not
			// applied: the post is stored already.
			oldHTML, saved := p.ContentHTML, *p
			Derive(&saved)
			p.ContentHTML = saved.ContentHTML
			ok, err := s.Store.SetPostBanners(ctx, p, oldHTML)
			if err != nil {
				return n, err
			}
			if ok {
				n++
				touched[p.WorkspaceID] = true
			}
		}
		if len(list) < batch {
			return n, nil
		}
		after = list[len(list)-1].ID
	}
}

// moveBanners sets each banner image to its current URL and reports
// whether any moved.
func moveBanners(workspaceID int64, bs []store.Banner, current func(workspaceID int64, url string) (string, bool)) bool {
	moved := false
	for i, b := range bs {
		if b.ImageURL == "" {
			continue
		}
		if url, ok := current(workspaceID, b.ImageURL); ok && url != b.ImageURL {
			bs[i].ImageURL, moved = url, true
		}
	}
	return moved
}

// DeleteOne removes a post of the workspace (ErrNotFound for any other's).
func (s *Service) DeleteOne(ctx context.Context, workspaceID, id int64) error {
	n, err := s.Delete(ctx, workspaceID, []int64{id})
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return err
}

// Delete removes the workspace's posts among ids (at most MaxBulkDelete)
// and reports how many; ids of other workspaces are not counted.
func (s *Service) Delete(ctx context.Context, workspaceID int64, ids []int64) (int64, error) {
	if len(ids) > MaxBulkDelete {
		return 0, errBulkTooMany
	}
	var files []string
	if s.Files != nil {
		var err error
		if files, err = s.Files.PostFiles(ctx, workspaceID, ids); err != nil {
			return 0, err
		}
	}
	gone := s.snapshots(ctx, workspaceID, ids)
	n, err := s.Store.DeletePosts(ctx, workspaceID, ids)
	if err == nil && n > 0 {
		s.changed(ctx, workspaceID, gone...)
		// A cover or banner no other post, library item or schedule uses
		// goes with its post.
		if len(files) > 0 {
			s.Files.Release(ctx, workspaceID, files)
		}
	}
	return n, err
}

// author names who writes a new post: the user given, else the workspace's
// owner (scheduled generations, demo posts), and makes sure they have a
// profile for their byline.
func (s *Service) author(ctx context.Context, p *store.Post) error {
	if p.AuthorID == 0 {
		id, err := s.Store.DefaultAuthor(ctx, p.WorkspaceID)
		if err != nil {
			return err
		}
		p.AuthorID = id
	}
	if p.AuthorID == 0 {
		return nil
	}
	_, err := authors.Ensure(ctx, s.Store, p.AuthorID)
	return err
}

// snapshots reads the workspace's posts among ids as they are now (before a
// write that removes them); one that cannot be read is left out.
func (s *Service) snapshots(ctx context.Context, workspaceID int64, ids []int64) []*store.Post {
	var out []*store.Post
	for _, id := range ids {
		if p, err := s.Store.GetPost(ctx, store.FindPost{ID: &id, WorkspaceID: &workspaceID}); err == nil {
			out = append(out, p)
		}
	}
	return out
}
