//! `GET /api/health`: is the server up, which build, which database; `GET /api/client-config`:
//! what the web app is told when it starts.

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

/// `GET /api/client-config`: what the web app is told when it starts, from the server's
/// configuration (`client.*`), so one build serves any deployment.
#[crate::wire]
pub struct ClientConfig {
    /// The browser extension's ids, every one messaged; empty when none is configured (the app
    /// then says the extension cannot be reached).
    pub extension_ids: Vec<String>,
    /// Where "Contact us" leads: an address, or a path of the app.
    pub support_url: String,
    /// Where "Book a demo" leads: an address, or a path of the app.
    pub demo_url: String,
}
