//! The dashboards' analytics (001 §3, §7, §9): calls overview per employee and direction,
//! active hours of calls and chats, new calls per half-day, daily totals per direction and the
//! comparison with the previous period — computed from the stored events in the organisation's
//! zone (the domain's date ranges and bucket grid, DST-exact) for the employees the caller may
//! see (001 §6). When no employee resolves the answer is empty and nothing is queried (001 §5).

use super::answers::Shared;
use super::{Access, Routes};
use crate::access::{member, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use contract::accounts::ResultEnvelope;
use contract::analytics::{
    ActiveHoursAnswer, AnalyticsQuery, AnalyticsRange, BucketCount, CallTotals, ChangeValue,
    ComparisonAnswer, DailyAnswer, DayTotals, DirectionTotals, NewCallsAnswer, OverviewAnswer,
    QuickReplyAnalytics, SchedulerAnalytics, SchedulerCount, UserCount, UserOverview,
};
use contract::ErrorCode;
use domain::accounts::ACTIVE_USER_STATUS;
use domain::analytics::{
    calls_overview, CallAggregations, CallStats, CallsAnswer, CallsOverviewInput, Change,
    DirectionBucket, DirectionStats, DirectionTerms, UserBucket, UserTerms, ValueAgg,
};
use domain::buckets::{Granularity, Grid};
use domain::dates::{zone_or_default, DatePreset, DateRange};
use domain::events::Zone;
use domain::wire::Id;
use domain::RuleError;
use std::collections::HashMap;
use store::analytics::{CallTime, DirectionRow, SlotRow, Window, SLOT_MS};
use store::orgs::EmployeeRecord;
use utoipa_axum::routes;

/// The longest period one request may cover (two years of days).
pub const MAX_RANGE_DAYS: u32 = 732;

mod chats;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    let dashboard = Shared::tag("analytics")
        .params::<AnalyticsQuery>()
        .refusals::<ScopeRefusals>();
    Routes::new()
        .add(Access::Scoped, routes!(search))
        .sharing(dashboard)
        .add(Access::Scoped, routes!(overview))
        .add(Access::Scoped, routes!(active_hours))
        .add(Access::Scoped, routes!(new_calls))
        .add(Access::Scoped, routes!(daily))
        .add(Access::Scoped, routes!(comparison))
        .add(Access::Scoped, routes!(chats::chats))
        .add(Access::Scoped, routes!(quick_reply_analytics))
        .add(Access::Scoped, routes!(scheduler_analytics))
}

/// Who and when a request is about.
pub struct Scope {
    pub state: AppState,
    pub org_id: i64,
    pub tz: Zone,
    pub time_zone: String,
    pub range: DateRange,
    /// The selected employees the caller may see; empty means no query at all.
    pub members: Vec<EmployeeRecord>,
    /// Their ids.
    ids: Vec<i64>,
    /// The request's query, for a handler's own fields (`field`).
    pub query: AnalyticsQuery,
}

/// Every dashboard handler starts from its `Scope`: the signed-in caller, the query, and
/// `scope()` over them (membership, period, visible employees).
impl FromRequestParts<AppState> for Scope {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        let Query(q) = Query::<AnalyticsQuery>::from_request_parts(parts, state).await?;
        scope(state, &user, q).await
    }
}

/// The refusals every dashboard call can give, from `scope()`.
#[derive(utoipa::IntoResponses)]
pub enum ScopeRefusals {
    #[response(status = 403, description = "An employee the caller may not see")]
    NotVisible(contract::ErrorBody),
    #[response(
        status = 404,
        description = "Not a member; a team or user of another organisation"
    )]
    NotFound(contract::ErrorBody),
    #[response(
        status = 422,
        description = "A date, preset, range or field that cannot be read (`fields.start_date`, `end_date`, `preset`: one without the other, not a day, too long; the overview's `field`)"
    )]
    Unreadable(contract::ErrorBody),
}

/// A dashboard answer.
type Answer<T> = Result<Json<ResultEnvelope<T>>, AppError>;

