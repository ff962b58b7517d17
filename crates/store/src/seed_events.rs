//! Demo activity for `switchboard seed-demo`: 90 days of calls and chat messages for the demo
//! organisation's members, and the quick replies and scheduled messages among the outgoing
//! messages, so the dashboards have something to show on a first run.
//!
//! The generator is pure: the same members, zone and `now` give the same events (a fixed seed
//! mixed with the local day and the member, no clock or RNG reads). Event ids name the local
//! day, the member and the event's number, so seeding again the same day stores nothing new and
//! seeding on a later day adds only the days since.

use crate::{EpochMs, Store, StoreError};
use chrono::{Datelike, Duration, NaiveDate, Weekday};
use domain::dates::{local_date_from_ms, start_of_day_ms, zone_or_default};
use domain::events::{CallEvent, MessageEvent, UsageEvent, MESSAGE_INCOMING, MESSAGE_OUTGOING};

/// How many days of activity the demo has (today included).
pub const DEMO_DAYS: i64 = 90;
const SEED: u64 = 0x5EED_CA11_0000_0006;

/// splitmix64: small, fast and good enough for demo data.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// An index drawn with the given weights.
    fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut x = self.below(total);
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

/// Relative activity per local hour: nothing at night, a morning and an afternoon peak.
const HOURLY: [u64; 24] = [
    0, 0, 0, 0, 0, 0, 0, 1, 4, 9, 14, 16, 12, 8, 10, 14, 15, 12, 8, 5, 3, 2, 1, 0,
];

/// The demo's calls and messages for `members` over the `DEMO_DAYS` local days ending on the
/// day of `now` in `time_zone`, none after `now`.
pub fn demo_events(
    members: &[i64],
    time_zone: &str,
    now: EpochMs,
) -> Result<(Vec<CallEvent>, Vec<MessageEvent>), StoreError> {
    let bad = |e: domain::RuleError| StoreError::Conflict(e.code().to_owned());
    let tz = zone_or_default(Some(time_zone)).map_err(bad)?;
    let today = local_date_from_ms(tz, now).map_err(bad)?;
    let mut calls = Vec::new();
    let mut messages = Vec::new();
    for back in 0..DEMO_DAYS {
        let day: NaiveDate = today - Duration::days(back);
        let day_start = start_of_day_ms(tz, day).map_err(bad)?;
        let weekday_factor = match day.weekday() {
            Weekday::Sat => 40,
            Weekday::Sun => 15,
            _ => 100,
        };
        for (m, &user) in members.iter().enumerate() {
            let mut rng = Mix(SEED ^ ((day.num_days_from_ce() as u64) << 20) ^ (user as u64));
            // Each member has their own pace: 4 to 22 calls on a busy weekday.
            let pace = 4 + (m as u64 * 7) % 19;
            let n_calls = (pace * weekday_factor / 100) + rng.below(4);
            let n_messages = n_calls * 3 + rng.below(8);
            let at = |rng: &mut Mix| {
                let hour = rng.weighted(&HOURLY) as i64;
                day_start + hour * 3_600_000 + rng.below(3_600_000) as i64
            };
            for k in 0..n_calls {
                let t = at(&mut rng);
                let direction = [2, 1, 3, 5][rng.weighted(&[45, 30, 15, 10])];
                let duration = match direction {
                    1 | 2 => {
                        10 + rng.below(600) as i64 + rng.below(4) as i64 * rng.below(300) as i64
                    }
                    _ => 0,
                };
                let chat = format!(
                    "91{:010}@c.us",
                    9_800_000_000 + user as u64 * 100 + rng.below(60)
                );
                if t > now {
                    continue;
                }
                calls.push(CallEvent {
                    event_id: format!("demo-call-{day}-{user}-{k}"),
                    user_id: user,
                    chat_id: chat,
                    direction,
                    duration_s: duration,
                    occurred_at: t,
                    created_at: t + duration * 1000 + rng.below(120_000) as i64,
                    updated_at: t + duration * 1000 + 120_000,
                });
            }
            for k in 0..n_messages {
                let t = at(&mut rng);
                let outgoing = rng.below(2) == 0;
                let contact = rng.below(60);
                if t > now {
                    continue;
                }
                messages.push(MessageEvent {
                    event_id: format!("demo-msg-{day}-{user}-{k}"),
                    user_id: user,
                    chat_id: format!("91{:010}@c.us", 9_800_000_000 + user as u64 * 100 + contact),
                    direction: if outgoing {
                        MESSAGE_OUTGOING
                    } else {
                        MESSAGE_INCOMING
                    },
                    message: Some(
                        if outgoing {
                            "Thanks, I'll call you back."
                        } else {
                            "Hello!"
                        }
                        .to_owned(),
                    ),
                    file: None,
                    file_name: None,
                    ack: Some(if outgoing { 3 } else { 0 }),
                    occurred_at: t,
                    date_text: None,
                    sent_by_id: None,
                    channel_name: Some("WhatsApp".to_owned()),
                    channel_id: None,
                    sent_by_number: None,
                    sent_by_user_id: Some(user.to_string()),
                    sender_name: None,
                    labels: Vec::new(),
                });
            }
        }
    }
    Ok((calls, messages))
}

