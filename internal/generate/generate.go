// Package generate turns a generate-dialog request into a stored post: it
// validates the request against the workspace (category, uploads, library
// items, banners), takes the month's usage atomically before any AI call,
// asks the writer (and the illustrator for an AI cover), gives usage back
// when generation fails, and stores the post through posts.Service.
//
// Generation is one long HTTP request rather than a queued job, so the user
// waits for the post they asked for: the API lifts its write deadline for
// that route and the service bounds the work with Timeout.
package generate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
)

// Featured image modes of the generate dialog.
const (
	ImageNone    = "none"
	ImageUpload  = "upload"
	ImageLibrary = "library"
	ImageAI      = "ai"
)

// Service generates posts. All fields but Logger and Now are required.
type Service struct {
	Store       store.Store
	Posts       *posts.Service
	Writer      ai.Writer
	Illustrator ai.Illustrator
	Media       media.Storage
	// Timeout bounds one whole generation (writer, illustrator, storing);
	// 0 means no bound beyond the request's own context. See Limit.
	Timeout time.Duration
	// Lease is the lease of a generation's usage reservation (default
	// DefaultLease), renewed while it works.
	Lease  time.Duration
	Now    func() time.Time
	Logger *slog.Logger
}

// Request is the generate dialog's input, as sent by the client.
type Request struct {
	Category  string // category slug of the workspace
	Topic     string // a topic, or the exact title in title mode
	InputMode string // topic (default) or title
	Keywords  string // comma-separated
	Tone      string
	Length    string
	ImageMode string // none (default), upload, library, ai
	ImageURL  string // upload mode: URL returned by the upload endpoint
	MediaID   int64  // library mode
	Banners   []store.Banner
	// GenerateImages is the dialog's image switch: off turns the ai mode
	// into none (the other modes use images the owner already has).
	GenerateImages bool
	// Status is the new post's: published (the default) or a draft to review.
	Status string
	// ScheduledID is the scheduled item generated (set by the scheduler):
	// an item gets one post however often it is retried; a second one is
	// refused with store.ErrAlreadyDone.
	ScheduledID int64
}

