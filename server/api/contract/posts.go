package contract

import (
	"encoding/json"
	"errors"
	"strings"
	"time"
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

// PostInput is a post written by hand: POST /api/workspace/posts (201
// OwnerPostResponse). Status absent: draft. A cover is CoverImageURL (an
// upload's URL) or MediaID (a library item), not both.
type PostInput struct {
	Title           string     `json:"title"`
	Content         string     `json:"content"`
	Category        string     `json:"category"`
	Tags            []string   `json:"tags,omitempty"`
	Status          PostStatus `json:"status,omitempty"`
	PublishAt       *time.Time `json:"publishAt,omitempty"`
	CoverImageURL   string     `json:"coverImageUrl,omitempty"`
	MediaID         int64      `json:"mediaId,omitempty"`
	CoverAlt        string     `json:"coverAlt,omitempty"`
	MetaTitle       string     `json:"metaTitle,omitempty"`
	MetaDescription string     `json:"metaDescription,omitempty"`
	Slug            string     `json:"slug,omitempty"`
	Banners         []Banner   `json:"banners,omitempty"`
	// SendNewsletter false: the post is not e-mailed to subscribers when
	// it goes live (absent: it is, when the blog sends newsletters).
	SendNewsletter *bool `json:"sendNewsletter,omitempty"`
}

// PostPatch edits a post (PATCH /api/workspace/posts/{id}); absent fields
// stay. CoverImageURL "" removes the cover. Status "published" publishes
// (at PublishAt if given, else now), "scheduled" needs a future PublishAt,
// "draft" unpublishes.
type PostPatch struct {
	Title           *string     `json:"title,omitempty"`
	Content         *string     `json:"content,omitempty"`
	Category        *string     `json:"category,omitempty"`
	Tags            *[]string   `json:"tags,omitempty"`
	Status          *PostStatus `json:"status,omitempty"`
	PublishAt       *time.Time  `json:"publishAt,omitempty"`
	CoverImageURL   *string     `json:"coverImageUrl,omitempty"`
	MediaID         *int64      `json:"mediaId,omitempty"`
	CoverAlt        *string     `json:"coverAlt,omitempty"`
	MetaTitle       *string     `json:"metaTitle,omitempty"`
	MetaDescription *string     `json:"metaDescription,omitempty"`
	Slug            *string     `json:"slug,omitempty"`
	Banners         *[]Banner   `json:"banners,omitempty"`
	// SendNewsletter turns the post's e-mail off or back on (only before
	// it was sent).
	SendNewsletter *bool `json:"sendNewsletter,omitempty"`
}

// Revision is a saved version of a post's title and body.
type Revision struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	Content   string    `json:"content"`
	WordCount int       `json:"wordCount"`
	CreatedAt time.Time `json:"createdAt"`
}

// RevisionsResponse lists a post's revisions, newest first:
// GET /api/workspace/posts/{id}/revisions. Restoring one
// (POST .../revisions/{rev}/restore) answers OwnerPostResponse.
type RevisionsResponse struct {
	Revisions []Revision `json:"revisions"`
}

// CoverResponse answers POST /api/workspace/posts/{id}/cover: a new AI
// cover drawn from the post's current title, the post and the month's
// usage. A draft or scheduled post has it at once (Applied); a published
// post keeps its cover until an update names CoverImageURL.
type CoverResponse struct {
	Post          Post   `json:"post"`
	Usage         Usage  `json:"usage"`
	CoverImageURL string `json:"coverImageUrl"`
	Applied       bool   `json:"applied"`
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
	// Status is "published" (absent: publish now) or "draft" (save for review).
	Status PostStatus `json:"status,omitempty"`
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

// JobStatus is where a generation job stands.
type JobStatus string

// The job statuses.
const (
	JobQueued    JobStatus = "queued"
	JobRunning   JobStatus = "running"
	JobSucceeded JobStatus = "succeeded"
	JobFailed    JobStatus = "failed"
	JobCanceled  JobStatus = "canceled"
)

// JobStage is what a running job is doing.
type JobStage string

// The job stages.
const (
	StageWriting      JobStage = "writing"
	StageIllustrating JobStage = "illustrating"
	StageSaving       JobStage = "saving"
)

// Job is a post the AI writes in the background. Stage is null before the
// work starts; PostID is set once the post is stored; Error says why a
// failed or canceled job wrote nothing, ImageError why a succeeded one has
// no AI cover.
type Job struct {
	ID         int64      `json:"id"`
	Kind       string     `json:"kind"`
	Status     JobStatus  `json:"status"`
	Stage      *JobStage  `json:"stage"`
	Topic      string     `json:"topic"`
	PostID     *int64     `json:"postId"`
	Error      string     `json:"error"`
	ImageError string     `json:"imageError,omitempty"`
	CreatedAt  time.Time  `json:"createdAt"`
	StartedAt  *time.Time `json:"startedAt"`
	FinishedAt *time.Time `json:"finishedAt"`
}

// JobResponse is one job: GET /api/workspace/jobs/{id}, POST .../cancel,
// and (with the month's usage after its reservation) the 202 answer of
// POST /api/workspace/posts/generate.
type JobResponse struct {
	Job   Job    `json:"job"`
	Usage *Usage `json:"usage,omitempty"`
}

// JobsResponse is the workspace's recent jobs, newest first: GET /api/workspace/jobs.
type JobsResponse struct {
	Jobs []Job `json:"jobs"`
}
