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
	"sync"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
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

// Store is what the Service touches: jobs, usage and its reservations, the
// workspace, settings and category a generation is for, and the library
// items a post may use (media.AttachmentStore).
type Store interface {
	store.JobStore
	store.ReservationStore
	plan.UsageStore
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	GetSettings(ctx context.Context, workspaceID int64) (*store.Settings, error)
	GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error)
	media.AttachmentStore
}

// Service generates posts. All fields but Logger and Now are required.
type Service struct {
	Store       Store
	Posts       *posts.Service
	Writer      ai.Writer
	Illustrator ai.Illustrator
	Media       media.Storage
	// Timeout bounds one whole generation (writer, illustrator, storing);
	// 0 means no bound beyond the request's own context. See Limit.
	Timeout time.Duration
	// Lease is the lease of a generation's usage reservation (default
	// DefaultLease), renewed while it works.
	Lease time.Duration
	// JobLease is a running job's lease (default DefaultJobLease).
	JobLease time.Duration
	Now      func() time.Time
	Logger   *slog.Logger

	wakeOnce sync.Once
	wakeup   chan struct{}
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
	// JobID is the job generating it (set by the job worker): a job gets
	// one post however often it is run; a second is store.ErrAlreadyDone.
	JobID int64
	// AuthorID is the user who asked (0: the workspace's owner, as for
	// planned items).
	AuthorID int64 `json:",omitempty"`
	// PlannedID is the planned item generated (set by the scheduler):
	// an item gets one post however often it is retried; a second one is
	// refused with store.ErrAlreadyDone.
	PlannedID int64
}

// Result is a stored post and the usage after it.
type Result struct {
	Post  *store.Post
	Usage *store.Usage
	// ImageError is MsgImageFailed when the AI cover is missing; the post
	// was kept (the reason is logged).
	ImageError string
	// Cover is the new cover NewCover drew; on a published post it is not
	// applied (Post is unchanged): it waits for the owner's next update.
	Cover *media.Cover
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
	pr, err := s.prepare(ctx, ws.ID, req)
	if err != nil {
		return nil, err
	}
	usage, held, err := s.reserve(ctx, ws, isAdmin, s.now(), 1, pr.images())
	if err != nil {
		return nil, err
	}
	res, err := s.run(ctx, pr, held, nil)
	if err != nil {
		return nil, err
	}
	if res.ImageError != "" {
		usage.ImagesGenerated -= pr.images()
	}
	res.Usage = usage
	return res, nil
}

// prepared is a checked request: what the writer is asked and the post's
// category, banners and (upload or library) cover.
type prepared struct {
	wsID    int64
	req     Request
	wreq    ai.WriteRequest
	cat     *store.Category
	banners []store.Banner
	cover   *Cover
	blog    string // the blog's name, drawn on AI covers
}

// images is how many AI images the request takes from the allowance.
func (p *prepared) images() int { return p.req.images() }

// images is how many AI images a checked request (its image mode already
// turned to none when images are off) takes from the allowance.
func (r Request) images() int {
	if r.ImageMode == ImageAI {
		return 1
	}
	return 0
}

// prepare checks req against the workspace (no usage is taken).
func (s *Service) prepare(ctx context.Context, wsID int64, req Request) (*prepared, error) {
	wreq, err := parse(&req)
	if err != nil {
		return nil, err
	}
	cat, err := s.Store.GetCategory(ctx, wsID, req.Category)
	if errors.Is(err, store.ErrNotFound) {
		return nil, invalid("invalid_category", "Please choose one of your blog's categories")
	}
	if err != nil {
		return nil, err
	}
	wreq.Category = cat.Name
	// The blog's writing profile goes with every generation; a workspace
	// without a settings row writes in English with no brand voice.
	set, err := s.Store.GetSettings(ctx, wsID)
	blogName := ""
	switch {
	case err == nil:
		wreq.Voice, wreq.Language, blogName = set.BrandVoice, set.Language, set.BlogTitle
	case !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	if blogName == "" {
		ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &wsID})
		if err != nil {
			return nil, err
		}
		blogName = ws.Name
	}
	banners, err := s.CheckBanners(ctx, wsID, req.Banners)
	if err != nil {
		return nil, err
	}
	cover, err := s.chooseCover(ctx, wsID, &req)
	if err != nil {
		return nil, err
	}
	return &prepared{wsID: wsID, req: req, wreq: wreq, cat: cat, banners: banners, cover: cover, blog: blogName}, nil
}

