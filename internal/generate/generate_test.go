package generate_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/ai/builtin"
	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

var ctx = context.Background()

type fixture struct {
	svc   *generate.Service
	store *sqlstore.DB
	ws    *store.Workspace
}

func setup(t *testing.T, s *sqlstore.DB, w ai.Writer) *fixture {
	t.Helper()
	now := time.Now()
	postsLimit, images := plan.Limits(store.PlanStarter, now, now, false)
	_, ws, err := s.SignUp(ctx, store.SignUp{Email: "g@example.com", Name: "G", PasswordHash: "x", BlogName: "G",
		WorkspaceSlug: "g", Month: plan.Month(now), PostsLimit: postsLimit, ImagesLimit: images})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Tech", Slug: "tech"}); err != nil {
		t.Fatal(err)
	}
	local, err := media.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc := &generate.Service{Store: s, Posts: posts.New(s, cache.New(time.Minute, 100)), Writer: w, Illustrator: builtin.New(),
		Media: local, Timeout: time.Minute}
	return &fixture{svc: svc, store: s, ws: ws}
}

func (f *fixture) usage(t *testing.T) *store.Usage {
	t.Helper()
	u, err := f.store.EnsureUsage(ctx, f.ws.ID, plan.Month(time.Now()), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

type blocksWriter struct{ n int }

func (w blocksWriter) Write(_ context.Context, req ai.WriteRequest) (*ai.Article, error) {
	var b strings.Builder
	for i := 1; i <= w.n; i++ {
		b.WriteString("<p>Block " + strconv.Itoa(i) + ".</p>\n\n")
	}
	return &ai.Article{Title: req.Topic, HTML: b.String()}, nil
}

// Banners go after blocks 3, 6 and 9 only when the body has at least 3, 7
// and 11 blocks.
func TestBannerPlacementByBlockCount(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, nil)
		var banners []store.Banner
		for i := range 3 {
			url, err := f.svc.Media.Put(ctx, media.Key(f.ws.ID, "banners", int64(1000+i), "ad.png"), []byte("\x89PNG\r\n\x1a\n"), "image/png")
			if err != nil {
				t.Fatal(err)
			}
			banners = append(banners, store.Banner{ImageURL: url, LinkURL: "https://ads.example.com/" + strconv.Itoa(i)})
		}
		for _, tc := range []struct{ blocks, want int }{{2, 0}, {3, 1}, {6, 1}, {7, 2}, {10, 2}, {11, 3}, {20, 3}} {
			f.svc.Writer = blocksWriter{n: tc.blocks}
			res, err := f.svc.Generate(ctx, f.ws, true, generate.Request{Category: "tech", Topic: "Blocks " + strconv.Itoa(tc.blocks),
				Tone: "casual", Length: "short", Banners: banners})
			if err != nil {
				t.Fatalf("%d blocks: %v", tc.blocks, err)
			}
			html := res.Post.ContentHTML
			if got := strings.Count(html, `rel="sponsored noopener"`); got != tc.want {
				t.Fatalf("%d blocks: %d banners, want %d:\n%s", tc.blocks, got, tc.want, html)
			}
			for i, after := range []int{3, 6, 9}[:tc.want] {
				ad := strings.Index(html, "ads.example.com/"+strconv.Itoa(i))
				prev := strings.Index(html, "Block "+strconv.Itoa(after)+".")
				next := strings.Index(html, "Block "+strconv.Itoa(after+1)+".")
				if ad < prev || (next >= 0 && ad > next) {
					t.Fatalf("%d blocks: banner %d misplaced:\n%s", tc.blocks, i, html)
				}
			}
			if strings.Contains(res.Post.Content, "banner-ad") || len(res.Post.Banners) != 3 {
				t.Fatalf("%d blocks: banners must be stored as data, not in the body", tc.blocks)
			}
		}
	})
}

// slowWriter waits for its context, like a provider that never answers.
type slowWriter struct{}

func (slowWriter) Write(ctx context.Context, _ ai.WriteRequest) (*ai.Article, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestTimeoutIsAProviderErrorAndReleasesUsage(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, slowWriter{})
		f.svc.Timeout = 50 * time.Millisecond
		_, err := f.svc.Generate(ctx, f.ws, false, generate.Request{Category: "tech", Topic: "Slow", Tone: "casual", Length: "short",
			ImageMode: generate.ImageAI, GenerateImages: true})
		ge := apperr.As(err)
		if ge == nil || ge.Kind != apperr.Upstream || ge.Code != "provider_error" || ge.Message != "Failed to generate blog post: the AI provider took too long" {
			t.Fatalf("err = %v", err)
		}
		if u := f.usage(t); u.PostsGenerated != 0 || u.ImagesGenerated != 0 {
			t.Fatalf("usage = %+v", u)
		}
	})
}

