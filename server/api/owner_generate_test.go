package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/store"
)

// Fifty concurrent generations against the trial's 10 posts queue exactly
// ten jobs, refuse forty with 402, and make ten posts, on every database.
func TestOwnerGenerateUsageRace(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Race Owner", "race@example.com", "tech")
		var created, refused atomic.Int32
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, raw := c.do(http.MethodPost, "/api/workspace/posts/generate", genReq("tech", fmt.Sprintf("Concurrency topic %d", i)))
				switch status {
				case http.StatusAccepted:
					created.Add(1)
				case http.StatusPaymentRequired:
					var ae apiErr
					_ = json.Unmarshal(raw, &ae)
					if ae.Error.Code != "limit_reached" || !strings.Contains(ae.Error.Message, "10 posts") {
						t.Errorf("402 body = %s", raw)
					}
					refused.Add(1)
				default:
					t.Errorf("status %d: %s", status, raw)
				}
			}()
		}
		wg.Wait()
		if created.Load() != 10 || refused.Load() != 40 {
			t.Fatalf("queued %d, refused %d; want 10 and 40", created.Load(), refused.Load())
		}
		if _, err := e.gen.RunJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := c.postCount(); n != 10 {
			t.Fatalf("stored posts = %d, want 10", n)
		}
		if u := c.usage(); u.PostsGenerated != 10 || u.PostsLimit != 10 || u.ImagesGenerated != 0 {
			t.Fatalf("usage = %+v", u)
		}
	})
}

func TestOwnerGenerateStoresPostAndAICover(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.owner("Gen Owner", "gen@example.com", "tech")
		req := genReq("tech", "Choosing a standing desk")
		req["imageMode"] = "ai"
		var out generated
		c.mustGenerate(req, &out)
		p := out.Post
		if p.ID == 0 || p.Category != "tech" || p.Slug == "" || len(p.Tags) == 0 || !strings.Contains(p.Content, "<h2") {
			t.Fatalf("post = %+v", p)
		}
		if want := "/blog/" + c.ws.Slug + "/tech/" + p.Slug; p.URL != want || p.CanonicalURL != "http://blog.test"+want {
			t.Fatalf("url = %q canonical %q", p.URL, p.CanonicalURL)
		}
		if !regexp.MustCompile(`^/media/\d+/covers/\d+-[0-9a-f]{8}-[a-z0-9-]+\.jpg$`).MatchString(p.CoverImageURL) {
			t.Fatalf("cover = %q", p.CoverImageURL)
		}
		if _, err := os.Stat(filepath.Join(e.mediaDir, strings.TrimPrefix(p.CoverImageURL, "/media/"))); err != nil {
			t.Fatalf("cover file: %v", err)
		}
		if out.Usage.PostsGenerated != 1 || out.Usage.ImagesGenerated != 1 {
			t.Fatalf("usage = %+v", out.Usage)
		}
		stored, err := s.GetPost(context.Background(), store.FindPost{ID: &p.ID})
		if err != nil || stored.WorkspaceID != c.ws.ID || stored.CoverImageType != "image/jpeg" || stored.CoverImageSize == 0 ||
			stored.MetaDescription == "" || stored.PublishedAt.IsZero() {
			t.Fatalf("stored = %+v, %v", stored, err)
		}
	})
}

func TestOwnerGenerateProviderFailureReleasesUsage(t *testing.T) {
	t.Parallel()
	writers := map[string]ai.Writer{
		"error":   failingWriter{err: fmt.Errorf("%w: the AI provider returned malformed JSON", ai.ErrProvider)},
		"garbage": scriptedWriter{title: "<p></p>", html: "<script>alert(1)</script>"},
		"empty":   scriptedWriter{title: "Fine title", html: "   "},
	}
	apptest.EachDB(t, func(t *testing.T, db string) {
		for name, w := range writers {
			t.Run(name, func(t *testing.T) {
				e := newOwnerEnv(t, db, w, nil)
				c := e.owner("Fail "+name, name+"@fail.example.com", "tech")
				req := genReq("tech", "Anything")
				req["imageMode"] = "ai"
				msg := c.mustFailGenerate(req, http.StatusBadGateway, "provider_error")
				if !strings.HasPrefix(msg, "Failed to generate blog post: ") {
					t.Fatalf("message = %q", msg)
				}
				if n := c.postCount(); n != 0 {
					t.Fatalf("posts = %d", n)
				}
				if u := c.usage(); u.PostsGenerated != 0 || u.ImagesGenerated != 0 {
					t.Fatalf("usage after failure = %+v", u)
				}
				if n := c.storedFiles(); n != 0 {
					t.Fatalf("files stored = %d", n)
				}
			})
		}
	})
}