// Stages of a generation, as a job reports them.
const (
	StageWriting      = "writing"
	StageIllustrating = "illustrating"
	StageSaving       = "saving"
)

// run does the AI work of a prepared request under the held reservation
// and stores the post, reporting each stage to stage (nil: not reported).
// Whatever ends it early (an error, a panic in a provider) gives back the
// part of the reservation not used; a process that dies leaves it to the
// sweeper when its lease ends.
func (s *Service) run(ctx context.Context, pr *prepared, held *store.Reservation, stage func(string)) (*Result, error) {
	if stage == nil {
		stage = func(string) {}
	}
	heldPosts, heldImages, done := 1, pr.images(), false
	defer func() {
		if !done {
			s.release(ctx, held, heldPosts, heldImages)
		}
	}()
	ctx, stop := s.work(ctx, held)
	defer stop()
	stage(StageWriting)
	art, err := s.write(ctx, pr.wreq)
	if err != nil {
		if e := apperr.As(err); e != nil && e.Kind == apperr.Upstream {
			s.logger().WarnContext(ctx, "generation failed", "workspace", pr.wsID, "err", e.Err)
		}
		return nil, err
	}

	now := s.now()
	res, cover := &Result{}, pr.cover
	if pr.req.ImageMode == ImageAI {
		stage(StageIllustrating)
		cover, err = s.illustrate(ctx, pr.wsID, pr.cat, art.Title, pr.blog, now)
		if err != nil {
			// The post is kept without a cover, and the image not counted.
			s.logger().WarnContext(ctx, "AI cover failed, keeping the post without one", "workspace", pr.wsID, "err", err)
			s.release(ctx, held, 0, heldImages)
			res.ImageError = MsgImageFailed
			heldImages = 0
		}
	}

	stage(StageSaving)
	p := &store.Post{WorkspaceID: pr.wsID, Category: pr.cat.Slug, Title: art.Title, Content: art.HTML,
		MetaTitle: art.MetaTitle, MetaDescription: art.MetaDescription, Tags: art.Tags, Banners: pr.banners,
		PublishedAt: now.UTC(), ReservationID: held.ID, PlannedID: pr.req.PlannedID, JobID: pr.req.JobID,
		Status: store.PostPublished, AuthorID: pr.req.AuthorID}
	if pr.req.Status == store.PostDraft {
		p.Status = store.PostDraft
	}
	if cover != nil {
		p.CoverImageURL, p.CoverImageType, p.CoverImageSize = cover.URL, cover.Type, cover.Size
	}
	// The AI work is done and paid for: a client that hung up meanwhile
	// still gets its post. The insert commits the reservation (and records
	// the planned item or job) in its transaction.
	if err := s.Posts.Create(context.WithoutCancel(ctx), p); err != nil {
		if pr.req.ImageMode == ImageAI && cover != nil {
			s.deleteStored(ctx, cover.URL)
		}
		if errors.Is(err, store.ErrNotFound) {
			// The reservation was swept: this generation outlived its lease.
			return nil, providerError(fmt.Errorf("%w: usage reservation lost: %w", errTimeout, err))
		}
		if errors.Is(err, store.ErrAlreadyDone) {
			return nil, err
		}
		return nil, fmt.Errorf("store generated post: %w", err)
	}
	done = true
	res.Post = p
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
// The blog's name goes with the request: the built-in illustrator signs
// covers with it (a white-label blog must never carry the platform's name).
func (s *Service) illustrate(ctx context.Context, wsID int64, cat *store.Category, title, blog string, now time.Time) (*Cover, error) {
	img, err := s.Illustrator.Illustrate(ctx, ai.ImageRequest{
		Prompt: fmt.Sprintf("Cover illustration for a %s blog post titled %q", cat.Name, title),
		Title:  title, ColorFrom: cat.ColorHex, ColorTo: "#1e1b4b", Brand: blog})
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
	url, err := media.PutImage(ctx, s.Media, key, img.Data, ct)
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
