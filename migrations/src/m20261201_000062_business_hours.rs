//! The organisation's business hours (issue #30), one row each: every weekday's shifts and the
//! holidays (JSON, as `domain::business_hours` reads them), in the organisation's zone, with the
//! first-response target the SLA share is measured against and the minutes a missed call should
//! be returned within. The team inbox's needs-reply clock had its own hours (open weekdays and
//! one window, on `inbox_settings`): each is carried over as the organisation's hours, and the
//! inbox's columns go, so there is one place an organisation says when it is open.

use crate::columns::{
    add_columns, at, big, big_null, drop_columns, id, int, int_null, small, text, Tables,
};
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

crate::columns::migration!();

fn tables(t: &mut Tables) {
    t.add("business_hours")
        .columns([
            id(),
            big("org_id"),
            text("week"),
            text("holidays"),
            int_null("response_target_min"),
            int_null("callback_target_min"),
            big_null("updated_by"),
            at("updated_at"),
        ])
        .cascade("org_id", "organisations")
        .index(&["org_id"], true);
}

/// The week of an inbox window: the open weekdays (bit 0 Monday) each with one shift.
fn week_json(days: i64, start_min: i64, end_min: i64) -> String {
    let hhmm = |m: i64| format!("{:02}:{:02}", m / 60, m % 60);
    let shift = format!(
        r#"[{{"start":"{}","end":"{}"}}]"#,
        hhmm(start_min),
        hhmm(end_min)
    );
    let days: Vec<&str> = (0..7)
        .map(|d| {
            if days & (1 << d) != 0 {
                shift.as_str()
            } else {
                "[]"
            }
        })
        .collect();
    format!("[{}]", days.join(","))
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).create(m).await?;
    let db = m.get_connection();
    let backend = db.get_database_backend();
    let rows = db
        .query_all(Statement::from_string(
            backend,
            "SELECT org_id, days, start_min, end_min, updated_at FROM inbox_settings",
        ))
        .await?;
    for r in rows {
        let get = |c: &str| -> Result<i64, DbErr> {
            r.try_get::<i64>("", c)
                .or_else(|_| r.try_get::<i32>("", c).map(i64::from))
                .or_else(|_| r.try_get::<i16>("", c).map(i64::from))
        };
        let insert = Query::insert()
            .into_table(Alias::new("business_hours"))
            .columns([
                Alias::new("org_id"),
                Alias::new("week"),
                Alias::new("holidays"),
                Alias::new("updated_at"),
            ])
            .values_panic([
                get("org_id")?.into(),
                week_json(get("days")?, get("start_min")?, get("end_min")?).into(),
                "[]".into(),
                get("updated_at")?.into(),
            ])
            .to_owned();
        m.exec_stmt(insert).await?;
    }
    drop_columns(m, "inbox_settings", &["days", "start_min", "end_min"]).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_columns(
        m,
        "inbox_settings",
        [
            small("days").default(31).to_owned(),
            int("start_min").default(540).to_owned(),
            int("end_min").default(1080).to_owned(),
        ],
    )
    .await?;
    Tables::new(tables).drop(m).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_inbox_window_becomes_a_week_of_shifts() {
        assert_eq!(
            super::week_json(0b001_0001, 540, 1440),
            r#"[[{"start":"09:00","end":"24:00"}],[],[],[],[{"start":"09:00","end":"24:00"}],[],[]]"#
        );
    }
}
