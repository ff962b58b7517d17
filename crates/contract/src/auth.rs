//! The signed-in session as the web app sees it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionUser {
    /// The user's id, which is also their `workspace_id`.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub email: String,
    pub name: Option<String>,
}

/// `GET /api/auth/session`: `user` is null when nobody is signed in (a 200, so an anonymous
/// visit is not an error in the browser's console).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionInfo {
    pub user: Option<SessionUser>,
}
