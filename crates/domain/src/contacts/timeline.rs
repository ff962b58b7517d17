//! A contact's timeline: entries of several kinds (messages, calls, notes, …) in one order,
//! newest first, paged by a cursor. Each kind is read from its own table, already in this
//! order, a page at a time; [`merge`] interleaves them and says where the next page starts.

/// The kinds of entry, in their order among entries of the same instant (a kind's rank is its
/// place here).
pub const KINDS: [&str; 7] = [
    "message", "call", "call_log", "note", "task", "deal", "ticket",
];

/// Where an entry stands in the timeline: later `at` first; at the same instant, the higher
/// rank, then the higher id first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cursor {
    pub at: i64,
    pub rank: u8,
    pub id: i64,
}

impl Cursor {
    /// The cursor's text: `at.rank.id`.
    pub fn encode(&self) -> String {
        format!("{}.{}.{}", self.at, self.rank, self.id)
    }

    /// A cursor from its text; `None` for anything [`Cursor::encode`] could not have made.
    pub fn decode(text: &str) -> Option<Cursor> {
        if text.len() > 64 {
            return None;
        }
        let mut parts = text.split('.');
        let at = parts.next()?.parse().ok()?;
        let rank: u8 = parts.next()?.parse().ok()?;
        let id = parts.next()?.parse().ok()?;
        (parts.next().is_none() && usize::from(rank) < KINDS.len()).then_some(Cursor {
            at,
            rank,
            id,
        })
    }

    /// How a kind of `rank` must stand against this cursor to come after it: its time before
    /// the cursor's (`Before`), at or before (`AtOrBefore`), or at the same time with a lower
    /// id (`Tie`, meaning `at < cursor.at OR (at = cursor.at AND id < cursor.id)`).
    pub fn bound_for(&self, rank: u8) -> Bound {
        match rank.cmp(&self.rank) {
            std::cmp::Ordering::Less => Bound::AtOrBefore(self.at),
            std::cmp::Ordering::Greater => Bound::Before(self.at),
            std::cmp::Ordering::Equal => Bound::Tie(self.at, self.id),
        }
    }
}

/// The condition a kind's rows meet to come after a cursor (see [`Cursor::bound_for`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Before(i64),
    AtOrBefore(i64),
    Tie(i64, i64),
}

/// The rank of a kind in [`KINDS`].
pub fn rank(kind: &str) -> Option<u8> {
    KINDS.iter().position(|k| *k == kind).map(|p| p as u8)
}

/// Interleaves entries read from several kinds (each kind's at most `limit + 1` entries after
/// the cursor, in any order) into one page of at most `limit`, newest first, and the cursor of
/// the next page when any kind has more.
pub fn merge<T>(mut entries: Vec<(Cursor, T)>, limit: usize) -> (Vec<(Cursor, T)>, Option<Cursor>) {
    entries.sort_by_key(|e| std::cmp::Reverse(e.0));
    if entries.len() > limit {
        entries.truncate(limit);
        let next = entries.last().map(|(c, _)| *c);
        (entries, next)
    } else {
        (entries, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(at: i64, rank: u8, id: i64) -> Cursor {
        Cursor { at, rank, id }
    }

    #[test]
    fn a_cursor_reads_back_only_from_its_own_text() {
        let cur = c(1_764_400_000_000, 3, 42);
        assert_eq!(Cursor::decode(&cur.encode()), Some(cur));
        assert_eq!(Cursor::decode("-5.0.1"), Some(c(-5, 0, 1)));
        for bad in [
            "",
            "1.2",
            "1.2.3.4",
            "1.7.3",
            "a.1.1",
            "1.1.",
            &"9".repeat(80),
        ] {
            assert_eq!(Cursor::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn pages_walk_every_entry_once_across_kinds_and_ties() {
        // Three kinds with entries sharing instants; read two at a time through the bounds
        // as a store would, and every entry comes exactly once, newest first.
        let all: Vec<Cursor> = vec![
            c(10, 0, 1),
            c(10, 0, 2),
            c(10, 3, 1),
            c(9, 5, 7),
            c(10, 5, 1),
            c(8, 0, 3),
            c(9, 3, 2),
        ];
        let after = |cur: Option<Cursor>, e: &Cursor| match cur {
            None => true,
            Some(cur) => match cur.bound_for(e.rank) {
                Bound::Before(at) => e.at < at,
                Bound::AtOrBefore(at) => e.at <= at,
                Bound::Tie(at, id) => e.at < at || (e.at == at && e.id < id),
            },
        };
        let mut seen = Vec::new();
        let mut cursor = None;
        loop {
            let mut read = Vec::new();
            for rank in [0u8, 3, 5] {
                let mut of_kind: Vec<Cursor> = all
                    .iter()
                    .filter(|e| e.rank == rank && after(cursor, e))
                    .copied()
                    .collect();
                of_kind.sort_by(|a, b| b.cmp(a));
                of_kind.truncate(3);
                read.extend(of_kind.into_iter().map(|e| (e, ())));
            }
            let (page, next) = merge(read, 2);
            seen.extend(page.into_iter().map(|(e, ())| e));
            match next {
                Some(n) => cursor = Some(n),
                None => break,
            }
        }
        let mut expected = all.clone();
        expected.sort_by(|a, b| b.cmp(a));
        assert_eq!(seen, expected);
    }

    #[test]
    fn kinds_are_ranked_by_their_place() {
        assert_eq!(rank("message"), Some(0));
        assert_eq!(rank("ticket"), Some(6));
        assert_eq!(rank("email"), None);
    }
}
