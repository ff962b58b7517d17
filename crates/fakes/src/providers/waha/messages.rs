//! Sending (reference §4) and receiving (§5): `sendText` and the media sends answer 201 in the
//! engine's own shape once the session is WORKING, then the gateway sends `message.any`
//! (`fromMe`, `source: "api"`) and the scripted acks (`message.ack` SERVER → DEVICE → READ by
//! default). Messages the phone receives are injected by tests and sent as `message` and
//! `message.any` with WAHA's ids (`false_<chat>_<HEX>[_<participant>]`) and seconds timestamps.

use axum::extract::{Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine as _;
use serde_json::{json, Value};

use super::webhooks::emit;
use super::{
    bad_request, chat_id, hex_id, lock, wait_status, FakeState, Gateway, JsonBody, WahaEngine,
    WahaSent,
};

fn now_s() -> i64 {
    super::now_ms() / 1000
}

/// `ack` → `ackName` (WAHA's `WAMessageAck`).
pub(super) fn ack_name(ack: i64) -> &'static str {
    match ack {
        -1 => "ERROR",
        0 => "PENDING",
        1 => "SERVER",
        2 => "DEVICE",
        3 => "READ",
        4 => "PLAYED",
        _ => "UNKNOWN",
    }
}

/// 400 naming every required string field of `body` that is missing or empty.
fn missing(body: &Value, fields: &[&str]) -> Option<Response> {
    let missing: Vec<String> = fields
        .iter()
        .filter(|f| body[**f].as_str().is_none_or(str::is_empty))
        .map(|f| format!("{f} should not be empty"))
        .collect();
    (!missing.is_empty()).then(|| bad_request(missing))
}

/// The `replyTo` of a message answering message `id` (its body when the gateway knows it).
fn reply_to(g: &Gateway, session: &str, id: &Value) -> Value {
    let Some(id) = id.as_str() else {
        return Value::Null;
    };
    let body = g
        .messages
        .iter()
        .find(|(s, m)| s == session && m["id"] == id)
        .map_or(Value::Null, |(_, m)| m["body"].clone());
    json!({"id": id, "participant": null, "body": body})
}

/// Stores `file` (`{mimetype, filename?, data?|url?}`) and answers the message's `media`: a
/// URL on this gateway for inline data, the given URL otherwise, null when there is neither.
fn store_media(g: &mut Gateway, base: &str, session: &str, id: &str, file: &Value) -> Value {
    let mimetype = file["mimetype"]
        .as_str()
        .unwrap_or("application/octet-stream");
    let filename = file["filename"].clone();
    let url = if let Some(data) = file["data"].as_str() {
        let ext = file["filename"]
            .as_str()
            .and_then(|f| f.rsplit_once('.').map(|(_, e)| e.to_owned()))
            .unwrap_or_else(|| mimetype.rsplit('/').next().unwrap_or("bin").to_owned());
        let name = format!("{id}.{ext}");
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data)
            .unwrap_or_default();
        g.files
            .insert(format!("{session}/{name}"), (mimetype.to_owned(), bytes));
        json!(format!("{base}/waha/api/files/{session}/{name}"))
    } else if let Some(url) = file["url"].as_str() {
        json!(url)
    } else {
        return Value::Null;
    };
    json!({"url": url, "mimetype": mimetype, "filename": filename, "error": null})
}

/// Sends `message.ack` for message `id` of `session` and keeps the highest ack on the stored
/// message (ERROR always wins). WEBJS sends acks only with `config.webjs.tagsEventsOn`.
pub(super) fn ack(state: &FakeState, g: &mut Gateway, session: &str, id: &str, ack: i64) -> bool {
    let Some((_, m)) = g
        .messages
        .iter_mut()
        .find(|(s, m)| s == session && m["id"] == id)
    else {
        return false;
    };
    let stored = m["ack"].as_i64().unwrap_or(0);
    if ack == -1 || (stored != -1 && ack > stored) {
        m["ack"] = json!(ack);
        m["ackName"] = json!(ack_name(ack));
    }
    let payload = json!({
        "id": id, "from": m["from"], "to": m["to"], "participant": m["participant"],
        "fromMe": m["fromMe"], "ack": ack, "ackName": ack_name(ack),
    });
    let tags_on = g
        .sessions
        .get(session)
        .is_some_and(|s| s.config["webjs"]["tagsEventsOn"] == true);
    if g.switches.engine == WahaEngine::Noweb || tags_on {
        emit(state, g, session, "message.ack", payload);
    }
    true
}

