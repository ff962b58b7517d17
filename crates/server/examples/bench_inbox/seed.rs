//! The benchmark's organisation and data. People, the shared number and the inbox's settings go
//! through the API as an admin makes them (sign-in by the development mailbox, the gateway
//! connected to the fake WAHA, which keeps the webhook's signing key); the bulk — conversations,
//! messages, read marks, mentions, tasks, schedules, follow-ups — is written straight into the
//! database with multi-row INSERTs in transactions (SQLite's search triggers fire for every
//! message; PostgreSQL maintains its GIN index), consistent with what the server itself keeps:
//! each conversation's last-message fields describe its newest message.

use super::rows::{bulk, follow_ups, query, reads, schedules, tasks};
use super::text::{Rng, Words, NAMES};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Instant;
use store::sea_orm::{ConnectionTrait, Value as Sql};
use testkit::{fake, TestApp, TestMember, TestOrg};

const DAY: i64 = 86_400_000;
/// Organisation members (the admin among them) and the manager's team (the manager among them:
/// members 1 to 10).
pub const MEMBERS: usize = 50;
pub const TEAM: usize = 10;

/// Everything the measurements need.
pub struct World {
    pub org: TestOrg,
    pub manager: TestMember,
    /// Every member's id, the admin first, then the manager and the rest of their team.
    pub members: Vec<i64>,
    pub hook: Hook,
    /// The shared number's person chats: (conversation id, chat id).
    pub shared: Vec<(i64, String)>,
    /// The shared number's group chats.
    pub groups: Vec<String>,
    pub sizes: Sizes,
}

/// Where and how the gateway's webhooks are posted.
pub struct Hook {
    pub url: String,
    pub key: String,
    pub session: String,
    pub me: Value,
    pub metadata: Value,
}

/// What was seeded, and how long it took.
#[derive(Default, Debug)]
pub struct Sizes {
    pub conversations: usize,
    pub member_chats: usize,
    pub groups: usize,
    pub closed: usize,
    pub messages: usize,
    pub notes: usize,
    pub mentions: usize,
    pub reads: usize,
    pub tasks: usize,
    pub schedules: usize,
    pub follow_ups: usize,
    pub setup_s: f64,
    pub generate_s: f64,
    pub insert_s: f64,
    pub analyze_s: f64,
}

/// One conversation as generated.
pub struct Conv {
    /// 0: the shared number; k: member k − 1's own chats.
    pub channel: usize,
    pub owner: Option<i64>,
    pub chat_id: String,
    pub contact: String,
    pub name: Option<String>,
    pub group: bool,
    pub open: bool,
    pub assignee: Option<i64>,
    pub created_at: i64,
    pub last_message_at: i64,
    pub last_outbound: bool,
    pub last_inbound_at: Option<i64>,
    pub last_outbound_at: Option<i64>,
    pub preview: Option<String>,
}

/// One message or note as generated.
struct Msg {
    conv: u32,
    at: i64,
    note: bool,
    outbound: bool,
    author: Option<i64>,
    sender: Option<String>,
    body: Option<String>,
    media: bool,
    ack: i16,
    source: Option<String>,
    mention: Option<i64>,
}

