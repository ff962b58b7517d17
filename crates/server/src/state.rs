//! What every handler can reach: the store and the configuration. Cheap to clone; no other
//! state lives in the process, so several replicas can share one PostgreSQL.

use crate::config::Config;
use std::sync::Arc;
use store::Store;

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
}