/// Records an outgoing message, sends `message.any` and the ack script, and answers the
/// engine's body.
fn send(
    state: &FakeState,
    endpoint: &str,
    request: Value,
    text: &str,
    file: Option<&Value>,
) -> Response {
    let session = request["session"].as_str().unwrap_or_default().to_owned();
    let chat = chat_id(request["chatId"].as_str().unwrap_or_default());
    let mut i = lock(state);
    let base = i.self_url.clone();
    let g = &mut i.waha;
    let raw = format!("3EB0{}", hex_id(g, 18));
    let id = format!("true_{chat}_{raw}");
    let ts = now_s();
    let me = g
        .sessions
        .get(&session)
        .map_or(Value::Null, |s| s.me["id"].clone());
    let media = file.map_or(Value::Null, |f| store_media(g, &base, &session, &id, f));
    let message = json!({
        "id": id, "timestamp": ts, "from": me, "fromMe": true, "source": "api", "to": chat,
        "participant": null, "body": text, "hasMedia": file.is_some(), "media": media,
        "ack": 0, "ackName": "PENDING", "replyTo": reply_to(g, &session, &request["reply_to"]),
        "_data": {},
    });
    g.sent.push(WahaSent {
        session: session.clone(),
        endpoint: endpoint.to_owned(),
        chat_id: chat.clone(),
        id: Some(id.clone()),
        request,
    });
    g.messages.push((session.clone(), message.clone()));
    emit(state, g, &session, "message.any", message);
    for a in g.switches.ack_script.clone() {
        ack(state, g, &session, &id, a);
    }
    let answer = match g.switches.engine {
        WahaEngine::Webjs => json!({
            "id": {"fromMe": true, "remote": chat, "id": raw, "_serialized": id},
            "ack": 0, "body": text, "from": me, "to": chat, "timestamp": ts,
            "hasMedia": file.is_some(), "_data": {},
        }),
        WahaEngine::Noweb => {
            let content = match (endpoint, file) {
                ("sendText", _) | (_, None) => json!({"extendedTextMessage": {"text": text}}),
                ("sendImage", Some(_)) => json!({"imageMessage": {"caption": text}}),
                ("sendVideo", Some(_)) => json!({"videoMessage": {"caption": text}}),
                ("sendVoice", Some(_)) => json!({"audioMessage": {"ptt": true}}),
                (_, Some(f)) => {
                    json!({"documentMessage": {"caption": text, "fileName": f["filename"]}})
                }
            };
            json!({
                "key": {"remoteJid": chat.replace("@c.us", "@s.whatsapp.net"), "fromMe": true, "id": raw},
                "message": content, "messageTimestamp": ts.to_string(), "status": "PENDING",
            })
        }
        WahaEngine::WebjsEmptyAnswer => return StatusCode::CREATED.into_response(),
    };
    (StatusCode::CREATED, Json(answer)).into_response()
}

pub(super) async fn send_text(
    State(state): State<FakeState>,
    JsonBody(body): JsonBody,
) -> Response {
    if let Some(r) = missing(&body, &["session", "chatId", "text"]) {
        return r;
    }
    let session = body["session"].as_str().unwrap_or_default().to_owned();
    if let Err(r) = wait_status(&state, &session, &["WORKING"]).await {
        return r;
    }
    let text = body["text"].as_str().unwrap_or_default().to_owned();
    send(&state, "sendText", body, &text, None)
}

/// `sendImage`, `sendFile`, `sendVoice`, `sendVideo`: `{session, chatId, file, caption?}`.
pub(super) async fn send_media(
    State(state): State<FakeState>,
    uri: Uri,
    JsonBody(body): JsonBody,
) -> Response {
    if let Some(r) = missing(&body, &["session", "chatId"]) {
        return r;
    }
    let file = body["file"].clone();
    if file["data"].as_str().is_none() && file["url"].as_str().is_none() {
        return bad_request(vec!["file must have either url or data".into()]);
    }
    let session = body["session"].as_str().unwrap_or_default().to_owned();
    if let Err(r) = wait_status(&state, &session, &["WORKING"]).await {
        return r;
    }
    let endpoint = uri
        .path()
        .rsplit('/')
        .next()
        .unwrap_or("sendFile")
        .to_owned();
    let caption = body["caption"].as_str().unwrap_or_default().to_owned();
    send(&state, &endpoint, body.clone(), &caption, Some(&file))
}