/// The organisation: an admin, a manager with a team of ten, 50 active members in all, the
/// shared number connected and paired on the fake gateway, fair assignment among all members
/// and the needs-reply clock on.
pub async fn setup(app: &TestApp) -> (TestOrg, TestMember, Vec<i64>, Hook) {
    let org = app.organisation("admin@inbox-bench.test").await;
    app.set_seats(org.org_id, 60).await.unwrap();
    let sales = app.team(&org.admin, org.org_id, "Sales").await;
    let mut others = Vec::new();
    for name in ["Support", "Retail", "Wholesale"] {
        others.push(app.team(&org.admin, org.org_id, name).await);
    }
    let employees: Vec<Value> = (1..MEMBERS)
        .map(|i| {
            let (role, team) = match i {
                1 => (2, sales),
                i if i <= TEAM => (3, sales),
                i => (3, others[i % others.len()]),
            };
            json!({ "name": NAMES[i % NAMES.len()], "email": email(i), "role_id": role, "team_id": team })
        })
        .collect();
    let added = app
        .post_ok(
            "/api/v1/whatzapp/employees",
            &org.admin,
            json!({ "org_id": org.org_id, "employees": employees }),
        )
        .await;
    let mut members = vec![org.workspace_id];
    members.extend(
        added["data"]["employees"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["user_id"].as_i64().unwrap()),
    );
    assert_eq!(members.len(), MEMBERS, "{added}");
    // Signing in makes a member active (only active members are seen).
    let mut manager = None;
    for i in 1..MEMBERS {
        let session = app.sign_in(&email(i)).await.unwrap();
        if i == 1 {
            manager = Some(TestMember {
                session,
                user_id: members[1],
            });
        }
    }
    // The shared number, through the API against the fake gateway, then paired.
    app.put_ok(
        "/api/inbox/gateway",
        &org.admin,
        json!({ "org_id": org.org_id, "name": "Sales line", "base_url": app.fake.waha_url(),
                "api_key": fake::WAHA_API_KEY }),
    )
    .await;
    let channel = store::inbox::channels::gateway_of(&app.store, org.org_id)
        .await
        .unwrap()
        .unwrap();
    let session = channel.session.unwrap();
    app.fake.waha_scan(&session, "14155550100").unwrap();
    let dto = app.fake.waha_session(&session).unwrap();
    let webhook = &dto["config"]["webhooks"][0];
    let hook = Hook {
        url: webhook["url"].as_str().unwrap().to_owned(),
        key: webhook["hmac"]["key"].as_str().unwrap().to_owned(),
        session,
        me: dto["me"].clone(),
        metadata: dto["config"]["metadata"].clone(),
    };
    let agents: Vec<Value> = members
        .iter()
        .map(|id| json!({ "user_id": id, "weight": 10, "available": true }))
        .collect();
    app.put_ok(
        "/api/inbox/settings",
        &org.admin,
        json!({ "org_id": org.org_id, "agents": agents, "reply_minutes": 60, "escalation": "alert",
                "days": [0, 1, 2, 3, 4, 5], "start_min": 540, "end_min": 1140 }),
    )
    .await;
    (org, manager.unwrap(), members, hook)
}

fn email(i: usize) -> String {
    format!("member{i:02}@inbox-bench.test")
}

