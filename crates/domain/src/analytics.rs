//! The calls overview (001 §3, §7, §9): per user and per call direction, the number of calls,
//! their total duration and the number of distinct chats, shaped from the analytics search's
//! aggregation answer; then totals, the two top performers, the two needing attention, and the
//! change against the previous period.
//!
//! The aggregation request the server sends (001 §7 item 1) names its aggregations so this
//! module can read the answer:
//!
//! ```text
//! "aggs": { "2": { "terms": { "field": "Direction", "size": 5 },
//!   "aggs": { "users": { "terms": { "field": "CreatedByUser", "size": <users> },
//!     "aggs": { "duration": { "sum": { "field": "Duration" } },
//!               "unique_calls": { "cardinality": { "field": "Chatid" } } } } } } }
//! ```
//!
//! Kibana-style numeric names are accepted too: `"3"` for `users`, `"1"` for `duration`, `"4"`
//! for `unique_calls`.

use serde::{Deserialize, Deserializer, Serialize};

use crate::wire::Id;

/// 000 §3, 001 §3: the call directions the product shows.
#[crate::value::wire(Copy, Hash)]
#[serde(rename_all = "snake_case")]
pub enum CallDirection {
    /// 1 Incoming.
    Incoming,
    /// 2 Outgoing.
    Outgoing,
    /// 3 Never Attended (missed).
    Missed,
    /// 5 Rejected By Client.
    Rejected,
}

impl CallDirection {
    /// The direction of a `Direction` value; other values (4, …) are not shown and are ignored.
    pub const fn from_code(code: i64) -> Option<CallDirection> {
        match code {
            1 => Some(CallDirection::Incoming),
            2 => Some(CallDirection::Outgoing),
            3 => Some(CallDirection::Missed),
            5 => Some(CallDirection::Rejected),
            _ => None,
        }
    }
}

/// A numeric aggregation's value (`{"value": 12.0}`); ES sends null for an empty sum.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValueAgg {
    pub value: Option<f64>,
}

impl ValueAgg {
    /// Rounded to the nearest whole number; negatives and non-numbers count as 0.
    fn whole(self) -> u64 {
        match self.value {
            Some(v) if v.is_finite() && v > 0.0 => v.round() as u64,
            _ => 0,
        }
    }
}

/// Reads a terms key that may be a number or text (`Direction` is numeric, `CreatedByUser` text).
fn direction_code<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let id = Id::deserialize(d)?;
    Ok(id.0.parse::<i64>().ok())
}

/// [`direction_code`] for the browser's wire format.
fn direction_code_value(
    value: &crate::value::Value,
) -> Result<Option<i64>, crate::value::ValueError> {
    let id = <Id as crate::value::FromValue>::from_value(value)?;
    Ok(id.0.parse::<i64>().ok())
}

/// One user's bucket inside a direction.
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct UserBucket {
    /// The user id (`CreatedByUser`).
    pub key: Id,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub doc_count: u64,
    /// Sum of `Duration`, in seconds.
    #[serde(default, alias = "1")]
    pub duration: Option<ValueAgg>,
    /// Cardinality of `Chatid`.
    #[serde(default, alias = "4")]
    pub unique_calls: Option<ValueAgg>,
}

/// The users terms aggregation inside a direction.
#[derive(Debug, Clone, PartialEq, Default, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserTerms {
    #[serde(default)]
    pub buckets: Vec<UserBucket>,
}

/// One direction's bucket.
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectionBucket {
    /// The `Direction` value (1, 2, 3, 5; a number or its text).
    #[serde(deserialize_with = "direction_code")]
    #[value(from = "direction_code_value")]
    #[cfg_attr(feature = "ts", ts(type = "number | string"))]
    pub key: Option<i64>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub doc_count: u64,
    #[serde(default, alias = "3")]
    pub users: UserTerms,
}

/// The `aggregations` object of the answer.
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallAggregations {
    #[serde(rename = "2")]
    pub directions: DirectionTerms,
}

/// The direction terms aggregation.
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectionTerms {
    #[serde(default)]
    pub buckets: Vec<DirectionBucket>,
}

