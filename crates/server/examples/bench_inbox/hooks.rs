//! The gateway's side: `message.any` envelopes as WAHA posts them (the fake gateway's shape,
//! signed with the session's HMAC key, `X-Webhook-Hmac`), posted to the shared number's webhook
//! — as fast as the server takes them, with about one in ten posted again as a retry; then at a
//! steady rate while 200 live feeds listen, timing each event from the webhook's answer to its
//! arrival on every feed.

use super::list::pct;
use super::seed::{Hook, World};
use super::text::{Rng, Words};
use super::{say, Figure};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use testkit::{fake, TestApp, WithSession};

/// A signed webhook body, ready to post.
#[derive(Clone)]
pub struct Signed {
    body: Arc<String>,
    signature: Arc<String>,
}

impl Hook {
    /// The envelope of one message event, as the fake gateway (and WAHA) builds it, signed.
    pub fn message(
        &self,
        raw_id: &str,
        chat: &str,
        body: &str,
        from_me: bool,
        group: bool,
    ) -> Signed {
        let me = self.me["id"].clone();
        let sender: u64 = raw_id.bytes().map(u64::from).sum();
        let participant = group.then(|| format!("91{}@c.us", 8_100_000_000 + sender % 997));
        let mut id = format!("{from_me}_{chat}_{raw_id}");
        if let Some(p) = &participant {
            id = format!("{id}_{p}");
        }
        let (from, to) = if from_me {
            (me, json!(chat))
        } else {
            (json!(chat), me)
        };
        let now = chrono::Utc::now().timestamp_millis();
        let envelope = json!({
            "id": format!("evt_{}", raw_id.to_lowercase()),
            "timestamp": now,
            "event": "message.any",
            "session": self.session,
            "me": self.me,
            "payload": {
                "id": id, "timestamp": now / 1000, "from": from, "fromMe": from_me,
                "source": "app", "to": to, "participant": participant, "body": body,
                "hasMedia": false, "media": null, "ack": 1, "ackName": "SERVER",
                "replyTo": null, "_data": {},
            },
            "engine": "WEBJS",
            "environment": {
                "version": fake::WAHA_VERSION, "engine": "WEBJS", "tier": "CORE",
                "browser": "/usr/bin/chromium", "platform": "linux/x64", "worker": {"id": "waha"},
            },
            "metadata": self.metadata,
        })
        .to_string();
        let signature = fake::waha_sign(&self.key, envelope.as_bytes());
        Signed {
            body: Arc::new(envelope),
            signature: Arc::new(signature),
        }
    }
}

/// Posts one signed envelope; answers whether it was taken (200) and whether it was new.
async fn post(client: &reqwest::Client, url: &str, s: &Signed) -> Result<bool, String> {
    let res = client
        .post(url)
        .header("content-type", "application/json")
        .header("x-webhook-hmac", s.signature.as_str())
        .header("x-webhook-hmac-algorithm", "sha512")
        .body(s.body.as_str().to_owned())
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    if status != 200 {
        return Err(format!("{status} {body}"));
    }
    Ok(body["duplicate"] == false)
}

/// What one intake run did.
pub struct Intake {
    pub concurrency: usize,
    pub seconds: f64,
    /// Distinct messages posted (each id once, before retries).
    pub unique: u64,
    /// Every POST, retries included.
    pub posts: u64,
    /// Answered 200 as new.
    pub stored: u64,
    /// Answered 200 as a duplicate (the retries).
    pub duplicates: u64,
    pub errors: u64,
    pub latency_ms: Vec<f64>,
    /// The run's mark in its messages' ids.
    pub tag: String,
    /// The run's number (its new customers' numbers start with 918 and it, two digits).
    pub run: u64,
}

impl Intake {
    pub fn per_second(&self) -> f64 {
        self.stored as f64 / self.seconds
    }
}

