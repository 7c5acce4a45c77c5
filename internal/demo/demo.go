// Package demo seeds a new database with the site workspace, its four
// categories, an admin account and a dozen published posts written and
// illustrated by the writer and illustrator it is given (the app passes the
// offline builtin ones whatever provider is configured), so a fresh
// `make run` shows a real blog.
package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/authors"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/store"
)

// Category is one of the site's fixed categories.
type Category struct {
	Slug, Name, Description, Color, Gradient string
}

// SiteCategories are the site workspace's four categories.
var SiteCategories = []Category{
	{"marketing", "Marketing", "Social media strategy, content that converts and growth you can measure.", "#6366f1",
		"linear-gradient(135deg, #6366f1 0%, #8b5cf6 100%)"},
	{"keto", "Keto", "Low-carb nutrition made practical: meals, macros and the science behind ketosis.", "#10b981",
		"linear-gradient(135deg, #10b981 0%, #14b8a6 100%)"},
	{"fitness", "Fitness", "Training plans, recovery and habits for strength that lasts.", "#f43f5e",
		"linear-gradient(135deg, #f43f5e 0%, #f97316 100%)"},
	{"tech", "Tech", "Tools, AI and the technology shaping how creators work.", "#0ea5e9",
		"linear-gradient(135deg, #0ea5e9 0%, #6366f1 100%)"},
}

type seedPost struct {
	category, topic string
	keywords        []string
	tone            ai.Tone
}

var seedPosts = []seedPost{
	{"marketing", "Building a content calendar that survives a busy quarter", []string{"content calendar", "social media"}, ai.ToneProfessional},
	{"marketing", "Turning one blog post into a week of social media content", []string{"repurposing", "hashtags"}, ai.ToneCasual},
	{"marketing", "Affiliate marketing disclosures that build trust", []string{"affiliate marketing", "trust"}, ai.ToneAuthoritative},
	{"keto", "A beginner's first week on the keto diet", []string{"keto diet", "electrolytes"}, ai.ToneCasual},
	{"keto", "Reading nutrition labels for hidden carbs", []string{"net carbs", "labels"}, ai.ToneProfessional},
	{"keto", "Meal prep for a low-carb work week", []string{"meal prep", "low-carb"}, ai.ToneCasual},
	{"fitness", "Strength training basics for busy professionals", []string{"strength training", "progressive overload"}, ai.ToneProfessional},
	{"fitness", "Why recovery days make you stronger", []string{"recovery", "sleep"}, ai.ToneAuthoritative},
	{"fitness", "Walking ten thousand steps without trying", []string{"walking", "habits"}, ai.ToneCasual},
	{"tech", "Choosing an AI writing assistant for your blog", []string{"AI writing", "workflow"}, ai.ToneProfessional},
	{"tech", "RSS feeds are the quiet engine of social scheduling", []string{"RSS", "automation"}, ai.ToneAuthoritative},
	{"tech", "Speeding up your website for readers on mobile", []string{"page speed", "mobile"}, ai.ToneCasual},
}

// Seeder writes the demo content.
type Seeder struct {
	Posts       *posts.Service
	Writer      ai.Writer
	Illustrator ai.Illustrator
	Media       media.Storage
}

// SiteStore is what EnsureSiteWorkspace touches.
type SiteStore interface {
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	workspace.Creator
	CreateCategory(ctx context.Context, c *store.Category) error
}

// EnsureSiteWorkspace creates the site workspace and its categories if missing.
func EnsureSiteWorkspace(ctx context.Context, s SiteStore, slug, name string) (*store.Workspace, error) {
	ws, err := s.GetWorkspace(ctx, store.FindWorkspace{Slug: &slug})
	if err == store.ErrNotFound {
		set := store.DefaultSettings(0, name)
		set.BlogDescription = "Insights for the Modern Generation"
		set.OnboardingCompleted = true
		ws, err = workspace.Create(ctx, s, workspace.New{Name: name, Slug: slug, Tier: store.PlanAdmin, Settings: set, Site: true}, time.Now())
		if err != nil {
			return nil, err
		}
		for _, c := range SiteCategories {
			if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: c.Name, Slug: c.Slug,
				Description: c.Description, ColorHex: c.Color, Gradient: c.Gradient}); err != nil {
				return nil, err
			}
		}
	}
	return ws, err
}

// EditorBio is the demo admin's bio: the byline readers of the site's blog
// see is a team, not "Admin".
const EditorBio = "The InkPress editorial team writes practical guides on social media marketing, keto nutrition, " +
	"fitness and technology for creators, marketers and business owners."

// ProfileStore is what EnsureEditor touches.
type ProfileStore interface {
	EnsureAuthor(ctx context.Context, userID int64, slug string) (*store.Author, error)
	UpdateAuthor(ctx context.Context, a *store.Author) error
}

// EnsureEditor gives the demo admin the author profile the site's posts
// credit: the display name name (its slug made from it) and EditorBio.
func EnsureEditor(ctx context.Context, s ProfileStore, userID int64, name string) (*store.Author, error) {
	a, err := s.EnsureAuthor(ctx, userID, authors.Slug(name))
	if err != nil {
		return nil, err
	}
	a.DisplayName, a.Bio = name, EditorBio
	if err := s.UpdateAuthor(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}

// SeedPosts writes the demo posts, one day apart, ending now.
func (d *Seeder) SeedPosts(ctx context.Context, ws *store.Workspace, now time.Time) error {
	colors := map[string]Category{}
	for _, c := range SiteCategories {
		colors[c.Slug] = c
	}
	for i, sp := range seedPosts {
		art, err := d.Writer.Write(ctx, ai.WriteRequest{Topic: sp.topic, InputMode: ai.ModeTitle, Keywords: sp.keywords,
			Tone: sp.tone, Length: ai.LengthShort, Category: colors[sp.category].Name})
		if err != nil {
			return fmt.Errorf("demo post %d: %w", i, err)
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: sp.category, Title: art.Title, Content: art.HTML,
			MetaTitle: art.MetaTitle, MetaDescription: art.MetaDescription, Tags: art.Tags,
			PublishedAt: now.Add(-time.Duration(len(seedPosts)-i) * 26 * time.Hour), ViewCount: int64((i * 37) % 90)}
		p.UpdatedAt = p.PublishedAt
		img, err := d.Illustrator.Illustrate(ctx, ai.ImageRequest{Prompt: art.Title, Title: art.Title,
			ColorFrom: colors[sp.category].Color, ColorTo: "#1e1b4b", Brand: ws.Name})
		if err == nil {
			key := media.Key(ws.ID, "covers", p.PublishedAt.UnixMilli(), media.SafeName(art.Title, media.ExtOf(img.ContentType)))
			if url, err := d.Media.Put(ctx, key, img.Data, img.ContentType); err == nil {
				p.CoverImageURL, p.CoverImageType, p.CoverImageSize = url, img.ContentType, int64(len(img.Data))
			}
		}
		if err := d.Posts.Create(ctx, p); err != nil {
			return fmt.Errorf("demo post %d: %w", i, err)
		}
	}
	return nil
}