impl Scope {
    /// The store's window over the selected employees and `range`.
    fn window(&self, range: &DateRange) -> Window<'_> {
        Window {
            org_id: self.org_id,
            users: &self.ids,
            start: range.start_ms,
            end: range.end_ms,
        }
    }

    fn store(&self) -> &store::Store {
        &self.state.store
    }

    fn range_of(&self, r: &DateRange) -> AnalyticsRange {
        AnalyticsRange {
            start_ms: r.start_ms,
            end_ms: r.end_ms,
            start_date: r.start_date.clone(),
            end_date: r.end_date.clone(),
            days: r.days,
            time_zone: self.time_zone.clone(),
        }
    }

    fn range(&self) -> AnalyticsRange {
        self.range_of(&self.range)
    }
}

fn period(q: &AnalyticsQuery, tz: Zone, now: i64) -> Result<DateRange, AppError> {
    let range = match (&q.start_date, &q.end_date) {
        (Some(s), Some(e)) => {
            let first = domain::inputs::parse_iso_date(s)
                .map_err(|r| AppError::invalid_field("start_date", r))?;
            let last = domain::inputs::parse_iso_date(e)
                .map_err(|r| AppError::invalid_field("end_date", r))?;
            DateRange::of_days(tz, first, last)
                .map_err(|r| AppError::invalid_field("end_date", r))?
        }
        (Some(_), None) => {
            return Err(AppError::invalid_field(
                "end_date",
                RuleError::FieldsRequired,
            ))
        }
        (None, Some(_)) => {
            return Err(AppError::invalid_field(
                "start_date",
                RuleError::FieldsRequired,
            ))
        }
        (None, None) => {
            let preset = match &q.preset {
                None => DatePreset::LastSevenDays,
                Some(p) => p
                    .trim()
                    .parse::<DatePreset>()
                    .map_err(|r| AppError::invalid_field("preset", r))?,
            };
            preset
                .range(now, tz)
                .map_err(|r| AppError::invalid_field("preset", r))?
        }
    };
    if range.days > MAX_RANGE_DAYS {
        return Err(AppError::invalid_field("end_date", RuleError::RangeTooLong));
    }
    Ok(range)
}