/// The analytics search answer (other fields such as `took` and `hits` are ignored).
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallsAnswer {
    pub aggregations: CallAggregations,
}

/// Counts of one user (or everyone) in one direction (or all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CallStats {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total_count: u64,
    /// Seconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total_duration: u64,
    /// Distinct chats. In `all`, the sum over directions: a chat called and calling back counts
    /// twice, since distinct counts cannot be added (an upper bound, as the original showed).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub unique_calls: u64,
}

impl CallStats {
    fn add(&mut self, o: CallStats) {
        self.total_count = self.total_count.saturating_add(o.total_count);
        self.total_duration = self.total_duration.saturating_add(o.total_duration);
        self.unique_calls = self.unique_calls.saturating_add(o.unique_calls);
    }

    fn metric(&self, m: RankBy) -> u64 {
        match m {
            RankBy::Count => self.total_count,
            RankBy::Duration => self.total_duration,
            RankBy::UniqueCalls => self.unique_calls,
        }
    }
}

/// Stats per direction plus their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectionStats {
    pub incoming: CallStats,
    pub outgoing: CallStats,
    pub missed: CallStats,
    pub rejected: CallStats,
    pub all: CallStats,
}

impl DirectionStats {
    fn add(&mut self, dir: CallDirection, s: CallStats) {
        let slot = match dir {
            CallDirection::Incoming => &mut self.incoming,
            CallDirection::Outgoing => &mut self.outgoing,
            CallDirection::Missed => &mut self.missed,
            CallDirection::Rejected => &mut self.rejected,
        };
        slot.add(s);
        self.all.add(s);
    }
}

/// One user's row of the overview (001 §3: 'per-direction entries with totalCount,
/// totalDuration, uniqueCalls, userId').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UserCalls {
    pub user_id: Id,
    #[serde(flatten)]
    pub stats: DirectionStats,
}

/// 001 §9: 'by count, duration or unique calls'.
#[crate::value::wire(Copy, Hash, Default)]
#[serde(rename_all = "snake_case")]
pub enum RankBy {
    #[default]
    Count,
    Duration,
    UniqueCalls,
}

/// A number now and in the previous period.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Change {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub current: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub previous: u64,
    /// current − previous.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub absolute: i64,
    /// (current − previous) / previous × 100, rounded half away from zero to one decimal.
    /// When previous is 0: 0 if current is 0 too, otherwise null (growth from nothing has no
    /// percentage; the UI shows 'new').
    pub percent: Option<f64>,
}

impl Change {
    pub fn new(current: u64, previous: u64) -> Change {
        // Without 128-bit arithmetic (its division is 1 KB of the wasm module).
        let absolute = if current >= previous {
            i64::try_from(current - previous).unwrap_or(i64::MAX)
        } else {
            0i64.checked_sub_unsigned(previous - current)
                .unwrap_or(i64::MIN)
        };
        let percent = match (current, previous) {
            (0, 0) => Some(0.0),
            (_, 0) => None,
            (c, p) => {
                // Tenths of a percent, rounded half away from zero: |c − p| × 1000 / p with
                // p / 2 added, split as q × 1000 + (r × 1000 + p / 2) / p so it stays in u64.
                // Exact while p < 1.8e16 (always, from the browser: JS counts stop at 2^53);
                // beyond, within f64's precision.
                let d = c.abs_diff(p);
                let (q, r) = (d / p, d % p);
                let exact = r
                    .checked_mul(1000)
                    .and_then(|x| x.checked_add(p / 2))
                    .and_then(|x| q.checked_mul(1000)?.checked_add(x / p));
                let tenths = match exact {
                    Some(t) => t as f64,
                    None => (d as f64 * 1000.0 / p as f64 + 0.5).floor(),
                };
                // `+ 0.0` turns the -0.0 of a tiny drop into 0.
                let signed = if c < p { -tenths } else { tenths };
                Some((signed + 0.0) / 10.0)
            }
        };
        Change {
            current,
            previous,
            absolute,
            percent,
        }
    }
}

/// The overview's comparison with the previous period, on everyone's totals.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub total_count: Change,
    pub total_duration: Change,
    pub unique_calls: Change,
}

