//! The sync engine's two vocabularies, named once: the state of one delivery job, and the 000 §4
//! sync state a link shows. The store keeps them as text (`as_str`); reading them back is
//! `FromStr`, so no caller spells a state twice.

use core::str::FromStr;

/// Where one delivery job stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryState {
    /// Still to deliver (possibly leased to a worker right now).
    Pending,
    /// Delivered: the target answered 2xx / the activity was logged.
    Delivered,
    /// Nothing to deliver after all (e.g. Salesforce with contact creation off and no contact).
    Skipped,
    /// Every try failed (or the failure cannot be retried): kept for the log and a resend.
    Dead,
}

impl DeliveryState {
    pub const ALL: [DeliveryState; 4] = [Self::Pending, Self::Delivered, Self::Skipped, Self::Dead];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Delivered => "delivered",
            Self::Skipped => "skipped",
            Self::Dead => "dead",
        }
    }
}

impl FromStr for DeliveryState {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Self::ALL.into_iter().find(|d| d.as_str() == s).ok_or(())
    }
}

/// 000 §4 sync statuses of a link: READY after a delivery, PROCESSING while a failed one waits
/// for its retry, ERROR once one was given up (the page tells the user), FAILED when the link
/// itself must be connected again; STARTING and STOPPED as the spec lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SyncState {
    Starting,
    Processing,
    Ready,
    Error,
    Failed,
    Stopped,
}

impl SyncState {
    pub const ALL: [SyncState; 6] = [
        Self::Starting,
        Self::Processing,
        Self::Ready,
        Self::Error,
        Self::Failed,
        Self::Stopped,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Starting => "STARTING",
            Self::Processing => "PROCESSING",
            Self::Ready => "READY",
            Self::Error => "ERROR",
            Self::Failed => "FAILED",
            Self::Stopped => "STOPPED",
        }
    }
}

impl SyncState {
    /// The state text as stored; an unknown text (none is written) reads as ERROR.
    pub fn from_stored(s: &str) -> SyncState {
        s.parse().unwrap_or(SyncState::Error)
    }
}

impl FromStr for SyncState {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Self::ALL.into_iter().find(|d| d.as_str() == s).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_reads_back_from_its_text_and_nothing_else_does() {
        for d in DeliveryState::ALL {
            assert_eq!(d.as_str().parse::<DeliveryState>(), Ok(d));
        }
        for s in SyncState::ALL {
            assert_eq!(s.as_str().parse::<SyncState>(), Ok(s));
        }
        assert!("Delivered".parse::<DeliveryState>().is_err());
        assert!("ready".parse::<SyncState>().is_err());
    }
}
