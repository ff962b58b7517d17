pub use sea_orm_migration::prelude::*;
