//! The Elasticsearch-style search bodies the original dashboards post to their analytics proxy
//! (001 §7.1–7.4), answered from our store: exactly the subset they use — `size` 0, a `bool`
//! query of `terms` (CreatedByUser, or SentByNumber for chats) and `range` (Datetime or
//! createdAt) clauses, and nested `terms`, `sum`, `cardinality` and `date_histogram`
//! aggregations — read with `deny_unknown_fields`, so anything else is refused with a message
//! naming the part we do not support. The answer has the search's shape (`hits.total`,
//! `aggregations["2"].buckets`, …).

use domain::buckets::Step;
use domain::events::Zone;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use store::analytics::EventRow;

/// A search request body. The OpenAPI document gives its top level; the clauses inside `query`
/// and `aggs` are read here, and one outside the supported subset is a 400 naming it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchBody {
    pub size: Option<u32>,
    /// `bool` (`filter`/`must` of `range`, `terms`, `term`) or `match_all`.
    #[schema(value_type = Option<Object>)]
    pub query: Option<QueryClause>,
    /// Named `terms`, `sum`, `cardinality` and `date_histogram` aggregations, nested.
    #[serde(alias = "aggregations")]
    #[schema(value_type = Option<Object>)]
    pub aggs: Option<BTreeMap<String, Aggregation>>,
    /// Accepted and ignored (the original sends them with size 0).
    pub track_total_hits: Option<Value>,
    #[serde(rename = "_source")]
    pub source: Option<Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum QueryClause {
    Bool(BoolQuery),
    MatchAll(Map<String, Value>),
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoolQuery {
    #[serde(default)]
    pub filter: OneOrMany<Leaf>,
    #[serde(default)]
    pub must: OneOrMany<Leaf>,
}

/// ES accepts a clause or a list of clauses.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

impl<T> OneOrMany<T> {
    fn items(&self) -> Vec<&T> {
        match self {
            OneOrMany::One(t) => vec![t],
            OneOrMany::Many(v) => v.iter().collect(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum Leaf {
    Terms(BTreeMap<String, Vec<Value>>),
    Range(BTreeMap<String, RangeBounds>),
    MatchAll(Map<String, Value>),
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBounds {
    pub gte: Option<Value>,
    pub gt: Option<Value>,
    pub lte: Option<Value>,
    pub lt: Option<Value>,
    /// `epoch_millis` or `strict_date_optional_time`; both are read the same way.
    pub format: Option<String>,
}

/// One aggregation with its sub-aggregations.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Aggregation {
    pub terms: Option<TermsAgg>,
    pub sum: Option<FieldAgg>,
    pub cardinality: Option<FieldAgg>,
    pub date_histogram: Option<HistogramAgg>,
    #[serde(alias = "aggregations")]
    pub aggs: Option<BTreeMap<String, Aggregation>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermsAgg {
    pub field: String,
    pub size: Option<usize>,
    /// Only `{"_count": "desc"}` (the default) is supported.
    pub order: Option<Value>,
    pub min_doc_count: Option<u64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldAgg {
    pub field: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistogramAgg {
    pub field: String,
    pub fixed_interval: Option<String>,
    pub calendar_interval: Option<String>,
    pub interval: Option<String>,
    pub time_zone: Option<String>,
    pub min_doc_count: Option<u64>,
    /// Accepted and ignored (labels are the web app's).
    pub format: Option<String>,
    pub extended_bounds: Option<Value>,
}

/// A request we cannot answer: the message names the unsupported part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub String);

fn unsupported<T>(what: impl Into<String>) -> Result<T, Unsupported> {
    Err(Unsupported(what.into()))
}

/// Which time field a clause or histogram names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeField {
    Datetime,
    CreatedAt,
}

fn time_field(name: &str) -> Result<TimeField, Unsupported> {
    match name {
        "Datetime" => Ok(TimeField::Datetime),
        "createdAt" => Ok(TimeField::CreatedAt),
        other => unsupported(format!(
            "range or histogram on field '{other}' (Datetime, createdAt)"
        )),
    }
}

/// What the query asks for, once read.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// `CreatedByUser` values (user ids as text).
    pub users: Option<BTreeSet<String>>,
    /// `SentByNumber` values (members' mobiles).
    pub mobiles: Option<BTreeSet<String>>,
    /// The range's field and inclusive bounds.
    pub range: Option<(TimeField, Option<i64>, Option<i64>)>,
}

fn bound(v: &Value, tz: Zone) -> Result<i64, Unsupported> {
    let tv = match v {
        Value::Number(n) => match n.as_i64() {
            Some(i) => domain::wire::TimeValue::Ms(i),
            None => return unsupported(format!("range bound {n}")),
        },
        Value::String(s) => domain::wire::TimeValue::Text(s.clone()),
        other => return unsupported(format!("range bound {other}")),
    };
    domain::dates::parse_time_value(&tv, tz).map_err(|_| Unsupported(format!("range bound {v}")))
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads the query part. `size` must be 0 (no documents are returned).
pub fn read_filter(body: &SearchBody) -> Result<Filter, Unsupported> {
    if body.size.unwrap_or(0) != 0 {
        return unsupported("size other than 0 (documents are not returned)");
    }
    let mut f = Filter::default();
    let leaves: Vec<&Leaf> = match &body.query {
        None | Some(QueryClause::MatchAll(_)) => Vec::new(),
        Some(QueryClause::Bool(b)) => b.filter.items().into_iter().chain(b.must.items()).collect(),
    };
    let utc: Zone = chrono_tz_utc();
    for leaf in leaves {
        match leaf {
            Leaf::MatchAll(_) => {}
            Leaf::Terms(map) => {
                for (field, values) in map {
                    let set: BTreeSet<String> = values.iter().filter_map(text_of).collect();
                    let slot = match field.as_str() {
                        "CreatedByUser" | "CreatedByUser.keyword" => &mut f.users,
                        "SentByNumber" | "SentByNumber.keyword" => &mut f.mobiles,
                        other => {
                            return unsupported(format!(
                                "terms filter on field '{other}' (CreatedByUser, SentByNumber)"
                            ))
                        }
                    };
                    *slot = Some(match slot.take() {
                        Some(prev) => prev.intersection(&set).cloned().collect(),
                        None => set,
                    });
                }
            }
            Leaf::Range(map) => {
                for (field, b) in map {
                    let tf = time_field(field)?;
                    if f.range.is_some_and(|(prev, _, _)| prev != tf) {
                        return unsupported("ranges on two different time fields");
                    }
                    let lo = match (&b.gte, &b.gt) {
                        (Some(v), _) => Some(bound(v, utc)?),
                        (None, Some(v)) => Some(bound(v, utc)? + 1),
                        _ => None,
                    };
                    let hi = match (&b.lte, &b.lt) {
                        (Some(v), _) => Some(bound(v, utc)?),
                        (None, Some(v)) => Some(bound(v, utc)? - 1),
                        _ => None,
                    };
                    let (_, plo, phi) = f.range.unwrap_or((tf, None, None));
                    let lo = lo.into_iter().chain(plo).max();
                    let hi = hi.into_iter().chain(phi).min();
                    f.range = Some((tf, lo, hi));
                }
            }
        }
    }
    Ok(f)
}

fn chrono_tz_utc() -> Zone {
    Zone::UTC
}

/// Whether the search is over calls or chat messages (their `Direction` reads differently).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Index {
    Calls,
    Messages,
}

impl Index {
    /// An index by its name: `calls` or `messages`, else a name containing `message` (the
    /// chat-message index, `whatsappmessages`) or `call` (the call-log index).
    pub fn named(name: &str) -> Option<Index> {
        match name.trim() {
            "calls" => Some(Index::Calls),
            "messages" => Some(Index::Messages),
            other if other.contains("message") => Some(Index::Messages),
            other if other.contains("call") => Some(Index::Calls),
            _ => None,
        }
    }

    /// The index of a search path in the original dashboards' form (001 §7.1–7.3):
    /// `<index>/_search`, with or without a leading `/` or a query after it; the index is the
    /// segment before `_search`.
    pub fn of_search_path(url: &str) -> Option<Index> {
        let path = url.trim().split(['?', '#']).next().unwrap_or_default();
        let mut parts = path.trim_matches('/').rsplit('/');
        if parts.next()? != "_search" {
            return None;
        }
        Index::named(parts.next().filter(|i| !i.is_empty())?)
    }
}

fn field_value(index: Index, row: &EventRow, field: &str) -> Result<Value, Unsupported> {
    let field = field.strip_suffix(".keyword").unwrap_or(field);
    Ok(match field {
        "CreatedByUser" => Value::String(row.user_id.to_string()),
        "Chatid" => Value::String(row.chat_id.clone()),
        "Direction" => match index {
            Index::Calls => json!(row.direction),
            Index::Messages => json!(if row.direction == domain::events::MESSAGE_OUTGOING {
                "OUTGOING"
            } else {
                "INCOMING"
            }),
        },
        "Duration" if index == Index::Calls => json!(row.duration_s),
        other => {
            return unsupported(format!(
                "aggregation on field '{other}' (CreatedByUser, Chatid, Direction, Duration)"
            ))
        }
    })
}

fn interval(h: &HistogramAgg) -> Result<Step, Unsupported> {
    let raw = h
        .fixed_interval
        .as_deref()
        .or(h.calendar_interval.as_deref())
        .or(h.interval.as_deref())
        .unwrap_or("");
    match raw {
        "1h" | "60m" | "hour" | "1H" => Ok(Step::Hour),
        "12h" => Ok(Step::HalfDay),
        "1d" | "24h" | "day" => Ok(Step::Day),
        other => unsupported(format!("date_histogram interval '{other}' (1h, 12h, 1d)")),
    }
}

/// Evaluates aggregations over `rows`.
pub fn aggregate(
    index: Index,
    aggs: &BTreeMap<String, Aggregation>,
    rows: &[&EventRow],
) -> Result<Map<String, Value>, Unsupported> {
    let mut out = Map::new();
    for (name, agg) in aggs {
        let kinds = [
            agg.terms.is_some(),
            agg.sum.is_some(),
            agg.cardinality.is_some(),
            agg.date_histogram.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return unsupported(format!(
                "aggregation '{name}': exactly one of terms, sum, cardinality, date_histogram"
            ));
        }
        let sub = agg.aggs.as_ref();
        let value = if let Some(t) = &agg.terms {
            if let Some(o) = &t.order {
                if o != &json!({ "_count": "desc" }) {
                    return unsupported(format!("terms order {o}"));
                }
            }
            let mut groups: BTreeMap<String, (Value, Vec<&EventRow>)> = BTreeMap::new();
            for r in rows {
                let v = field_value(index, r, &t.field)?;
                let key = text_of(&v).unwrap_or_default();
                groups
                    .entry(key)
                    .or_insert_with(|| (v, Vec::new()))
                    .1
                    .push(r);
            }
            let mut list: Vec<(Value, Vec<&EventRow>)> = groups.into_values().collect();
            list.sort_by_key(|g| std::cmp::Reverse(g.1.len()));
            let size = t.size.unwrap_or(10);
            let shown = list.len().min(size);
            let other: usize = list.iter().skip(shown).map(|g| g.1.len()).sum();
            let mut buckets = Vec::new();
            for (key, members) in list.into_iter().take(size) {
                if (members.len() as u64) < t.min_doc_count.unwrap_or(1) {
                    continue;
                }
                let mut b = Map::new();
                b.insert("key".into(), key);
                b.insert("doc_count".into(), json!(members.len()));
                if let Some(sub) = sub {
                    b.extend(aggregate(index, sub, &members)?);
                }
                buckets.push(Value::Object(b));
            }
            json!({ "doc_count_error_upper_bound": 0, "sum_other_doc_count": other, "buckets": buckets })
        } else if let Some(s) = &agg.sum {
            let mut total = 0.0;
            for r in rows {
                total += field_value(index, r, &s.field)?.as_f64().unwrap_or(0.0);
            }
            json!({ "value": total })
        } else if let Some(c) = &agg.cardinality {
            let mut seen = BTreeSet::new();
            for r in rows {
                seen.insert(text_of(&field_value(index, r, &c.field)?).unwrap_or_default());
            }
            json!({ "value": seen.len() })
        } else if let Some(h) = &agg.date_histogram {
            let tf = time_field(&h.field)?;
            let iv = interval(h)?;
            let tz = match h.time_zone.as_deref().map(str::trim) {
                None | Some("UTC") | Some("Z") | Some("+00:00") => chrono_tz_utc(),
                Some(z) => domain::zones::parse_time_zone(z)
                    .map_err(|_| Unsupported(format!("time_zone '{z}'")))?,
            };
            let mut groups: BTreeMap<i64, Vec<&EventRow>> = BTreeMap::new();
            for r in rows {
                let t = match tf {
                    TimeField::Datetime => r.occurred_at,
                    TimeField::CreatedAt => r.created_at,
                };
                if let Some(start) = iv.start_of(tz, t) {
                    groups.entry(start).or_default().push(r);
                }
            }
            // ES fills empty buckets between the first and the last when min_doc_count is 0
            // (its default for date_histogram).
            if h.min_doc_count.unwrap_or(0) == 0 {
                if let (Some(&first), Some(&last)) = (groups.keys().next(), groups.keys().last()) {
                    let mut t = first;
                    let mut guard = 0;
                    while t < last && guard < 100_000 {
                        groups.entry(t).or_default();
                        t = match iv.next_after(tz, t) {
                            Some(n) => n,
                            None => break,
                        };
                        guard += 1;
                    }
                }
            }
            let mut buckets = Vec::new();
            for (start, members) in groups {
                if (members.len() as u64) < h.min_doc_count.unwrap_or(0) {
                    continue;
                }
                let mut b = Map::new();
                let as_string = chrono::DateTime::from_timestamp_millis(start)
                    .map(|d| {
                        d.with_timezone(&tz)
                            .to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
                    })
                    .unwrap_or_default();
                b.insert("key_as_string".into(), json!(as_string));
                b.insert("key".into(), json!(start));
                b.insert("doc_count".into(), json!(members.len()));
                if let Some(sub) = sub {
                    b.extend(aggregate(index, sub, &members)?);
                }
                buckets.push(Value::Object(b));
            }
            json!({ "buckets": buckets })
        } else {
            unreachable!("one kind was checked above")
        };
        if sub.is_some() && (agg.sum.is_some() || agg.cardinality.is_some()) {
            return unsupported(format!("sub-aggregations under the metric '{name}'"));
        }
        out.insert(name.clone(), value);
    }
    Ok(out)
}

/// The whole answer in the search's shape.
pub fn answer(index: Index, body: &SearchBody, rows: &[EventRow]) -> Result<Value, Unsupported> {
    let refs: Vec<&EventRow> = rows.iter().collect();
    let aggregations = match &body.aggs {
        Some(a) => aggregate(index, a, &refs)?,
        None => Map::new(),
    };
    Ok(json!({
        "took": 0,
        "timed_out": false,
        "hits": { "total": { "value": rows.len(), "relation": "eq" }, "max_score": null, "hits": [] },
        "aggregations": aggregations,
    }))
}

#[cfg(test)]
mod tests {
    use super::Index;

    #[test]
    fn a_search_path_names_its_index_before_search() {
        for (url, index) in [
            ("calllogs/_search", Some(Index::Calls)),
            ("/whatsappmessages/_search", Some(Index::Messages)),
            ("call-logs-prod/_search?size=0", Some(Index::Calls)),
            ("messages/_search/", Some(Index::Messages)),
            ("calls", None),
            ("_search", None),
            ("/_search", None),
            ("orders/_search", None),
            ("calllogs/_count", None),
            ("calllogs/_search/extra", None),
        ] {
            assert_eq!(Index::of_search_path(url), index, "{url}");
        }
    }
}
