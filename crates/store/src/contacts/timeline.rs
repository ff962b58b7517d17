//! A contact's timeline (`domain::contacts::timeline`): each kind read from its own table, newest
//! first, at most a page and one past the cursor, for the server to merge. Chats and calls are
//! the members' the caller sees (every member's for `None`); notes and tasks are the caller's
//! own, as everywhere else; deals, tickets and logged calls are the organisation's.

use crate::entity::contact::{call_log, deal, ticket};
use crate::entity::inbox::{conversation, message};
use crate::entity::manage::{follow_up, note};
use crate::{Store, StoreError};
use domain::contacts::timeline::{rank, Bound, Cursor};
use sea_orm::sea_query::{Alias, Expr, Query, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect, Select,
};

/// One entry as read, before it is put on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub kind: &'static str,
    pub id: i64,
    pub at: i64,
    pub user_id: Option<i64>,
    /// Messages: 1 incoming, 2 outgoing; calls: the call direction code.
    pub direction: Option<i16>,
    pub title: Option<String>,
    pub text: Option<String>,
    pub status: Option<String>,
    pub duration_s: Option<i64>,
}

impl Entry {
    fn new(kind: &'static str, id: i64, at: i64, user_id: Option<i64>) -> Entry {
        Entry {
            kind,
            id,
            at,
            user_id,
            direction: None,
            title: None,
            text: None,
            status: None,
            duration_s: None,
        }
    }

    pub fn cursor(&self) -> Cursor {
        Cursor {
            at: self.at,
            rank: rank(self.kind).unwrap_or(0),
            id: self.id,
        }
    }
}

/// Whose a contact's timeline is read for.
pub struct Reader<'a> {
    pub org_id: i64,
    /// The contact's key (a number's digits) and id.
    pub contact: &'a str,
    pub contact_id: i64,
    /// Whose chats and calls; `None` for every member's.
    pub members: Option<&'a [i64]>,
    /// Whose notes and tasks.
    pub caller: i64,
}

/// The condition a kind's `at` and `id` meet to come after the cursor.
fn after(kind: &str, at: SimpleExpr, id: SimpleExpr, cursor: Option<Cursor>) -> SimpleExpr {
    let Some(cursor) = cursor else {
        return Expr::value(true);
    };
    match cursor.bound_for(rank(kind).unwrap_or(0)) {
        Bound::Before(t) => Expr::expr(at).lt(t),
        Bound::AtOrBefore(t) => Expr::expr(at).lte(t),
        Bound::Tie(t, i) => Expr::expr(at.clone())
            .lt(t)
            .or(Expr::expr(at).eq(t).and(Expr::expr(id).lt(i))),
    }
}

/// `select`'s newest `take` rows after the cursor, for a kind whose time is `at`.
async fn newest<E: EntityTrait>(
    store: &Store,
    select: Select<E>,
    kind: &str,
    (at, id): (E::Column, E::Column),
    cursor: Option<Cursor>,
    take: u64,
) -> Result<Vec<E::Model>, StoreError> {
    Ok(select
        .filter(after(
            kind,
            at.into_expr().into(),
            id.into_expr().into(),
            cursor,
        ))
        .order_by_desc(at)
        .order_by_desc(id)
        .limit(take)
        .all(store.conn())
        .await?)
}

/// Every kind's newest `limit + 1` entries after `cursor`, unmerged.
pub async fn read(
    store: &Store,
    r: &Reader<'_>,
    cursor: Option<Cursor>,
    limit: u64,
) -> Result<Vec<Entry>, StoreError> {
    let take = limit + 1;
    let mut out = Vec::new();
    // A chat id on WhatsApp is the number's digits and `@c.us`; a key that is not a number has
    // no chats of a member's to find.
    if r.contact.bytes().all(|b| b.is_ascii_digit()) && !r.contact.is_empty() {
        let chat = format!("{}@c.us", r.contact);
        out.extend(events(store, r, &chat, Events::Messages, cursor, take).await?);
        out.extend(events(store, r, &chat, Events::Calls, cursor, take).await?);
    }
    out.extend(shared_number_messages(store, r, cursor, take).await?);
    out.extend(records(store, r, cursor, take).await?);
    Ok(out)
}

#[derive(Clone, Copy)]
enum Events {
    Messages,
    Calls,
}

#[derive(FromQueryResult)]
struct EventRow {
    id: i64,
    user_id: i64,
    direction: i16,
    occurred_at: i64,
    detail: Option<String>,
    duration_s: Option<i64>,
}

/// The chat's messages or calls reported by the members' extensions.
async fn events(
    store: &Store,
    r: &Reader<'_>,
    chat: &str,
    which: Events,
    cursor: Option<Cursor>,
    take: u64,
) -> Result<Vec<Entry>, StoreError> {
    let (table, kind) = match which {
        Events::Messages => ("message_events", "message"),
        Events::Calls => ("call_events", "call"),
    };
    let col = |c: &str| Expr::col((Alias::new(table), Alias::new(c)));
    let mut q = Query::select();
    q.from(Alias::new(table))
        .expr_as(col("id"), Alias::new("id"))
        .expr_as(col("user_id"), Alias::new("user_id"))
        .expr_as(col("direction"), Alias::new("direction"))
        .expr_as(col("occurred_at"), Alias::new("occurred_at"));
    match which {
        Events::Messages => {
            q.expr_as(col("message"), Alias::new("detail"))
                .expr_as(Expr::cust("NULL"), Alias::new("duration_s"));
        }
        Events::Calls => {
            q.expr_as(Expr::cust("NULL"), Alias::new("detail"))
                .expr_as(col("duration_s"), Alias::new("duration_s"));
        }
    }
    q.and_where(col("org_id").eq(r.org_id))
        .and_where(col("chat_id").eq(chat))
        .and_where(after(
            kind,
            col("occurred_at").into(),
            col("id").into(),
            cursor,
        ))
        .order_by(
            (Alias::new(table), Alias::new("occurred_at")),
            sea_orm::Order::Desc,
        )
        .order_by((Alias::new(table), Alias::new("id")), sea_orm::Order::Desc)
        .limit(take);
    if let Some(members) = r.members {
        q.and_where(col("user_id").is_in(members.iter().copied()));
    }
    let conn = store.conn();
    let stmt = conn.get_database_backend().build(&q);
    let rows = EventRow::find_by_statement(stmt).all(conn).await?;
    Ok(rows
        .into_iter()
        .map(|e| Entry {
            direction: Some(e.direction),
            text: e.detail.map(|m| m.chars().take(500).collect()),
            duration_s: e.duration_s,
            ..Entry::new(kind, e.id, e.occurred_at, Some(e.user_id))
        })
        .collect())
}