/// Membership, the period in the organisation's zone, and the employees to count: those the
/// caller may see (001 §6), narrowed to a team (404 when not this organisation's) or one member
/// (404 when not a member, 403 when not visible to the caller).
pub async fn scope(
    state: &AppState,
    user: &store::entity::user::Model,
    q: AnalyticsQuery,
) -> Result<Scope, AppError> {
    let me = member(state, user, q.org_id).await?;
    let org = store::orgs::organisation(&state.store, q.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let tz = zone_or_default(Some(&org.time_zone))
        .map_err(|e| AppError::internal(format!("organisation zone: {}", e.code())))?;
    let range = period(&q, tz, state.clock.now_ms())?;
    let all = store::orgs::employees(&state.store, q.org_id, Some(ACTIVE_USER_STATUS)).await?;
    let mut members = visible(&me, user, all, true);
    if let Some(team) = q.team_id.filter(|t| *t != 0) {
        store::orgs::team(&state.store, q.org_id, team).await?;
        members.retain(|r| r.membership.team_id == Some(team));
    }
    if let Some(uid) = q.user_id.filter(|u| *u != 0) {
        match store::orgs::membership(&state.store, q.org_id, uid).await? {
            None => return Err(AppError::not_found()),
            Some(_) if !members.iter().any(|r| r.user.id == uid) => {
                return Err(AppError::new(
                    ErrorCode::Forbidden,
                    "this employee is not visible to you",
                ))
            }
            Some(_) => members.retain(|r| r.user.id == uid),
        }
    }
    Ok(Scope {
        state: state.clone(),
        ids: members.iter().map(|r| r.user.id).collect(),
        org_id: q.org_id,
        tz,
        time_zone: org.time_zone,
        range,
        members,
        query: q,
    })
}

fn totals_of(s: CallStats) -> CallTotals {
    CallTotals {
        total_count: s.total_count,
        total_duration: s.total_duration,
        unique_calls: s.unique_calls,
    }
}

fn direction_totals(s: &DirectionStats, exact_unique: u64) -> DirectionTotals {
    let mut all = totals_of(s.all);
    all.unique_calls = exact_unique;
    DirectionTotals {
        incoming: totals_of(s.incoming),
        outgoing: totals_of(s.outgoing),
        missed: totals_of(s.missed),
        rejected: totals_of(s.rejected),
        all,
    }
}

/// The SQL rows in the shape of the analytics search's answer, so the domain's overview rule
/// (the same one that reads an Elasticsearch answer) shapes them.
pub fn as_search_answer(rows: &[DirectionRow]) -> CallsAnswer {
    let mut dirs: Vec<DirectionBucket> = Vec::new();
    for r in rows {
        let user = UserBucket {
            key: Id(r.user_id.to_string()),
            doc_count: r.count as u64,
            duration: Some(ValueAgg {
                value: Some(r.duration_s as f64),
            }),
            unique_calls: Some(ValueAgg {
                value: Some(r.unique_chats as f64),
            }),
        };
        match dirs
            .iter_mut()
            .find(|d| d.key == Some(i64::from(r.direction)))
        {
            Some(d) => {
                d.doc_count += r.count as u64;
                d.users.buckets.push(user);
            }
            None => dirs.push(DirectionBucket {
                key: Some(i64::from(r.direction)),
                doc_count: r.count as u64,
                users: UserTerms {
                    buckets: vec![user],
                },
            }),
        }
    }
    CallsAnswer {
        aggregations: CallAggregations {
            directions: DirectionTerms { buckets: dirs },
        },
    }
}

#[derive(Default)]
struct Overview {
    users: Vec<UserOverview>,
    totals: DirectionTotals,
    top: Vec<i64>,
    needing: Vec<i64>,
}

async fn overview_of(s: &Scope, range: &DateRange, time: CallTime) -> Result<Overview, AppError> {
    let store::analytics::OverviewCounts {
        rows,
        unique_per_user,
        unique_total: all_unique,
    } = store::analytics::call_overview_with_uniques(s.store(), s.window(range), time).await?;
    let per_user: HashMap<i64, i64> = unique_per_user.into_iter().collect();
    let shaped = calls_overview(&CallsOverviewInput {
        current: as_search_answer(&rows),
        previous: None,
        user_ids: Some(s.ids.iter().map(|i| Id(i.to_string())).collect()),
        rank_by: None,
    });
    let id_of = |id: &Id| id.0.parse::<i64>().unwrap_or_default();
    let record = |id: i64| s.members.iter().find(|r| r.user.id == id);
    Ok(Overview {
        users: shaped
            .users
            .iter()
            .map(|u| {
                let id = id_of(&u.user_id);
                UserOverview {
                    user_id: id,
                    name: record(id).and_then(|r| r.user.name.clone()),
                    team_id: record(id).and_then(|r| r.membership.team_id),
                    calls: direction_totals(
                        &u.stats,
                        per_user.get(&id).copied().unwrap_or(0) as u64,
                    ),
                }
            })
            .collect(),
        totals: direction_totals(&shaped.totals, all_unique as u64),
        top: shaped.top_performers.iter().map(id_of).collect(),
        needing: shaped.needing_attention.iter().map(id_of).collect(),
    })
}

/// Adds each slot's value into the grid bucket of the slot's start.
fn fold(grid: &Grid, slots: impl Iterator<Item = (i64, u64)>) -> Vec<u64> {
    let mut out = vec![0; grid.len()];
    for (slot, n) in slots {
        if let Some(i) = grid.index_of_ms(slot * SLOT_MS) {
            out[i] += n;
        }
    }
    out
}

fn series(grid: &Grid, counts: Vec<u64>) -> Vec<BucketCount> {
    counts
        .into_iter()
        .enumerate()
        .map(|(i, count)| BucketCount {
            key: grid.key(i),
            count,
        })
        .collect()
}

fn grid(s: &Scope, range: &DateRange, g: Granularity) -> Result<Grid, AppError> {
    Grid::new(s.tz, g, range.start_ms, range.end_ms)
        .map_err(|r| AppError::invalid_field("end_date", r))
}

async fn days_of(s: &Scope, range: &DateRange) -> Result<Vec<DayTotals>, AppError> {
    let grid = grid(s, range, Granularity::Day)?;
    let rows: Vec<SlotRow> =
        store::analytics::call_slots(s.store(), s.window(range), CallTime::Occurred).await?;
    let mut days: Vec<DayTotals> = grid
        .keys()
        .into_iter()
        .map(|k| DayTotals {
            date: match k {
                domain::buckets::BucketKey::Iso(d) => d,
                domain::buckets::BucketKey::Hour(h) => h.to_string(),
            },
            incoming: 0,
            outgoing: 0,
            missed: 0,
            rejected: 0,
            duration: 0,
        })
        .collect();
    for r in rows {
        let Some(day) = grid
            .index_of_ms(r.slot * SLOT_MS)
            .and_then(|i| days.get_mut(i))
        else {
            continue;
        };
        let n = r.count as u64;
        match r.direction {
            1 => day.incoming += n,
            2 => day.outgoing += n,
            3 => day.missed += n,
            5 => day.rejected += n,
            _ => {}
        }
        day.duration += r.duration_s as u64;
    }
    Ok(days)
}

/// Calls overview per employee and direction (001 §3, §7 item 1): count, total duration and
/// distinct chats, totals, and the two top performers and two needing attention (001 §9).
#[utoipa::path(
    get,
    path = "/api/v1/analytics/overview",
    responses((status = 200, description = "The overview", body = ResultEnvelope<OverviewAnswer>))
)]
pub async fn overview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<AnalyticsQuery>,
) -> Answer<OverviewAnswer> {
    let time = match q.field.as_deref().map(str::trim) {
        None | Some("") | Some("Datetime") => CallTime::Occurred,
        Some("createdAt") => CallTime::Created,
        Some(_) => return Err(AppError::invalid_field("field", RuleError::ValueInvalid)),
    };
    let s = scope(&state, &user, q).await?;
    let o = if s.members.is_empty() {
        Overview::default()
    } else {
        overview_of(&s, &s.range, time).await?
    };
    Ok(Json(ResultEnvelope::ok(OverviewAnswer {
        range: s.range(),
        users: o.users,
        totals: o.totals,
        top_performers: o.top,
        needing_attention: o.needing,
    })))
}

