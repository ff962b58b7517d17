//! `GET /api/health`: is the server up, which build, which database.

#[crate::wire(Copy)]
#[serde(rename_all = "lowercase")]
pub enum DatabaseKind {
    Sqlite,
    Postgres,
}

#[crate::wire]
pub struct Health {
    /// Always `ok` when the server answers and its database responds.
    pub status: String,
    /// The server's version (the workspace version).
    pub version: String,
    pub database: DatabaseKind,
}