/// The contact's messages on the organisation's shared number. A member's own chats are read
/// from the events above (the inbox shows them from there too), never twice.
async fn shared_number_messages(
    store: &Store,
    r: &Reader<'_>,
    cursor: Option<Cursor>,
    take: u64,
) -> Result<Vec<Entry>, StoreError> {
    let conversations: Vec<i64> = conversation::Entity::find()
        .select_only()
        .column(conversation::Column::Id)
        .filter(conversation::Column::OrgId.eq(r.org_id))
        .filter(conversation::Column::Contact.eq(r.contact))
        .filter(conversation::Column::OwnerId.is_null())
        .into_tuple()
        .all(store.conn())
        .await?;
    if conversations.is_empty() {
        return Ok(Vec::new());
    }
    let rows = newest(
        store,
        message::Entity::find()
            .filter(message::Column::ConversationId.is_in(conversations))
            .filter(message::Column::Kind.eq(1)),
        "message",
        (message::Column::SentAt, message::Column::Id),
        cursor,
        take,
    )
    .await?;
    Ok(rows
        .into_iter()
        .map(|m| Entry {
            direction: Some(if m.outbound { 2 } else { 1 }),
            text: m.body.map(|b| b.chars().take(500).collect()),
            ..Entry::new("message", m.id, m.sent_at, m.author_id)
        })
        .collect())
}

/// The caller's notes and tasks of the chat; the contact's deals, tickets and logged calls.
async fn records(
    store: &Store,
    r: &Reader<'_>,
    cursor: Option<Cursor>,
    take: u64,
) -> Result<Vec<Entry>, StoreError> {
    let mut out = Vec::new();
    let notes = newest(
        store,
        note::Entity::find()
            .filter(note::Column::OrgId.eq(r.org_id))
            .filter(note::Column::OwnerId.eq(r.caller))
            .filter(note::Column::Contact.eq(r.contact)),
        "note",
        (note::Column::CreatedAt, note::Column::Id),
        cursor,
        take,
    )
    .await?;
    out.extend(notes.into_iter().map(|n| Entry {
        title: Some(n.title).filter(|t| !t.is_empty()),
        text: Some(n.body),
        status: Some(n.kind),
        ..Entry::new("note", n.id, n.created_at, Some(n.owner_id))
    }));
    let tasks = newest(
        store,
        follow_up::Entity::find()
            .filter(follow_up::Column::OrgId.eq(r.org_id))
            .filter(follow_up::Column::OwnerId.eq(r.caller))
            .filter(follow_up::Column::Contact.eq(r.contact)),
        "task",
        (follow_up::Column::DueAt, follow_up::Column::Id),
        cursor,
        take,
    )
    .await?;
    out.extend(tasks.into_iter().map(|f| {
        Entry {
            title: Some(f.title),
            text: Some(f.notes).filter(|n| !n.is_empty()),
            status: Some(
                if f.completed_at.is_some() {
                    "done"
                } else {
                    "open"
                }
                .to_owned(),
            ),
            ..Entry::new("task", f.id, f.due_at, Some(f.owner_id))
        }
    }));
    let deals = newest(
        store,
        deal::Entity::find()
            .filter(deal::Column::OrgId.eq(r.org_id))
            .filter(deal::Column::ContactId.eq(r.contact_id)),
        "deal",
        (deal::Column::CreatedAt, deal::Column::Id),
        cursor,
        take,
    )
    .await?;
    out.extend(deals.into_iter().map(|d| Entry {
        title: Some(d.name),
        text: d.description,
        status: Some(d.stage),
        ..Entry::new("deal", d.id, d.created_at, d.owner_id)
    }));
    let tickets = newest(
        store,
        ticket::Entity::find()
            .filter(ticket::Column::OrgId.eq(r.org_id))
            .filter(ticket::Column::ContactId.eq(r.contact_id)),
        "ticket",
        (ticket::Column::CreatedAt, ticket::Column::Id),
        cursor,
        take,
    )
    .await?;
    out.extend(tickets.into_iter().map(|t| Entry {
        title: Some(t.name),
        text: t.description,
        status: Some(t.status),
        ..Entry::new("ticket", t.id, t.created_at, t.created_by)
    }));
    let calls = newest(
        store,
        call_log::Entity::find()
            .filter(call_log::Column::OrgId.eq(r.org_id))
            .filter(call_log::Column::ContactId.eq(r.contact_id)),
        "call_log",
        (call_log::Column::CalledAt, call_log::Column::Id),
        cursor,
        take,
    )
    .await?;
    out.extend(calls.into_iter().map(|c| Entry {
        text: c.description,
        status: Some(c.outcome),
        duration_s: Some(i64::from(c.duration_secs)),
        ..Entry::new("call_log", c.id, c.called_at, c.logged_by)
    }));
    Ok(out)
}