/// Everything, timed.
pub async fn world(app: &TestApp, conversations: usize, messages: usize) -> World {
    let t = Instant::now();
    let (org, manager, members, hook) = setup(app).await;
    let mut sizes = Sizes {
        setup_s: t.elapsed().as_secs_f64(),
        ..Sizes::default()
    };
    let now = app.clock.now_ms();
    let t = Instant::now();
    let words = Words::new();
    let mut convs = conversations_of(conversations, &members, now);
    let mut msgs = messages_of(&mut convs, messages, &members, &words, now);
    sizes.generate_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let db = app.store.conn();
    let org_id = org.org_id;
    let channels = member_channels(app, org_id, &members, now).await;
    let shared_channel = store::inbox::channels::gateway_of(&app.store, org_id)
        .await
        .unwrap()
        .unwrap()
        .id;
    let channel_of = |c: &Conv| {
        if c.channel == 0 {
            shared_channel
        } else {
            channels[c.channel - 1]
        }
    };
    // Conversations in the order they began.
    let mut order: Vec<usize> = (0..convs.len()).collect();
    order.sort_by_key(|&i| convs[i].created_at);
    let rows = order.iter().map(|&i| {
        let c = &convs[i];
        vec![
            org_id.into(),
            channel_of(c).into(),
            c.owner.into(),
            c.chat_id.clone().into(),
            c.contact.clone().into(),
            c.name.clone().into(),
            c.group.into(),
            c.open.into(),
            c.assignee.into(),
            c.last_message_at.into(),
            c.last_outbound.into(),
            c.last_inbound_at.into(),
            c.last_outbound_at.into(),
            c.preview.clone().into(),
            Option::<i64>::None.into(),
            c.created_at.into(),
        ]
    });
    let cols =
        "org_id, channel_id, owner_id, chat_id, contact, name, is_group, open, assignee_id, \
         last_message_at, last_outbound, last_inbound_at, last_outbound_at, preview, escalate_at, \
         created_at";
    bulk(db, "inbox_conversations", cols, rows, 500).await;
    let ids: HashMap<(i64, String), i64> = query(
        db,
        "SELECT id, channel_id, chat_id FROM inbox_conversations WHERE org_id = $1",
        vec![org_id.into()],
    )
    .await
    .iter()
    .map(|r| {
        (
            (
                r.try_get::<i64>("", "channel_id").unwrap(),
                r.try_get::<String>("", "chat_id").unwrap(),
            ),
            r.try_get::<i64>("", "id").unwrap(),
        )
    })
    .collect();
    let conv_ids: Vec<i64> = convs
        .iter()
        .map(|c| ids[&(channel_of(c), c.chat_id.clone())])
        .collect();
    say_progress(&format!(
        "  {} conversations stored ({:.1} s)",
        convs.len(),
        t.elapsed().as_secs_f64()
    ));
    // Messages in the order they happened, as the gateway and the extension deliver them.
    msgs.sort_by_key(|m| (m.at, m.conv));
    let cols = "org_id, conversation_id, source_id, kind, outbound, author_id, sender, body, \
         media_key, media_type, media_name, ack, error, sent_at, created_at";
    let total = msgs.len();
    let mut done = 0;
    let started = Instant::now();
    for chunk in msgs.chunks(50_000) {
        let rows = chunk.iter().map(|m| {
            vec![
                org_id.into(),
                conv_ids[m.conv as usize].into(),
                m.source.clone().into(),
                (if m.note { 2i16 } else { 1i16 }).into(),
                m.outbound.into(),
                m.author.into(),
                m.sender.clone().into(),
                m.body.clone().into(),
                Option::<String>::None.into(),
                m.media.then(|| "image/jpeg".to_owned()).into(),
                m.media.then(|| "IMG-20261120-WA0007.jpg".to_owned()).into(),
                m.ack.into(),
                Option::<String>::None.into(),
                m.at.into(),
                m.at.into(),
            ]
        });
        bulk(db, "inbox_messages", cols, rows, 1_000).await;
        done += chunk.len();
        if done % 200_000 < 50_000 || done == total {
            say_progress(&format!(
                "  {done} / {total} messages stored ({:.0} rows/s)",
                done as f64 / started.elapsed().as_secs_f64()
            ));
        }
    }
    sizes.messages = msgs.iter().filter(|m| !m.note).count();
    sizes.notes = total - sizes.messages;
    // Mentions in notes: the notes' ids in the order they were inserted.
    let note_ids: Vec<i64> = query(
        db,
        "SELECT id FROM inbox_messages WHERE org_id = $1 AND kind = 2 ORDER BY id",
        vec![org_id.into()],
    )
    .await
    .iter()
    .map(|r| r.try_get::<i64>("", "id").unwrap())
    .collect();
    let notes: Vec<&Msg> = msgs.iter().filter(|m| m.note).collect();
    assert_eq!(note_ids.len(), notes.len());
    let mentions: Vec<Vec<Sql>> = notes
        .iter()
        .zip(&note_ids)
        .filter_map(|(m, id)| {
            let user = m.mention?;
            Some(vec![
                org_id.into(),
                conv_ids[m.conv as usize].into(),
                (*id).into(),
                user.into(),
                m.at.into(),
            ])
        })
        .collect();
    sizes.mentions = mentions.len();
    let cols = "org_id, conversation_id, message_id, user_id, created_at";
    bulk(db, "inbox_mentions", cols, mentions.into_iter(), 1_000).await;
    drop(msgs);
    sizes.reads = reads(db, &convs, &conv_ids, &members).await;
    sizes.tasks = tasks(db, org_id, &convs, &conv_ids, &members, now).await;
    sizes.schedules = schedules(app, org_id, &convs, &members, now).await;
    sizes.follow_ups = follow_ups(db, org_id, &convs, &members, now).await;
    sizes.insert_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    if app.store.kind() == store::DbKind::Postgres {
        // What autovacuum does to a table after a bulk load, done now rather than during the
        // measurements.
        for table in [
            "inbox_conversations",
            "inbox_messages",
            "inbox_reads",
            "inbox_mentions",
            "inbox_tasks",
            "schedules",
            "follow_ups",
        ] {
            db.execute_unprepared(&format!("VACUUM (ANALYZE) {table}"))
                .await
                .unwrap();
        }
    }
    sizes.analyze_s = t.elapsed().as_secs_f64();
    sizes.conversations = convs.len();
    sizes.member_chats = convs.iter().filter(|c| c.owner.is_some()).count();
    sizes.groups = convs.iter().filter(|c| c.group).count();
    sizes.closed = convs.iter().filter(|c| !c.open).count();
    let shared = convs
        .iter()
        .zip(&conv_ids)
        .filter(|(c, _)| c.channel == 0 && !c.group)
        .map(|(c, id)| (*id, c.chat_id.clone()))
        .collect();
    let groups = convs
        .iter()
        .filter(|c| c.channel == 0 && c.group)
        .map(|c| c.chat_id.clone())
        .collect();
    convs.clear();
    World {
        org,
        manager,
        members,
        hook,
        shared,
        groups,
        sizes,
    }
}