/// The demo's usage among its outgoing `messages`: about one in four sent with a quick reply
/// (counted when sent), about one in twelve scheduled (counted when scheduled, one to three hours
/// earlier). Derived from the message ids, so as repeatable as the messages.
pub fn demo_usage(messages: &[MessageEvent]) -> (Vec<UsageEvent>, Vec<UsageEvent>) {
    let (mut quick_replies, mut scheduled) = (Vec::new(), Vec::new());
    for m in messages.iter().filter(|m| m.direction == MESSAGE_OUTGOING) {
        let mut rng = Mix(m
            .event_id
            .bytes()
            .fold(SEED, |h, b| h.rotate_left(5) ^ u64::from(b)));
        if rng.below(4) == 0 {
            quick_replies.push(UsageEvent {
                event_id: m.event_id.replacen("demo-msg", "demo-qr", 1),
                user_id: m.user_id,
                occurred_at: m.occurred_at,
            });
        }
        if rng.below(12) == 0 {
            scheduled.push(UsageEvent {
                event_id: m.event_id.replacen("demo-msg", "demo-sched", 1),
                user_id: m.user_id,
                occurred_at: m.occurred_at - (1 + rng.below(3) as i64) * 3_600_000,
            });
        }
    }
    (quick_replies, scheduled)
}