/// Input of the `calls_overview` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CallsOverviewInput {
    /// The answer for the selected period.
    pub current: CallsAnswer,
    /// The answer for the previous period of equal length (001 §7 item 2), when compared.
    pub previous: Option<CallsAnswer>,
    /// The selected users (001 §5 'a non-empty list of employees'): each gets a row, with
    /// zeros when they made no calls, so a silent employee shows up as needing attention.
    pub user_ids: Option<Vec<Id>>,
    /// What ranks top performers and those needing attention (default count).
    pub rank_by: Option<RankBy>,
}

/// The `calls_overview` rule's answer.
#[derive(Debug, Clone, PartialEq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CallsOverview {
    /// One row per user, best first by the ranking metric (ties by user id).
    pub users: Vec<UserCalls>,
    pub totals: DirectionStats,
    /// 001 §9: 'first two'.
    pub top_performers: Vec<Id>,
    /// 001 §9: 'last two' — in ranking order (the lowest last), never repeating a top performer.
    pub needing_attention: Vec<Id>,
    pub comparison: Option<Comparison>,
}

/// 001 §9: 'Top performers and needing-attention lists take 2 each'.
pub const RANK_LIST_SIZE: usize = 2;

/// The row of `user_id` in `rows` (kept sorted by user id), added with zeros when missing.
/// A sorted `Vec` rather than a `BTreeMap`: a dashboard has a few hundred users at most, and
/// the map's code was 3 KB of the wasm module.
fn row<'a>(rows: &'a mut Vec<UserCalls>, user_id: &Id) -> &'a mut DirectionStats {
    let i = match rows.binary_search_by(|r| r.user_id.cmp(user_id)) {
        Ok(i) => i,
        Err(i) => {
            rows.insert(
                i,
                UserCalls {
                    user_id: user_id.clone(),
                    stats: DirectionStats::default(),
                },
            );
            i
        }
    };
    &mut rows[i].stats
}

/// One row per user of the answer, sorted by user id.
fn per_user(answer: &CallsAnswer) -> Vec<UserCalls> {
    let mut users = Vec::new();
    for d in &answer.aggregations.directions.buckets {
        let Some(dir) = d.key.and_then(CallDirection::from_code) else {
            continue;
        };
        for u in &d.users.buckets {
            row(&mut users, &u.key).add(
                dir,
                CallStats {
                    total_count: u.doc_count,
                    total_duration: u.duration.unwrap_or_default().whole(),
                    unique_calls: u.unique_calls.unwrap_or_default().whole(),
                },
            );
        }
    }
    users
}

fn sum_users(users: &[UserCalls]) -> DirectionStats {
    let mut t = DirectionStats::default();
    for UserCalls { stats: s, .. } in users {
        t.incoming.add(s.incoming);
        t.outgoing.add(s.outgoing);
        t.missed.add(s.missed);
        t.rejected.add(s.rejected);
        t.all.add(s.all);
    }
    t
}

