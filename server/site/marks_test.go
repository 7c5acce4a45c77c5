package site_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/marks"
	"github.com/inkpress/inkpress/server/frontend"
	"github.com/inkpress/inkpress/server/site"
	"github.com/inkpress/inkpress/store"
)

// headLink is one <link> of a page's head.
type headLink struct{ rel, href, sizes string }

// headLinks lists every <link> of the page's head, in order.
func headLinks(t *testing.T, body []byte) []headLink {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var out []headLink
	var walk func(n *html.Node, inHead bool)
	walk = func(n *html.Node, inHead bool) {
		if n.Type == html.ElementNode && n.Data == "head" {
			inHead = true
		}
		if inHead && n.Type == html.ElementNode && n.Data == "link" {
			var l headLink
			for _, a := range n.Attr {
				switch a.Key {
				case "rel":
					l.rel = a.Val
				case "href":
					l.href = a.Val
				case "sizes":
					l.sizes = a.Val
				}
			}
			out = append(out, l)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inHead)
		}
	}
	walk(doc, false)
	return out
}

// icons are the head's links of rel icon and apple-touch-icon.
func icons(ls []headLink) (icon, touch []string) {
	for _, l := range ls {
		switch l.rel {
		case "icon":
			icon = append(icon, l.href)
		case "apple-touch-icon":
			touch = append(touch, l.href)
		}
	}
	return icon, touch
}

// freshBlog signs Olivia up; her blog "Olivia Writes" in emerald has one
// post without a cover and nothing uploaded.
func freshBlog(t *testing.T, a *apptest.App) (*apptest.Client, *store.Workspace, *store.Post) {
	t.Helper()
	c := a.Client(t)
	c.SignUp("Olivia Stone", "olivia@example.com", "secret123")
	u, err := a.Store.GetUserByEmail(ctx, "olivia@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Olivia Writes", "primaryColor": "#10b981"}); r.StatusCode != 200 {
		t.Fatalf("settings: %d %s", r.StatusCode, r.Body)
	}
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil {
		t.Fatal(err)
	}
	p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Fat first", Content: "<p>Why fat comes first.</p>", AuthorID: u.ID}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	return c, ws, p
}

// pngOf fetches an image address the app serves and decodes it.
func pngOf(t *testing.T, a *apptest.App, c *apptest.Client, abs string) (image.Image, *apptest.Response) {
	t.Helper()
	r := fetch(t, a, c, abs)
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("%s: %d %s", abs, r.StatusCode, r.Header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", abs, err)
	}
	return img, r
}

// feedMarks are the images a blog's three feeds name.
type feedMarks struct {
	rssImage, atomIcon, atomLogo, jsonIcon, jsonFavicon string
}

func readFeedMarks(t *testing.T, c *apptest.Client, prefix string) feedMarks {
	t.Helper()
	var rss struct {
		Image struct {
			URL string `xml:"url"`
		} `xml:"channel>image"`
	}
	var atom struct {
		Icon string `xml:"icon"`
		Logo string `xml:"logo"`
	}
	var jf struct {
		Icon    string `json:"icon"`
		Favicon string `json:"favicon"`
	}
	if err := xml.Unmarshal(c.Get(prefix+"/feed.xml").Body, &rss); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(c.Get(prefix+"/feed.atom").Body, &atom); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(c.Get(prefix+"/feed.json").Body, &jf); err != nil {
		t.Fatal(err)
	}
	return feedMarks{rss.Image.URL, atom.Icon, atom.Logo, jf.Icon, jf.Favicon}
}