/// Active hours (001 §7 item 3, §9): calls (on `Datetime`) and chat messages per local hour of
/// the day, hours 8 to 20 only, in order.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/active-hours",
    responses((status = 200, description = "Hours 8 to 20", body = ResultEnvelope<ActiveHoursAnswer>))
)]
pub async fn active_hours(s: Scope) -> Answer<ActiveHoursAnswer> {
    let grid = grid(&s, &s.range, Granularity::HourOfDay)?;
    let w = s.window(&s.range);
    let calls = store::analytics::call_slots(s.store(), w, CallTime::Occurred).await?;
    let chats = store::analytics::message_slots(s.store(), w).await?;
    let calls = fold(&grid, calls.iter().map(|r| (r.slot, r.count as u64)));
    let chats = fold(&grid, chats.iter().map(|(slot, n)| (*slot, *n as u64)));
    Ok(Json(ResultEnvelope::ok(ActiveHoursAnswer {
        range: s.range(),
        calls: series(&grid, calls),
        chats: series(&grid, chats),
    })))
}

/// New calls (001 §7 item 4, §9): calls per local half-day (00–12, 12–24) on `createdAt`.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/new-calls",
    responses((status = 200, description = "Every half-day of the range", body = ResultEnvelope<NewCallsAnswer>))
)]
pub async fn new_calls(s: Scope) -> Answer<NewCallsAnswer> {
    let grid = grid(&s, &s.range, Granularity::TwelveHours)?;
    let rows = store::analytics::call_slots(s.store(), s.window(&s.range), CallTime::Created);
    let rows = rows.await?;
    let counts = fold(&grid, rows.iter().map(|r| (r.slot, r.count as u64)));
    Ok(Json(ResultEnvelope::ok(NewCallsAnswer {
        range: s.range(),
        buckets: series(&grid, counts),
    })))
}

/// Daily totals per direction (001 §7 item 4 'total comparison per day for directions 1, 2, 3,
/// 5'): every local day of the range.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/daily",
    responses((status = 200, description = "Every day of the range", body = ResultEnvelope<DailyAnswer>))
)]
pub async fn daily(s: Scope) -> Answer<DailyAnswer> {
    let days = days_of(&s, &s.range).await?;
    Ok(Json(ResultEnvelope::ok(DailyAnswer {
        range: s.range(),
        days,
    })))
}

fn change(c: Change) -> ChangeValue {
    ChangeValue {
        current: c.current,
        previous: c.previous,
        absolute: c.absolute,
        percent: c.percent,
    }
}

