//! Joining an organisation by its code (issue #28): whether the organisation lets people join
//! with its code (on by default; its admins turn it off). The one-time codes that prove the
//! person's mailbox are kept with the sign-in codes (`login_codes`, under a key of their own).

use crate::columns::{add_columns, drop_columns, flag, migration};
use sea_orm_migration::prelude::*;

migration!();

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_columns(m, "organisations", [flag("join_by_code", true)]).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    drop_columns(m, "organisations", &["join_by_code"]).await
}
