package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/api/contract"
)

// rendersResult is the renders figure: the page renders one published post
// causes, counted by the server, against the pages it changes.
type rendersResult struct {
	// Post is the published post's address; Affected the reader pages
	// that show it (rendered by the app), Feeds the feeds that list it
	// (built by the server, not rendered), Related the blog's other posts
	// of its category, whose related posts now include it (not counted in
	// Affected).
	Post     string   `json:"post"`
	Affected []string `json:"affected"`
	Feeds    int      `json:"feeds"`
	Related  int      `json:"relatedPosts"`
	// Renders is the server's counters' change from the publish until its
	// render queue was idle; ReadRenders their change when each affected
	// page was then read once (ReadPlain: those answered plain).
	Renders     counters `json:"renders,omitempty"`
	ReadRenders counters `json:"readRenders,omitempty"`
	ReadPlain   []string `json:"readPlain,omitempty"`
	Error       string   `json:"error,omitempty"`
}

// earlierPosts are published before the measured one, so its lists, tags
// and category are not new: (category, tags).
var earlierPosts = []struct {
	category string
	tags     []string
}{{"news", []string{"benchmark", "cities"}}, {"guides", []string{"benchmark"}}, {"guides", []string{"walking"}}}

// runRenders signs an owner up on a fresh server, publishes a few posts,
// waits for the render queue to be idle, publishes one more and counts the
// renders until the queue is idle again.
func runRenders(ctx context.Context, o options, tmp string, rep *report) error {
	fmt.Println("\nrenders: page renders caused by publishing one post")
	db, err := freshDatabase(ctx, o.db, tmp, "renders")
	if err != nil {
		return err
	}
	defer db.drop()
	db.closeStore()
	if rep.DB == "" {
		rep.DB = db.kind
	}
	res := &rendersResult{}
	rep.Renders = res
	srv, err := startServer(ctx, o, db.url, tmp, "")
	if err != nil {
		return err
	}
	defer srv.stop()
	fail := func(err error) error {
		res.Error = err.Error()
		fmt.Fprintln(os.Stderr, "bench: renders:", err)
		return ctx.Err()
	}
	// Without counters the owner's part still runs (and is checked), then
	// the figure fails on them.
	_, noCounters := pageCounters(ctx, srv.debug)
	owner, err := signUp(ctx, srv.base)
	if err != nil {
		return fail(err)
	}
	for i, p := range earlierPosts {
		if _, err := owner.publish(ctx, fmt.Sprintf("Earlier post %d", i+1), p.category, p.tags); err != nil {
			return fail(err)
		}
	}
	var before counters
	if noCounters == nil {
		if before, err = waitIdle(ctx, srv, 2*time.Minute); err != nil {
			return fail(err)
		}
	}
	post, err := owner.publish(ctx, "The post whose renders are counted", "guides", []string{"benchmark", "render counts"})
	if err != nil {
		return fail(err)
	}
	// The reader's view of it names its author (the owner's answer may not).
	var pub contract.PostResponse
	if err := owner.call(ctx, http.MethodGet, "/api/posts/"+post.Category+"/"+post.Slug+"?workspace="+
		url.QueryEscape(post.WorkspaceSlug), nil, &pub); err != nil {
		return fail(err)
	}
	post = &pub.Post
	res.Post, res.Affected, res.Feeds = post.URL, affectedPages(post), 3*(2+len(post.TagSlugs))
	for _, p := range earlierPosts {
		if p.category == post.Category {
			res.Related++
		}
	}
	if noCounters != nil {
		return fail(noCounters)
	}
	after, err := waitIdle(ctx, srv, 2*time.Minute)
	if err != nil {
		return fail(err)
	}
	res.Renders = after.minus(before)
	fmt.Printf("  published %s: %s; pages it changes: %d (%s), feeds %d\n", res.Post, res.Renders,
		len(res.Affected), strings.Join(res.Affected, " "), res.Feeds)
	// Then a reader opens each of them: a server that renders on write
	// has them ready; one that renders later pays for them here.
	for _, p := range res.Affected {
		u := p
		if strings.HasPrefix(u, "/") {
			u = srv.base + u
		}
		body, h, err := fetchAs(ctx, u, crawlerHeader)
		if err != nil {
			return fail(err)
		}
		if classifyPage(body, h) != pageRendered {
			res.ReadPlain = append(res.ReadPlain, p)
		}
	}
	read, err := waitIdle(ctx, srv, 2*time.Minute)
	if err != nil {
		return fail(err)
	}
	res.ReadRenders = read.minus(after)
	fmt.Printf("  then reading them: %s; answered plain: %d\n", res.ReadRenders, len(res.ReadPlain))
	return nil
}

// affectedPages are the reader pages a newly published post changes: its
// own, its blog's home (the first page of its list), its category's page,
// each of its tags' pages and its author's page.
func affectedPages(p *contract.Post) []string {
	blog := strings.TrimSuffix(p.URL, "/"+p.Category+"/"+p.Slug)
	out := []string{p.URL, blog, blog + "/" + p.Category}
	for _, t := range p.TagSlugs {
		if t != "" {
			out = append(out, blog+"/tag/"+t)
		}
	}
	if p.Author != nil && p.Author.Slug != "" {
		out = append(out, blog+"/author/"+p.Author.Slug)
	}
	return out
}

// owner is a signed-up blog owner's session on the API.
type owner struct {
	base   string
	client *http.Client
}

// signUp creates an owner with a blog through the API, as the app does,
// and sets the blog up with two categories.
func signUp(ctx context.Context, base string) (*owner, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	o := &owner{base: base, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	if err := o.call(ctx, http.MethodGet, "/api/auth/me", nil, nil); err != nil { // the CSRF cookie
		return nil, err
	}
	if err := o.call(ctx, http.MethodPost, "/api/auth/signup", contract.SignUpInput{Name: "Bench Owner",
		Email: fmt.Sprintf("owner-%d@bench.test", time.Now().UnixNano()), Password: "secret123"}, nil); err != nil {
		return nil, err
	}
	setup := contract.OnboardingInput{SettingsInput: contract.SettingsInput{BlogTitle: "Render Counts",
		BlogDescription: "A blog whose renders are counted.", PrimaryColor: "#0ea5e9", FontFamily: "Inter"},
		Categories: []contract.NewCategory{{Name: "News", Slug: "news", ColorHex: "#0ea5e9", Description: "What happened"},
			{Name: "Guides", Slug: "guides", ColorHex: "#f97316", Description: "How to"}}}
	return o, o.call(ctx, http.MethodPost, "/api/onboarding", setup, nil)
}

// publish creates a published post through POST /api/workspace/posts.
func (o *owner) publish(ctx context.Context, title, category string, tags []string) (*contract.Post, error) {
	var out contract.OwnerPostResponse
	err := o.call(ctx, http.MethodPost, "/api/workspace/posts", contract.PostInput{Title: title, Category: category, Tags: tags,
		Status: contract.PostPublished, Content: "<p>" + title + ": a short post of the render count benchmark.</p>"}, &out)
	return &out.Post, err
}

// call sends in as JSON (with the CSRF token the API wants on writes) and
// decodes the answer into out.
func (o *owner) call(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, o.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	u, _ := url.Parse(o.base)
	for _, c := range o.client.Jar.Cookies(u) {
		if c.Name == api.CSRFCookie {
			req.Header.Set(api.CSRFHeader, c.Value)
		}
	}
	resp, err := o.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s %s", method, path, resp.Status, b)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}
