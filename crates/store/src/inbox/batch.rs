//! Many gateway messages stored in one transaction (a group commit): the shared number's webhooks
//! that arrive while the previous batch commits are stored together, with multi-row statements,
//! so a busy number costs a handful of statements and one commit per batch rather than eight
//! statements and a commit per message. Each message is stored exactly as [`super::intake::record`]
//! would store it alone, with its live `message` event in the same transaction.

use super::intake::{Chat, Incoming, Recorded, Standing};
use super::MESSAGE;
use crate::entity::inbox::{conversation, event, message};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The most messages one batch stores (its statements' parameters stay far below both
/// databases' limits: 16 per message).
pub const MAX_BATCH: usize = 256;

/// One message of a batch and its chat.
#[derive(Debug, Clone)]
pub struct Item<'a> {
    pub chat: Chat<'a>,
    /// Always with a source id: a batch holds gateway messages.
    pub msg: Incoming<'a>,
}

/// What storing one message of a batch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stored {
    pub recorded: Recorded,
    /// The member a new conversation was assigned to (its `assignment` event announced too).
    pub assignee: Option<i64>,
}

/// Stores `items` (at most [`MAX_BATCH`]) in one transaction and answers what storing each did,
/// in order. A message already stored — or earlier in the same batch — is a retry
/// (`message_id` None); only the first message of a new conversation says it is new, and a
/// new conversation whose first message is the customer's is assigned (fair assignment, the
/// agents' turns taken in the batch's order).
pub async fn record_announced(
    store: &Store,
    items: &[Item<'_>],
    now: EpochMs,
) -> Result<Vec<Stored>, StoreError> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    if items.len() > MAX_BATCH || items.iter().any(|i| i.msg.source_id.is_none()) {
        return Err(StoreError::Db(sea_orm::DbErr::Custom(
            "a batch holds at most MAX_BATCH messages, each with its source id".into(),
        )));
    }
    let txn = store.begin_write().await?;
    let made = insert_conversations(&txn, items, now).await?;
    contacts_of_new(&txn, items, &made, now).await?;
    let assigned = assign_new(&txn, items, &made).await?;
    let conversations = lock_conversations(&txn, items).await?;
    let conv_of = |item: &Item<'_>| -> Result<&conversation::Model, StoreError> {
        conversations
            .get(&(item.chat.channel_id, item.chat.chat_id.to_owned()))
            .ok_or(StoreError::NotFound)
    };
    let mut first_seen = BTreeSet::new();
    let mut stored = insert_messages(&txn, items, &conv_of, now).await?;
    let mut standings: BTreeMap<i64, (Standing, Standing)> = BTreeMap::new();
    let mut recorded = Vec::with_capacity(items.len());
    let mut announced = Vec::new();
    for item in items {
        let conv = conv_of(item)?;
        let source = item.msg.source_id.unwrap_or_default();
        let message_id = stored.remove(&(conv.id, source.to_owned()));
        let new_conversation = made.contains_key(&conv.id) && first_seen.insert(conv.id);
        let assignee = if new_conversation {
            assigned.get(&conv.id).copied()
        } else {
            None
        };
        if message_id.is_some() {
            if item.msg.kind == MESSAGE {
                let (_, after) = standings.entry(conv.id).or_insert_with(|| {
                    let s = Standing::of(conv);
                    (s.clone(), s)
                });
                after.after(&item.msg);
            }
            announced.push(Event {
                org_id: item.chat.org_id,
                conversation_id: conv.id,
                owner_id: item.chat.owner_id,
                kind: "message",
                body: format!("{{\"conversation_id\":{}}}", conv.id),
            });
        }
        if let Some(member) = assignee {
            announced.push(Event {
                org_id: item.chat.org_id,
                conversation_id: conv.id,
                owner_id: item.chat.owner_id,
                kind: "assignment",
                body: format!(
                    "{{\"conversation_id\":{},\"assignee_id\":{member}}}",
                    conv.id
                ),
            });
        }
        recorded.push(Stored {
            recorded: Recorded {
                conversation_id: conv.id,
                message_id,
                new_conversation,
            },
            assignee,
        });
    }
    let changed = standings
        .into_iter()
        .filter(|(_, (before, after))| after != before)
        .map(|(id, (_, after))| after.row(id))
        .collect();
    super::intake::write_standings(&txn, changed).await?;
    announce(&txn, announced, now).await?;
    txn.commit().await?;
    Ok(recorded)
}

