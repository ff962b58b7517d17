//! The rest of the benchmark's data — read marks, tasks, schedules, follow-ups — and the
//! multi-row INSERTs everything is written with.

use super::seed::{Conv, MEMBERS, TEAM};
use super::text::{Rng, NAMES};
use std::fmt::Write as _;
use store::sea_orm::{ConnectionTrait, DatabaseBackend, Statement, TransactionTrait, Value as Sql};
use testkit::TestApp;

const DAY: i64 = 86_400_000;

/// Read marks: the admin and the manager have opened three in four of the conversations they
/// see, one in five of those since the customer wrote again (unread); every other member one
/// in five of the shared number's.
pub async fn reads<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    convs: &[Conv],
    ids: &[i64],
    members: &[i64],
) -> usize {
    let mut rows = Vec::new();
    let team = &members[1..=TEAM];
    for (i, c) in convs.iter().enumerate() {
        let mut rng = Rng::new(3_000_000 + i as u64);
        for (k, user) in members.iter().enumerate() {
            let sees = match k {
                0 => true,
                1 => c.owner.is_none_or(|o| team.contains(&o)),
                _ => c.owner.is_none(),
            };
            let p = if k < 2 { 0.75 } else { 0.2 };
            if !sees || !rng.chance(p) {
                continue;
            }
            let at = match c.last_inbound_at {
                Some(inbound) if rng.chance(0.2) => inbound - 1 - rng.below(3 * DAY as u64) as i64,
                _ => c.last_message_at,
            };
            rows.push(vec![ids[i].into(), (*user).into(), at.into()]);
        }
    }
    let n = rows.len();
    bulk(
        db,
        "inbox_reads",
        "conversation_id, user_id, read_at",
        rows.into_iter(),
        1_000,
    )
    .await;
    n
}

/// 2 000 tasks on conversations, a third of them completed, every visibility.
pub async fn tasks<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    org_id: i64,
    convs: &[Conv],
    ids: &[i64],
    members: &[i64],
    now: i64,
) -> usize {
    let mut rng = Rng::new(4_000_000);
    let statuses = [
        "open",
        "open",
        "open",
        "in_progress",
        "completed",
        "completed",
    ];
    let visibility = ["personal", "shared", "self", "team", "org"];
    let person = |rng: &mut Rng| {
        if rng.chance(0.1) {
            members[0]
        } else if rng.chance(0.1) {
            members[1]
        } else {
            members[rng.below(MEMBERS as u64) as usize]
        }
    };
    let rows: Vec<Vec<Sql>> = (0..2_000)
        .map(|_| {
            let i = rng.below(convs.len() as u64) as usize;
            let status = *rng.pick(&statuses);
            let created = now - rng.below(60 * DAY as u64) as i64;
            vec![
                org_id.into(),
                person(&mut rng).into(),
                ids[i].into(),
                convs[i].contact.clone().into(),
                format!("Call back about the {}", NAMES[i % NAMES.len()]).into(),
                Some(created + rng.below(14 * DAY as u64) as i64).into(),
                status.into(),
                (rng.below(5) as i16).into(),
                rng.chance(0.8).then(|| person(&mut rng)).into(),
                (*rng.pick(&visibility)).into(),
                (status == "completed").then_some(created + DAY).into(),
                created.into(),
                created.into(),
            ]
        })
        .collect();
    let n = rows.len();
    let cols = "org_id, owner_id, conversation_id, contact, name, due_at, status, priority, \
         assignee_id, visibility, completed_at, created_at, updated_at";
    bulk(db, "inbox_tasks", cols, rows.into_iter(), 500).await;
    n
}

/// 400 scheduled messages to conversations' contacts (300 active), through the store as the
/// schedules API keeps them (each with its first send, due in a month).
pub async fn schedules(
    app: &TestApp,
    org_id: i64,
    convs: &[Conv],
    members: &[i64],
    now: i64,
) -> usize {
    let mut rng = Rng::new(5_000_000);
    let people: Vec<&Conv> = convs.iter().filter(|c| !c.group).collect();
    for k in 0..400 {
        let c = *rng.pick(&people);
        store::manage::insert_schedule(
            &app.store,
            store::entity::manage::schedule::Model {
                id: 0,
                org_id,
                owner_id: members[k % MEMBERS],
                recipient: format!("+{}", c.contact),
                message: "Your order is ready for pickup".into(),
                start_local: "2026-12-24T09:00".into(),
                time_zone: "UTC".into(),
                every: None,
                unit: None,
                stop_after: None,
                missed_policy: "send_late".into(),
                cancel_if_replied: false,
                status: if k % 4 == 3 { "cancelled" } else { "active" }.into(),
                created_at: now,
                updated_at: now,
                attachment_key: None,
                attachment_name: None,
                attachment_type: None,
                attachment_size: None,
            },
            now + 30 * DAY,
        )
        .await
        .unwrap();
    }
    400
}