/// `concurrency` gateways' worth of webhooks for `secs`: most to the shared number's existing
/// chats, one in ten from a new number (a new conversation, assigned), one in twenty in a group,
/// one in twenty typed on the phone; after each, one in ten is kept and posted again a few
/// messages later (a retry, same body and signature).
pub async fn intake(
    w: &World,
    words: &Arc<Words>,
    concurrency: usize,
    secs: f64,
    run: u64,
) -> Intake {
    let tag = format!("BENCHR{run}");
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency)
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let shared: Arc<Vec<String>> = Arc::new(w.shared.iter().map(|(_, c)| c.clone()).collect());
    let groups = Arc::new(w.groups.clone());
    let url = Arc::new(w.hook.url.clone());
    let seq = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    let started = Instant::now();
    let hook = Arc::new(Hook {
        url: w.hook.url.clone(),
        key: w.hook.key.clone(),
        session: w.hook.session.clone(),
        me: w.hook.me.clone(),
        metadata: w.hook.metadata.clone(),
    });
    let mut tasks = tokio::task::JoinSet::new();
    for worker in 0..concurrency {
        let (client, shared, groups, url, seq, hook, words) = (
            client.clone(),
            shared.clone(),
            groups.clone(),
            url.clone(),
            seq.clone(),
            hook.clone(),
            words.clone(),
        );
        let tag = tag.clone();
        tasks.spawn(async move {
            let mut rng = Rng::new(7_000_000 + worker as u64 + run * 1_000);
            let mut retries: VecDeque<Signed> = VecDeque::new();
            let (mut unique, mut posts, mut stored, mut duplicates, mut errors) = (0, 0, 0, 0, 0);
            let mut latency = Vec::new();
            let send = |s: Signed| {
                let (client, url) = (client.clone(), url.clone());
                async move {
                    let t = Instant::now();
                    let r = post(&client, &url, &s).await;
                    (r, t.elapsed().as_secs_f64() * 1000.0)
                }
            };
            while Instant::now() < deadline {
                let signed = if retries.len() >= 8 {
                    retries.pop_front().unwrap()
                } else {
                    let n = seq.fetch_add(1, Ordering::Relaxed);
                    let raw = format!("{tag}N{n:012}");
                    let text = words.message(&mut rng);
                    let roll = rng.unit();
                    let s = if roll < 0.10 {
                        // A new customer: a new conversation, assigned round-robin.
                        let chat = format!("918{:09}@c.us", run * 10_000_000 + n);
                        hook.message(&raw, &chat, &text, false, false)
                    } else if roll < 0.15 && !groups.is_empty() {
                        hook.message(
                            &raw,
                            rng.pick(groups.as_slice()).as_str(),
                            &text,
                            false,
                            true,
                        )
                    } else if roll < 0.20 {
                        hook.message(
                            &raw,
                            rng.pick(shared.as_slice()).as_str(),
                            &text,
                            true,
                            false,
                        )
                    } else {
                        hook.message(
                            &raw,
                            rng.pick(shared.as_slice()).as_str(),
                            &text,
                            false,
                            false,
                        )
                    };
                    unique += 1;
                    if rng.chance(0.1) {
                        retries.push_back(s.clone());
                    }
                    s
                };
                posts += 1;
                let (r, ms) = send(signed).await;
                latency.push(ms);
                match r {
                    Ok(true) => stored += 1,
                    Ok(false) => duplicates += 1,
                    Err(e) => {
                        errors += 1;
                        if errors <= 3 {
                            say(&format!("    webhook refused: {e}"));
                        }
                    }
                }
            }
            // The retries still owed are sent after the window (not counted in its time).
            for s in retries {
                posts += 1;
                match send(s).await.0 {
                    Ok(true) => stored += 1,
                    Ok(false) => duplicates += 1,
                    Err(_) => errors += 1,
                }
            }
            (unique, posts, stored, duplicates, errors, latency)
        });
    }
    let mut out = Intake {
        concurrency,
        seconds: 0.0,
        unique: 0,
        posts: 0,
        stored: 0,
        duplicates: 0,
        errors: 0,
        latency_ms: Vec::new(),
        tag,
        run,
    };
    while let Some(r) = tasks.join_next().await {
        let (unique, posts, stored, duplicates, errors, latency) = r.unwrap();
        out.unique += unique;
        out.posts += posts;
        out.stored += stored;
        out.duplicates += duplicates;
        out.errors += errors;
        out.latency_ms.extend(latency);
    }
    // The window: from the first post to the last worker's end (its retries included).
    out.seconds = started.elapsed().as_secs_f64();
    out.latency_ms.sort_by(f64::total_cmp);
    out
}

/// Rows stored for a run's ids, and how many distinct ids they hold.
pub async fn stored_once(app: &TestApp, tag: &str) -> (i64, i64) {
    let rows = super::rows::query(
        app.store.conn(),
        "SELECT COUNT(*) AS n, COUNT(DISTINCT source_id) AS d FROM inbox_messages \
         WHERE source_id LIKE $1",
        vec![format!("%{tag}N%").into()],
    )
    .await;
    let r = &rows[0];
    (
        r.try_get::<i64>("", "n").unwrap(),
        r.try_get::<i64>("", "d").unwrap(),
    )
}

