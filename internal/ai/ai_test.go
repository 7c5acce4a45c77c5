package ai

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestValidate(t *testing.T) {
	ok := WriteRequest{Topic: "keto", InputMode: ModeTopic, Tone: ToneCasual, Length: LengthShort}
	if err := Validate(ok); err != nil {
		t.Fatalf("valid request: %v", err)
	}
	cases := []struct {
		mutate func(*WriteRequest)
		want   string
	}{
		{func(r *WriteRequest) { r.Topic = "  " }, "topic is required"},
		{func(r *WriteRequest) { r.Topic, r.InputMode = "", ModeTitle }, "title is required"},
		{func(r *WriteRequest) { r.Topic = strings.Repeat("x", MaxTopicRunes+1) }, "at most"},
		{func(r *WriteRequest) { r.InputMode = "" }, `unknown input mode ""`},
		{func(r *WriteRequest) { r.Tone = "snarky" }, `unknown tone "snarky"`},
		{func(r *WriteRequest) { r.Length = "huge" }, `unknown length "huge"`},
		{func(r *WriteRequest) { r.Keywords = make([]string, MaxKeywords+1) }, "keywords"},
		{func(r *WriteRequest) { r.Keywords = []string{strings.Repeat("k", MaxKeywordRunes+1)} }, "keyword"},
	}
	for _, c := range cases {
		r := ok
		c.mutate(&r)
		err := Validate(r)
		if !errors.Is(err, ErrInvalidRequest) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want %q", r, err, c.want)
		}
	}
}

func TestEnums(t *testing.T) {
	want := map[Length]int{LengthShort: 800, LengthMedium: 1500, LengthLong: 2500, "other": 0}
	for l, n := range want {
		if l.Words() != n || l.Valid() != (n > 0) {
			t.Errorf("%s: Words %d Valid %v", l, l.Words(), l.Valid())
		}
	}
	for _, tone := range Tones() {
		if !tone.Valid() {
			t.Errorf("%s invalid", tone)
		}
	}
	if Tone("Casual").Valid() || InputMode("TOPIC").Valid() || !ModeTitle.Valid() {
		t.Error("enum validity is case-sensitive and exact")
	}
}

func TestShorten(t *testing.T) {
	cases := []struct {
		in   string
		max  int
		want string
	}{
		{"short", 60, "short"},
		{"  lots   of\nspace  ", 60, "lots of space"},
		{"The quick brown fox jumps over the lazy dog", 20, "The quick brown fox"},
		{"Supercalifragilistic", 5, "Super"},
		{"Ünïcödé wörds everywhere", 12, "Ünïcödé"},
		{"one, two, three", 9, "one, two"},
	}
	for _, c := range cases {
		got := Shorten(c.in, c.max)
		if got != c.want || utf8.RuneCountInString(got) > c.max {
			t.Errorf("Shorten(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

func TestNormalizeTagsAndKeywords(t *testing.T) {
	got := NormalizeTags([]string{"#Keto", " keto ", "Meal  Prep", "", "a", "b", "c", "d", "e"})
	if strings.Join(got, "|") != "keto|meal prep|a|b|c|d" {
		t.Errorf("NormalizeTags = %q", got)
	}
	kw := CleanKeywords([]string{" SEO ", "seo", "", "content  marketing"})
	if strings.Join(kw, "|") != "SEO|content marketing" {
		t.Errorf("CleanKeywords = %q", kw)
	}
}