/// 600 follow-ups with conversations' contacts (some written with `+`), 40 % completed.
pub async fn follow_ups<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    org_id: i64,
    convs: &[Conv],
    members: &[i64],
    now: i64,
) -> usize {
    let mut rng = Rng::new(6_000_000);
    let rows: Vec<Vec<Sql>> = (0..600)
        .map(|k| {
            let c = rng.pick(convs);
            let contact = if k % 2 == 0 {
                c.contact.clone()
            } else {
                format!("+{}", c.contact)
            };
            let due = now + rng.below(20 * DAY as u64) as i64;
            vec![
                org_id.into(),
                members[k % MEMBERS].into(),
                Some(contact).into(),
                "Follow up on the quotation".into(),
                "".into(),
                due.into(),
                "2026-12-10T10:00".into(),
                "UTC".into(),
                "medium".into(),
                Option::<String>::None.into(),
                "none".into(),
                rng.chance(0.4).then_some(now - DAY).into(),
                now.into(),
                now.into(),
            ]
        })
        .collect();
    let cols = "org_id, owner_id, contact, title, notes, due_at, due_local, time_zone, priority, \
         amount, recurrence, completed_at, created_at, updated_at";
    bulk(db, "follow_ups", cols, rows.into_iter(), 500).await;
    600
}

/// Inserts `rows` into `table`, `per_statement` rows to a multi-row INSERT, 20 statements to a
/// transaction.
pub async fn bulk<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    table: &str,
    cols: &str,
    rows: impl Iterator<Item = Vec<Sql>>,
    per_statement: usize,
) {
    let backend = db.get_database_backend();
    let mut rows = rows.peekable();
    while rows.peek().is_some() {
        let txn = db.begin().await.unwrap();
        for _ in 0..20 {
            let batch: Vec<Vec<Sql>> = rows.by_ref().take(per_statement).collect();
            if batch.is_empty() {
                break;
            }
            txn.execute(insert(backend, table, cols, batch))
                .await
                .unwrap();
        }
        txn.commit().await.unwrap();
    }
}

fn insert(backend: DatabaseBackend, table: &str, cols: &str, rows: Vec<Vec<Sql>>) -> Statement {
    let width = rows.first().map_or(0, Vec::len);
    let mut sql = String::with_capacity(64 + rows.len() * width * 5);
    let _ = write!(sql, "INSERT INTO {table} ({cols}) VALUES ");
    let mut values = Vec::with_capacity(rows.len() * width);
    for (i, row) in rows.into_iter().enumerate() {
        sql.push_str(if i == 0 { "(" } else { ",(" });
        for (j, v) in row.into_iter().enumerate() {
            if j > 0 {
                sql.push(',');
            }
            values.push(v);
            if backend == DatabaseBackend::Postgres {
                let _ = write!(sql, "${}", values.len());
            } else {
                sql.push('?');
            }
        }
        sql.push(')');
    }
    Statement::from_sql_and_values(backend, sql, values)
}

/// Runs `sql` (written with `$n` placeholders, turned into `?` on SQLite).
pub async fn query<C: ConnectionTrait>(
    db: &C,
    sql: &str,
    values: Vec<Sql>,
) -> Vec<store::sea_orm::QueryResult> {
    let backend = db.get_database_backend();
    let sql = if backend == DatabaseBackend::Sqlite {
        let mut out = String::with_capacity(sql.len());
        let mut chars = sql.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
                out.push('?');
            } else {
                out.push(c);
            }
        }
        out
    } else {
        sql.to_owned()
    };
    db.query_all(Statement::from_sql_and_values(backend, sql, values))
        .await
        .unwrap()
}