func TestOwnerGenerateImageFailureKeepsPost(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, failingIllustrator{})
		c := e.owner("Img Owner", "img@example.com", "tech")
		req := genReq("tech", "Cameras for creators")
		req["imageMode"] = "ai"
		var out generated
		c.mustGenerate(req, &out)
		if out.Post.ID == 0 || out.Post.CoverImageURL != "" || out.ImageError == "" {
			t.Fatalf("post = %+v, imageError %q", out.Post, out.ImageError)
		}
		if u := c.usage(); u.PostsGenerated != 1 || u.ImagesGenerated != 0 {
			t.Fatalf("usage = %+v, want 1 post and no image", u)
		}
		if out.Usage.ImagesGenerated != 0 || out.Usage.PostsGenerated != 1 {
			t.Fatalf("answered usage = %+v", out.Usage)
		}
	})
}

func TestOwnerGenerateSlugCollisionGetsTimestamp(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Slug Owner", "slug@example.com", "tech")
		req := genReq("tech", "The Same Title Twice")
		req["inputMode"] = "title"
		var first, second generated
		c.mustGenerate(req, &first)
		c.mustGenerate(req, &second)
		if first.Post.Title != "The Same Title Twice" || first.Post.Slug != "the-same-title-twice" {
			t.Fatalf("first = %q %q", first.Post.Title, first.Post.Slug)
		}
		if !regexp.MustCompile(`^the-same-title-twice-\d{13,}$`).MatchString(second.Post.Slug) {
			t.Fatalf("second slug = %q, want a timestamp suffix", second.Post.Slug)
		}
	})
}

const hostileHTML = `<h2 onclick="steal()">Intro</h2><p>Hello <a href="javascript:alert(1)">click</a>` +
	`<img src="x.png" onerror="alert(2)"></p><script>alert(3)</script><p>More text here.</p>`

func assertClean(t *testing.T, where, html string) {
	t.Helper()
	low := strings.ToLower(html)
	for _, bad := range []string{"<script", "onclick", "onerror", "javascript:", "alert(3)"} {
		if strings.Contains(low, bad) {
			t.Fatalf("%s keeps %q: %s", where, bad, html)
		}
	}
}

func TestOwnerSanitisesAIOutputAndEdits(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, scriptedWriter{title: "Safe <b>title</b>", html: hostileHTML}, nil)
		s := e.store
		c := e.owner("San Owner", "san@example.com", "tech")
		var out generated
		c.mustGenerate(genReq("tech", "x"), &out)
		assertClean(t, "generated content", out.Post.Content)
		assertClean(t, "generated raw content", out.Post.RawContent)
		if out.Post.Title != "Safe title" || !strings.Contains(out.Post.Content, "More text here.") {
			t.Fatalf("title %q content %q", out.Post.Title, out.Post.Content)
		}
		path := fmt.Sprintf("/api/workspace/posts/%d", out.Post.ID)
		var edited generated
		c.mustJSON(http.MethodPatch, path, map[string]any{"title": "Edited", "content": hostileHTML + "<p>Edited body</p>",
			"tags": []string{"#One", "one", " Two "}}, http.StatusOK, &edited)
		assertClean(t, "edited content", edited.Post.Content)
		if edited.Post.Title != "Edited" || !strings.Contains(edited.Post.RawContent, "Edited body") ||
			strings.Join(edited.Post.Tags, ",") != "one,two" {
			t.Fatalf("edited = %+v", edited.Post)
		}
		stored, _ := s.GetPost(context.Background(), store.FindPost{ID: &out.Post.ID})
		assertClean(t, "stored content", stored.Content)
		assertClean(t, "stored html", stored.ContentHTML)
		c.mustFail(http.MethodPatch, path, map[string]any{"content": "<script>x</script>"}, http.StatusBadRequest, "validation")
		c.mustFail(http.MethodPatch, path, map[string]any{"title": "  "}, http.StatusBadRequest, "validation")
	})
}

