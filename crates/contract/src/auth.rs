//! The signed-in session as the web app sees it.

#[crate::wire]
pub struct SessionUser {
    /// The user's id, which is also their `workspace_id`.
    pub id: i64,
    pub email: String,
    pub name: Option<String>,
}

/// `GET /api/auth/session`: `user` is null when nobody is signed in (a 200, so an anonymous
/// visit is not an error in the browser's console).
#[crate::wire]
pub struct SessionInfo {
    pub user: Option<SessionUser>,
}
