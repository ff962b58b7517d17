//! Zoho's change notifications (issue #29): each member link's pull keeps the notification
//! channel it subscribed (the channel is the pull's id), the token Zoho echoes back in every
//! notification and when the subscription ends, so the hourly pull renews it in time.

use crate::columns::{execute_all, migration};
use sea_orm_migration::prelude::*;

migration!();

const UP: [&str; 2] = [
    "ALTER TABLE crm_pulls ADD COLUMN watch_token VARCHAR(64) NULL",
    "ALTER TABLE crm_pulls ADD COLUMN watch_until BIGINT NULL",
];

const DOWN: [&str; 2] = [
    "ALTER TABLE crm_pulls DROP COLUMN watch_until",
    "ALTER TABLE crm_pulls DROP COLUMN watch_token",
];

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &DOWN).await
}
