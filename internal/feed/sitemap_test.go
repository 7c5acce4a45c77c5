package feed

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"reflect"
	"testing"
	"time"
)

type xmlURLSet struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc      string `xml:"loc"`
		LastMod  string `xml:"lastmod"`
		Priority string `xml:"priority"`
	} `xml:"url"`
}

type xmlIndex struct {
	XMLName  xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"sitemap"`
}

func TestSitemap(t *testing.T) {
	mod := time.Date(2025, 2, 3, 4, 5, 6, 0, time.FixedZone("X", 2*3600))
	urls := []URL{
		{Loc: "https://ex.com/", Priority: 1},
		{Loc: "https://ex.com/posts", Priority: 0.9},
		{Loc: "https://ex.com/about", Priority: 0.8},
		{Loc: "https://ex.com/keto", Priority: 0.8},
		{Loc: "https://ex.com/keto/a-post?x=1&y=<2>", LastMod: mod, Priority: 0.7},
		{Loc: "https://ex.com/no-extras"},
		{Loc: "https://ex.com/clamped", Priority: 3},
		{Loc: "https://ex.com/rounded", Priority: 0.66},
	}
	out := Sitemap(urls)
	var set xmlURLSet
	if err := xml.Unmarshal(out, &set); err != nil {
		t.Fatalf("unmarshal: %v\n%s", err, out)
	}
	want := []struct{ loc, lastmod, priority string }{
		{"https://ex.com/", "", "1.0"},
		{"https://ex.com/posts", "", "0.9"},
		{"https://ex.com/about", "", "0.8"},
		{"https://ex.com/keto", "", "0.8"},
		{"https://ex.com/keto/a-post?x=1&y=<2>", "2025-02-03T02:05:06Z", "0.7"},
		{"https://ex.com/no-extras", "", ""},
		{"https://ex.com/clamped", "", "1.0"},
		{"https://ex.com/rounded", "", "0.7"},
	}
	if len(set.URLs) != len(want) {
		t.Fatalf("got %d urls, want %d", len(set.URLs), len(want))
	}
	for i, w := range want {
		u := set.URLs[i]
		if u.Loc != w.loc || u.LastMod != w.lastmod || u.Priority != w.priority {
			t.Errorf("url %d = %+v, want %+v", i, u, w)
		}
	}
	if bytes.Contains(out, []byte("<lastmod></lastmod>")) || bytes.Contains(out, []byte("<priority>0.0")) {
		t.Errorf("empty optional fields written:\n%s", out)
	}
}

func TestSitemapLarge(t *testing.T) {
	urls := manyURLs(10000)
	var set xmlURLSet
	if err := xml.Unmarshal(Sitemap(urls), &set); err != nil {
		t.Fatal(err)
	}
	if len(set.URLs) != len(urls) {
		t.Fatalf("got %d urls, want %d", len(set.URLs), len(urls))
	}
	for i, u := range set.URLs {
		if u.Loc != urls[i].Loc || u.Priority != "0.7" {
			t.Fatalf("url %d = %+v", i, u)
		}
	}
}

func TestSitemapIndex(t *testing.T) {
	mod := time.Date(2025, 2, 3, 0, 0, 0, 0, time.UTC)
	locs := []string{"https://ex.com/sitemap-1.xml", "https://ex.com/sitemap-2.xml?a=1&b=2"}
	for _, tt := range []struct {
		name    string
		lastMod time.Time
		want    string
	}{{"with lastmod", mod, "2025-02-03T00:00:00Z"}, {"without lastmod", time.Time{}, ""}} {
		t.Run(tt.name, func(t *testing.T) {
			var idx xmlIndex
			if err := xml.Unmarshal(SitemapIndex(locs, tt.lastMod), &idx); err != nil {
				t.Fatal(err)
			}
			var gotLocs []string
			for _, s := range idx.Sitemaps {
				gotLocs = append(gotLocs, s.Loc)
				if s.LastMod != tt.want {
					t.Errorf("lastmod = %q, want %q", s.LastMod, tt.want)
				}
			}
			if !reflect.DeepEqual(gotLocs, locs) {
				t.Errorf("locs = %q, want %q", gotLocs, locs)
			}
		})
	}
}

func TestPages(t *testing.T) {
	tests := []struct{ n, perPage, want int }{
		{0, 10, 0}, {-1, 10, 0}, {1, 10, 1}, {10, 10, 1}, {11, 10, 2}, {25, 10, 3},
		{50000, 0, 1}, {50001, 0, 2}, {120000, -5, 3},
	}
	for _, tt := range tests {
		if got := Pages(tt.n, tt.perPage); got != tt.want {
			t.Errorf("Pages(%d, %d) = %d, want %d", tt.n, tt.perPage, got, tt.want)
		}
	}
}

func TestPageURLs(t *testing.T) {
	urls := manyURLs(25)
	tests := []struct {
		page, perPage int
		wantFirst     int // index of the first URL, -1 for nil
		wantLen       int
	}{
		{1, 10, 0, 10}, {2, 10, 10, 10}, {3, 10, 20, 5},
		{4, 10, -1, 0}, {0, 10, -1, 0}, {-1, 10, -1, 0},
		{1, 0, 0, 25}, {2, 0, -1, 0}, {1, 25, 0, 25},
	}
	for _, tt := range tests {
		got := PageURLs(urls, tt.page, tt.perPage)
		if tt.wantFirst < 0 {
			if got != nil {
				t.Errorf("PageURLs(page %d, per %d) = %d urls, want nil", tt.page, tt.perPage, len(got))
			}
			continue
		}
		if len(got) != tt.wantLen || got[0].Loc != urls[tt.wantFirst].Loc {
			t.Errorf("PageURLs(page %d, per %d) = len %d first %q", tt.page, tt.perPage, len(got), got[0].Loc)
		}
	}
	// Appending to a page must not overwrite the next page.
	page := PageURLs(urls, 1, 10)
	_ = append(page, URL{Loc: "x"})
	if urls[10].Loc == "x" {
		t.Error("append to a page overwrote the source slice")
	}
}

func manyURLs(n int) []URL {
	urls := make([]URL, n)
	mod := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range urls {
		urls[i] = URL{
			Loc:      fmt.Sprintf("https://blog.example.com/blog/acme/marketing/post-number-%d-about-growth", i),
			LastMod:  mod.Add(time.Duration(i) * time.Minute),
			Priority: 0.7,
		}
	}
	return urls
}

func BenchmarkSitemap10k(b *testing.B) {
	urls := manyURLs(10000)
	b.ReportAllocs()
	for b.Loop() {
		_ = Sitemap(urls)
	}
}