/// `{session, chatId, messageIds?}`: recorded in [`WahaSent`] (no message is created).
pub(super) async fn send_seen(
    State(state): State<FakeState>,
    JsonBody(body): JsonBody,
) -> Response {
    if let Some(r) = missing(&body, &["session", "chatId"]) {
        return r;
    }
    let session = body["session"].as_str().unwrap_or_default().to_owned();
    if let Err(r) = wait_status(&state, &session, &["WORKING"]).await {
        return r;
    }
    lock(&state).waha.sent.push(WahaSent {
        session,
        endpoint: "sendSeen".into(),
        chat_id: chat_id(body["chatId"].as_str().unwrap_or_default()),
        id: None,
        request: body,
    });
    (StatusCode::CREATED, Json(json!({}))).into_response()
}

/// `startTyping` / `stopTyping`: accepted while WORKING.
pub(super) async fn typing(State(state): State<FakeState>, JsonBody(body): JsonBody) -> Response {
    if let Some(r) = missing(&body, &["session", "chatId"]) {
        return r;
    }
    let session = body["session"].as_str().unwrap_or_default();
    if let Err(r) = wait_status(&state, session, &["WORKING"]).await {
        return r;
    }
    (StatusCode::CREATED, Json(json!({}))).into_response()
}

/// A message's media, as `media.url` names it.
pub(super) async fn file(
    State(state): State<FakeState>,
    Path((session, file)): Path<(String, String)>,
) -> Response {
    let found = lock(&state)
        .waha
        .files
        .get(&format!("{session}/{file}"))
        .cloned();
    match found {
        Some((mimetype, bytes)) => ([(header::CONTENT_TYPE, mimetype)], bytes).into_response(),
        None => super::error(
            StatusCode::NOT_FOUND,
            json!({"statusCode": 404, "message": "File not found", "error": "Not Found"}),
        ),
    }
}

/// A message reaching the phone of WORKING session `session`, from `spec`:
/// `{from, body, participant?, media?: {mimetype, filename?, data?}, replyTo?, timestamp?}`.
/// `from` is a number, `…@c.us`, `…@lid`, or a group `…@g.us` (then `participant` names the
/// sender). With `"fromMe": true` it is a message the owner typed on the phone into chat `from`
/// (only `message.any`, `source: "app"`). Answers the payload sent.
pub(super) fn inbound(
    state: &FakeState,
    g: &mut Gateway,
    base: &str,
    session: &str,
    spec: &Value,
) -> Result<Value, String> {
    let me = match g.sessions.get(session) {
        Some(s) if s.status == "WORKING" => s.me["id"].clone(),
        Some(s) => return Err(format!("session {session} is {}, not WORKING", s.status)),
        None => return Err(format!("no session {session}")),
    };
    let Some(chat) = spec["from"].as_str().map(chat_id) else {
        return Err("from is required".into());
    };
    let participant = spec["participant"].as_str().map(chat_id);
    if chat.ends_with("@g.us") && participant.is_none() {
        return Err("a group message needs its participant".into());
    }
    let from_me = spec["fromMe"] == true;
    let mut id = format!("{from_me}_{chat}_{}", hex_id(g, 32));
    if let Some(p) = &participant {
        id = format!("{id}_{p}");
    }
    let media = if spec["media"].is_object() {
        store_media(g, base, session, &id, &spec["media"])
    } else {
        Value::Null
    };
    let (from, to) = if from_me {
        (me, json!(chat))
    } else {
        (json!(chat), me)
    };
    let message = json!({
        "id": id,
        "timestamp": spec["timestamp"].as_i64().unwrap_or_else(now_s),
        "from": from, "fromMe": from_me, "source": "app", "to": to,
        "participant": participant, "body": spec["body"].as_str().unwrap_or_default(),
        "hasMedia": spec["media"].is_object(), "media": media,
        "ack": 1, "ackName": "SERVER",
        "replyTo": reply_to(g, session, &spec["replyTo"]),
        "_data": {},
    });
    g.messages.push((session.to_owned(), message.clone()));
    if !from_me {
        emit(state, g, session, "message", message.clone());
    }
    emit(state, g, session, "message.any", message.clone());
    Ok(message)
}