/// Stores the demo activity for the active members of `org_id`; answers how many calls and
/// messages were new (0 and 0 when run again the same day).
pub async fn seed_demo_events(
    store: &Store,
    org_id: i64,
    now: EpochMs,
) -> Result<(u64, u64), StoreError> {
    let org = crate::orgs::organisation(store, org_id)
        .await?
        .ok_or(StoreError::NotFound)?;
    let members: Vec<i64> =
        crate::orgs::employees(store, org_id, Some(domain::accounts::ACTIVE_USER_STATUS))
            .await?
            .iter()
            .map(|r| r.user.id)
            .collect();
    let (calls, messages) = demo_events(&members, &org.time_zone, now)?;
    let mut stored = (0, 0);
    for chunk in calls.chunks(5_000) {
        stored.0 += crate::analytics::insert_calls(store, org_id, chunk, now).await?;
    }
    for chunk in messages.chunks(5_000) {
        stored.1 += crate::analytics::insert_messages(store, org_id, chunk, now).await?;
    }
    let (quick_replies, scheduled) = demo_usage(&messages);
    for (kind, events) in [
        (crate::analytics::UsageKind::QuickReply, quick_replies),
        (crate::analytics::UsageKind::Scheduler, scheduled),
    ] {
        crate::analytics::insert_usage(store, org_id, kind, &events, now).await?;
    }
    // The quick replies those sends were made with, so the lists agree with the counts.
    if let Some(admin) = org.created_by {
        crate::seed_manage::seed_demo_manage(store, org_id, admin, now).await?;
    }
    crate::seed_manage::settle_demo_sent_counts(store, org_id).await?;
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_763_700_000_000; // 2025-11-21T04:40Z

    #[test]
    fn the_demo_is_the_same_every_time_and_never_in_the_future() {
        let (a, m) = demo_events(&[1, 2, 3], "Asia/Kolkata", NOW).unwrap();
        let (b, _) = demo_events(&[1, 2, 3], "Asia/Kolkata", NOW).unwrap();
        assert_eq!(a, b);
        assert!(
            a.len() > 500 && m.len() > a.len(),
            "{} {}",
            a.len(),
            m.len()
        );
        assert!(a.iter().all(|c| c.occurred_at <= NOW));
        let first_day = NOW - DEMO_DAYS * 86_400_000;
        assert!(a.iter().all(|c| c.occurred_at > first_day - 86_400_000));
    }

    #[test]
    fn the_demo_works_office_hours_and_quietens_at_weekends() {
        let (calls, _) = demo_events(&[1, 2, 3, 4, 5], "Asia/Kolkata", NOW).unwrap();
        let tz = zone_or_default(Some("Asia/Kolkata")).unwrap();
        let mut night = 0;
        let (mut weekday, mut sunday) = (0, 0);
        for c in &calls {
            let t = domain::dates::local_from_ms(tz, c.occurred_at).unwrap();
            if t.time() < chrono::NaiveTime::from_hms_opt(7, 0, 0).unwrap() {
                night += 1;
            }
            match t.weekday() {
                Weekday::Sun => sunday += 1,
                Weekday::Wed => weekday += 1,
                _ => {}
            }
        }
        assert_eq!(night, 0);
        assert!(weekday > sunday * 3, "{weekday} vs {sunday}");
    }

    #[tokio::test]
    async fn seeding_the_demo_activity_twice_stores_it_once() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let store = Store::connect(&url).await.unwrap();
        store.migrate().await.unwrap();
        let org_id = match crate::seed::seed_demo(&store, NOW).await.unwrap() {
            crate::seed::SeedOutcome::Created { org_id, .. } => org_id,
            other => panic!("{other:?}"),
        };
        let (calls, messages) = seed_demo_events(&store, org_id, NOW).await.unwrap();
        assert!(calls > 10_000 && messages > calls, "{calls} {messages}");
        let store = &store;
        let usage = |kind| async move {
            let members: Vec<i64> = crate::orgs::employees(store, org_id, None)
                .await
                .unwrap()
                .iter()
                .map(|r| r.user.id)
                .collect();
            let w = crate::analytics::Window {
                org_id,
                users: &members,
                start: 0,
                end: NOW,
            };
            crate::analytics::usage_counts(store, kind, w)
                .await
                .unwrap()
                .iter()
                .map(|(_, n)| n)
                .sum::<i64>()
        };
        let quick_replies = usage(crate::analytics::UsageKind::QuickReply).await;
        let scheduled = usage(crate::analytics::UsageKind::Scheduler).await;
        // About a quarter and a twelfth of the outgoing half of the messages.
        let m = messages as i64;
        assert!(
            quick_replies > m / 12 && quick_replies < m / 6,
            "{quick_replies} of {m}"
        );
        assert!(
            scheduled > m / 40 && scheduled < m / 16,
            "{scheduled} of {m}"
        );
        assert_eq!(seed_demo_events(store, org_id, NOW).await.unwrap(), (0, 0));
        assert_eq!(
            usage(crate::analytics::UsageKind::QuickReply).await,
            quick_replies
        );
        assert_eq!(
            usage(crate::analytics::UsageKind::Scheduler).await,
            scheduled
        );
        let stored = crate::analytics::event_counts(store, org_id).await.unwrap();
        assert_eq!(stored, (calls as i64, messages as i64));

        // The demo's quick replies exist, and their sent counts are those sends, no more.
        use crate::entity::manage::{label, quick_reply};
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let replies = quick_reply::Entity::find()
            .filter(quick_reply::Column::OrgId.eq(org_id))
            .all(store.conn())
            .await
            .unwrap();
        assert_eq!(replies.len(), 8, "the admin's two and two per team");
        assert_eq!(replies.iter().filter(|r| r.team_id.is_some()).count(), 6);
        let sent: i64 = replies.iter().map(|r| r.sent_count).sum();
        assert_eq!(sent, quick_replies);
        assert!(replies.iter().all(|r| r.sent_count > 0));
        let labels = label::Entity::find()
            .filter(label::Column::OrgId.eq(org_id))
            .all(store.conn())
            .await
            .unwrap();
        assert_eq!(labels.len(), 4);
        assert!(labels.iter().all(|l| l.shared));
    }
}
