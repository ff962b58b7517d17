//! What arrives: a message stored once by its source id with its conversation brought up to date
//! in the same transaction, and delivery acks applied in any order.

use crate::entity::inbox::{conversation, message};
use crate::{EpochMs, Store, StoreError};
use domain::inbox::Ack;
use sea_orm::sea_query::{InsertStatement, OnConflict, Query, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QuerySelect, Set,
};

use super::MESSAGE;

/// The chat a message belongs to.
#[derive(Debug, Clone)]
pub struct Chat<'a> {
    pub org_id: i64,
    pub channel_id: i64,
    /// The member whose own chat it is; None on a shared number.
    pub owner_id: Option<i64>,
    pub chat_id: &'a str,
    pub contact: &'a str,
    pub is_group: bool,
    pub name: Option<&'a str>,
}

/// A message to store.
#[derive(Debug, Clone)]
pub struct Incoming<'a> {
    /// The gateway's or extension's id; None for a reply not yet handed over.
    pub source_id: Option<&'a str>,
    pub kind: i16,
    pub outbound: bool,
    pub author_id: Option<i64>,
    /// Who wrote it in a group (the participant's id).
    pub sender: Option<&'a str>,
    pub body: Option<&'a str>,
    pub media_key: Option<&'a str>,
    /// The gateway's URL of media to download (`inbox::media`).
    pub media_url: Option<&'a str>,
    pub media_type: Option<&'a str>,
    pub media_name: Option<&'a str>,
    pub ack: Ack,
    pub sent_at: EpochMs,
    /// For an inbound message: when the needs-reply clock escalates, if it is not already
    /// running.
    pub escalate_at: Option<EpochMs>,
}

/// What storing did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    pub conversation_id: i64,
    /// The new message's id; None when it was already stored (a retry).
    pub message_id: Option<i64>,
    pub new_conversation: bool,
}

/// Timestamps this close are ordered by arrival.
const SAME_SECOND_MS: i64 = 1_000;

/// The most characters of a message the chatter list shows under its name.
const PREVIEW_CHARS: usize = 160;

fn preview(body: Option<&str>, media_name: Option<&str>) -> Option<String> {
    let text = body.filter(|b| !b.trim().is_empty()).or(media_name)?;
    Some(text.chars().take(PREVIEW_CHARS).collect())
}

