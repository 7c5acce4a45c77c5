package contract

import (
	"encoding/json"
	"errors"
	"strings"
)

// OwnerPostsResponse is a page of the owner's posts: GET /api/workspace/posts.
type OwnerPostsResponse struct {
	Posts []PostSummary `json:"posts"`
	Total int           `json:"total"`
}

// OwnerPostResponse is one post with its editable body and banners:
// GET and PATCH /api/workspace/posts/{id}.
type OwnerPostResponse struct {
	Post Post `json:"post"`
}

// PostPatch edits a post (PATCH /api/workspace/posts/{id}); absent fields stay.
type PostPatch struct {
	Title   *string   `json:"title,omitempty"`
	Content *string   `json:"content,omitempty"`
	Tags    *[]string `json:"tags,omitempty"`
}

// BulkDeleteInput names the posts to delete: POST /api/workspace/posts/bulk-delete.
type BulkDeleteInput struct {
	IDs []int64 `json:"ids"`
}

// BulkDeleteResponse says how many of them were the caller's and are gone.
type BulkDeleteResponse struct {
	Deleted int64 `json:"deleted"`
}

// GenerateInput is the generate dialog: POST /api/workspace/posts/generate.
type GenerateInput struct {
	Category  string    `json:"category"`
	Topic     string    `json:"topic"`
	InputMode InputMode `json:"inputMode"`
	Keywords  Keywords  `json:"keywords"`
	Tone      string    `json:"tone"`
	Length    string    `json:"length"`
	ImageMode ImageMode `json:"imageMode"`
	ImageURL  string    `json:"imageUrl,omitempty"`
	MediaID   int64     `json:"mediaId,omitempty"`
	Banners   []Banner  `json:"banners"`
	// GenerateImages is the dialog's image switch (absent: on).
	GenerateImages *bool `json:"generateImages"`
}

// Keywords is a comma-separated string (a string in TypeScript); a JSON
// list of strings is accepted too and joined with commas.
//
//tsgen:string
type Keywords string

func (k *Keywords) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*k = Keywords(s)
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return errors.New("keywords must be a comma-separated string")
	}
	*k = Keywords(strings.Join(list, ","))
	return nil
}

// ImageMode is where a generated post's cover comes from.
type ImageMode string

// The cover sources.
const (
	ImageNone    ImageMode = "none"
	ImageUpload  ImageMode = "upload"
	ImageLibrary ImageMode = "library"
	ImageAI      ImageMode = "ai"
)

// GenerateResponse is the stored post and the month's usage after it.
type GenerateResponse struct {
	Post  Post  `json:"post"`
	Usage Usage `json:"usage"`
	// ImageError is set when the AI cover could not be drawn; the post was
	// saved without one.
	ImageError string `json:"imageError,omitempty"`
}
