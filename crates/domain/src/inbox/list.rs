//! The chatter list: its filter tabs (001 §9, in the spec's order), where an open conversation
//! stands (001 §3: 'open ones appear under Needs Reply and Awaiting Reply', read from the last
//! message's direction), and the keyset cursor the list pages by. The list is ordered by the
//! last message's time, newest first, the conversation id breaking ties; a cursor names the last
//! row a page showed, so a new message (which moves its conversation to the top) never shifts
//! the rows of the pages after it.

use serde::Serialize;

use crate::RuleError;

/// 001 §9 'Chat filter tabs'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Tab {
    All,
    Unread,
    Groups,
    Scheduled,
    Followup,
    Mentions,
    NeedsReply,
    AwaitingReply,
    Tasks,
    Open,
    HubContacts,
    HubLifecycle,
}

impl Tab {
    /// Every tab in the spec's order.
    pub const ALL: [Tab; 12] = [
        Tab::All,
        Tab::Unread,
        Tab::Groups,
        Tab::Scheduled,
        Tab::Followup,
        Tab::Mentions,
        Tab::NeedsReply,
        Tab::AwaitingReply,
        Tab::Tasks,
        Tab::Open,
        Tab::HubContacts,
        Tab::HubLifecycle,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Tab::All => "all",
            Tab::Unread => "unread",
            Tab::Groups => "groups",
            Tab::Scheduled => "scheduled",
            Tab::Followup => "followup",
            Tab::Mentions => "mentions",
            Tab::NeedsReply => "needs_reply",
            Tab::AwaitingReply => "awaiting_reply",
            Tab::Tasks => "tasks",
            Tab::Open => "open",
            Tab::HubContacts => "hub_contacts",
            Tab::HubLifecycle => "hub_lifecycle",
        }
    }

    pub fn parse(raw: &str) -> Result<Tab, RuleError> {
        Tab::ALL
            .into_iter()
            .find(|t| t.code() == raw)
            .ok_or(RuleError::ValueInvalid)
    }

    /// 001 §9: 'upgrading is needed to see all mentions and unread messages' — the tabs the
    /// Free plan sees only in part.
    pub const fn limited_on_free(self) -> bool {
        matches!(self, Tab::Mentions | Tab::Unread)
    }
}

/// How many conversations a Free workspace sees in the mentions and unread tabs; the rest waits
/// behind the upgrade prompt.
pub const FREE_LIMITED_TAB_ROWS: u64 = 5;

/// Where a conversation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// Open, the customer spoke last (or nobody spoke yet).
    NeedsReply,
    /// Open, the team spoke last.
    AwaitingReply,
    Closed,
}

impl Standing {
    /// `last_outbound`: whether the last message went out from the team.
    pub const fn of(open: bool, last_outbound: bool) -> Standing {
        match (open, last_outbound) {
            (false, _) => Standing::Closed,
            (true, true) => Standing::AwaitingReply,
            (true, false) => Standing::NeedsReply,
        }
    }
}

/// The last row a page showed: its last message's time (epoch ms) and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub at_ms: i64,
    pub id: i64,
}

impl Cursor {
    /// `<ms>.<id>`, both decimal: short, opaque enough, and readable in a log.
    pub fn encode(self) -> String {
        format!("{}.{}", self.at_ms, self.id)
    }

    /// A cursor this server wrote, or `value_invalid`.
    pub fn parse(raw: &str) -> Result<Cursor, RuleError> {
        if raw.len() > 41 {
            return Err(RuleError::ValueInvalid);
        }
        let (at, id) = raw.split_once('.').ok_or(RuleError::ValueInvalid)?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(at) || !digits(id) {
            return Err(RuleError::ValueInvalid);
        }
        Ok(Cursor {
            at_ms: at.parse().map_err(|_| RuleError::ValueInvalid)?,
            id: id.parse().map_err(|_| RuleError::ValueInvalid)?,
        })
    }

    /// Whether a row at (`at_ms`, `id`) comes after this cursor in the list's order.
    pub const fn before(self, at_ms: i64, id: i64) -> bool {
        at_ms < self.at_ms || (at_ms == self.at_ms && id < self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_in_the_spec_order_read_back() {
        let codes: Vec<&str> = Tab::ALL.iter().map(|t| t.code()).collect();
        assert_eq!(
            codes,
            [
                "all",
                "unread",
                "groups",
                "scheduled",
                "followup",
                "mentions",
                "needs_reply",
                "awaiting_reply",
                "tasks",
                "open",
                "hub_contacts",
                "hub_lifecycle"
            ]
        );
        for t in Tab::ALL {
            assert_eq!(Tab::parse(t.code()), Ok(t));
        }
        assert_eq!(Tab::parse("ALL"), Err(RuleError::ValueInvalid));
    }

    #[test]
    fn standing_follows_the_last_direction_while_open() {
        assert_eq!(Standing::of(true, false), Standing::NeedsReply);
        assert_eq!(Standing::of(true, true), Standing::AwaitingReply);
        assert_eq!(Standing::of(false, false), Standing::Closed);
    }

    #[test]
    fn a_cursor_reads_back_and_refuses_what_it_did_not_write() {
        let c = Cursor {
            at_ms: 1_764_000_000_000,
            id: 42,
        };
        assert_eq!(Cursor::parse(&c.encode()), Ok(c));
        for bad in [
            "",
            ".",
            "1.",
            ".1",
            "-1.2",
            "1.2.3",
            "a.b",
            "99999999999999999999.1",
            &"1".repeat(50),
        ] {
            assert_eq!(Cursor::parse(bad), Err(RuleError::ValueInvalid), "{bad}");
        }
        assert!(c.before(c.at_ms - 1, 99));
        assert!(c.before(c.at_ms, 41));
        assert!(!c.before(c.at_ms, 42));
    }
}
