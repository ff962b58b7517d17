//! First sync (reference §6) over the gateway's message log: the chats, their overview with the
//! last message, a chat's messages with `limit`/`offset`, `filter.*` and sorting, and one
//! message by id. Each needs the session WORKING, as the runtime endpoints do.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::{bad_request, error, lock, wait_status, FakeState};

type Params = Vec<(String, String)>;

fn param<'a>(q: &'a Params, name: &str) -> Option<&'a str> {
    q.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn number(q: &Params, name: &str, default: usize) -> usize {
    param(q, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The conversation a message belongs to: `fromMe ? to : from`.
fn conversation(m: &Value) -> String {
    let side = if m["fromMe"] == true { "to" } else { "from" };
    m[side].as_str().unwrap_or_default().to_owned()
}

/// The session's messages, oldest first.
fn log(state: &FakeState, session: &str) -> Vec<Value> {
    lock(state)
        .waha
        .messages
        .iter()
        .filter(|(s, _)| s == session)
        .map(|(_, m)| m.clone())
        .collect()
}

/// Each chat with its last message, newest chat first.
fn chat_list(state: &FakeState, session: &str) -> Vec<(String, Value)> {
    let mut chats: Vec<(String, Value)> = Vec::new();
    for m in log(state, session) {
        let id = conversation(&m);
        chats.retain(|(c, _)| *c != id);
        chats.push((id, m));
    }
    chats.reverse();
    chats
}

fn page<T>(items: Vec<T>, q: &Params, default_limit: usize) -> Vec<T> {
    let offset = number(q, "offset", 0);
    let limit = number(q, "limit", default_limit);
    items.into_iter().skip(offset).take(limit).collect()
}

/// [`chat_list`] once the session is WORKING, else the runtime endpoints' answer.
async fn working_chats(state: &FakeState, session: &str) -> Result<Vec<(String, Value)>, Response> {
    wait_status(state, session, &["WORKING"]).await?;
    Ok(chat_list(state, session))
}

pub(super) async fn chats(
    State(state): State<FakeState>,
    Path(session): Path<String>,
    Query(q): Query<Params>,
) -> Result<Response, Response> {
    let mut chats = working_chats(&state, &session).await?;
    // By id or name (no names here: by id), or by the last message's time; the time newest
    // first unless `sortOrder=asc`, ids in `sortOrder` (ascending by default).
    let by_id = matches!(param(&q, "sortBy"), Some("id" | "name"));
    if by_id {
        chats.sort_by(|a, b| a.0.cmp(&b.0));
    } else {
        chats.sort_by_key(|(_, m)| m["timestamp"].as_i64());
    }
    let descending = match param(&q, "sortOrder") {
        Some(order) => order == "desc",
        None => !by_id,
    };
    if descending {
        chats.reverse();
    }
    let out: Vec<Value> = page(chats, &q, usize::MAX)
        .into_iter()
        .map(|(id, m)| json!({"id": id, "name": null, "conversationTimestamp": m["timestamp"]}))
        .collect();
    Ok(Json(out).into_response())
}

pub(super) async fn overview(
    State(state): State<FakeState>,
    Path(session): Path<String>,
    Query(q): Query<Params>,
) -> Result<Response, Response> {
    let ids: Vec<&str> = q
        .iter()
        .filter(|(k, _)| k == "ids" || k == "ids[]")
        .map(|(_, v)| v.as_str())
        .collect();
    let chats: Vec<(String, Value)> = working_chats(&state, &session)
        .await?
        .into_iter()
        .filter(|(id, _)| ids.is_empty() || ids.contains(&id.as_str()))
        .collect();
    let out: Vec<Value> = page(chats, &q, 20)
        .into_iter()
        .map(|(id, mut m)| {
            if let Some(o) = m.as_object_mut() {
                o.remove("media");
            }
            json!({"id": id, "name": null, "picture": null, "lastMessage": m, "_chat": {"id": id}})
        })
        .collect();
    Ok(Json(out).into_response())
}

pub(super) async fn messages(
    State(state): State<FakeState>,
    Path((session, chat)): Path<(String, String)>,
    Query(q): Query<Params>,
) -> Response {
    if param(&q, "limit")
        .and_then(|l| l.parse::<usize>().ok())
        .is_none()
    {
        return bad_request(vec!["limit must be a number".into()]);
    }
    if let Err(r) = wait_status(&state, &session, &["WORKING"]).await {
        return r;
    }
    let bound = |name: &str| param(&q, name).and_then(|v| v.parse::<i64>().ok());
    let (gte, lte) = (bound("filter.timestamp.gte"), bound("filter.timestamp.lte"));
    let from_me = param(&q, "filter.fromMe").map(|v| v == "true");
    let ack = param(&q, "filter.ack");
    let mut found: Vec<Value> = log(&state, &session)
        .into_iter()
        .filter(|m| conversation(m) == chat)
        .filter(|m| gte.is_none_or(|t| m["timestamp"].as_i64() >= Some(t)))
        .filter(|m| lte.is_none_or(|t| m["timestamp"].as_i64().is_some_and(|ts| ts <= t)))
        .filter(|m| from_me.is_none_or(|f| m["fromMe"] == f))
        .filter(|m| ack.is_none_or(|a| m["ackName"] == a))
        .collect();
    // Newest first unless asked otherwise (the log is oldest first; ties keep log order).
    if param(&q, "sortOrder") != Some("asc") {
        found.reverse();
    }
    Json(page(found, &q, usize::MAX)).into_response()
}

pub(super) async fn message(
    State(state): State<FakeState>,
    Path((session, chat, id)): Path<(String, String, String)>,
) -> Response {
    if let Err(r) = wait_status(&state, &session, &["WORKING"]).await {
        return r;
    }
    match log(&state, &session)
        .into_iter()
        .find(|m| m["id"] == id.as_str() && conversation(m) == chat)
    {
        Some(m) => Json(m).into_response(),
        None => error(
            StatusCode::NOT_FOUND,
            json!({"statusCode": 404, "message": "Message not found", "error": "Not Found"}),
        ),
    }
}
