package site_test

import (
	"io/fs"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/frontend"
	"github.com/inkpress/inkpress/server/site"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/web"
)

// requireBundle skips a test that needs the app's server bundle when it was
// not built (`make web`), and fails instead under CI=true or
// INKPRESS_TEST_REQUIRE.
func requireBundle(t *testing.T) {
	t.Helper()
	if _, err := fs.Stat(web.SSR(), "entry-server.js"); err != nil {
		msg := "the app's server bundle is not built (make web): web/dist-ssr/entry-server.js is missing"
		if os.Getenv("CI") == "true" || os.Getenv("INKPRESS_TEST_REQUIRE") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// langBlog makes a blog written in lang with a category and three posts of
// it published on 5 January 2025 (the first one about 600 words long); it
// returns the first post.
func langBlog(t *testing.T, a *apptest.App, slug, lang, category string) *store.Post {
	t.Helper()
	ws, err := a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: slug, Slug: slug})
	if err != nil {
		t.Fatal(err)
	}
	set := store.DefaultSettings(ws.ID, "Blog "+lang)
	set.Language, set.OnboardingCompleted = lang, true
	if err := a.Store.UpdateSettings(ctx, set); err != nil {
		t.Fatal(err)
	}
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: category, Slug: strings.ToLower(category)}); err != nil {
		t.Fatal(err)
	}
	day := time.Date(2025, time.January, 5, 9, 0, 0, 0, time.UTC)
	var first *store.Post
	for i, title := range []string{"Alpha", "Beta", "Gamma"} {
		body := "<p>" + strings.Repeat("mot ", 600) + "</p>"
		if i > 0 {
			body = "<p>Court.</p>"
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: strings.ToLower(category), Title: title + " " + lang, Content: body,
			Tags: []string{"route"}, PublishedAt: day.Add(time.Duration(i) * time.Minute), UpdatedAt: day}
		if err := a.Posts.Create(ctx, p); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = p
		}
	}
	return first
}

func expectIn(t *testing.T, what, body string, wants []string, unwanted []string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
	for _, u := range unwanted {
		if strings.Contains(body, u) {
			t.Errorf("%s has %q", what, u)
		}
	}
}

// A blog written in French or German shows its reader chrome in that
// language in the page the server renders with the app (the same texts the
// app shows after hydration: one catalogue), and the platform's own blog
// stays English. The words do not depend on the database: SQLite only (a
// render under -race costs seconds).
func TestReaderChromeInTheBlogsLanguage(t *testing.T) {
	requireBundle(t)
	a := apptest.Start(t, "", apptest.Env("INKPRESS_SSR", "true"),
		// Under -race the engine (C compiled to Go, every access instrumented) takes seconds a page, tens of
		// seconds for the first: no plain page, no request deadline for that.
		apptest.Env("INKPRESS_SSR_TIMEOUT", "3m"), apptest.Env("INKPRESS_REQUEST_TIMEOUT", "3m"))
	fr := langBlog(t, a, "le-blog", "fr", "Voyage")
	de := langBlog(t, a, "der-blog", "de", "Reisen")
	c := a.Client(t)

	r := c.Get("/blog/le-blog/voyage/" + fr.Slug)
	body := string(r.Body)
	if r.StatusCode != http.StatusOK || !strings.Contains(body, `<div id="root" data-ssr>`) {
		t.Fatalf("French post: status %d, not rendered by the app\n%s", r.StatusCode, body[:min(len(body), 2000)])
	}
	expectIn(t, "French post", body, []string{
		`<html lang="fr"`, `lang="fr" dir="ltr"`,
		"5 janvier 2025", "3 minutes de lecture", // the post's date and read time
		"Retour à Voyage", "Partager cet article", "Articles similaires", "1 MIN", // related cards: one minute each
		"Rechercher dans ce blog", "S’abonner", "Flux RSS", "Propulsé par",
	}, []string{"Related Posts", "min read", "Share this post", "January 5, 2025", "Subscribe<", "RSS feed<"})

	r = c.Get("/blog/der-blog/reisen/" + de.Slug)
	body = string(r.Body)
	expectIn(t, "German post", body, []string{
		`<html lang="de"`, "5. Januar 2025", "3 Minuten Lesezeit", "Zurück zu Reisen", "Diesen Beitrag teilen", "Ähnliche Beiträge", "RSS-Feed",
	}, []string{"Related Posts", "min read"})

	// The blog's home: its cards' dates and the frame.
	body = string(c.Get("/blog/der-blog").Body)
	expectIn(t, "German home", body, []string{"5. Jan. 2025", "Abonnieren", "Diesen Blog durchsuchen"}, []string{"Jan 5, 2025"})

	// The platform's own blog keeps English.
	site := siteWS(t, a)
	set := store.DefaultSettings(site.ID, "")
	set.Language = "fr"
	if err := a.Store.UpdateSettings(ctx, set); err != nil {
		t.Fatal(err)
	}
	sp := &store.Post{WorkspaceID: site.ID, Category: "keto", // a category the site's blog starts with Title: "Eggs", Content: "<p>Eggs.</p>",
		PublishedAt: time.Date(2025, time.January, 5, 9, 0, 0, 0, time.UTC), UpdatedAt: time.Now()}
	if err := a.Posts.Create(ctx, sp); err != nil {
		t.Fatal(err)
	}
	body = string(c.Get("/keto/" + sp.Slug).Body)
	expectIn(t, "site post", body, []string{"January 5, 2025", "1 min read", "Share this post"}, []string{"janvier", "minute de lecture"})
}