// Result is a stored post and the usage after it.
type Result struct {
	Post  *store.Post
	Usage *store.Usage
	// ImageError is MsgImageFailed when the AI cover is missing; the post
	// was kept (the reason is logged).
	ImageError string
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// Generate writes one post for ws. Input errors are *apperr.Error (nothing is
// written and no usage is taken); a failed writer gives all usage back.
func (s *Service) Generate(ctx context.Context, ws *store.Workspace, isAdmin bool, req Request) (*Result, error) {
	wreq, err := parse(&req)
	if err != nil {
		return nil, err
	}
	cat, err := s.Store.GetCategory(ctx, ws.ID, req.Category)
	if errors.Is(err, store.ErrNotFound) {
		return nil, invalid("invalid_category", "Please choose one of your blog's categories")
	}
	if err != nil {
		return nil, err
	}
	wreq.Category = cat.Name
	banners, err := s.CheckBanners(ctx, ws.ID, req.Banners)
	if err != nil {
		return nil, err
	}
	cover, err := s.chooseCover(ctx, ws.ID, &req)
	if err != nil {
		return nil, err
	}

	now := s.now()
	images := 0
	if req.ImageMode == ImageAI {
		images = 1
	}
	usage, held, err := s.reserve(ctx, ws, isAdmin, now, 1, images)
	if err != nil {
		return nil, err
	}
	// From here on, whatever ends the generation early (an error, a panic
	// in a provider) gives back the part of the reservation not used; a
	// process that dies leaves it to the sweeper when its lease ends.
	heldPosts, heldImages, done := 1, images, false
	defer func() {
		if !done {
			s.release(ctx, held, heldPosts, heldImages)
		}
	}()
	ctx, stop := s.work(ctx, held)
	defer stop()
	art, err := s.write(ctx, wreq)
	if err != nil {
		if e := apperr.As(err); e != nil && e.Kind == apperr.Upstream {
			s.logger().WarnContext(ctx, "generation failed", "workspace", ws.ID, "err", e.Err)
		}
		return nil, err
	}

	res := &Result{}
	if req.ImageMode == ImageAI {
		cover, err = s.illustrate(ctx, ws.ID, cat, art.Title, now)
		if err != nil {
			// The post is kept without a cover, and the image not counted.
			s.logger().WarnContext(ctx, "AI cover failed, keeping the post without one", "workspace", ws.ID, "err", err)
			s.release(ctx, held, 0, heldImages)
			usage.ImagesGenerated -= heldImages
			res.ImageError = MsgImageFailed
			heldImages = 0
		}
	}

	p := &store.Post{WorkspaceID: ws.ID, Category: cat.Slug, Title: art.Title, Content: art.HTML,
		MetaTitle: art.MetaTitle, MetaDescription: art.MetaDescription, Tags: art.Tags, Banners: banners,
		PublishedAt: now.UTC(), ReservationID: held.ID, ScheduledID: req.ScheduledID, Status: store.PostPublished}
	if req.Status == store.PostDraft {
		p.Status = store.PostDraft
	}
	if cover != nil {
		p.CoverImageURL, p.CoverImageType, p.CoverImageSize = cover.URL, cover.Type, cover.Size
	}
	// The AI work is done and paid for: a client that hung up meanwhile
	// still gets its post. The insert commits the reservation (and records
	// the scheduled item) in its transaction.
	if err := s.Posts.Create(context.WithoutCancel(ctx), p); err != nil {
		if req.ImageMode == ImageAI && cover != nil {
			s.deleteStored(ctx, cover.URL)
		}
		if errors.Is(err, store.ErrNotFound) {
			// The reservation was swept: this generation outlived its lease.
			return nil, providerError(fmt.Errorf("%w: usage reservation lost: %w", errTimeout, err))
		}
		return nil, fmt.Errorf("store generated post: %w", err)
	}
	done = true
	res.Post, res.Usage = p, usage
	return res, nil
}

// parse checks the request's fields (no I/O) and builds the writer request.
func parse(req *Request) (ai.WriteRequest, error) {
	req.Category = strings.TrimSpace(req.Category)
	req.Topic = strings.TrimSpace(req.Topic)
	req.Tone = strings.TrimSpace(req.Tone)
	req.Length = strings.TrimSpace(req.Length)
	if req.Category == "" || req.Topic == "" || req.Tone == "" || req.Length == "" {
		return ai.WriteRequest{}, invalid("missing_fields", MsgMissingFields)
	}
	if req.InputMode == "" {
		req.InputMode = string(ai.ModeTopic)
	}
	if req.ImageMode == "" {
		req.ImageMode = ImageNone
	}
	w := ai.WriteRequest{Topic: req.Topic, InputMode: ai.InputMode(req.InputMode), Keywords: content.ParseKeywords(req.Keywords),
		Tone: ai.Tone(req.Tone), Length: ai.Length(req.Length)}
	switch {
	case !content.ValidSlug(req.Category):
		return w, invalid("invalid_category", "Please choose one of your blog's categories")
	case !w.Tone.Valid():
		return w, invalid("invalid_tone", "Unknown tone: use professional, casual or authoritative")
	case !w.Length.Valid():
		return w, invalid("invalid_length", "Unknown length: use short, medium or long")
	case !w.InputMode.Valid():
		return w, invalid("invalid_input_mode", "Unknown input mode: use topic or title")
	case req.Status != "" && req.Status != store.PostPublished && req.Status != store.PostDraft:
		return w, invalid("invalid_status", "Unknown status: use published or draft")
	}
	switch req.ImageMode {
	case ImageNone, ImageUpload, ImageLibrary:
	case ImageAI:
		if !req.GenerateImages {
			req.ImageMode = ImageNone
		}
	default:
		return w, invalid("invalid_image_mode", "Unknown featured image mode: use none, upload, library or ai")
	}
	if err := ai.Validate(w); err != nil {
		msg := strings.TrimPrefix(err.Error(), ai.ErrInvalidRequest.Error()+": ")
		return w, invalid("validation", strings.ToUpper(msg[:1])+msg[1:])
	}
	return w, nil
}

// maxTitleRunes caps an AI title; a longer one is a provider gone astray.
const maxTitleRunes = 200

// write calls the writer and checks that what came back is an article.
func (s *Service) write(ctx context.Context, req ai.WriteRequest) (*ai.Article, error) {
	art, err := s.Writer.Write(ctx, req)
	if err != nil {
		if errors.Is(err, ai.ErrInvalidRequest) {
			msg := strings.TrimPrefix(err.Error(), ai.ErrInvalidRequest.Error()+": ")
			return nil, &apperr.Error{Kind: apperr.Invalid, Code: "validation", Message: msg, Err: err}
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(context.Cause(ctx), lease.ErrLost) {
			err = fmt.Errorf("%w: %w", errTimeout, err)
		}
		return nil, providerError(err)
	}
	if art == nil {
		return nil, providerError(fmt.Errorf("%w: the AI provider returned nothing", ai.ErrProvider))
	}
	// Titles are plain text wherever they are shown.
	art.Title = strings.TrimSpace(content.PlainText(art.Title))
	if req.InputMode == ai.ModeTitle {
		art.Title = req.Topic
	}
	body := content.Sanitize(art.HTML)
	if art.Title == "" || utf8.RuneCountInString(art.Title) > maxTitleRunes ||
		(strings.TrimSpace(content.PlainText(body)) == "" && !strings.Contains(body, "<img")) {
		return nil, providerError(fmt.Errorf("%w: the AI provider returned an unusable article", ai.ErrProvider))
	}
	art.HTML = body
	art.MetaTitle = content.PlainText(art.MetaTitle)
	return art, nil
}

// maxAIImageBytes bounds an illustrator's image (bigger than uploads: AI
// covers are 1200x630 or larger PNGs).
const maxAIImageBytes = 20 << 20

// illustrate draws the AI cover and stores it.
func (s *Service) illustrate(ctx context.Context, wsID int64, cat *store.Category, title string, now time.Time) (*Cover, error) {
	img, err := s.Illustrator.Illustrate(ctx, ai.ImageRequest{
		Prompt: fmt.Sprintf("Cover illustration for a %s blog post titled %q", cat.Name, title),
		Title:  title, ColorFrom: cat.ColorHex, ColorTo: "#1e1b4b"})
	if err != nil {
		return nil, err
	}
	if img == nil {
		return nil, errors.New("the illustrator returned nothing")
	}
	ct, ext, err := media.CheckImage(img.Data, maxAIImageBytes)
	if err != nil {
		return nil, fmt.Errorf("the illustrator returned an unusable image: %w", err)
	}
	key := media.NewKey(wsID, "covers", now, title, ext)
	url, err := s.Media.Put(ctx, key, img.Data, ct)
	if err != nil {
		return nil, fmt.Errorf("store AI cover: %w", err)
	}
	return &Cover{URL: url, Type: ct, Size: int64(len(img.Data))}, nil
}

func (s *Service) deleteStored(ctx context.Context, url string) {
	if key, err := media.DeleteURL(ctx, s.Media, url); err != nil {
		s.logger().WarnContext(ctx, "delete orphaned cover", "key", key, "err", err)
	}
}