func TestOwnerGenerateBannersAfterBlocks369(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, scriptedWriter{html: paragraphs(12)}, nil)
		c := e.owner("Ban Owner", "ban@example.com", "tech")
		var banners []map[string]string
		for i := range 3 {
			banners = append(banners, map[string]string{"imageUrl": c.uploadImage("banner"),
				"linkUrl": fmt.Sprintf("https://shop.example.com/%d", i), "text": fmt.Sprint("Ad ", i)})
		}
		req := genReq("tech", "Banner placement")
		req["banners"] = banners
		var out generated
		c.mustGenerate(req, &out)
		html := out.Post.Content
		if n := strings.Count(html, `rel="sponsored noopener"`); n != 3 {
			t.Fatalf("sponsored links = %d in %s", n, html)
		}
		if !strings.Contains(html, `width="550"`) || !strings.Contains(html, "max-width:100%") {
			t.Fatalf("banner markup: %s", html)
		}
		for i, after := range []int{3, 6, 9} {
			ad := strings.Index(html, fmt.Sprintf("shop.example.com/%d", i))
			end := strings.Index(html, fmt.Sprintf("number %d has", after))
			next := strings.Index(html, fmt.Sprintf("number %d has", after+1))
			if !(end < ad && ad < next) {
				t.Fatalf("banner %d not between paragraphs %d and %d: %s", i, after, after+1, html)
			}
		}
		if strings.Contains(out.Post.RawContent, "banner-ad") || len(out.Post.Banners) != 3 {
			t.Fatalf("raw content must hold no banners, banners = %+v", out.Post.Banners)
		}
	})
}

// Every bad request is refused with a clear 4xx and writes nothing.
func TestOwnerGenerateBadInputWritesNothing(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		other := e.owner("Other Owner", "other@example.com", "tech")
		var item struct {
			Item struct {
				ID      int64  `json:"id"`
				FileURL string `json:"fileUrl"`
			} `json:"item"`
		}
		status, raw := other.upload("/api/workspace/media", "theirs.png", pngBytes(t), nil)
		if status != http.StatusCreated || json.Unmarshal(raw, &item) != nil {
			t.Fatalf("other's media upload = %d %s", status, raw)
		}
		othersUpload := other.uploadImage("featured")

		c := e.owner("Bad Owner", "bad@example.com", "tech")
		mine := c.uploadImage("banner")
		filesBefore := c.storedFiles()
		banner := func(img, link string) map[string]string { return map[string]string{"imageUrl": img, "linkUrl": link} }
		bad := func(name string, change func(map[string]any), status int, code string) apptest.Scenario {
			req := genReq("tech", "A fine topic")
			req["imageMode"] = "ai"
			change(req)
			sc := apptest.Scenario{Name: name, Method: http.MethodPost, URL: "/api/workspace/posts/generate", Body: req,
				ExpectedStatus: status, ExpectedCode: code}
			if code == "missing_fields" {
				sc.ExpectedContent = []string{`"message":"Please fill in all required fields"`}
			}
			return sc
		}
		apptest.RunScenarios(t, c.scenarioClient(), []apptest.Scenario{
			bad("missing topic", func(r map[string]any) { r["topic"] = "  " }, 400, "missing_fields"),
			bad("missing category", func(r map[string]any) { delete(r, "category") }, 400, "missing_fields"),
			bad("missing tone", func(r map[string]any) { r["tone"] = "" }, 400, "missing_fields"),
			bad("missing length", func(r map[string]any) { delete(r, "length") }, 400, "missing_fields"),
			bad("unknown tone", func(r map[string]any) { r["tone"] = "sarcastic" }, 400, "invalid_tone"),
			bad("unknown length", func(r map[string]any) { r["length"] = "epic" }, 400, "invalid_length"),
			bad("unknown input mode", func(r map[string]any) { r["inputMode"] = "poem" }, 400, "invalid_input_mode"),
			bad("unknown image mode", func(r map[string]any) { r["imageMode"] = "stock" }, 400, "invalid_image_mode"),
			bad("category of no one", func(r map[string]any) { r["category"] = "keto" }, 400, "invalid_category"),
			bad("library id of another workspace", func(r map[string]any) { r["imageMode"] = "library"; r["mediaId"] = item.Item.ID }, 404, "media_not_found"),
			bad("library without id", func(r map[string]any) { r["imageMode"] = "library" }, 400, "missing_image"),
			bad("upload of another workspace", func(r map[string]any) { r["imageMode"] = "upload"; r["imageUrl"] = othersUpload }, 400, "invalid_image"),
			bad("upload of a foreign URL", func(r map[string]any) { r["imageMode"] = "upload"; r["imageUrl"] = "https://evil.example.com/x.png" }, 400, "invalid_image"),
			bad("upload path escape", func(r map[string]any) {
				r["imageMode"] = "upload"
				r["imageUrl"] = fmt.Sprintf("/media/%d/../%d/featured/1-x.png", c.ws.ID, other.ws.ID)
			}, 400, "invalid_image"),
			bad("javascript banner link", func(r map[string]any) { r["banners"] = []any{banner(mine, "javascript:alert(1)")} }, 400, "invalid_banner"),
			bad("banner without link", func(r map[string]any) { r["banners"] = []any{banner(mine, "")} }, 400, "invalid_banner"),
			bad("banner image of another workspace", func(r map[string]any) { r["banners"] = []any{banner(othersUpload, "https://x.io")} }, 400, "invalid_banner"),
			bad("four banners", func(r map[string]any) {
				b := banner(mine, "https://x.io")
				r["banners"] = []any{b, b, b, b}
			}, 400, "too_many_banners"),
			bad("topic too long", func(r map[string]any) { r["topic"] = strings.Repeat("a", 301) }, 400, "validation"),
			bad("unknown field", func(r map[string]any) { r["bannerHtml"] = "<b>x</b>" }, 400, "invalid_json"),
		})
		// Nothing was written, no usage taken, no file stored (each
		// refusal would leave its trace until the end).
		if n := c.postCount(); n != 0 {
			t.Fatalf("%d posts written", n)
		}
		if u := c.usage(); u.PostsGenerated != 0 || u.ImagesGenerated != 0 {
			t.Fatalf("usage consumed: %+v", u)
		}
		if n := c.storedFiles(); n != filesBefore {
			t.Fatalf("files stored %d, before %d", n, filesBefore)
		}
		// The other workspace's library item is still there.
		if _, err := s.GetMedia(context.Background(), other.ws.ID, item.Item.ID); err != nil {
			t.Fatalf("other's media: %v", err)
		}
	})
}

