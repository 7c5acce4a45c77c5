package contract

import "time"

// MediaItem is an image of the workspace's media library.
type MediaItem struct {
	ID        int64     `json:"id"`
	FileName  string    `json:"fileName"`
	FileURL   string    `json:"fileUrl"`
	FileSize  int64     `json:"fileSize"`
	MimeType  string    `json:"mimeType"`
	CreatedAt time.Time `json:"createdAt"`
}

// MediaListResponse is the library and its cap: GET /api/workspace/media.
type MediaListResponse struct {
	Items []MediaItem `json:"items"`
	Limit int         `json:"limit"`
}

// MediaItemResponse is a new library item: POST /api/workspace/media.
type MediaItemResponse struct {
	Item MediaItem `json:"item"`
}

// UploadResponse is a stored featured or banner image: POST /api/workspace/uploads.
type UploadResponse struct {
	URL      string `json:"url"`
	MimeType string `json:"mimeType"`
	Size     int    `json:"size"`
}
