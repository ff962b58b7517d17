//! sea-orm entities, one module per table. Column names are plain English; the spec's wire
//! names (`callyzer_user_mappings`, `workspace_id`…) are produced by the server's DTOs.

/// A table with an `id` primary key and no relations, as one declaration: its doc, module name,
/// table name and columns.
macro_rules! table {
    ($(#[$doc:meta])* $module:ident, $table:literal, { $($(#[$fdoc:meta])* $field:ident : $ty:ty),+ $(,)? }) => {
        $(#[$doc])*
        pub mod $module {
            use sea_orm::entity::prelude::*;

            #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
            #[sea_orm(table_name = $table)]
            pub struct Model {
                #[sea_orm(primary_key)]
                pub id: i64,
                $($(#[$fdoc])* pub $field: $ty,)+
            }

            #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
            pub enum Relation {}

            impl ActiveModelBehavior for ActiveModel {}
        }
    };
}

pub mod billing;
pub mod business_hours;
pub mod contact;
pub mod dev_mail;
pub mod extension_token;
pub mod feedback;
pub mod inbox;
pub mod integration;
pub mod kb;
pub mod login_code;
pub mod manage;
pub mod membership;
pub mod oauth_state;
pub mod onboarding;
pub mod operator;
pub mod org_audit;
pub mod organisation;
pub mod referral;
pub mod session;
pub mod stored_file;
pub mod team;
pub mod user;