// A blog whose owner uploaded nothing wears marks drawn from its own name
// and colour everywhere (head, structured data, feeds, browser icons),
// never the platform's.
func TestBlogWithoutUploadsWearsItsOwnMarks(t *testing.T) {
	a := apptest.Start(t, "")
	_, ws, p := freshBlog(t, a)
	c := a.Client(t)
	version := marks.Spec{Name: "Olivia Writes", Color: "#10b981"}.Version()
	mark := func(k marks.Kind) string { return a.URL + "/blog/" + ws.Slug + "/" + k.File() + "?v=" + version }

	for _, path := range []string{"", "/keto", "/keto/" + p.Slug, "/author/olivia-stone"} {
		r := c.Get("/blog/" + ws.Slug + path)
		if r.StatusCode != 200 {
			t.Fatalf("%q: %d", path, r.StatusCode)
		}
		icon, touch := icons(headLinks(t, r.Body))
		if len(icon) != 1 || icon[0] != mark(marks.SmallIcon) || len(touch) != 1 || touch[0] != mark(marks.TouchIcon) {
			t.Errorf("%q: icons %v, apple-touch-icon %v; want the blog's drawn ones", path, icon, touch)
		}
		if strings.Contains(string(r.Body), site.PlatformIconPath) {
			t.Errorf("%q: the page names the platform's icon", path)
		}
		h := parseHead(t, r.Body)
		if path != "/author/olivia-stone" { // an author page shares the author's avatar when there is one
			if h.meta["og:image"] != mark(marks.Card) || h.meta["twitter:image"] != mark(marks.Card) ||
				h.meta["og:image:width"] != "1200" || h.meta["og:image:height"] != "630" {
				t.Errorf("%q: og:image %q (%sx%s), twitter:image %q; want the drawn card", path, h.meta["og:image"],
					h.meta["og:image:width"], h.meta["og:image:height"], h.meta["twitter:image"])
			}
		}
		if path == "/keto/"+p.Slug {
			pub, _ := h.jsonLD["publisher"].(map[string]any)
			logo, _ := pub["logo"].(map[string]any)
			if logo["url"] != mark(marks.Logo) || h.jsonLD["image"] != mark(marks.Card) {
				t.Errorf("json-ld publisher %v, image %v; want the drawn logo and card", pub, h.jsonLD["image"])
			}
		}
	}

	want := feedMarks{rssImage: mark(marks.Card), atomIcon: mark(marks.Icon), atomLogo: mark(marks.Card),
		jsonIcon: mark(marks.Icon), jsonFavicon: mark(marks.Icon)}
	if got := readFeedMarks(t, c, "/blog/"+ws.Slug); got != want {
		t.Errorf("feeds' images %+v\nwant %+v", got, want)
	}

	// Each image is a PNG of its size, kept for good at its versioned
	// address, and not sent again to a client that holds it.
	for _, tc := range []struct {
		k    marks.Kind
		w, h int
	}{{marks.Card, 1200, 630}, {marks.Icon, 512, 512}, {marks.TouchIcon, 180, 180}, {marks.SmallIcon, 32, 32}, {marks.Logo, 0, 60}} {
		img, r := pngOf(t, a, c, mark(tc.k))
		b := img.Bounds()
		if (tc.w != 0 && b.Dx() != tc.w) || b.Dy() != tc.h || (tc.k == marks.Logo && (b.Dx() > 600 || b.Dx() < 60)) {
			t.Errorf("%s is %v, want %dx%d", tc.k, b.Size(), tc.w, tc.h)
		}
		if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("%s: Cache-Control %q", tc.k, cc)
		}
		etag := r.Header.Get("ETag")
		again := c.Raw("GET", strings.TrimPrefix(mark(tc.k), a.URL), "", nil, http.Header{"If-None-Match": {etag}})
		if etag == "" || again.StatusCode != http.StatusNotModified {
			t.Errorf("%s: ETag %q, conditional GET %d", tc.k, etag, again.StatusCode)
		}
		if tc.k == marks.Card {
			// The card is the blog's colour.
			if r, g, bl, _ := img.At(4, 4).RGBA(); r>>8 != 0x10 || g>>8 < 0xb0 || bl>>8 < 0x7c {
				t.Errorf("the card's corner is %x %x %x, want the blog's #10b981", r>>8, g>>8, bl>>8)
			}
		}
	}
	// Drawn once: what is served is what was stored.
	stored, err := a.Store.GetMark(ctx, ws.ID, string(marks.Card))
	if err != nil || stored.Version != version {
		t.Fatalf("stored card: %+v, %v", stored, err)
	}
	// An address of another version gets the current image, briefly cached.
	if r := c.Get("/blog/" + ws.Slug + "/card.png?v=old"); r.StatusCode != 200 || strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("an outdated address: %d %q", r.StatusCode, r.Header.Get("Cache-Control"))
	}

	// On its custom domain the browser's own requests get the blog's icons.
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("olivia.example.org")}); err != nil {
		t.Fatal(err)
	}
	a.Site.Forget()
	a.Cache.Invalidate(ws.ID)
	for path, size := range map[string]int{"/favicon.ico": 32, "/icon.png": 512} {
		img, _ := pngOf(t, a, c, "https://olivia.example.org"+path)
		if img.Bounds().Dx() != size || !sameColour(img.At(1, 1), color.RGBA{0x10, 0xb9, 0x81, 0xff}) {
			t.Errorf("%s on the custom domain: %v, corner %v; want the blog's %dpx icon", path, img.Bounds().Size(), img.At(1, 1), size)
		}
	}
	r := fetch(t, a, c, "https://olivia.example.org/")
	if icon, _ := icons(headLinks(t, r.Body)); len(icon) != 1 || !strings.HasPrefix(icon[0], "https://olivia.example.org/icon-32.png?v=") {
		t.Errorf("custom domain home: icons %v", icon)
	}
	if nf := fetch(t, a, c, "https://olivia.example.org/no/such/page"); strings.Contains(string(nf.Body), site.PlatformIconPath) {
		t.Error("a custom domain's 404 names the platform's icon")
	}
}