fn say_progress(line: &str) {
    super::say(line);
}

/// The conversations: three in five on the shared number, the rest members' own chats; one in
/// twenty a group; the last message anywhere in the past 90 days, recent ones more likely.
fn conversations_of(n: usize, members: &[i64], now: i64) -> Vec<Conv> {
    (0..n)
        .map(|c| {
            let mut rng = Rng::new(c as u64);
            let channel = if c % 5 < 3 {
                0
            } else {
                1 + rng.below(MEMBERS as u64) as usize
            };
            let group = rng.chance(0.05);
            let (chat_id, contact) = if group {
                let id = format!("120363{:012}@g.us", 40_000_000 + c);
                (id.clone(), id)
            } else {
                let digits = format!("91{}", 7_000_000_000u64 + c as u64);
                (format!("{digits}@c.us"), digits)
            };
            let name = if group {
                Some(format!("{} group", NAMES[c % NAMES.len()]))
            } else if channel > 0 {
                Some(NAMES[c % NAMES.len()].to_owned())
            } else {
                None
            };
            let age = (90.0 * DAY as f64 * rng.unit().powf(1.6)) as i64;
            let last = now - 60_000 - age;
            let open = if age > 7 * DAY {
                rng.chance(0.3)
            } else {
                rng.chance(0.85)
            };
            Conv {
                channel,
                owner: (channel > 0).then(|| members[channel - 1]),
                chat_id,
                contact,
                name,
                group,
                open,
                assignee: (channel == 0 && rng.chance(0.9))
                    .then(|| members[rng.below(MEMBERS as u64) as usize]),
                created_at: last,
                last_message_at: last,
                last_outbound: false,
                last_inbound_at: None,
                last_outbound_at: None,
                preview: None,
            }
        })
        .collect()
}

