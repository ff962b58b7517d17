//! The server's one reading of the time. Production reads the system clock; tests move it
//! forward (`advance`) to expire a code or a session without sleeping. Every handler asks the
//! clock in `AppState`, never `Utc::now()` directly.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// The system time plus an offset that only tests change. Clones share the offset.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    /// Milliseconds since the Unix epoch, UTC.
    pub fn now_ms(&self) -> i64 {
        chrono::Utc::now().timestamp_millis() + self.offset_ms.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every clone of it) forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.offset_ms.fetch_add(ms, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advancing_a_clone_moves_every_clone() {
        let a = Clock::default();
        let b = a.clone();
        let before = a.now_ms();
        b.advance(3_600_000);
        assert!(a.now_ms() >= before + 3_600_000);
    }
}