// The platform's own blog at / keeps the platform's marks.
func TestSiteBlogKeepsThePlatformsMarks(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	r := c.Get("/")
	icon, touch := icons(headLinks(t, r.Body))
	if len(icon) != 1 || icon[0] != site.PlatformIconPath || len(touch) != 0 {
		t.Errorf("site home: icons %v, apple-touch-icon %v", icon, touch)
	}
	if h := parseHead(t, r.Body); h.meta["og:image"] != a.URL+site.DefaultImagePath {
		t.Errorf("site home og:image %q", h.meta["og:image"])
	}
	if got := readFeedMarks(t, c, ""); got.jsonIcon != a.URL+site.IconPath || got.rssImage != a.URL+site.DefaultImagePath {
		t.Errorf("site feeds: %+v", got)
	}
	for _, path := range []string{"/card.png", "/logo.png"} {
		if r := c.Get(path); r.StatusCode != 404 {
			t.Errorf("%s on the site's blog: %d, want 404 (it wears the platform's marks)", path, r.StatusCode)
		}
	}
	if r := c.Get(site.FaviconPath); r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/png" {
		t.Errorf("platform favicon: %d", r.StatusCode)
	}
}

// upload stores a PNG in the client's media library and returns its URL.
func upload(t *testing.T, a *apptest.App, c *apptest.Client, name string, img image.Image) string {
	t.Helper()
	var pic, body bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(pic.Bytes())
	_ = mw.Close()
	c.Get("/api/auth/me") // the CSRF cookie
	u, _ := url.Parse(a.URL)
	var token string
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "inkpress_csrf" {
			token = ck.Value
		}
	}
	r := c.Raw("POST", "/api/workspace/media", "", &body, http.Header{"Content-Type": {mw.FormDataContentType()}, "X-Csrf-Token": {token}})
	var out struct {
		Item struct {
			FileURL string `json:"fileUrl"`
		} `json:"item"`
	}
	if r.StatusCode != http.StatusCreated || json.Unmarshal(r.Body, &out) != nil {
		t.Fatalf("upload %s: %d %s", name, r.StatusCode, r.Body)
	}
	return out.Item.FileURL
}

func square(side int, c color.Color) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for y := range side {
		for x := range side {
			img.Set(x, y, c)
		}
	}
	return img
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) bool { return x>>8+2 >= y>>8 && y>>8+2 >= x>>8 }
	return d(r1, r2) && d(g1, g2) && d(b1, b2)
}