/// The intake measurement: a short run at each concurrency, then the best one for the full
/// window; every message stored once is checked after each run.
pub async fn intake_runs(
    app: &TestApp,
    w: &World,
    words: &Arc<Words>,
    levels: &[usize],
    ramp_secs: f64,
    secs: f64,
    figures: &mut Vec<Figure>,
) {
    let mut best = (0usize, 0.0f64);
    for (k, &c) in levels.iter().enumerate() {
        let r = intake(w, words, c, ramp_secs, k as u64).await;
        report(app, &r, "ramp").await;
        if r.per_second() > best.1 * 1.05 {
            best = (c, r.per_second());
        }
    }
    let r = intake(w, words, best.0, secs, levels.len() as u64).await;
    let once = report(app, &r, "sustained").await;
    figures.push(Figure::rate(
        format!(
            "webhook intake, {:.0} s at {} concurrent posts: {} new messages, {} retries",
            r.seconds, r.concurrency, r.stored, r.duplicates
        ),
        r.per_second(),
        2_000.0,
    ));
    figures.push(Figure::latency(
        format!(
            "webhook intake: one post's time; every message stored once: {}",
            if once { "yes" } else { "**NO**" }
        ),
        &r.latency_ms,
        None,
    ));
}

async fn report(app: &TestApp, r: &Intake, what: &str) -> bool {
    let (rows, distinct) = stored_once(app, &r.tag).await;
    let once = rows == distinct && rows as u64 == r.unique && r.errors == 0;
    // Every new customer's conversation is assigned (all 50 members take new ones).
    let assigned = super::rows::query(
        app.store.conn(),
        "SELECT COUNT(*) AS n, COUNT(assignee_id) AS a FROM inbox_conversations \
         WHERE contact LIKE $1 AND length(contact) = 12",
        vec![format!("918{:02}%", r.run).into()],
    )
    .await;
    let (new, with) = (
        assigned[0].try_get::<i64>("", "n").unwrap(),
        assigned[0].try_get::<i64>("", "a").unwrap(),
    );
    if new != with {
        say(&format!(
            "    {} of {new} new customers' conversations left unassigned (their webhook failed after the message was stored; its retry is a duplicate)",
            new - with
        ));
    }
    say(&format!(
        "  {what:9} {:3} concurrent: {:.0} new messages/s ({} in {:.1} s), {:.0} posts/s; {} posts = {} new + {} retries answered duplicate, {} refused; post p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms; stored {} rows of {} distinct ids for {} ids sent: {}",
        r.concurrency,
        r.per_second(),
        r.stored,
        r.seconds,
        r.posts as f64 / r.seconds,
        r.posts,
        r.stored,
        r.duplicates,
        r.errors,
        pct(&r.latency_ms, 0.5),
        pct(&r.latency_ms, 0.95),
        pct(&r.latency_ms, 0.99),
        rows,
        distinct,
        r.unique,
        if once { "each once" } else { "MISMATCH" }
    ));
    once
}

