package contract

// ForgotPasswordInput asks for a reset link (always 202).
type ForgotPasswordInput struct {
	Email string `json:"email"`
}

// ResetPasswordInput sets a new password with a reset link's token.
type ResetPasswordInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// ChangeEmailInput asks to move the account to a new address (a link is
// sent there; nothing changes until it is opened). Password is the
// current one.
type ChangeEmailInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// ChangePasswordInput changes the signed-in user's password: Current
// proves it is them, Password is the new one.
type ChangePasswordInput struct {
	Current  string `json:"current"`
	Password string `json:"password"`
}

// AccountResponse is the signed-in user's account: GET /api/account.
type AccountResponse struct {
	Email    string `json:"email"`
	Verified bool   `json:"verified"`
	// PendingEmail is an address change waiting for its confirmation.
	PendingEmail string `json:"pendingEmail,omitempty"`
	// DeleteConfirm is what the owner types to delete the account: their
	// blog's name, or their e-mail address when they have no blog.
	DeleteConfirm string `json:"deleteConfirm"`
	// HasBlog: deleting the account deletes a blog with it.
	HasBlog bool `json:"hasBlog"`
}

// DeleteAccountInput deletes the signed-in account: Confirm is
// AccountResponse.DeleteConfirm typed exactly, Password the current one.
type DeleteAccountInput struct {
	Confirm  string `json:"confirm"`
	Password string `json:"password"`
}

// DeleteAccountResponse says until when signing in restores the account
// (RFC 3339); the session has ended.
type DeleteAccountResponse struct {
	RestorableUntil string `json:"restorableUntil"`
}

// OKResponse answers an account request that returns nothing else.
type OKResponse struct {
	OK bool `json:"ok"`
}

// ExportResponse is the signed-in owner's data export: GET and POST
// /api/account/export. Status is "none" (never asked, or expired),
// "queued", "running", "ready" or "failed"; times are RFC 3339.
type ExportResponse struct {
	Status      string `json:"status"`
	RequestedAt string `json:"requestedAt,omitempty"`
	FinishedAt  string `json:"finishedAt,omitempty"`
	// ExpiresAt is when a ready archive is deleted.
	ExpiresAt string `json:"expiresAt,omitempty"`
	// Size is the archive's size in bytes; DownloadURL downloads it (with
	// the session).
	Size        int64  `json:"size,omitempty"`
	FileName    string `json:"fileName,omitempty"`
	DownloadURL string `json:"downloadUrl,omitempty"`
	Error       string `json:"error,omitempty"`
}