/// The conversation of `chat`, made when new (two deliveries at once make one).
async fn conversation_of(
    txn: &DatabaseTransaction,
    chat: &Chat<'_>,
    now: EpochMs,
) -> Result<(conversation::Model, bool), StoreError> {
    use conversation::Column as C;
    let backend = txn.get_database_backend();
    let insert = Query::insert()
        .into_table(conversation::Entity)
        .columns([
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
        ])
        .values_panic([
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
        ])
        .on_conflict(
            OnConflict::columns([C::ChannelId, C::ChatId])
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    let made = txn.execute(backend.build(&insert)).await?.rows_affected() > 0;
    // A person's first chat with the organisation makes them one of its contacts (`/leads`).
    let person = !chat.is_group && chat.contact.bytes().all(|b| b.is_ascii_digit());
    if made && person && chat.org_id > 0 {
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
    let mut find = conversation::Entity::find()
        .filter(C::ChannelId.eq(chat.channel_id))
        .filter(C::ChatId.eq(chat.chat_id));
    // Two messages of one chat at once: the second reads the conversation as the first left it
    // (`touch` computes from what it read). SQLite's insert above already holds the write lock.
    if backend == sea_orm::DatabaseBackend::Postgres {
        find = find.lock_exclusive();
    }
    let row = find.one(txn).await?.ok_or(StoreError::NotFound)?;
    Ok((row, made))
}

/// Stores `msg` in `chat` unless its source id is already there, and brings the conversation up
/// to date: the newest message's time, direction and preview; an inbound message reopens a closed
/// conversation and starts the needs-reply clock, an outbound one stops it.
pub async fn record(
    store: &Store,
    chat: &Chat<'_>,
    msg: &Incoming<'_>,
    now: EpochMs,
) -> Result<Recorded, StoreError> {
    let txn = store.begin_write().await?;
    let recorded = record_in(&txn, chat, msg, now).await?;
    txn.commit().await?;
    Ok(recorded)
}

/// An insert of messages that stores each once per conversation and source id (a webhook's
/// retry, an extension's re-send change nothing); rows from [`message_row`].
pub(crate) fn messages_stored_once() -> InsertStatement {
    use message::Column as M;
    Query::insert()
        .into_table(message::Entity)
        .columns([
            M::OrgId,
            M::ConversationId,
            M::SourceId,
            M::Kind,
            M::Outbound,
            M::AuthorId,
            M::Sender,
            M::Body,
            M::MediaKey,
            M::MediaUrl,
            M::MediaNextAt,
            M::MediaType,
            M::MediaName,
            M::Ack,
            M::SentAt,
            M::CreatedAt,
        ])
        .on_conflict(
            OnConflict::columns([M::ConversationId, M::SourceId])
                .do_nothing()
                .to_owned(),
        )
        .to_owned()
}

/// `msg`'s row in [`messages_stored_once`] (its media due for fetching at once).
pub(crate) fn message_row(
    org_id: i64,
    conversation_id: i64,
    source: &str,
    msg: &Incoming<'_>,
    now: EpochMs,
) -> [SimpleExpr; 16] {
    [
        org_id.into(),
        conversation_id.into(),
        source.into(),
        msg.kind.into(),
        msg.outbound.into(),
        msg.author_id.into(),
        msg.sender.map(str::to_owned).into(),
        msg.body.map(str::to_owned).into(),
        msg.media_key.map(str::to_owned).into(),
        msg.media_url.map(str::to_owned).into(),
        msg.media_url.map(|_| now).into(),
        msg.media_type.map(str::to_owned).into(),
        msg.media_name.map(str::to_owned).into(),
        msg.ack.code().into(),
        msg.sent_at.into(),
        now.into(),
    ]
}

pub(crate) async fn record_in(
    txn: &DatabaseTransaction,
    chat: &Chat<'_>,
    msg: &Incoming<'_>,
    now: EpochMs,
) -> Result<Recorded, StoreError> {
    use message::Column as M;
    let backend = txn.get_database_backend();
    let (conv, new_conversation) = conversation_of(txn, chat, now).await?;
    let Some(source) = msg.source_id else {
        // A reply not yet handed over has no source id to collide on.
        let row = new_message(chat.org_id, conv.id, msg, now)
            .insert(txn)
            .await?;
        if msg.kind == MESSAGE {
            touch(txn, &conv, msg).await?;
        }
        return Ok(Recorded {
            conversation_id: conv.id,
            message_id: Some(row.id),
            new_conversation,
        });
    };
    let mut insert = messages_stored_once();
    insert.values_panic(message_row(chat.org_id, conv.id, source, msg, now));
    if txn.execute(backend.build(&insert)).await?.rows_affected() == 0 {
        return Ok(Recorded {
            conversation_id: conv.id,
            message_id: None,
            new_conversation,
        });
    }
    let message_id = message::Entity::find()
        .filter(M::ConversationId.eq(conv.id))
        .filter(M::SourceId.eq(source))
        .one(txn)
        .await?
        .ok_or(StoreError::NotFound)?
        .id;
    if msg.kind == MESSAGE {
        touch(txn, &conv, msg).await?;
    }
    Ok(Recorded {
        conversation_id: conv.id,
        message_id: Some(message_id),
        new_conversation,
    })
}

fn new_message(
    org_id: i64,
    conversation_id: i64,
    msg: &Incoming<'_>,
    now: EpochMs,
) -> message::ActiveModel {
    message::ActiveModel {
        org_id: Set(org_id),
        conversation_id: Set(conversation_id),
        source_id: Set(msg.source_id.map(str::to_owned)),
        kind: Set(msg.kind),
        outbound: Set(msg.outbound),
        author_id: Set(msg.author_id),
        sender: Set(msg.sender.map(str::to_owned)),
        body: Set(msg.body.map(str::to_owned)),
        media_key: Set(msg.media_key.map(str::to_owned)),
        media_url: Set(msg.media_url.map(str::to_owned)),
        media_tries: Set(0),
        media_next_at: Set(msg.media_url.map(|_| now)),
        media_type: Set(msg.media_type.map(str::to_owned)),
        media_name: Set(msg.media_name.map(str::to_owned)),
        ack: Set(msg.ack.code()),
        error: Set(None),
        sent_at: Set(msg.sent_at),
        created_at: Set(now),
        ..Default::default()
    }
}

/// A conversation's fields its messages keep current: the newest message leads the list and
/// sets the direction; the per-direction times only move forward; an inbound message reopens a
/// closed conversation and starts the needs-reply clock, an outbound one stops it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Standing {
    last_message_at: EpochMs,
    last_outbound: bool,
    preview: Option<String>,
    escalate_at: Option<EpochMs>,
    open: bool,
    last_inbound_at: Option<EpochMs>,
    last_outbound_at: Option<EpochMs>,
}

impl Standing {
    pub(crate) fn of(c: &conversation::Model) -> Standing {
        Standing {
            last_message_at: c.last_message_at,
            last_outbound: c.last_outbound,
            preview: c.preview.clone(),
            escalate_at: c.escalate_at,
            open: c.open,
            last_inbound_at: c.last_inbound_at,
            last_outbound_at: c.last_outbound_at,
        }
    }

    /// The standing once `msg` is stored too.
    pub(crate) fn after(&mut self, msg: &Incoming<'_>) {
        // Gateways stamp messages to the second, our replies to the millisecond: within a
        // second, the message that arrives later is the newer one.
        if msg.sent_at + SAME_SECOND_MS > self.last_message_at {
            // A running clock keeps its start unless the conversation was closed or answered.
            let restart = self.escalate_at.is_none() || !self.open || self.last_outbound;
            self.last_message_at = msg.sent_at.max(self.last_message_at);
            self.last_outbound = msg.outbound;
            self.preview = preview(msg.body, msg.media_name);
            if msg.outbound {
                self.escalate_at = None;
            } else {
                self.open = true;
                if restart {
                    self.escalate_at = msg.escalate_at;
                }
            }
        }
        let at = if msg.outbound {
            &mut self.last_outbound_at
        } else {
            &mut self.last_inbound_at
        };
        if at.is_none_or(|b| b < msg.sent_at) {
            *at = Some(msg.sent_at);
        }
    }

    /// The columns a standing sets, in [`Standing::row`]'s order after the key.
    pub(crate) const COLUMNS: [&'static str; 7] = [
        "last_message_at",
        "last_outbound",
        "preview",
        "escalate_at",
        "open",
        "last_inbound_at",
        "last_outbound_at",
    ];

    /// Conversation `id`'s row for [`crate::bulk::update_by_key`].
    pub(crate) fn row(self, id: i64) -> Vec<sea_orm::Value> {
        vec![
            id.into(),
            self.last_message_at.into(),
            self.last_outbound.into(),
            self.preview.into(),
            self.escalate_at.into(),
            self.open.into(),
            self.last_inbound_at.into(),
            self.last_outbound_at.into(),
        ]
    }
}

/// Writes the standings of conversations (their rows locked by the caller) in one statement.
pub(crate) async fn write_standings(
    txn: &DatabaseTransaction,
    rows: Vec<Vec<sea_orm::Value>>,
) -> Result<(), StoreError> {
    crate::bulk::update_by_key(txn, "inbox_conversations", "id", &Standing::COLUMNS, rows).await?;
    Ok(())
}

/// The conversation's fields after `msg`.
async fn touch(
    txn: &DatabaseTransaction,
    conv: &conversation::Model,
    msg: &Incoming<'_>,
) -> Result<(), StoreError> {
    let before = Standing::of(conv);
    let mut after = before.clone();
    after.after(msg);
    if after != before {
        write_standings(txn, vec![after.row(conv.id)]).await?;
    }
    Ok(())
}

/// Applies an ack to the message `source_id` of the chat `chat_id` on `channel_id`: the stored
/// ack moves only as [`Ack::merge`] allows, by compare-and-swap so two acks at once both count.
/// Answers the message's conversation, id and new ack when it changed; None when the message is
/// unknown (an ack for a message sent from the phone before we stored it) or nothing changed.
pub async fn apply_ack(
    store: &Store,
    channel_id: i64,
    chat_id: &str,
    source_id: &str,
    ack: Ack,
    error: Option<&str>,
) -> Result<Option<(i64, i64, Ack)>, StoreError> {
    let Some(conv) = conversation::Entity::find()
        .filter(conversation::Column::ChannelId.eq(channel_id))
        .filter(conversation::Column::ChatId.eq(chat_id))
        .one(store.conn())
        .await?
    else {
        return Ok(None);
    };
    for _ in 0..8 {
        let Some(row) = message::Entity::find()
            .filter(message::Column::ConversationId.eq(conv.id))
            .filter(message::Column::SourceId.eq(source_id))
            .one(store.conn())
            .await?
        else {
            return Ok(None);
        };
        let before = Ack::from_code(row.ack);
        let after = before.merge(ack);
        if after == before {
            return Ok(None);
        }
        let mut update =
            message::Entity::update_many().col_expr(message::Column::Ack, after.code().into());
        if after == Ack::Failed {
            update = update.col_expr(message::Column::Error, error.map(str::to_owned).into());
        }
        let done = update
            .filter(message::Column::Id.eq(row.id))
            .filter(message::Column::Ack.eq(row.ack))
            .exec(store.conn())
            .await?;
        if done.rows_affected > 0 {
            return Ok(Some((conv.id, row.id, after)));
        }
    }
    Ok(None)
}

/// The conversation of `chat`, made (at the top of the list) when there is none: a chat opened
/// by number before anyone wrote.
pub async fn open(store: &Store, chat: &Chat<'_>, now: EpochMs) -> Result<i64, StoreError> {
    let txn = store.begin_write().await?;
    let (conv, made) = conversation_of(&txn, chat, now).await?;
    if made {
        conversation::Entity::update_many()
            .col_expr(conversation::Column::LastMessageAt, now.into())
            .filter(conversation::Column::Id.eq(conv.id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(conv.id)
}

/// Stores an internal note of `conversation_id` with the members it mentions, in one transaction.
pub async fn note(
    store: &Store,
    org_id: i64,
    conversation_id: i64,
    author_id: i64,
    body: &str,
    mentioned: &[i64],
    now: EpochMs,
) -> Result<message::Model, StoreError> {
    use crate::entity::inbox::mention;
    let txn = store.begin_write().await?;
    let row = message::ActiveModel {
        org_id: Set(org_id),
        conversation_id: Set(conversation_id),
        source_id: Set(None),
        kind: Set(super::NOTE),
        outbound: Set(false),
        author_id: Set(Some(author_id)),
        sender: Set(None),
        body: Set(Some(body.to_owned())),
        media_key: Set(None),
        media_url: Set(None),
        media_tries: Set(0),
        media_next_at: Set(None),
        media_type: Set(None),
        media_name: Set(None),
        ack: Set(Ack::Read.code()),
        error: Set(None),
        sent_at: Set(now),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    for user_id in mentioned {
        mention::ActiveModel {
            org_id: Set(org_id),
            conversation_id: Set(conversation_id),
            message_id: Set(row.id),
            user_id: Set(*user_id),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(row)
}

/// A member's own chat message reported by the extension, stored in the inbox too (in the
/// ingesting transaction): the member's channel (made on their first message), the
/// conversation, the message once by the event's id. A chat id that is not a person's or a
/// group's chat (a broadcast, a status) is left to the dashboards.
pub(crate) async fn member_message_in(
    txn: &DatabaseTransaction,
    org_id: i64,
    e: &domain::events::MessageEvent,
    now: EpochMs,
) -> Result<(), StoreError> {
    let Ok(chat) = domain::inbox::ChatRef::parse(&e.chat_id) else {
        return Ok(());
    };
    let channel_id = member_channel_in(txn, org_id, e.user_id, now).await?;
    let outbound = e.direction == domain::events::MESSAGE_OUTGOING;
    let ack = e
        .ack
        .and_then(|a| Ack::from_gateway(i64::from(a)))
        .unwrap_or(if outbound { Ack::Sent } else { Ack::Delivered });
    let sender = if chat.group && !outbound {
        e.sender_name.as_deref().or(e.sent_by_number.as_deref())
    } else {
        None
    };
    record_in(
        txn,
        &Chat {
            org_id,
            channel_id,
            owner_id: Some(e.user_id),
            chat_id: &chat.chat_id,
            contact: &chat.contact,
            is_group: chat.group,
            name: e.channel_name.as_deref().filter(|n| !n.trim().is_empty()),
        },
        &Incoming {
            source_id: Some(&e.event_id),
            kind: super::MESSAGE,
            outbound,
            author_id: outbound.then_some(e.user_id),
            sender,
            body: e.message.as_deref(),
            media_key: None,
            media_url: None,
            media_type: None,
            media_name: e.file_name.as_deref(),
            ack,
            sent_at: e.occurred_at,
            escalate_at: None,
        },
        now,
    )
    .await?;
    Ok(())
}

/// The member's own channel in the organisation, made when new (two at once make one).
async fn member_channel_in(
    txn: &DatabaseTransaction,
    org_id: i64,
    user_id: i64,
    now: EpochMs,
) -> Result<i64, StoreError> {
    use crate::entity::inbox::channel;
    use channel::Column as K;
    let insert = Query::insert()
        .into_table(channel::Entity)
        .columns([
            K::OrgId,
            K::Kind,
            K::UserId,
            K::Name,
            K::State,
            K::StateAt,
            K::CreatedAt,
            K::UpdatedAt,
        ])
        .values_panic([
            org_id.into(),
            super::MEMBER.into(),
            user_id.into(),
            "".into(),
            "WORKING".into(),
            now.into(),
            now.into(),
            now.into(),
        ])
        .on_conflict(
            OnConflict::columns([K::OrgId, K::Kind, K::UserId])
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    txn.execute(txn.get_database_backend().build(&insert))
        .await?;
    Ok(channel::Entity::find()
        .filter(K::OrgId.eq(org_id))
        .filter(K::Kind.eq(super::MEMBER))
        .filter(K::UserId.eq(user_id))
        .one(txn)
        .await?
        .ok_or(StoreError::NotFound)?
        .id)
}
