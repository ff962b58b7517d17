//! The chatter list and a conversation's messages, both paged by keyset: the list by the last
//! message's time then id, newest first; messages by their time then id, newest first (the
//! screen shows them oldest at the top and asks for the page before).

use super::search::Search;
use crate::entity::inbox::{conversation, mention, message, read, task};
use crate::{rows_as, EpochMs, Store, StoreError};
use domain::inbox::{Cursor, Tab};
use sea_orm::sea_query::{Alias, Cond, Expr, Func, Order, Query, SelectStatement, SimpleExpr};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// Who is looking, and which members' own chats they may see.
#[derive(Debug, Clone)]
pub struct Viewer {
    pub org_id: i64,
    pub user_id: i64,
    /// The members whose own chats the viewer sees (`visible_employees`); the shared number's
    /// conversations are everyone's.
    pub members: Vec<i64>,
}

/// A row of the chatter list.
#[derive(Debug, Clone, sea_orm::FromQueryResult)]
pub struct Row {
    pub id: i64,
    pub channel_id: i64,
    pub owner_id: Option<i64>,
    pub chat_id: String,
    pub contact: String,
    pub name: Option<String>,
    pub is_group: bool,
    pub open: bool,
    pub assignee_id: Option<i64>,
    pub last_message_at: i64,
    pub last_outbound: bool,
    pub last_inbound_at: Option<i64>,
    pub preview: Option<String>,
    pub read_at: Option<i64>,
}

impl Row {
    /// Whether the customer wrote after the viewer last read the conversation.
    pub fn unread(&self) -> bool {
        self.last_inbound_at
            .is_some_and(|at| self.read_at.is_none_or(|read| at > read))
    }
}

/// Which conversations the viewer may see at all.
fn visible(v: &Viewer) -> Cond {
    let mut members =
        Cond::any().add(Expr::col((Alias::new("c"), conversation::Column::OwnerId)).is_null());
    // `IN ()` is SQLite's, not PostgreSQL's: no members adds nothing.
    if !v.members.is_empty() {
        members = members.add(
            Expr::col((Alias::new("c"), conversation::Column::OwnerId)).is_in(v.members.clone()),
        );
    }
    Cond::all()
        .add(Expr::col((Alias::new("c"), conversation::Column::OrgId)).eq(v.org_id))
        .add(members)
}

/// `user_id`'s read mark of the conversation aliased `c`, as a scalar subquery.
fn read_mark(user_id: i64) -> SimpleExpr {
    let r = Alias::new("r");
    SimpleExpr::SubQuery(
        None,
        Box::new(
            Query::select()
                .column((r.clone(), read::Column::ReadAt))
                .from_as(read::Entity, r.clone())
                .and_where(
                    Expr::col((r.clone(), read::Column::ConversationId))
                        .equals((Alias::new("c"), conversation::Column::Id)),
                )
                .and_where(Expr::col((r, read::Column::UserId)).eq(user_id))
                .to_owned()
                .into_sub_query_statement(),
        ),
    )
}

