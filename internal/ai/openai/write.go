package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/inkpress/inkpress/internal/ai"
)

type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []chatMessage   `json:"messages"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type string `json:"type"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// articleJSON is what the model is asked to return. Alternative spellings
// seen from smaller models are accepted too.
type articleJSON struct {
	Title              string   `json:"title"`
	Content            string   `json:"content"`
	Body               string   `json:"body"`
	Excerpt            string   `json:"excerpt"`
	MetaTitle          string   `json:"metaTitle"`
	MetaTitleAlt       string   `json:"meta_title"`
	MetaDescription    string   `json:"metaDescription"`
	MetaDescriptionAlt string   `json:"meta_description"`
	Tags               flexTags `json:"tags"`
	Hashtags           flexTags `json:"hashtags"`
}

// flexTags accepts ["a","b"] as well as "a, b".
type flexTags []string

func (t *flexTags) UnmarshalJSON(b []byte) error {
	var list []string
	if err := json.Unmarshal(b, &list); err == nil {
		*t = list
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '#' })
		return nil
	}
	*t = nil // tags are optional: ignore any other shape rather than fail
	return nil
}

// Write asks the chat-completions endpoint for an article as a JSON object.
func (c *Client) Write(ctx context.Context, req ai.WriteRequest) (*ai.Article, error) {
	if err := ai.Validate(req); err != nil {
		return nil, err
	}
	body := chatRequest{
		Model: c.cfg.TextModel,
		Messages: []chatMessage{
			{Role: "system", Content: systemPrompt},
			{Role: "user", Content: userPrompt(req)},
		},
		ResponseFormat: &responseFormat{Type: "json_object"},
	}
	data, err := c.post(ctx, "/chat/completions", body, c.cfg.Timeout, maxTextResponse)
	if err != nil {
		return nil, err
	}
	var resp chatResponse
	if err := json.Unmarshal(data, &resp); err != nil || len(resp.Choices) == 0 {
		return nil, errMalformed
	}
	choice := resp.Choices[0]
	var raw articleJSON
	if err := json.Unmarshal([]byte(extractJSON(choice.Message.Content)), &raw); err != nil {
		if choice.FinishReason == "length" {
			return nil, fmt.Errorf("%w (the answer was cut off; try a shorter length or a model with a larger output limit)", errMalformed)
		}
		return nil, errMalformed
	}
	return toArticle(raw, req)
}

const systemPrompt = `You are an experienced blog writer and editor. You write original, accurate, well-structured articles for a general audience.
Reply with ONE JSON object and nothing else, with exactly these keys:
"title" (string), "content" (string, the article body as HTML), "excerpt" (string, 1-2 sentences),
"metaTitle" (string, at most 60 characters), "metaDescription" (string, at most 155 characters),
"tags" (array of 3 to 6 short lowercase strings).
Rules for "content": use only the tags h2, h3, p, ul, ol, li, strong, em and blockquote; no h1, no title at the top,
no markdown, no images, no links, no inline styles. Start with an introduction paragraph, use several h2 sections,
include at least one list, and finish with a conclusion section.`

func userPrompt(req ai.WriteRequest) string {
	var b strings.Builder
	if req.InputMode == ai.ModeTitle {
		fmt.Fprintf(&b, "Write a blog article with exactly this title (use it verbatim as \"title\"): %s\n", strings.TrimSpace(req.Topic))
	} else {
		fmt.Fprintf(&b, "Write a blog article about: %s\nCreate a compelling, specific title.\n", strings.TrimSpace(req.Topic))
	}
	if cat := strings.TrimSpace(req.Category); cat != "" {
		fmt.Fprintf(&b, "Blog category: %s\n", cat)
	}
	if kws := ai.CleanKeywords(req.Keywords); len(kws) > 0 {
		fmt.Fprintf(&b, "Use these keywords naturally in the text: %s\n", strings.Join(kws, ", "))
	}
	fmt.Fprintf(&b, "Tone: %s. %s\n", req.Tone, toneGuide[req.Tone])
	fmt.Fprintf(&b, "Length: about %d words of body text.\n", req.Length.Words())
	return b.String()
}

var toneGuide = map[ai.Tone]string{
	ai.ToneProfessional:  "Measured, clear and credible; no slang.",
	ai.ToneCasual:        "Friendly and conversational; address the reader as \"you\" and use contractions.",
	ai.ToneAuthoritative: "Confident and decisive, like a leading expert; state recommendations firmly.",
}

var fenceRE = regexp.MustCompile("(?s)^\\s*```[a-zA-Z]*\\s*(.*?)\\s*```\\s*$")

// extractJSON tolerates ```json fences and chatter around the object,
// which some models add despite being told not to.
func extractJSON(s string) string {
	if m := fenceRE.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") {
		return s
	}
	if i, j := strings.Index(s, "{"), strings.LastIndex(s, "}"); i >= 0 && j > i {
		return s[i : j+1]
	}
	return s
}

func toArticle(raw articleJSON, req ai.WriteRequest) (*ai.Article, error) {
	a := &ai.Article{
		Title:           strings.TrimSpace(raw.Title),
		HTML:            strings.TrimSpace(firstNonEmpty(raw.Content, raw.Body)),
		Excerpt:         strings.TrimSpace(raw.Excerpt),
		MetaTitle:       firstNonEmpty(raw.MetaTitle, raw.MetaTitleAlt),
		MetaDescription: firstNonEmpty(raw.MetaDescription, raw.MetaDescriptionAlt),
		Tags:            ai.NormalizeTags(append(raw.Tags, raw.Hashtags...)),
	}
	if req.InputMode == ai.ModeTitle {
		a.Title = strings.TrimSpace(req.Topic) // the user chose the title; models sometimes "improve" it
	}
	if a.Title == "" || a.HTML == "" {
		return nil, fmt.Errorf("%w: the AI provider returned an unusable article", ai.ErrProvider)
	}
	if !blockTagRE.MatchString(a.HTML) {
		a.HTML = paragraphs(a.HTML)
	}
	if a.Excerpt == "" {
		a.Excerpt = leadSentences(plainText(a.HTML), 2, 300)
	}
	a.MetaTitle = ai.Shorten(firstNonEmpty(a.MetaTitle, a.Title), ai.MaxMetaTitle)
	a.MetaDescription = ai.Shorten(firstNonEmpty(a.MetaDescription, a.Excerpt), ai.MaxMetaDescription)
	return a, nil
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// paragraphs turns plain text (a model that ignored the HTML instruction)
// into escaped <p> blocks.
func paragraphs(text string) string {
	var out []string
	for _, p := range blankLineRE.Split(text, -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, "<p>"+html.EscapeString(p)+"</p>")
		}
	}
	return strings.Join(out, "\n")
}

var (
	tagRE       = regexp.MustCompile(`<[^>]*>`)
	blankLineRE = regexp.MustCompile(`\n\s*\n`)
	blockTagRE  = regexp.MustCompile(`(?i)<(p|h[1-6]|ul|ol|li|div|blockquote|table)\b`)
)

func plainText(h string) string {
	return html.UnescapeString(strings.Join(strings.Fields(tagRE.ReplaceAllString(h, " ")), " "))
}

// leadSentences returns up to n leading sentences of text, at most max runes.
func leadSentences(text string, n, max int) string {
	end := 0
	for range n {
		i := strings.Index(text[end:], ". ")
		if i < 0 {
			end = len(text)
			break
		}
		end += i + 1
	}
	return ai.Shorten(text[:end], max)
}