// The plain page (served while the renderers are busy, or without them)
// speaks the blog's language too: post, search, pager and the newsletter's
// link pages; an Arabic blog's is written right to left.
func TestPlainReaderPagesInTheBlogsLanguage(t *testing.T) {
	a := apptest.Start(t, "")
	fr := langBlog(t, a, "le-blog", "fr", "Voyage")
	langBlog(t, a, "al-blog", "ar", "Safar")
	c := a.Client(t)

	body := string(c.Get("/blog/le-blog/voyage/" + fr.Slug).Body)
	expectIn(t, "plain French post", body, []string{`<html lang="fr"`, ">Accueil</a>", "5 janvier 2025</time> · 3 minutes de lecture"},
		[]string{"min read", ">Home<", `dir="rtl"`})

	body = string(c.Get("/blog/le-blog/search").Body)
	expectIn(t, "plain French search", body, []string{"<h1>Rechercher</h1>", `aria-label="Rechercher des articles"`,
		"Saisissez un ou deux mots pour chercher dans les articles."}, []string{"Type a word"})
	body = string(c.Get("/blog/le-blog/search?q=zzzz").Body)
	expectIn(t, "plain French search without results", body, []string{"<title>Recherche : zzzz", "Aucun article ne correspond à votre recherche."}, nil)

	body = string(c.Get("/blog/le-blog/tag/route").Body)
	expectIn(t, "plain French tag page", body, []string{"Articles avec le mot-clé route."}, []string{"Posts tagged"})

	body = string(c.Get("/blog/le-blog/unsubscribe?token=x").Body)
	expectIn(t, "plain French unsubscribe page", body, []string{"<h1>Se désabonner</h1>", "Ne plus recevoir par e-mail les nouveaux articles de Blog fr.",
		`<button type="submit">Me désabonner</button>`}, []string{"Stop receiving"})

	body = string(c.Get("/blog/al-blog").Body)
	expectIn(t, "plain Arabic home", body, []string{`<html lang="ar"`, `<div dir="rtl"><main class="ssr">`,
		`<meta name="description" content="مقالات من Blog ar.">`}, []string{"Articles from"})
}

// A missing page of a blog wears the blog's frame: its language, its own
// icon (never the platform's), a way back to its home. The platform's own
// missing pages keep the platform's icon.
func TestMissingPageOfABlogWearsTheBlogsFrame(t *testing.T) {
	a := apptest.Start(t, "")
	langBlog(t, a, "le-blog", "fr", "Voyage")
	c := a.Client(t)

	r := c.Get("/blog/le-blog/voyage/no-such-post")
	if r.StatusCode != http.StatusNotFound {
		t.Fatalf("missing post: %d", r.StatusCode)
	}
	expectIn(t, "missing page of a French blog", string(r.Body),
		[]string{`<html lang="fr"`, "<title>Page introuvable | Blog fr</title>", "Oups ! Page introuvable", `<a href="/blog/le-blog">Revenir à l’accueil</a>`, frontend.BlogIconAttr},
		[]string{site.PlatformIconPath, "Page not found"})

	r = c.Get("/no-such-page-anywhere")
	if r.StatusCode != http.StatusNotFound {
		t.Fatalf("missing platform page: %d", r.StatusCode)
	}
	expectIn(t, "missing page of the platform", string(r.Body), []string{site.PlatformIconPath, "Page not found"}, []string{frontend.BlogIconAttr})

	c.Get("/blog/le-blog") // the blog is known, then the database goes away
	if err := a.Store.SQL().Close(); err != nil {
		t.Fatal(err)
	}
	r = c.Get("/blog/le-blog/voyage")
	if r.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("page during an outage: %d", r.StatusCode)
	}
	expectIn(t, "a blog's page during an outage", string(r.Body), []string{"Back in a moment"}, []string{site.PlatformIconPath})
}