// What the owner uploads wins over the drawn marks, on pages already
// rendered too; a new name or colour gives the drawn marks a new address.
func TestUploadedMarksWinAndChangesReachStoredPages(t *testing.T) {
	a := apptest.Start(t, "")
	owner, ws, p := freshBlog(t, a)
	c := a.Client(t)
	post := "/blog/" + ws.Slug + "/keto/" + p.Slug
	before := parseHead(t, c.Get(post).Body) // rendered and stored
	if !strings.Contains(before.meta["og:image"], "/card.png?v=") {
		t.Fatalf("before: og:image %q", before.meta["og:image"])
	}

	// A new colour: the stored pages name the marks drawn in it.
	if r := owner.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Olivia Writes", "primaryColor": "#f43f5e"}); r.StatusCode != 200 {
		t.Fatalf("settings: %d", r.StatusCode)
	}
	drain(t, a) // the pages every page of a blog shows are rendered again
	rose := marks.Spec{Name: "Olivia Writes", Color: "#f43f5e"}.Version()
	h := parseHead(t, c.Get(post).Body)
	if h.meta["og:image"] != a.URL+"/blog/"+ws.Slug+"/card.png?v="+rose {
		t.Errorf("after a new colour: og:image %q, want version %s", h.meta["og:image"], rose)
	}
	if img, _ := pngOf(t, a, c, h.meta["og:image"]); !sameColour(img.At(4, 4), color.RGBA{0xf4, 0x3f, 0x5e, 0xff}) {
		t.Errorf("the new card's corner is %v, want #f43f5e", img.At(4, 4))
	}

	icon := upload(t, a, owner, "icon.png", square(64, color.RGBA{0x20, 0x40, 0x60, 0xff}))
	logo := upload(t, a, owner, "logo.png", square(48, color.RGBA{0x60, 0x40, 0x20, 0xff}))
	share := upload(t, a, owner, "share.png", square(80, color.RGBA{0x40, 0x60, 0x20, 0xff}))
	if r := owner.Do("PUT", "/api/workspace/brand", map[string]any{"logoUrl": logo, "faviconUrl": icon, "socialImageUrl": share,
		"socialLinks": []any{}}); r.StatusCode != 200 {
		t.Fatalf("brand: %d %s", r.StatusCode, r.Body)
	}
	drain(t, a)
	abs := func(u string) string { return a.URL + u }
	r := c.Get(post)
	icons, touch := icons(headLinks(t, r.Body))
	if len(icons) != 1 || icons[0] != abs(icon) || len(touch) != 1 || touch[0] != abs(icon) {
		t.Errorf("uploaded icon: icons %v, apple-touch-icon %v", icons, touch)
	}
	h = parseHead(t, r.Body)
	pub, _ := h.jsonLD["publisher"].(map[string]any)
	lg, _ := pub["logo"].(map[string]any)
	if h.meta["og:image"] != abs(share) || h.meta["og:image:width"] != "" || lg["url"] != abs(logo) {
		t.Errorf("uploaded images: og:image %q (width %q), publisher logo %v", h.meta["og:image"], h.meta["og:image:width"], lg)
	}
	if strings.Contains(string(r.Body), "/card.png?v=") || strings.Contains(string(r.Body), "/icon-32.png?v=") {
		t.Error("the page still names drawn marks besides the uploaded ones")
	}
	want := feedMarks{rssImage: abs(logo), atomIcon: abs(icon), atomLogo: abs(logo), jsonIcon: abs(icon), jsonFavicon: abs(icon)}
	if got := readFeedMarks(t, c, "/blog/"+ws.Slug); got != want {
		t.Errorf("feeds' images %+v\nwant %+v", got, want)
	}
	var blog struct {
		Brand struct {
			IconURL string `json:"iconUrl"`
		} `json:"brand"`
	}
	c.Get("/api/blogs/"+ws.Slug).JSON(t, &blog)
	if blog.Brand.IconURL != icon {
		t.Errorf("the API's icon %q, want the uploaded %q", blog.Brand.IconURL, icon)
	}
	// The custom domain's /favicon.ico is the uploaded icon too.
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("olivia.example.org")}); err != nil {
		t.Fatal(err)
	}
	a.Site.Forget()
	fav := c.Raw("GET", "/favicon.ico", "olivia.example.org", nil, nil)
	if fav.StatusCode != http.StatusFound || fav.Header.Get("Location") != "https://olivia.example.org"+icon {
		t.Errorf("custom domain favicon.ico: %d %q", fav.StatusCode, fav.Header.Get("Location"))
	}
}

