//! A shared number's session, in the states the spec names (001 §9: STARTING, PROCESSING,
//! READY, STOPPED, ERROR, CONNECTED, WORKING, SCAN_QR_CODE, FAILED). A WAHA-compatible gateway
//! reports STOPPED, STARTING, SCAN_QR_CODE, WORKING and FAILED itself; a state it adds later
//! (its passkey pairing) is shown as PROCESSING, and a gateway we cannot reach as ERROR.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SessionState {
    Starting,
    Processing,
    Ready,
    Stopped,
    Error,
    Connected,
    Working,
    ScanQrCode,
    Failed,
}

impl SessionState {
    pub const ALL: [SessionState; 9] = [
        SessionState::Starting,
        SessionState::Processing,
        SessionState::Ready,
        SessionState::Stopped,
        SessionState::Error,
        SessionState::Connected,
        SessionState::Working,
        SessionState::ScanQrCode,
        SessionState::Failed,
    ];

    /// The spec's name, also the stored value.
    pub const fn code(self) -> &'static str {
        match self {
            SessionState::Starting => "STARTING",
            SessionState::Processing => "PROCESSING",
            SessionState::Ready => "READY",
            SessionState::Stopped => "STOPPED",
            SessionState::Error => "ERROR",
            SessionState::Connected => "CONNECTED",
            SessionState::Working => "WORKING",
            SessionState::ScanQrCode => "SCAN_QR_CODE",
            SessionState::Failed => "FAILED",
        }
    }

    /// The state a gateway's status string names (Evolution API's `open`/`connecting`/`close`
    /// read as CONNECTED/STARTING/STOPPED); anything else is still being worked out.
    pub fn from_gateway(raw: &str) -> SessionState {
        SessionState::ALL
            .into_iter()
            .find(|s| s.code() == raw)
            .unwrap_or(match raw {
                "open" => SessionState::Connected,
                "connecting" => SessionState::Starting,
                "close" => SessionState::Stopped,
                _ => SessionState::Processing,
            })
    }

    /// Whether messages can be sent now.
    pub const fn sends(self) -> bool {
        matches!(
            self,
            SessionState::Working | SessionState::Connected | SessionState::Ready
        )
    }

    /// Whether the screen shows a QR code to scan.
    pub const fn wants_scan(self) -> bool {
        matches!(self, SessionState::ScanQrCode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_state_reads_back_and_unknown_ones_are_processing() {
        for s in SessionState::ALL {
            assert_eq!(SessionState::from_gateway(s.code()), s);
        }
        assert_eq!(
            SessionState::from_gateway("PASSKEY_REQUIRED"),
            SessionState::Processing
        );
        assert_eq!(SessionState::from_gateway("open"), SessionState::Connected);
        assert!(SessionState::Working.sends());
        assert!(!SessionState::ScanQrCode.sends());
    }
}