/// The live feeds' latency: `streams` feeds open (the admin's and the manager's sessions in
/// turn), then one webhook message every 1/`rate` s for `secs`, each to a different existing
/// conversation of the shared number (which every feed sees).
pub async fn fanout(
    app: &TestApp,
    w: &World,
    words: &Words,
    streams: usize,
    rate: f64,
    secs: f64,
    figures: &mut Vec<Figure>,
) {
    let org = w.org.org_id;
    // No overall timeout: a feed lives for minutes.
    let feeds_client = reqwest::Client::builder().build().unwrap();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut readers = Vec::with_capacity(streams);
    let arrived = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let opening = Instant::now();
    for i in 0..streams {
        let session = if i % 2 == 0 {
            w.org.admin.clone()
        } else {
            w.manager.session.clone()
        };
        let res = feeds_client
            .get(app.url(&format!("/api/inbox/events?org_id={org}")))
            .session(&session)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let mut stop = stop_rx.clone();
        let arrived = arrived.clone();
        readers.push(tokio::spawn(async move {
            let mut res = res;
            let mut buf = String::new();
            let mut got: Vec<(i64, i64, Instant)> = Vec::new();
            loop {
                tokio::select! {
                    chunk = res.chunk() => {
                        let Ok(Some(chunk)) = chunk else { break };
                        let at = Instant::now();
                        buf.push_str(&String::from_utf8_lossy(&chunk));
                        while let Some(end) = buf.find("\n\n") {
                            let block: String = buf.drain(..end + 2).collect();
                            if let Some((id, conv)) = message_event(&block) {
                                got.push((id, conv, at));
                                arrived.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    _ = stop.changed() => break,
                }
            }
            got
        }));
    }
    say(&format!(
        "  {streams} live feeds open in {:.2} s",
        opening.elapsed().as_secs_f64()
    ));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let posts = (rate * secs).round() as usize;
    assert!(posts <= w.shared.len(), "more posts than conversations");
    let stride = w.shared.len() / posts.max(1);
    let answered: Arc<Mutex<HashMap<i64, (Instant, Instant)>>> = Arc::default();
    let post_client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let mut rng = Rng::new(8_000_000);
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut posting = tokio::task::JoinSet::new();
    let started = Instant::now();
    for k in 0..posts {
        tick.tick().await;
        let (conv, chat) = w.shared[k * stride].clone();
        let signed = w.hook.message(
            &format!("BENCHLIVEN{k:012}"),
            &chat,
            &words.message(&mut rng),
            false,
            false,
        );
        let (client, url, answered) = (post_client.clone(), w.hook.url.clone(), answered.clone());
        posting.spawn(async move {
            let sent = Instant::now();
            let r = post(&client, &url, &signed).await;
            let at = Instant::now();
            assert_eq!(r, Ok(true), "the live webhook is stored");
            answered.lock().unwrap().insert(conv, (sent, at));
        });
    }
    while let Some(r) = posting.join_next().await {
        r.unwrap();
    }
    let posted_in = started.elapsed().as_secs_f64();
    // Wait for the last events to reach every feed (at most 10 s; a feed that has not seen one
    // by then never will: it looks at the log every 2 s).
    let expected = posts * streams;
    let waiting = Instant::now();
    while arrived.load(Ordering::Relaxed) < expected && waiting.elapsed() < Duration::from_secs(10)
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = stop_tx.send(true);
    let mut from_answer = Vec::with_capacity(expected);
    let mut from_send = Vec::with_capacity(expected);
    let answered = answered.lock().unwrap().clone();
    let mut feeds = Vec::with_capacity(streams);
    for reader in readers {
        feeds.push(reader.await.unwrap());
    }
    // Each post's event number, as the feeds that got it saw it.
    let mut event_of: HashMap<i64, i64> = HashMap::new();
    for got in &feeds {
        for (id, conv, at) in got {
            if let Some((sent, ans)) = answered.get(conv) {
                from_answer.push(signed_ms(*at, *ans));
                from_send.push(signed_ms(*at, *sent));
                event_of.insert(*conv, *id);
            }
        }
    }
    from_answer.sort_by(f64::total_cmp);
    from_send.sort_by(f64::total_cmp);
    // What a feed missed: skipped (it got a later event number first, so it never reads that
    // one again) or never delivered to anyone.
    let (mut skipped, mut lost, mut events_missed) = (0, 0, std::collections::HashSet::new());
    for got in &feeds {
        let seen: std::collections::HashSet<i64> = got.iter().map(|(_, c, _)| *c).collect();
        let top = got.iter().map(|(id, _, _)| *id).max().unwrap_or(0);
        for conv in answered.keys().filter(|c| !seen.contains(c)) {
            events_missed.insert(*conv);
            match event_of.get(conv) {
                Some(id) if *id < top => skipped += 1,
                _ => lost += 1,
            }
        }
    }
    if skipped + lost > 0 {
        say(&format!(
            "    missed: {} feed deliveries of {} events — {skipped} skipped (the feed had already read a later event number: the event's row was committed after a later-numbered one), {lost} never arrived",
            skipped + lost,
            events_missed.len()
        ));
    }
    say(&format!(
        "  {posts} webhook messages at {rate}/s (posted in {posted_in:.1} s) to {streams} feeds: {} of {expected} events arrived; after the webhook's 200: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms (min {:.1} ms: an event can reach a feed before the webhook's answer reaches its caller); after the webhook was sent: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms",
        from_answer.len(),
        pct(&from_answer, 0.5),
        pct(&from_answer, 0.95),
        pct(&from_answer, 0.99),
        from_answer.last().copied().unwrap_or(f64::NAN),
        from_answer.first().copied().unwrap_or(f64::NAN),
        pct(&from_send, 0.5),
        pct(&from_send, 0.95),
        pct(&from_send, 0.99),
    ));
    figures.push(Figure::fanout(
        format!(
            "live feeds: {streams} open, {rate}/s webhook messages, {} of {expected} events arrived, time after the webhook's answer",
            from_answer.len()
        ),
        &from_answer,
        from_answer.len() == expected,
        300.0,
    ));
}

/// Milliseconds from `from` to `to`, negative when `to` came first.
fn signed_ms(to: Instant, from: Instant) -> f64 {
    match to.checked_duration_since(from) {
        Some(d) => d.as_secs_f64() * 1000.0,
        None => -(from.duration_since(to).as_secs_f64() * 1000.0),
    }
}

/// The number and conversation of a `message` event in an SSE block, if it is one.
fn message_event(block: &str) -> Option<(i64, i64)> {
    let (mut kind, mut data, mut id) = (None, None, None);
    for line in block.lines() {
        if let Some(v) = line.strip_prefix("event:") {
            kind = Some(v.trim());
        } else if let Some(v) = line.strip_prefix("data:") {
            data = Some(v.trim());
        } else if let Some(v) = line.strip_prefix("id:") {
            id = v.trim().parse().ok();
        }
    }
    if kind != Some("message") {
        return None;
    }
    let v: Value = serde_json::from_str(data?).ok()?;
    Some((id?, v["conversation_id"].as_i64()?))
}
