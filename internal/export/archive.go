package export

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"

	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/store"
)

// pageSize is how many posts are read at a time (bodies can be large).
const pageSize = 100

const readme = `This archive holds your blog's data:

posts/{category}/{slug}.md    each post as Markdown, with its details in the front matter
posts.json                    every post as JSON (the body as sanitised HTML and as Markdown)
categories.json               the blog's categories
subscribers.csv               the newsletter's confirmed subscribers (email, subscribed_at)
media/                        the images you uploaded or generated, by their storage key

Dates are in UTC (RFC 3339).
`

// PostJSON is a post as posts.json holds it.
type PostJSON struct {
	Title           string   `json:"title"`
	Slug            string   `json:"slug"`
	Category        string   `json:"category"`
	Status          string   `json:"status"`
	PublishedAt     string   `json:"publishedAt"`
	UpdatedAt       string   `json:"updatedAt"`
	Excerpt         string   `json:"excerpt"`
	Tags            []string `json:"tags"`
	MetaTitle       string   `json:"metaTitle,omitempty"`
	MetaDescription string   `json:"metaDescription,omitempty"`
	CoverImage      string   `json:"coverImage,omitempty"`
	CoverAlt        string   `json:"coverAlt,omitempty"`
	Views           int64    `json:"views"`
	HTML            string   `json:"html"`
	Markdown        string   `json:"markdown"`
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// postJSON converts p; its body becomes Markdown (the sanitised HTML when
// a construct has no Markdown form stays as HTML, which Markdown allows).
func postJSON(p *store.Post) (*PostJSON, error) {
	md, err := htmltomarkdown.ConvertString(p.Content)
	if err != nil {
		return nil, err
	}
	tags := p.Tags
	if tags == nil {
		tags = []string{}
	}
	return &PostJSON{Title: p.Title, Slug: p.Slug, Category: p.Category, Status: p.Status, PublishedAt: stamp(p.PublishedAt),
		UpdatedAt: stamp(p.UpdatedAt), Excerpt: p.Excerpt, Tags: tags, MetaTitle: p.MetaTitle, MetaDescription: p.MetaDescription,
		CoverImage: archivePath(p.CoverImageURL), CoverAlt: p.CoverAlt, Views: p.ViewCount, HTML: p.Content, Markdown: strings.TrimSpace(md)}, nil
}

// archivePath points a local media URL at its copy in the archive.
func archivePath(url string) string {
	if key, ok := strings.CutPrefix(url, "/media/"); ok {
		return "media/" + key
	}
	return url
}

// Markdown is a post's Markdown file: YAML front matter (each value a
// JSON scalar or list, which YAML reads as it is) and the body.
func Markdown(p *PostJSON) string {
	var b strings.Builder
	b.WriteString("---\n")
	field := func(k string, v any) {
		j, _ := json.Marshal(v)
		b.WriteString(k + ": " + string(j) + "\n")
	}
	field("title", p.Title)
	field("slug", p.Slug)
	field("category", p.Category)
	field("status", p.Status)
	field("date", p.PublishedAt)
	field("updated", p.UpdatedAt)
	field("tags", p.Tags)
	field("excerpt", p.Excerpt)
	if p.MetaTitle != "" {
		field("meta_title", p.MetaTitle)
	}
	if p.MetaDescription != "" {
		field("meta_description", p.MetaDescription)
	}
	if p.CoverImage != "" {
		field("cover_image", p.CoverImage)
	}
	if p.CoverAlt != "" {
		field("cover_alt", p.CoverAlt)
	}
	b.WriteString("---\n\n")
	b.WriteString(p.Markdown)
	b.WriteString("\n")
	return b.String()
}

// segment keeps a slug usable as a file name in any unzip tool.
func segment(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 || r == 0 {
			return '-'
		}
		return r
	}, s)
	if s == "" || s == "." || s == ".." {
		return "untitled"
	}
	return s
}

// write writes ws's archive to w.
func (s *Service) write(ctx context.Context, w io.Writer, ws *store.Workspace) error {
	zw := zip.NewWriter(w)
	now := s.now()
	create := func(name string, method uint16) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: now})
	}
	add := func(name string, data []byte) error {
		f, err := create(name, zip.Deflate)
		if err == nil {
			_, err = f.Write(data)
		}
		return err
	}
	if err := add("README.txt", []byte(readme)); err != nil {
		return err
	}

	var all []*PostJSON
	for offset := 0; ; offset += pageSize {
		if err := ctx.Err(); err != nil {
			return err
		}
		posts, err := s.Store.ListPosts(ctx, store.FindPost{WorkspaceID: &ws.ID, Order: store.OrderLatest, Limit: pageSize, Offset: offset})
		if err != nil {
			return err
		}
		for _, p := range posts {
			pj, err := postJSON(p)
			if err != nil {
				return err
			}
			all = append(all, pj)
			if err := add("posts/"+segment(p.Category)+"/"+segment(p.Slug)+".md", []byte(Markdown(pj))); err != nil {
				return err
			}
		}
		if len(posts) < pageSize {
			break
		}
	}
	if all == nil {
		all = []*PostJSON{}
	}
	j, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := add("posts.json", j); err != nil {
		return err
	}

	cats, err := s.Store.ListCategories(ctx, ws.ID)
	if err != nil {
		return err
	}
	type catJSON struct {
		Name        string `json:"name"`
		Slug        string `json:"slug"`
		Description string `json:"description"`
		Color       string `json:"color"`
	}
	cj := make([]catJSON, len(cats))
	for i, c := range cats {
		cj[i] = catJSON{Name: c.Name, Slug: c.Slug, Description: c.Description, Color: c.ColorHex}
	}
	if j, err = json.MarshalIndent(cj, "", "  "); err != nil {
		return err
	}
	if err := add("categories.json", j); err != nil {
		return err
	}

	subs, err := s.Store.ExportSubscribers(ctx, ws.ID)
	if err != nil {
		return err
	}
	f, err := create("subscribers.csv", zip.Deflate)
	if err != nil {
		return err
	}
	if err := newsletter.WriteCSV(f, subs); err != nil {
		return err
	}

	// Media: images are compressed already, so they are stored as they are.
	after := ""
	for {
		keys, err := s.Store.MediaFileKeys(ctx, ws.ID, after, pageSize)
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := s.addFile(ctx, create, k); err != nil {
				return err
			}
		}
		if len(keys) < pageSize {
			break
		}
		after = keys[len(keys)-1]
	}
	return zw.Close()
}

func (s *Service) addFile(ctx context.Context, create func(string, uint16) (io.Writer, error), key string) error {
	rc, err := s.Storage.Open(ctx, key)
	if errors.Is(err, os.ErrNotExist) {
		// Recorded but gone (deleted meanwhile): nothing to keep.
		return nil
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	f, err := create("media/"+key, zip.Store)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, rc)
	return err
}
