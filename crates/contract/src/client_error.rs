//! `POST /api/client-errors`: the web app reports an error it could not handle, so failures in
//! users' browsers reach the server log instead of disappearing in a console.

#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct ClientErrorReport {
    /// The error's message (at most 2 000 characters are kept); not blank.
    #[schema(pattern = r"\S")]
    pub message: String,
    /// The page's path when it happened.
    pub path: String,
    /// A stack trace, when the browser gave one (at most 8 000 characters are kept).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub stack: Option<String>,
}