/// The tab's own condition, over the conversation aliased `c`.
fn tab_condition(tab: Tab, v: &Viewer, now: EpochMs) -> Cond {
    use conversation::Column as C;
    let open = Expr::col((Alias::new("c"), C::Open));
    let outbound = Expr::col((Alias::new("c"), C::LastOutbound));
    match tab {
        Tab::All => Cond::all(),
        Tab::Unread => {
            let inbound = Expr::col((Alias::new("c"), C::LastInboundAt));
            Cond::all()
                .add(inbound.clone().is_not_null())
                .add(inbound.gt(Func::coalesce([
                    read_mark(v.user_id),
                    Expr::val(-1i64).into(),
                ])))
        }
        Tab::Groups => Cond::all().add(Expr::col((Alias::new("c"), C::IsGroup)).eq(true)),
        Tab::Scheduled => Cond::all().add(Expr::cust(
            "EXISTS (SELECT 1 FROM schedules s WHERE s.org_id = c.org_id \
             AND s.recipient = '+' || c.contact AND s.status = 'active')",
        )),
        Tab::Followup => Cond::all().add(Expr::cust(
            "EXISTS (SELECT 1 FROM follow_ups f WHERE f.org_id = c.org_id \
             AND f.completed_at IS NULL AND f.contact IN (c.contact, '+' || c.contact))",
        )),
        Tab::Mentions => {
            let m = Alias::new("m");
            let since = now - domain::inbox::MENTION_DAYS * 86_400_000;
            Cond::all().add(Expr::exists(
                Query::select()
                    .expr(Expr::val(1))
                    .from_as(mention::Entity, m.clone())
                    .and_where(
                        Expr::col((m.clone(), mention::Column::ConversationId))
                            .equals((Alias::new("c"), C::Id)),
                    )
                    .and_where(Expr::col((m.clone(), mention::Column::UserId)).eq(v.user_id))
                    .and_where(Expr::col((m, mention::Column::CreatedAt)).gte(since))
                    .to_owned(),
            ))
        }
        Tab::NeedsReply => Cond::all().add(open.eq(true)).add(outbound.eq(false)),
        Tab::AwaitingReply => Cond::all().add(open.eq(true)).add(outbound.eq(true)),
        Tab::Tasks => {
            let t = Alias::new("t");
            let col = |c: task::Column| Expr::col((t.clone(), c));
            Cond::all().add(Expr::exists(
                Query::select()
                    .expr(Expr::val(1))
                    .from_as(task::Entity, t.clone())
                    .and_where(col(task::Column::ConversationId).equals((Alias::new("c"), C::Id)))
                    .and_where(col(task::Column::Status).ne("completed"))
                    .cond_where(
                        Cond::any()
                            .add(col(task::Column::Visibility).is_in(["shared", "org", "team"]))
                            .add(col(task::Column::OwnerId).eq(v.user_id))
                            .add(col(task::Column::AssigneeId).eq(v.user_id)),
                    )
                    .to_owned(),
            ))
        }
        Tab::Open => Cond::all().add(open.eq(true)),
        // The chat's contact (one per person's number in the organisation, `/leads`) is
        // linked to a CRM record.
        Tab::HubContacts => Cond::all().add(Expr::cust(
            "EXISTS (SELECT 1 FROM contacts k JOIN contact_crm_links l ON l.contact_id = k.id \
             WHERE k.org_id = c.org_id AND k.contact = c.contact)",
        )),
        // The chat's contact has a lifecycle stage: the team is qualifying it.
        Tab::HubLifecycle => Cond::all().add(Expr::cust(
            "EXISTS (SELECT 1 FROM contacts k WHERE k.org_id = c.org_id \
             AND k.contact = c.contact AND k.lifecycle_stage IS NOT NULL)",
        )),
    }
}

fn base(tab: Tab, v: &Viewer, now: EpochMs) -> SelectStatement {
    Query::select()
        .from_as(conversation::Entity, Alias::new("c"))
        .cond_where(visible(v))
        .cond_where(tab_condition(tab, v, now))
        .to_owned()
}

/// A page of the tab's conversations after `after`, `limit` rows; with `search`, only those
/// whose messages hold its words (`super::search` chooses how).
pub async fn page(
    store: &Store,
    v: &Viewer,
    tab: Tab,
    search: Search<'_>,
    after: Option<Cursor>,
    limit: u64,
    now: EpochMs,
) -> Result<Vec<Row>, StoreError> {
    use super::search::{plan, Plan};
    let span = Span { after, until: None };
    if search.words.is_empty() {
        return rows(store, v, tab, None, span, limit, now).await;
    }
    match plan(store, v.org_id, search).await? {
        Plan::Listed(matching) => rows(store, v, tab, Some(matching), span, limit, now).await,
        Plan::Walked { each, listed } => {
            // The walk stops at the window's last conversation; the rest of the page, if the
            // window held too few matches, is listed after it.
            let edge = nth(store, v, tab, after, search.tuning.window, now).await?;
            let span = Span { after, until: edge };
            let mut found = rows(store, v, tab, Some(each), span, limit, now).await?;
            let want = limit.saturating_sub(found.len() as u64);
            if let (Some(edge), true) = (edge, want > 0) {
                let rest = Span {
                    after: Some(edge),
                    until: None,
                };
                found.extend(rows(store, v, tab, Some(listed), rest, want, now).await?);
            }
            Ok(found)
        }
    }
}

/// A stretch of the list: after `after` (exclusive) and up to `until` (inclusive).
#[derive(Clone, Copy)]
struct Span {
    after: Option<Cursor>,
    until: Option<Cursor>,
}

/// The list's order, newest first, as a condition: the conversation aliased `c` comes after
/// `cursor` (`after`), or is `cursor` or comes before it.
fn beyond(cursor: Cursor, after: bool) -> Cond {
    use conversation::Column as C;
    let at = Expr::col((Alias::new("c"), C::LastMessageAt));
    let id = Expr::col((Alias::new("c"), C::Id));
    if after {
        Cond::any()
            .add(at.clone().lt(cursor.at_ms))
            .add(Cond::all().add(at.eq(cursor.at_ms)).add(id.lt(cursor.id)))
    } else {
        Cond::any()
            .add(at.clone().gt(cursor.at_ms))
            .add(Cond::all().add(at.eq(cursor.at_ms)).add(id.gte(cursor.id)))
    }
}