/// The `calls_overview` rule. Directions other than 1, 2, 3, 5 are ignored; durations are
/// rounded to whole seconds.
pub fn calls_overview(input: &CallsOverviewInput) -> CallsOverview {
    let mut rows = per_user(&input.current);
    for id in input.user_ids.iter().flatten() {
        row(&mut rows, id);
    }
    let totals = sum_users(&rows);
    let rank = input.rank_by.unwrap_or_default();
    // The rows are in id order already; a stable sort keeps it for ties.
    rows.sort_by_key(|r| std::cmp::Reverse(r.stats.all.metric(rank)));
    let top: Vec<Id> = rows
        .iter()
        .take(RANK_LIST_SIZE)
        .map(|r| r.user_id.clone())
        .collect();
    let rest = rows.len().saturating_sub(top.len());
    let needing: Vec<Id> = rows
        .iter()
        .skip(top.len() + rest.saturating_sub(RANK_LIST_SIZE))
        .map(|r| r.user_id.clone())
        .collect();
    let comparison = input.previous.as_ref().map(|prev| {
        let p = sum_users(&per_user(prev)).all;
        let c = totals.all;
        Comparison {
            total_count: Change::new(c.total_count, p.total_count),
            total_duration: Change::new(c.total_duration, p.total_duration),
            unique_calls: Change::new(c.unique_calls, p.unique_calls),
        }
    });
    CallsOverview {
        users: rows,
        totals,
        top_performers: top,
        needing_attention: needing,
        comparison,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn answer(v: serde_json::Value) -> CallsAnswer {
        serde_json::from_value(v).unwrap()
    }

    fn sample() -> CallsAnswer {
        answer(json!({
            "took": 3,
            "aggregations": { "2": { "buckets": [
                { "key": 1, "doc_count": 5, "users": { "buckets": [
                    { "key": "10", "doc_count": 3, "duration": { "value": 120.0 }, "unique_calls": { "value": 2 } },
                    { "key": "11", "doc_count": 2, "duration": { "value": 30.4 }, "unique_calls": { "value": 1 } }
                ]}},
                { "key": 2, "doc_count": 6, "3": { "buckets": [
                    { "key": "10", "doc_count": 6, "1": { "value": 600.6 }, "4": { "value": 4 } }
                ]}},
                { "key": 3, "doc_count": 1, "users": { "buckets": [
                    { "key": 12, "doc_count": 1, "duration": { "value": 0.0 }, "unique_calls": { "value": 1 } }
                ]}},
                { "key": 4, "doc_count": 9, "users": { "buckets": [
                    { "key": "10", "doc_count": 9 }
                ]}}
            ]}}
        }))
    }

    fn overview(prev: Option<CallsAnswer>, ids: &[&str], rank: Option<RankBy>) -> CallsOverview {
        calls_overview(&CallsOverviewInput {
            current: sample(),
            previous: prev,
            user_ids: Some(ids.iter().map(|s| Id::from(*s)).collect()),
            rank_by: rank,
        })
    }

    #[test]
    fn stats_are_kept_per_user_and_direction() {
        // 001 §3: 'a map keyed by user id; each holds per-direction entries with totalCount, totalDuration, uniqueCalls'
        let o = overview(None, &[], None);
        let u10 = o.users.iter().find(|u| u.user_id.0 == "10").unwrap();
        assert_eq!(
            u10.stats.incoming,
            CallStats {
                total_count: 3,
                total_duration: 120,
                unique_calls: 2
            }
        );
        assert_eq!(
            u10.stats.outgoing,
            CallStats {
                total_count: 6,
                total_duration: 601,
                unique_calls: 4
            }
        );
        assert_eq!(u10.stats.all.total_count, 9);
    }

    #[test]
    fn only_directions_1_2_3_5_are_counted() {
        // 000 §3: 'Call section types: 1 Incoming, 2 Outgoing, 3 Never Attended, 5 Rejected By Client'
        let o = overview(None, &[], None);
        assert_eq!(o.totals.all.total_count, 12);
        assert_eq!(o.totals.missed.total_count, 1);
        assert_eq!(o.totals.rejected, CallStats::default());
    }

    #[test]
    fn top_performers_are_the_first_two_and_needing_attention_the_last_two() {
        // 001 §9: 'Top performers and needing-attention lists take 2 each (first two, last two) by count, duration or unique calls'
        let o = overview(None, &["13"], None);
        let ids = |v: &[Id]| v.iter().map(|i| i.0.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&o.top_performers), ["10", "11"]);
        assert_eq!(ids(&o.needing_attention), ["12", "13"]);
        let o = overview(None, &["13"], Some(RankBy::Duration));
        assert_eq!(ids(&o.top_performers), ["10", "11"]);
        assert_eq!(ids(&o.needing_attention), ["12", "13"]);
    }

    #[test]
    fn with_three_users_no_one_is_both_top_and_needing_attention() {
        // 001 §9: 'first two, last two' — decided the lists never overlap
        let o = overview(None, &[], None);
        assert_eq!(o.top_performers.len(), 2);
        assert_eq!(o.needing_attention, vec![Id::from("12")]);
    }

    #[test]
    fn the_comparison_gives_absolute_and_percentage_change() {
        // 001 §7 item 2: 'for the previous period of equal length and the current one'
        let prev = answer(json!({"aggregations": {"2": {"buckets": [
            { "key": 1, "doc_count": 8, "users": { "buckets": [
                { "key": "10", "doc_count": 8, "duration": { "value": 100 }, "unique_calls": { "value": 0 } }
            ]}}
        ]}}}));
        let c = overview(Some(prev), &[], None).comparison.unwrap();
        assert_eq!(
            c.total_count,
            Change {
                current: 12,
                previous: 8,
                absolute: 4,
                percent: Some(50.0)
            }
        );
        assert_eq!(c.unique_calls.percent, None);
        assert_eq!(c.total_duration.absolute, 651);
    }

    #[test]
    fn a_change_from_zero_has_no_percentage_unless_both_are_zero() {
        // 001 §7 item 2 comparison; decided behaviour for previous = 0
        assert_eq!(Change::new(0, 0).percent, Some(0.0));
        assert_eq!(Change::new(5, 0).percent, None);
        assert_eq!(Change::new(0, 5).percent, Some(-100.0));
        assert_eq!(Change::new(2, 3).percent, Some(-33.3));
        assert_eq!(Change::new(1, 3).percent, Some(-66.7));
        assert_eq!(Change::new(1001, 1000).percent, Some(0.1));
        assert_eq!(Change::new(10005, 10000).percent, Some(0.1));
    }

    proptest! {
        #[test]
        fn user_rows_add_up_to_the_totals(
            rows in prop::collection::vec((1i64..=5, 0u32..20, 0u64..50, 0u32..5000), 0..40)
        ) {
            // 001 §3: the overview's totals are the sum of its rows
            let buckets: Vec<serde_json::Value> = (1..=5).map(|dir| json!({
                "key": dir, "doc_count": 0, "users": { "buckets": rows.iter().filter(|r| r.0 == dir).map(|(_, u, n, d)| json!({
                    "key": u.to_string(), "doc_count": n, "duration": {"value": d}, "unique_calls": {"value": n / 2}
                })).collect::<Vec<_>>() }
            })).collect();
            let o = calls_overview(&CallsOverviewInput {
                current: answer(json!({"aggregations": {"2": {"buckets": buckets}}})),
                previous: None, user_ids: None, rank_by: None,
            });
            let sum: u64 = o.users.iter().map(|u| u.stats.all.total_count).sum();
            prop_assert_eq!(sum, o.totals.all.total_count);
            let expected: u64 = rows.iter().filter(|r| r.0 != 4).map(|r| r.2).sum();
            prop_assert_eq!(sum, expected);
            for w in o.users.windows(2) {
                prop_assert!(w[0].stats.all.total_count >= w[1].stats.all.total_count);
            }
            prop_assert!(o.top_performers.iter().all(|t| !o.needing_attention.contains(t)));
        }

        #[test]
        fn the_change_is_what_128_bit_arithmetic_gives(
            c in 0u64..1 << 53,
            p in 0u64..1 << 53,
            big in any::<u64>(),
            small in any::<u64>(),
        ) {
            // The percentage in the JS number range, exactly as the former i128 formula; the
            // absolute change clamped to i64 over all of u64.
            if p > 0 {
                let diff = i128::from(c) - i128::from(p);
                let pp = i128::from(p);
                let tenths = (diff * 1000 + diff.signum() * pp / 2) / pp;
                prop_assert_eq!(Change::new(c, p).percent, Some(tenths as f64 / 10.0));
            }
            let clamp = |a: u64, b: u64| {
                let d = i128::from(a) - i128::from(b);
                d.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
            };
            prop_assert_eq!(Change::new(big, small).absolute, clamp(big, small));
            prop_assert_eq!(Change::new(small, big).absolute, clamp(small, big));
        }

        #[test]
        fn the_absolute_change_is_current_minus_previous(c in 0u64..1u64 << 40, p in 0u64..1u64 << 40) {
            // 001 §7 item 2: comparison with the previous period as absolute and percentage change
            let ch = Change::new(c, p);
            prop_assert_eq!(ch.absolute, c as i64 - p as i64);
            if p > 0 {
                let exact = (c as f64 - p as f64) / p as f64 * 100.0;
                prop_assert!((ch.percent.unwrap() - exact).abs() <= 0.05 + 1e-9);
            }
        }
    }
}