/// The period against the previous one of equal length (001 §7 item 2): call totals and chat
/// messages, their change, and both periods' days.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/comparison",
    responses((status = 200, description = "Both periods", body = ResultEnvelope<ComparisonAnswer>))
)]
pub async fn comparison(s: Scope) -> Answer<ComparisonAnswer> {
    let prev = s
        .range
        .previous(s.tz)
        .map_err(|r| AppError::invalid_field("start_date", r))?;
    let (current, previous, current_days, previous_days, chats_now, chats_before) =
        if s.members.is_empty() {
            (
                DirectionTotals::default(),
                DirectionTotals::default(),
                days_of(&s, &s.range).await?,
                days_of(&s, &prev).await?,
                0,
                0,
            )
        } else {
            let messages = |r: &DateRange| store::analytics::message_count(s.store(), s.window(r));
            let (c, p, cd, pd, mc, mp) = tokio::try_join!(
                overview_of(&s, &s.range, CallTime::Occurred),
                overview_of(&s, &prev, CallTime::Occurred),
                days_of(&s, &s.range),
                days_of(&s, &prev),
                async { Ok::<_, AppError>(messages(&s.range).await?) },
                async { Ok::<_, AppError>(messages(&prev).await?) },
            )?;
            (c.totals, p.totals, cd, pd, mc, mp)
        };
    let c = |f: fn(&CallTotals) -> u64| change(Change::new(f(&current.all), f(&previous.all)));
    Ok(Json(ResultEnvelope::ok(ComparisonAnswer {
        range: s.range(),
        previous_range: s.range_of(&prev),
        current,
        previous,
        total_count: c(|t| t.total_count),
        total_duration: c(|t| t.total_duration),
        unique_calls: c(|t| t.unique_calls),
        chats: change(Change::new(chats_now, chats_before)),
        current_days,
        previous_days,
    })))
}

/// Query of the compatibility search: the index by `index`, or by `url` as the original
/// dashboards send it (one of the two).
#[derive(Debug, Clone, serde::Deserialize, utoipa::IntoParams)]
pub struct SearchQuery {
    /// The organisation; the caller's default organisation when absent.
    pub org_id: Option<i64>,
    /// `calls` (the call-log index) or `messages` (the chat-message index); an index name
    /// containing `message` is read as messages, else one containing `call` as calls.
    #[param(pattern = "message|call")]
    pub index: Option<String>,
    /// The original dashboards' form (001 §7.1–7.3): the index's search path,
    /// `<index>/_search`, its index read as `index` is.
    #[param(pattern = "(message|call)[^/]*/_search")]
    pub url: Option<String>,
}