func TestUsageFollowsPlanTrialAndAdmin(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, nil)
		now := time.Now()
		u, err := plan.Usage(ctx, s, f.ws, false, now)
		if err != nil || u.PostsLimit != plan.TrialPosts || u.ImagesLimit != plan.TrialImages {
			t.Fatalf("trial usage = %+v, %v", u, err)
		}
		later := now.AddDate(0, 2, 0)
		u, err = plan.Usage(ctx, s, f.ws, false, later)
		if err != nil || u.PostsLimit != 30 || u.Month != plan.Month(later) {
			t.Fatalf("starter usage after the trial = %+v, %v", u, err)
		}
		agency := *f.ws
		agency.PlanTier = store.PlanAgency
		if u, _ = plan.Usage(ctx, s, &agency, false, later); u.PostsLimit != 500 {
			t.Fatalf("agency usage = %+v", u)
		}
		if u, _ = plan.Usage(ctx, s, f.ws, true, later); u.PostsLimit != plan.Unlimited || u.ImagesLimit != plan.Unlimited {
			t.Fatalf("admin usage = %+v", u)
		}
	})
}

func TestLimitReachedCreatesNothing(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, builtin.New())
		month := plan.Month(time.Now())
		if _, err := plan.Usage(ctx, s, f.ws, false, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveUsage(ctx, f.ws.ID, month, plan.TrialPosts, 0); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Generate(ctx, f.ws, false, generate.Request{Category: "tech", Topic: "One too many", Tone: "casual", Length: "short"})
		ge := apperr.As(err)
		if ge == nil || ge.Kind != apperr.Limit || ge.Code != "limit_reached" ||
			ge.Message != "You've used all 10 posts of this month's plan. Upgrade to generate more." {
			t.Fatalf("err = %v", err)
		}
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &f.ws.ID}); n != 0 {
			t.Fatalf("posts = %d", n)
		}
		// An admin is never limited.
		if _, err := f.svc.Generate(ctx, f.ws, true, generate.Request{Category: "tech", Topic: "Admin post", Tone: "casual", Length: "short"}); err != nil {
			t.Fatalf("admin: %v", err)
		}
	})
}

func TestKeywordsReachTheWriter(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		rec := &recordingWriter{}
		f := setup(t, s, rec)
		if _, err := f.svc.Generate(ctx, f.ws, false, generate.Request{Category: "tech", Topic: "  Keywords  ", Keywords: " seo, ,SEO , rss ,",
			Tone: "authoritative", Length: "long", InputMode: "title"}); err != nil {
			t.Fatal(err)
		}
		r := rec.req
		if strings.Join(r.Keywords, "|") != "seo|rss" || r.Topic != "Keywords" || r.InputMode != ai.ModeTitle || r.Category != "Tech" ||
			r.Tone != ai.ToneAuthoritative || r.Length != ai.LengthLong {
			t.Fatalf("writer got %+v", r)
		}
	})
}

func TestWritingProfileReachesTheWriter(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		rec := &recordingWriter{}
		f := setup(t, s, rec)
		gen := func() ai.WriteRequest {
			t.Helper()
			if _, err := f.svc.Generate(ctx, f.ws, false, generate.Request{Category: "tech", Topic: "Profiles", Tone: "casual",
				Length: "short"}); err != nil {
				t.Fatal(err)
			}
			return rec.req
		}
		if r := gen(); r.Language != "en" || r.Voice != "" {
			t.Fatalf("a new blog's writer request: language %q, voice %q", r.Language, r.Voice)
		}
		set, err := s.GetSettings(ctx, f.ws.ID)
		if err != nil {
			t.Fatal(err)
		}
		set.Language, set.BrandVoice = "uk", "For beekeepers; plain words."
		if err := s.UpdateSettings(ctx, set); err != nil {
			t.Fatal(err)
		}
		if r := gen(); r.Language != "uk" || r.Voice != "For beekeepers; plain words." {
			t.Fatalf("writer request: language %q, voice %q", r.Language, r.Voice)
		}
	})
}

type recordingWriter struct{ req ai.WriteRequest }

func (w *recordingWriter) Write(_ context.Context, req ai.WriteRequest) (*ai.Article, error) {
	w.req = req
	return &ai.Article{Title: "T", HTML: "<p>Body</p>"}, nil
}

type panickingWriter struct{}

func (panickingWriter) Write(context.Context, ai.WriteRequest) (*ai.Article, error) {
	panic("provider bug")
}

// Even a panicking provider (recovered by the server) gives usage back.
func TestPanicReleasesUsage(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, panickingWriter{})
		func() {
			defer func() { _ = recover() }()
			_, _ = f.svc.Generate(ctx, f.ws, false, generate.Request{Category: "tech", Topic: "Boom", Tone: "casual", Length: "short",
				ImageMode: generate.ImageAI, GenerateImages: true})
		}()
		if u := f.usage(t); u.PostsGenerated != 0 || u.ImagesGenerated != 0 {
			t.Fatalf("usage after a panic = %+v", u)
		}
	})
}