// A white-label blog shows no platform mark; a plan change reaches the
// pages already rendered.
func TestWhiteLabelBlogShowsNoPlatformMark(t *testing.T) {
	// The app's own server bundle draws the blog's frame (its footer).
	// A render's budget fits a busy machine under the race detector: a page
	// over it is served plain (no footer), which would prove nothing.
	a := apptest.Start(t, "", apptest.Env("INKPRESS_SSR", "true"), apptest.Env("INKPRESS_SSR_TIMEOUT", "2m"),
		apptest.Env("INKPRESS_ADMIN_EMAIL", "boss@example.com"), apptest.Env("INKPRESS_ADMIN_PASSWORD", "secret123"))
	rendered := func(path, body string) {
		t.Helper()
		if !strings.Contains(body, frontend.SSRAttr) {
			t.Fatalf("%s was not rendered by the app (is it built? make web): the test cannot see the frame", path)
		}
	}
	_, ws, p := freshBlog(t, a)
	c := a.Client(t)
	home := "/blog/" + ws.Slug
	paths := []string{home, home + "/keto", home + "/keto/" + p.Slug}
	for _, path := range paths {
		body := string(c.Get(path).Body)
		rendered(path, body)
		if !strings.Contains(body, "Powered by") {
			t.Fatalf("%s of a starter blog does not say Powered by: the test cannot see the change", path)
		}
	}
	admin := a.Client(t)
	if r := admin.Do("POST", "/api/auth/login", map[string]any{"email": "boss@example.com", "password": "secret123"}); r.StatusCode != 200 {
		t.Fatalf("admin login: %d %s", r.StatusCode, r.Body)
	}
	if r := admin.Do("PUT", "/api/admin/workspaces/"+strconv.FormatInt(ws.ID, 10)+"/plan", map[string]any{"planTier": "agency"}); r.StatusCode != 200 {
		t.Fatalf("plan: %d %s", r.StatusCode, r.Body)
	}
	drain(t, a)
	for _, path := range paths {
		body := string(c.Get(path).Body)
		rendered(path, body)
		for _, mark := range []string{"Powered by", site.PlatformIconPath, site.DefaultImagePath, a.URL + site.IconPath + `"`} {
			if strings.Contains(body, mark) {
				t.Errorf("%s on a white-label blog names %q", path, mark)
			}
		}
	}
	for _, name := range feedNames {
		body := string(c.Get(home + "/" + name).Body)
		if strings.Contains(body, site.DefaultImagePath) || strings.Contains(body, a.URL+site.IconPath+"<") ||
			strings.Contains(body, a.URL+site.IconPath+`"`) || strings.Contains(body, "InkPress") {
			t.Errorf("%s of a white-label blog names the platform or its images", name)
		}
	}
}

