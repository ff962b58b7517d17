//! Delivery acks. A gateway reports a sent message's progress as separate events that may
//! arrive in any order (each is its own webhook with its own retries), so a stored ack only
//! ever moves forward: read after delivered after sent. A failure counts only while the message
//! has not reached the phone — a message the recipient's device has is not failed by a late
//! error report.

use serde::Serialize;

/// Where a message is on its way (WAHA's `ack`: ERROR -1, PENDING 0, SERVER 1, DEVICE 2, READ 3,
/// PLAYED 4; a reply we hold and have not handed to the gateway or extension yet is `Queued`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Ack {
    Failed,
    Queued,
    Sent,
    Delivered,
    Read,
}

impl Ack {
    /// The stored code (a small integer column).
    pub const fn code(self) -> i16 {
        match self {
            Ack::Failed => -1,
            Ack::Queued => 0,
            Ack::Sent => 1,
            Ack::Delivered => 2,
            Ack::Read => 3,
        }
    }

    /// The ack a stored code names (an unknown code reads as queued: nothing is claimed).
    pub const fn from_code(code: i16) -> Ack {
        match code {
            -1 => Ack::Failed,
            1 => Ack::Sent,
            2 => Ack::Delivered,
            3 => Ack::Read,
            _ => Ack::Queued,
        }
    }

    /// The gateway's ack number: PLAYED (a voice note listened to) is read; an unknown number
    /// says nothing (`None`).
    pub const fn from_gateway(ack: i64) -> Option<Ack> {
        match ack {
            -1 => Some(Ack::Failed),
            0 => Some(Ack::Queued),
            1 => Some(Ack::Sent),
            2 => Some(Ack::Delivered),
            3 | 4 => Some(Ack::Read),
            _ => None,
        }
    }

    /// The ack after `incoming` arrives at a message that stands at `self`: the further of the
    /// two, and a failure only before the message reached the device.
    pub fn merge(self, incoming: Ack) -> Ack {
        match (self, incoming) {
            (Ack::Failed, Ack::Queued | Ack::Sent) => Ack::Failed,
            (Ack::Failed, later) => later,
            (now, Ack::Failed) if now < Ack::Delivered => Ack::Failed,
            (now, Ack::Failed) => now,
            (now, other) => now.max(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ack::*;

    const ALL: [Ack; 5] = [Failed, Queued, Sent, Delivered, Read];

    fn fold(start: Ack, events: &[Ack]) -> Ack {
        events.iter().fold(start, |a, e| a.merge(*e))
    }

    #[test]
    fn acks_in_any_order_end_in_the_furthest_state() {
        // every permutation of sent, delivered, read ends read
        let events = [Sent, Delivered, Read];
        for p in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            let order: Vec<Ack> = p.iter().map(|i| events[*i]).collect();
            assert_eq!(fold(Queued, &order), Read, "{order:?}");
        }
    }

    #[test]
    fn a_failure_counts_only_before_the_device_has_the_message() {
        assert_eq!(fold(Queued, &[Sent, Failed]), Failed);
        assert_eq!(fold(Queued, &[Failed, Sent]), Failed);
        assert_eq!(fold(Queued, &[Delivered, Failed]), Delivered);
        assert_eq!(fold(Queued, &[Failed, Read]), Read);
    }

    #[test]
    fn merging_is_idempotent_and_never_goes_back_past_the_device() {
        for a in ALL {
            for b in ALL {
                let once = a.merge(b);
                assert_eq!(once.merge(b), once, "{a:?} + {b:?}");
                if a >= Delivered {
                    assert!(once >= a, "{a:?} + {b:?} went back to {once:?}");
                }
            }
            assert_eq!(Ack::from_code(a.code()), a);
        }
    }

    #[test]
    fn gateway_numbers() {
        assert_eq!(Ack::from_gateway(4), Some(Read));
        assert_eq!(Ack::from_gateway(-1), Some(Failed));
        assert_eq!(Ack::from_gateway(9), None);
    }
}
