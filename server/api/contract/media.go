package contract

import "time"

// MediaItem is an image of the workspace's media library.
type MediaItem struct {
	ID       int64  `json:"id"`
	FileName string `json:"fileName"`
	FileURL  string `json:"fileUrl"`
	FileSize int64  `json:"fileSize"`
	MimeType string `json:"mimeType"`
	// Alt is the image's alt text ("" when none was given).
	Alt       string    `json:"alt"`
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

// MediaImportRequest is an image on another site to copy into the library
// (an image pasted from Google Docs or a web page): POST
// /api/workspace/media/import.
type MediaImportRequest struct {
	URL string `json:"url"`
	Alt string `json:"alt"`
}

// MediaImportResponse is where the image lives now: url is its address on
// this server; item is the new library item, absent when url already was a
// file of the workspace.
type MediaImportResponse struct {
	URL  string     `json:"url"`
	Item *MediaItem `json:"item,omitempty"`
}

// UploadResponse is a stored featured or banner image: POST /api/workspace/uploads.
type UploadResponse struct {
	URL      string `json:"url"`
	MimeType string `json:"mimeType"`
	Size     int    `json:"size"`
}