// The site's posts carry the configured author, not the admin's account
// name, until the admin sets a display name: in the page's byline and
// structured data, the feeds, the API and the author's page.
func TestSitePostsCarryTheConfiguredAuthor(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_AUTHOR_NAME", "The Desk"),
		apptest.Env("INKPRESS_ADMIN_EMAIL", "boss@example.com"), apptest.Env("INKPRESS_ADMIN_PASSWORD", "secret123"))
	admin, err := a.Store.GetUserByEmail(ctx, "boss@example.com")
	if err != nil {
		t.Fatal(err)
	}
	siteWS := siteWS(t, a)
	p := &store.Post{WorkspaceID: siteWS.ID, Category: "tech", Title: "Feeds for schedulers", Content: "<p>RSS.</p>", AuthorID: admin.ID}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	c := a.Client(t)
	check := func(want string) {
		t.Helper()
		drain(t, a)
		r := c.Get("/tech/" + p.Slug)
		h := parseHead(t, r.Body)
		author, _ := h.jsonLD["author"].(map[string]any)
		if author["name"] != want {
			t.Errorf("json-ld author %v, want %q", author["name"], want)
		}
		if !strings.Contains(string(r.Body), `rel="author">`+want+`</a>`) {
			t.Errorf("the page's byline does not name %q", want)
		}
		for _, name := range feedNames {
			f := parseFeed(t, name, c.Get("/"+name).Body)
			if len(f.Items) == 0 || len(f.Items[0].Authors) == 0 || f.Items[0].Authors[0].Name != want {
				t.Errorf("%s: item author wrong, want %q", name, want)
			}
		}
		var api struct {
			Post struct {
				Author struct {
					Name, Slug string
				} `json:"author"`
			} `json:"post"`
		}
		c.Get("/api/posts/tech/"+p.Slug).JSON(t, &api)
		if api.Post.Author.Name != want {
			t.Errorf("API author %q, want %q", api.Post.Author.Name, want)
		}
		if h := parseHead(t, c.Get("/author/"+api.Post.Author.Slug).Body); h.title != want+" | InkPress" {
			t.Errorf("author page title %q", h.title)
		}
	}
	check("The Desk")

	// The admin names themselves: their name wins, even the account's own.
	desk := a.Client(t)
	if r := desk.Do("POST", "/api/auth/login", map[string]any{"email": "boss@example.com", "password": "secret123"}); r.StatusCode != 200 {
		t.Fatalf("login: %d", r.StatusCode)
	}
	var profile struct {
		Profile struct{ DisplayName, DefaultName string } `json:"profile"`
	}
	desk.Get("/api/workspace/author").JSON(t, &profile)
	if profile.Profile.DefaultName != "The Desk" {
		t.Errorf("the site desk's profile offers %q as the name without a display name, want the configured author", profile.Profile.DefaultName)
	}
	// The profile form sends the name it shows: the configured one leaves
	// the display name empty (it follows the configuration).
	for _, tc := range []struct{ sent, stored, shown string }{
		{"Jane Boss", "Jane Boss", "Jane Boss"}, {"Admin", "Admin", "Admin"}, {"The Desk", "", "The Desk"}} {
		if r := desk.Do("PUT", "/api/workspace/author", map[string]any{"displayName": tc.sent, "bio": "", "avatarUrl": "", "links": []any{}}); r.StatusCode != 200 {
			t.Fatalf("profile: %d %s", r.StatusCode, r.Body)
		}
		au, err := a.Store.GetAuthor(ctx, store.FindAuthor{UserID: &admin.ID})
		if err != nil || au.DisplayName != tc.stored {
			t.Errorf("sent %q: display name %q (%v), want %q", tc.sent, au.DisplayName, err, tc.stored)
		}
		check(tc.shown)
	}
}

// The demo's admin writes as the configured author, with a bio.
func TestDemoAdminHasAnEditorialProfile(t *testing.T) {
	a, c := start(t)
	p := firstPost(t, a, siteWS(t, a).ID)
	au, err := a.Store.GetAuthor(ctx, store.FindAuthor{UserID: &p.AuthorID})
	if err != nil || au.DisplayName != "InkPress Editorial" || au.Slug != "inkpress-editorial" || au.Bio == "" {
		t.Fatalf("demo admin's profile %+v, %v", au, err)
	}
	h := parseHead(t, c.Get("/"+p.Category+"/"+p.Slug).Body)
	if author, _ := h.jsonLD["author"].(map[string]any); author["name"] != "InkPress Editorial" || author["description"] != au.Bio {
		t.Errorf("json-ld author %v", author)
	}
}
