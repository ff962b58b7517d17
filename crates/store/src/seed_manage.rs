//! The demo organisation's manage tools (issue #25: the demo said "2 992 quick replies sent"
//! beside "No quick replies yet"): quick replies for each team and the admin, and the
//! organisation's shared labels, with each quick reply's sent count a share of the quick-reply
//! sends the demo activity records, so the list, the dashboard and the quick-reply analytics
//! tell one story. Seeded once; the counts are settled again whenever the activity is.

use crate::entity::manage::{label, quick_reply};
use crate::entity::team;
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

/// A demo quick reply: name, message, and its weight among the sends.
type DemoReply = (&'static str, &'static str, u64);

/// The admin's own, and each team's two (Sales, Support, Renewals in the seed's order).
const ADMIN_REPLIES: [DemoReply; 2] = [
    (
        "Welcome",
        "Hi! Thanks for writing to Demo Traders. How can we help you today?",
        9,
    ),
    (
        "Out of office",
        "We are away right now and will answer first thing tomorrow morning.",
        3,
    ),
];
const TEAM_REPLIES: [[DemoReply; 2]; 3] = [
    [
        (
            "Price list",
            "Here is our current price list. Tell me which items you need and I will prepare a quote.",
            8,
        ),
        (
            "Book a demo",
            "Happy to show you around: which day and time suit you this week?",
            5,
        ),
    ],
    [
        (
            "Order status",
            "Could you send me your order number? I will check where it is right away.",
            7,
        ),
        (
            "Refund steps",
            "Refunds are made to the original payment method within 5 to 7 working days.",
            4,
        ),
    ],
    [
        (
            "Renewal reminder",
            "Your plan renews soon. Shall I keep the same number of seats?",
            6,
        ),
        (
            "Thank you",
            "Thank you for staying with us! Anything else I can help with?",
            3,
        ),
    ],
];
/// The organisation's shared labels: name and colour.
const LABELS: [(&str, &str); 4] = [
    ("New lead", "#2f9e44"),
    ("Follow up", "#f08c00"),
    ("VIP", "#7048e8"),
    ("Closed", "#868e96"),
];

/// Adds the demo quick replies and labels to `org_id` (owned by `admin_id`) unless it has some.
pub async fn seed_demo_manage(
    store: &Store,
    org_id: i64,
    admin_id: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    let has_replies = quick_reply::Entity::find()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .count(store.conn())
        .await?
        > 0;
    if !has_replies {
        let teams: Vec<i64> = team::Entity::find()
            .filter(team::Column::OrgId.eq(org_id))
            .order_by_asc(team::Column::Id)
            .all(store.conn())
            .await?
            .into_iter()
            .map(|t| t.id)
            .collect();
        let owned = ADMIN_REPLIES.iter().map(|r| (None, r));
        let shared = teams
            .iter()
            .zip(TEAM_REPLIES.iter())
            .flat_map(|(t, rs)| rs.iter().map(move |r| (Some(*t), r)));
        for (team_id, (name, message, _)) in owned.chain(shared) {
            crate::scoped::insert::<quick_reply::Entity>(
                store,
                quick_reply::Model {
                    id: 0,
                    org_id,
                    owner_id: admin_id,
                    team_id,
                    name: (*name).to_owned(),
                    message: (*message).to_owned(),
                    sent_count: 0,
                    created_at: now,
                    updated_at: now,
                    attachment_key: None,
                    attachment_name: None,
                    attachment_type: None,
                    attachment_size: None,
                },
            )
            .await?;
        }
    }
    let has_labels = label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .count(store.conn())
        .await?
        > 0;
    if !has_labels {
        for (name, color) in LABELS {
            crate::scoped::insert::<label::Entity>(
                store,
                label::Model {
                    id: 0,
                    org_id,
                    owner_id: admin_id,
                    parent_id: None,
                    name: name.to_owned(),
                    color: color.to_owned(),
                    shared: true,
                    created_at: now,
                    updated_at: now,
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Splits `total` sends by `weights`, the remainder to the first: the parts add up to `total`.
pub fn split_by_weight(total: u64, weights: &[u64]) -> Vec<u64> {
    let sum: u64 = weights.iter().sum();
    if sum == 0 {
        return vec![0; weights.len()];
    }
    let mut parts: Vec<u64> = weights.iter().map(|w| total * w / sum).collect();
    let given: u64 = parts.iter().sum();
    if let Some(first) = parts.first_mut() {
        *first += total - given;
    }
    parts
}

/// Sets the demo quick replies' sent counts to their shares of the organisation's recorded
/// quick-reply sends (absolute values: running it again changes nothing).
pub async fn settle_demo_sent_counts(store: &Store, org_id: i64) -> Result<(), StoreError> {
    let db = store.conn();
    let total =
        crate::analytics::usage_total(store, org_id, crate::analytics::UsageKind::QuickReply)
            .await?
            .max(0) as u64;
    let demo: Vec<DemoReply> = ADMIN_REPLIES
        .iter()
        .chain(TEAM_REPLIES.iter().flatten())
        .copied()
        .collect();
    let parts = split_by_weight(total, &demo.iter().map(|r| r.2).collect::<Vec<_>>());
    for ((name, _, _), sent) in demo.iter().zip(parts) {
        quick_reply::Entity::update_many()
            .col_expr(quick_reply::Column::SentCount, Expr::value(sent as i64))
            .filter(quick_reply::Column::OrgId.eq(org_id))
            .filter(quick_reply::Column::Name.eq(*name))
            .exec(db)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::split_by_weight;

    #[test]
    fn the_parts_add_up_to_the_whole() {
        assert_eq!(split_by_weight(2992, &[9, 3]).iter().sum::<u64>(), 2992);
        assert_eq!(split_by_weight(10, &[1, 1, 1]), vec![4, 3, 3]);
        assert_eq!(split_by_weight(5, &[0, 0]), vec![0, 0]);
        assert_eq!(split_by_weight(0, &[2, 1]), vec![0, 0]);
    }
}