fn ordered(q: &mut SelectStatement) -> &mut SelectStatement {
    use conversation::Column as C;
    q.order_by((Alias::new("c"), C::LastMessageAt), Order::Desc)
        .order_by((Alias::new("c"), C::Id), Order::Desc)
}

/// The `n`th conversation of the tab after `after`, if there are that many.
async fn nth(
    store: &Store,
    v: &Viewer,
    tab: Tab,
    after: Option<Cursor>,
    n: u64,
    now: EpochMs,
) -> Result<Option<Cursor>, StoreError> {
    use conversation::Column as C;
    #[derive(sea_orm::FromQueryResult)]
    struct Edge {
        last_message_at: i64,
        id: i64,
    }
    let mut q = base(tab, v, now);
    q.columns([C::Id, C::LastMessageAt].map(|c| (Alias::new("c"), c)));
    if let Some(cursor) = after {
        q.cond_where(beyond(cursor, true));
    }
    ordered(&mut q).offset(n.saturating_sub(1)).limit(1);
    let edge: Vec<Edge> = rows_as(store, &q).await?;
    Ok(edge.first().map(|e| Cursor {
        at_ms: e.last_message_at,
        id: e.id,
    }))
}

/// Up to `limit` of the tab's conversations in `span` that meet `matching`.
async fn rows(
    store: &Store,
    v: &Viewer,
    tab: Tab,
    matching: Option<SimpleExpr>,
    span: Span,
    limit: u64,
    now: EpochMs,
) -> Result<Vec<Row>, StoreError> {
    use conversation::Column as C;
    let mut q = base(tab, v, now);
    if let Some(matching) = matching {
        q.and_where(matching);
    }
    q.columns(
        [
            C::Id,
            C::ChannelId,
            C::OwnerId,
            C::ChatId,
            C::Contact,
            C::Name,
            C::IsGroup,
            C::Open,
            C::AssigneeId,
            C::LastMessageAt,
            C::LastOutbound,
            C::LastInboundAt,
            C::Preview,
        ]
        .map(|c| (Alias::new("c"), c)),
    )
    .expr_as(read_mark(v.user_id), Alias::new("read_at"));
    if let Some(cursor) = span.after {
        q.cond_where(beyond(cursor, true));
    }
    if let Some(cursor) = span.until {
        q.cond_where(beyond(cursor, false));
    }
    ordered(&mut q).limit(limit);
    rows_as(store, &q).await
}

#[derive(sea_orm::FromQueryResult)]
struct Count {
    n: i64,
}

/// How many conversations the tab holds for the viewer.
pub async fn count(store: &Store, v: &Viewer, tab: Tab, now: EpochMs) -> Result<u64, StoreError> {
    let mut q = base(tab, v, now);
    q.expr_as(Expr::cust("COUNT(*)"), Alias::new("n"));
    let rows: Vec<Count> = rows_as(store, &q).await?;
    Ok(rows.first().map_or(0, |c| u64::try_from(c.n).unwrap_or(0)))
}

/// One conversation the viewer may see.
pub async fn conversation(
    store: &Store,
    v: &Viewer,
    id: i64,
) -> Result<Option<conversation::Model>, StoreError> {
    let row = conversation::Entity::find_by_id(id)
        .filter(conversation::Column::OrgId.eq(v.org_id))
        .one(store.conn())
        .await?;
    Ok(row.filter(|c| c.owner_id.is_none_or(|o| v.members.contains(&o))))
}

/// A page of a conversation's messages before `before`, newest first.
pub async fn messages(
    store: &Store,
    org_id: i64,
    conversation_id: i64,
    before: Option<Cursor>,
    limit: u64,
) -> Result<Vec<message::Model>, StoreError> {
    use message::Column as M;
    let mut q = message::Entity::find()
        .filter(M::OrgId.eq(org_id))
        .filter(M::ConversationId.eq(conversation_id));
    if let Some(c) = before {
        q = q.filter(
            Cond::any()
                .add(M::SentAt.lt(c.at_ms))
                .add(Cond::all().add(M::SentAt.eq(c.at_ms)).add(M::Id.lt(c.id))),
        );
    }
    Ok(q.order_by_desc(M::SentAt)
        .order_by_desc(M::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// Up to when `user_id` has read the conversation.
pub async fn read_at(
    store: &Store,
    conversation_id: i64,
    user_id: i64,
) -> Result<Option<EpochMs>, StoreError> {
    use crate::entity::inbox::read;
    Ok(read::Entity::find()
        .filter(read::Column::ConversationId.eq(conversation_id))
        .filter(read::Column::UserId.eq(user_id))
        .one(store.conn())
        .await?
        .map(|r| r.read_at))
}

/// One message of the organisation.
pub async fn message(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<message::Model>, StoreError> {
    Ok(message::Entity::find_by_id(id)
        .filter(message::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}