func TestOwnerGenerateWithUploadAndLibraryCovers(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.owner("Cover Owner", "cover@example.com", "tech")
		img := c.uploadImage("featured")
		req := genReq("tech", "Upload cover")
		req["imageMode"], req["imageUrl"] = "upload", img
		var out generated
		c.mustGenerate(req, &out)
		if out.Post.CoverImageURL != img || out.Usage.ImagesGenerated != 0 {
			t.Fatalf("upload cover = %q, usage %+v", out.Post.CoverImageURL, out.Usage)
		}
		stored, _ := s.GetPost(context.Background(), store.FindPost{ID: &out.Post.ID})
		// Uploads are stored re-encoded: the cover's size is the stored file's.
		fi, err := os.Stat(filepath.Join(e.mediaDir, strings.TrimPrefix(img, "/media/")))
		if err != nil || stored.CoverImageType != "image/png" || stored.CoverImageSize != fi.Size() {
			t.Fatalf("cover type %q size %d", stored.CoverImageType, stored.CoverImageSize)
		}

		var item struct {
			Item struct {
				ID      int64  `json:"id"`
				FileURL string `json:"fileUrl"`
			} `json:"item"`
		}
		status, raw := c.upload("/api/workspace/media", "lib.png", pngBytes(t), nil)
		if status != http.StatusCreated || json.Unmarshal(raw, &item) != nil {
			t.Fatalf("media upload = %d %s", status, raw)
		}
		req = genReq("tech", "Library cover")
		req["imageMode"], req["mediaId"] = "library", item.Item.ID
		c.mustGenerate(req, &out)
		if out.Post.CoverImageURL != item.Item.FileURL {
			t.Fatalf("library cover = %q, want %q", out.Post.CoverImageURL, item.Item.FileURL)
		}
		// The image switch off turns the ai mode into none.
		req = genReq("tech", "No images please")
		req["imageMode"], req["generateImages"] = "ai", false
		c.mustGenerate(req, &out)
		if out.Post.CoverImageURL != "" || c.usage().ImagesGenerated != 0 {
			t.Fatalf("cover %q with images off", out.Post.CoverImageURL)
		}
	})
}

func TestOwnerGenerateImagesLimit(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.owner("Limit Owner", "limit@example.com", "tech")
		month := c.usage().Month
		if _, err := s.ReserveUsage(context.Background(), c.ws.ID, month, 0, 10); err != nil {
			t.Fatal(err)
		}
		req := genReq("tech", "Out of images")
		req["imageMode"] = "ai"
		msg := c.mustFailGenerate(req, http.StatusPaymentRequired, "limit_reached")
		if !strings.Contains(msg, "10 AI images") {
			t.Fatalf("message = %q", msg)
		}
		if c.postCount() != 0 || c.usage().PostsGenerated != 0 {
			t.Fatal("a refused generation wrote something")
		}
		// Without an AI image the post still fits.
		req["imageMode"] = "none"
		c.mustGenerate(req, nil)
	})
}