/// `total` messages spread over the conversations by a heavy tail (most chats a few dozen, some
/// thousands); each conversation's fields brought in line with its newest message.
fn messages_of(
    convs: &mut [Conv],
    total: usize,
    members: &[i64],
    words: &Words,
    now: i64,
) -> Vec<Msg> {
    let weights: Vec<f64> = (0..convs.len())
        .map(|c| {
            let u = Rng::new(1_000_000 + c as u64).unit();
            (1.0 - u).powf(-0.6).min(400.0)
        })
        .collect();
    let sum: f64 = weights.iter().sum();
    let mut counts: Vec<usize> = weights
        .iter()
        .map(|w| ((w * total as f64 / sum) as usize).max(1))
        .collect();
    // Make the total exact: the largest conversations take the difference.
    let mut by_size: Vec<usize> = (0..counts.len()).collect();
    by_size.sort_by_key(|&i| std::cmp::Reverse(counts[i]));
    let mut have: usize = counts.iter().sum();
    let mut k = 0;
    while have != total && !by_size.is_empty() {
        let i = by_size[k % by_size.len()];
        if have < total {
            counts[i] += 1;
            have += 1;
        } else if counts[i] > 1 {
            counts[i] -= 1;
            have -= 1;
        }
        k += 1;
    }
    let mut out = Vec::with_capacity(total);
    for (c, conv) in convs.iter_mut().enumerate() {
        let mut rng = Rng::new(2_000_000 + c as u64);
        let n = counts[c];
        let end = conv.last_message_at;
        let gap = 60_000 * (2 + rng.below(180)) as i64;
        let start = (end - gap * n as i64).max(now - 180 * DAY);
        let mut times: Vec<i64> = (0..n)
            .map(|_| start + ((end - start) as f64 * rng.unit()) as i64)
            .collect();
        times.sort_unstable();
        if let Some(last) = times.last_mut() {
            *last = end;
        }
        let shared = conv.channel == 0;
        conv.created_at = times[0];
        for (j, mut at) in times.into_iter().enumerate() {
            if shared {
                // The gateway stamps messages to the second.
                at -= at % 1_000;
            }
            let last = j + 1 == n;
            let note = !last && j > 0 && rng.chance(0.01);
            let outbound = !note && j > 0 && rng.chance(0.45);
            let media = !note && rng.chance(0.02);
            let mut mention = None;
            let body = if media {
                None
            } else if note {
                let who = if rng.chance(0.5) {
                    None
                } else if rng.chance(0.2) {
                    Some(members[0])
                } else if rng.chance(0.12) {
                    Some(members[1])
                } else {
                    Some(members[rng.below(MEMBERS as u64) as usize])
                };
                mention = who;
                let text = words.message(&mut rng);
                Some(match who {
                    Some(id) => format!("@[{id}] {text}"),
                    None => text,
                })
            } else {
                Some(words.message(&mut rng))
            };
            let author = if note {
                Some(members[rng.below(MEMBERS as u64) as usize])
            } else if outbound {
                conv.owner.or(conv.assignee.filter(|_| rng.chance(0.7)))
            } else {
                None
            };
            let sender = (conv.group && !outbound && !note)
                .then(|| format!("91{}@c.us", 8_000_000_000 + rng.below(50_000)));
            let source = if note {
                None
            } else if shared {
                let mut id = format!(
                    "{outbound}_{}_{:016X}{:016X}",
                    conv.chat_id,
                    rng.next(),
                    rng.next()
                );
                if let Some(p) = &sender {
                    let _ = write!(id, "_{p}");
                }
                Some(id)
            } else {
                Some(format!("3EB0{:016X}{:04X}", rng.next(), j))
            };
            let ack = if !outbound {
                2
            } else if rng.chance(0.7) {
                3
            } else if rng.chance(0.6) {
                2
            } else {
                1
            };
            if !note {
                conv.last_message_at = at;
                conv.last_outbound = outbound;
                conv.preview = body
                    .as_deref()
                    .or(media.then_some("IMG-20261120-WA0007.jpg"))
                    .map(|b| b.chars().take(160).collect());
                if outbound {
                    conv.last_outbound_at = Some(at);
                } else {
                    conv.last_inbound_at = Some(at);
                }
            }
            out.push(Msg {
                conv: c as u32,
                at,
                note,
                outbound,
                author,
                sender,
                body,
                media,
                ack,
                source,
                mention,
            });
        }
    }
    out
}

/// Each member's own channel (kind 2), as the extension's first message makes it.
async fn member_channels(app: &TestApp, org_id: i64, members: &[i64], now: i64) -> Vec<i64> {
    let db = app.store.conn();
    let rows = members.iter().map(|m| {
        vec![
            org_id.into(),
            2i16.into(),
            (*m).into(),
            "".into(),
            "WORKING".into(),
            now.into(),
            now.into(),
            now.into(),
        ]
    });
    let cols = "org_id, kind, user_id, name, state, state_at, created_at, updated_at";
    bulk(db, "inbox_channels", cols, rows, 100).await;
    let ids: HashMap<i64, i64> = query(
        db,
        "SELECT id, user_id FROM inbox_channels WHERE org_id = $1 AND kind = 2",
        vec![org_id.into()],
    )
    .await
    .iter()
    .map(|r| {
        (
            r.try_get::<i64>("", "user_id").unwrap(),
            r.try_get::<i64>("", "id").unwrap(),
        )
    })
    .collect();
    members.iter().map(|m| ids[m]).collect()
}