/// The original dashboards' Elasticsearch-style search (001 §7.1–7.4), answered from our store
/// for the members the caller may see: `size` 0, `terms` on CreatedByUser (or SentByNumber for
/// chats), `range` on Datetime or createdAt, nested `terms`/`sum`/`cardinality`/
/// `date_histogram` aggregations. Anything else is 400 naming the unsupported part.
#[utoipa::path(
    post,
    path = "/api/v1/analytics/search",
    tag = "analytics",
    params(SearchQuery),
    request_body(content = crate::search::SearchBody, description = "An Elasticsearch search body (the supported subset)"),
    responses(
        (status = 200, description = "The search answer: hits.total and aggregations", body = Object),
        (status = 400, description = "Malformed or unsupported search (the message names the part)", body = contract::ErrorBody),
        (status = 404, description = "Not a member of the organisation (or, without `org_id`, no default organisation)", body = contract::ErrorBody),
    )
)]
pub async fn search(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SearchQuery>,
    Json(body): Json<serde_json::Value>,
) -> Result<Json<serde_json::Value>, AppError> {
    use crate::search::{answer, read_filter, Index, SearchBody, TimeField};
    let bad = |m: String| AppError::new(ErrorCode::MalformedBody, m);
    let index = match (q.index.as_deref(), q.url.as_deref()) {
        (Some(name), None) => Index::named(name)
            .ok_or_else(|| bad(format!("unknown index '{name}' (calls, messages)")))?,
        (None, Some(url)) => Index::of_search_path(url).ok_or_else(|| {
            bad(format!(
                "unknown search path '{url}' (<calls or messages index>/_search)"
            ))
        })?,
        (Some(_), Some(_)) => return Err(bad("either `index` or `url`, not both".to_owned())),
        (None, None) => return Err(bad("missing field `index` (or `url`)".to_owned())),
    };
    let org_id = match q.org_id {
        Some(org) => org,
        None => crate::access::default_org(&state, &user)
            .await?
            .ok_or_else(AppError::not_found)?,
    };
    let me = member(&state, &user, org_id).await?;
    let body: SearchBody =
        serde_json::from_value(body).map_err(|e| bad(format!("unsupported search: {e}")))?;
    let filter = read_filter(&body).map_err(|u| bad(format!("unsupported search: {}", u.0)))?;
    let Some((field, Some(start), Some(end))) = filter.range else {
        return Err(bad(
            "unsupported search: a range with both ends on Datetime or createdAt is required"
                .to_owned(),
        ));
    };
    if end - start > i64::from(MAX_RANGE_DAYS) * 86_400_000 {
        return Err(AppError::invalid_field("range", RuleError::RangeTooLong));
    }
    let all = store::orgs::employees(&state.store, org_id, Some(ACTIVE_USER_STATUS)).await?;
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let users: Vec<i64> = visible(&me, &user, all, true)
        .iter()
        .filter(|r| {
            filter
                .users
                .as_ref()
                .is_none_or(|set| set.contains(&r.user.id.to_string()))
                && filter.mobiles.as_ref().is_none_or(|set| {
                    r.user
                        .mobile
                        .as_deref()
                        .is_some_and(|m| set.iter().any(|x| digits(x) == digits(m)))
                })
        })
        .map(|r| r.user.id)
        .collect();
    let time = match field {
        TimeField::Datetime => CallTime::Occurred,
        TimeField::CreatedAt => CallTime::Created,
    };
    let kind = match index {
        Index::Calls => store::analytics::EventKind::Calls,
        Index::Messages => store::analytics::EventKind::Messages,
    };
    let w = Window {
        org_id,
        users: &users,
        start,
        end,
    };
    let rows = store::analytics::event_rows(&state.store, kind, w, time).await?;
    let out =
        answer(index, &body, &rows).map_err(|u| bad(format!("unsupported search: {}", u.0)))?;
    Ok(Json(out))
}

async fn usage(s: &Scope, kind: store::analytics::UsageKind) -> Result<Vec<(i64, u64)>, AppError> {
    let counts: HashMap<i64, i64> =
        store::analytics::usage_counts(s.store(), kind, s.window(&s.range))
            .await?
            .into_iter()
            .collect();
    // Every selected employee, zeros included, in id order.
    let mut out: Vec<(i64, u64)> = s
        .ids
        .iter()
        .map(|id| (*id, counts.get(id).copied().unwrap_or(0) as u64))
        .collect();
    out.sort_unstable();
    Ok(out)
}

/// Quick replies sent per employee (001 §3 `quick_reply_updated_counts`), for the period and
/// the employees the caller may see.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/quickreplies/analytics",
    responses((status = 200, description = "Counts per employee", body = ResultEnvelope<QuickReplyAnalytics>))
)]
pub async fn quick_reply_analytics(s: Scope) -> Answer<QuickReplyAnalytics> {
    let counts = usage(&s, store::analytics::UsageKind::QuickReply).await?;
    Ok(Json(ResultEnvelope::ok(QuickReplyAnalytics {
        range: s.range(),
        quick_reply_updated_counts: counts
            .into_iter()
            .map(|(user_id, count)| UserCount { user_id, count })
            .collect(),
    })))
}

/// Messages scheduled per workspace (001 §3, §7 'GET scheduler analytics, query org_id,
/// start_date, end_date').
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/scheduler/analytics",
    responses((status = 200, description = "Counts per workspace", body = ResultEnvelope<SchedulerAnalytics>))
)]
pub async fn scheduler_analytics(s: Scope) -> Answer<SchedulerAnalytics> {
    let counts = usage(&s, store::analytics::UsageKind::Scheduler).await?;
    Ok(Json(ResultEnvelope::ok(SchedulerAnalytics {
        range: s.range(),
        schedulers: counts
            .into_iter()
            .map(|(workspace_id, schedulers)| SchedulerCount {
                workspace_id,
                schedulers,
            })
            .collect(),
    })))
}