/// Makes the conversations of the batch's chats that do not exist yet (two deliveries at once
/// make one), in the chats' order so concurrent batches wait for each other rather than
/// deadlock; answers the ones it made, by id, with their (channel, chat).
async fn insert_conversations(
    txn: &DatabaseTransaction,
    items: &[Item<'_>],
    now: EpochMs,
) -> Result<BTreeMap<i64, (i64, String)>, StoreError> {
    use conversation::Column as C;
    let mut chats: BTreeMap<(i64, &str), &Chat<'_>> = BTreeMap::new();
    for item in items {
        chats
            .entry((item.chat.channel_id, item.chat.chat_id))
            .or_insert(&item.chat);
    }
    let mut insert = Query::insert();
    insert.into_table(conversation::Entity).columns([
        C::OrgId,
        C::ChannelId,
        C::OwnerId,
        C::ChatId,
        C::Contact,
        C::Name,
        C::IsGroup,
        C::Open,
        C::LastMessageAt,
        C::LastOutbound,
        C::CreatedAt,
    ]);
    for chat in chats.values() {
        insert.values_panic([
            chat.org_id.into(),
            chat.channel_id.into(),
            chat.owner_id.into(),
            chat.chat_id.into(),
            chat.contact.into(),
            chat.name.map(str::to_owned).into(),
            chat.is_group.into(),
            true.into(),
            0i64.into(),
            false.into(),
            now.into(),
        ]);
    }
    insert
        .on_conflict(
            OnConflict::columns([C::ChannelId, C::ChatId])
                .do_nothing()
                .to_owned(),
        )
        .returning(Query::returning().columns([C::Id, C::ChannelId, C::ChatId]));
    let rows = txn
        .query_all(txn.get_database_backend().build(&insert))
        .await?;
    let mut made = BTreeMap::new();
    for r in rows {
        made.insert(
            r.try_get::<i64>("", "id")?,
            (
                r.try_get::<i64>("", "channel_id")?,
                r.try_get::<String>("", "chat_id")?,
            ),
        );
    }
    Ok(made)
}

/// A person's first chat with the organisation makes them one of its contacts, as
/// [`super::intake::record`] does; in (organisation, number) order, so concurrent batches
/// meeting the same people wait for each other rather than deadlock.
async fn contacts_of_new(
    txn: &DatabaseTransaction,
    items: &[Item<'_>],
    made: &BTreeMap<i64, (i64, String)>,
    now: EpochMs,
) -> Result<(), StoreError> {
    let made: BTreeSet<(i64, &str)> = made
        .values()
        .map(|(channel, chat)| (*channel, chat.as_str()))
        .collect();
    let mut people: BTreeMap<(i64, &str), &Chat<'_>> = BTreeMap::new();
    for item in items {
        let chat = &item.chat;
        let person = !chat.is_group && chat.contact.bytes().all(|b| b.is_ascii_digit());
        if person && chat.org_id > 0 && made.contains(&(chat.channel_id, chat.chat_id)) {
            people.entry((chat.org_id, chat.contact)).or_insert(chat);
        }
    }
    for chat in people.values() {
        crate::contacts::ensure_for_chat(
            txn,
            chat.org_id,
            chat.contact,
            chat.name,
            chat.owner_id,
            now,
        )
        .await?;
    }
    Ok(())
}

/// Assigns the conversations the batch made whose first message is the customer's, by channel
/// in the batch's order; answers each one's member.
async fn assign_new(
    txn: &DatabaseTransaction,
    items: &[Item<'_>],
    made: &BTreeMap<i64, (i64, String)>,
) -> Result<HashMap<i64, i64>, StoreError> {
    if made.is_empty() {
        return Ok(HashMap::new());
    }
    let by_chat: HashMap<(i64, &str), i64> = made
        .iter()
        .map(|(id, (channel, chat))| ((*channel, chat.as_str()), *id))
        .collect();
    let mut first = BTreeSet::new();
    let mut waiting: BTreeMap<(i64, i64), Vec<i64>> = BTreeMap::new();
    for item in items {
        let Some(id) = by_chat.get(&(item.chat.channel_id, item.chat.chat_id)) else {
            continue;
        };
        if first.insert(*id) && !item.msg.outbound {
            waiting
                .entry((item.chat.org_id, item.chat.channel_id))
                .or_default()
                .push(*id);
        }
    }
    let mut assigned = HashMap::new();
    for ((org_id, channel_id), conversations) in waiting {
        assigned
            .extend(super::agents::assign_new_in(txn, org_id, channel_id, &conversations).await?);
    }
    Ok(assigned)
}

/// The batch's conversations by (channel, chat), locked on PostgreSQL in id order (so each
/// message's standing is computed from the row as the previous writer left it, and concurrent
/// batches lock in one order). SQLite's inserts already hold its one write lock.
async fn lock_conversations(
    txn: &DatabaseTransaction,
    items: &[Item<'_>],
) -> Result<HashMap<(i64, String), conversation::Model>, StoreError> {
    use conversation::Column as C;
    let mut by_channel: BTreeMap<i64, BTreeSet<&str>> = BTreeMap::new();
    for item in items {
        by_channel
            .entry(item.chat.channel_id)
            .or_default()
            .insert(item.chat.chat_id);
    }
    let mut all = HashMap::new();
    for (channel_id, chats) in by_channel {
        let mut find = conversation::Entity::find()
            .filter(C::ChannelId.eq(channel_id))
            .filter(C::ChatId.is_in(chats))
            .order_by_asc(C::Id);
        if txn.get_database_backend() == DatabaseBackend::Postgres {
            find = find.lock_exclusive();
        }
        for row in find.all(txn).await? {
            all.insert((row.channel_id, row.chat_id.clone()), row);
        }
    }
    Ok(all)
}

/// Inserts the batch's messages not stored yet (the first of any repeated within the batch);
/// answers the new rows' ids by (conversation, source id).
async fn insert_messages<'c>(
    txn: &DatabaseTransaction,
    items: &[Item<'_>],
    conv_of: &impl Fn(&Item<'_>) -> Result<&'c conversation::Model, StoreError>,
    now: EpochMs,
) -> Result<HashMap<(i64, String), i64>, StoreError> {
    use message::Column as M;
    let mut insert = super::intake::messages_stored_once();
    let mut seen = BTreeSet::new();
    for item in items {
        let conv_id = conv_of(item)?.id;
        let source = item.msg.source_id.unwrap_or_default();
        if !seen.insert((conv_id, source)) {
            continue;
        }
        insert.values_panic(super::intake::message_row(
            item.chat.org_id,
            conv_id,
            source,
            &item.msg,
            now,
        ));
    }
    insert.returning(Query::returning().columns([M::Id, M::ConversationId, M::SourceId]));
    let rows = txn
        .query_all(txn.get_database_backend().build(&insert))
        .await?;
    let mut stored = HashMap::with_capacity(rows.len());
    for r in rows {
        stored.insert(
            (
                r.try_get::<i64>("", "conversation_id")?,
                r.try_get::<String>("", "source_id")?,
            ),
            r.try_get::<i64>("", "id")?,
        );
    }
    Ok(stored)
}

/// A live event the batch announces.
struct Event {
    org_id: i64,
    conversation_id: i64,
    owner_id: Option<i64>,
    kind: &'static str,
    body: String,
}

/// The live feed's events of the batch — each stored message's `message`, each assignment's
/// `assignment` — in order, and on PostgreSQL one `NOTIFY` per organisation (delivered at
/// commit).
async fn announce(
    txn: &DatabaseTransaction,
    announced: Vec<Event>,
    now: EpochMs,
) -> Result<(), StoreError> {
    use event::Column as E;
    if announced.is_empty() {
        return Ok(());
    }
    let orgs: BTreeSet<i64> = announced.iter().map(|e| e.org_id).collect();
    let mut insert = Query::insert();
    insert.into_table(event::Entity).columns([
        E::OrgId,
        E::Kind,
        E::ConversationId,
        E::OwnerId,
        E::Body,
        E::CreatedAt,
    ]);
    for e in announced {
        insert.values_panic([
            e.org_id.into(),
            e.kind.into(),
            Some(e.conversation_id).into(),
            e.owner_id.into(),
            e.body.into(),
            now.into(),
        ]);
    }
    let backend = txn.get_database_backend();
    txn.execute(backend.build(&insert)).await?;
    if backend == DatabaseBackend::Postgres {
        for org_id in orgs {
            super::events::notify_in(txn, org_id).await?;
        }
    }
    Ok(())
}
