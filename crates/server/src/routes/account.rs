//! My Account and the person's settings (issue #28, 001 §2): the profile (photo, name, language,
//! country, WhatsApp number, and the role from a membership), the photo uploaded to the file
//! store, and the settings (blur contact name and image, AI button, signature, notifications).
//!
//! A photo is only ever served as the JPEG [`crate::photo`] wrote, under an address that
//! changes with each upload (so it is cached for good), and only while it is someone's current
//! photo.

use super::{Access, Routes};
use crate::access::member;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::photo;
use crate::state::AppState;
use crate::workspace::{limits, workspace};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use contract::accounts::{
    AccountProfile, AccountSettings, ProfileChange, ProfileQuery, SettingsChange, SettingsQuery,
};
use contract::ErrorCode;
use domain::accounts::{PhoneNumber, COUNTRY_CODES};
use domain::language::Language;
use domain::RuleError;
use store::entity::user;
use store::profile::{ProfileFields, Settings};
use utoipa_axum::routes;

/// The longest name kept.
pub const MAX_NAME_CHARS: usize = 120;
/// Where a photo is served; the id is the random part of its file-store key.
const PHOTO_PATH: &str = "/api/account/photos/";
/// Tries at swapping the photo when other uploads of the same person land in between.
const SWAP_TRIES: usize = 3;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(get_profile))
        .add(Access::SignedIn, routes!(change_profile))
        .add(Access::SignedIn, routes!(upload_photo))
        .add(Access::SignedIn, routes!(remove_photo))
        .add_extension(Access::SignedIn, routes!(photo))
        .add_extension(Access::Scoped, routes!(get_settings))
        .add(Access::Scoped, routes!(change_settings))
}

/// 001 §7 'GET all user profile data ?workspace_id': the caller's profile, with their role in
/// `org_id` (their default organisation when absent).
#[utoipa::path(
    get,
    path = "/api/account/profile",
    tag = "account",
    params(ProfileQuery),
    responses(
        (status = 200, description = "The profile", body = AccountProfile),
        (status = 404, description = "Another person's `workspace_id`, or not a member of `org_id`", body = contract::ErrorBody),
    )
)]
pub async fn get_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ProfileQuery>,
) -> Result<Json<AccountProfile>, AppError> {
    if q.workspace_id.is_some_and(|id| id != user.id) {
        return Err(AppError::not_found());
    }
    profile_answer(&state, &user, q.org_id).await.map(Json)
}

async fn profile_answer(
    state: &AppState,
    user: &user::Model,
    org_id: Option<i64>,
) -> Result<AccountProfile, AppError> {
    let (org, role_id) = match org_id {
        Some(org) if org != crate::workspace::PERSONAL => {
            let m = member(state, user, org).await?;
            (Some(org), Some(m.role_id))
        }
        Some(_) => (None, None),
        None => match crate::access::default_org(state, user).await? {
            Some(org) => (Some(org), Some(member(state, user, org).await?.role_id)),
            None => (None, None),
        },
    };
    let org_name = match org {
        Some(id) => store::orgs::organisation(&state.store, id)
            .await?
            .map(|o| o.name),
        None => None,
    };
    Ok(AccountProfile {
        id: user.id,
        email: user.email.clone(),
        name: user.name.clone(),
        profile_pic: user.profile_pic.clone(),
        preferred_language: user.preferred_language.clone(),
        country: user.country.clone(),
        whatsapp_no: user.whatsapp_no.clone(),
        org_id: org,
        org_name,
        role_id,
    })
}

/// Changes the fields present: name (1–120 characters), `preferred_language` (one of the six),
/// `country` (ISO 3166-1 alpha-2) and `whatsapp_no` (with its country code, 001 §5); an empty
/// `country` or `whatsapp_no` clears it. Every broken field is named at once.
#[utoipa::path(
    patch,
    path = "/api/account/profile",
    tag = "account",
    request_body = ProfileChange,
    responses(
        (status = 200, description = "The profile as stored", body = AccountProfile),
        (status = 422, description = "`fields.name`, `fields.preferred_language`, `fields.country` or `fields.whatsapp_no`", body = contract::ErrorBody),
    )
)]
pub async fn change_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ProfileChange>,
) -> Result<Json<AccountProfile>, AppError> {
    let fields = profile_fields(req).map_err(|broken| {
        AppError::invalid_fields(
            broken
                .into_iter()
                .map(|(f, rule)| (f.to_owned(), rule.code().to_owned()))
                .collect(),
        )
    })?;
    let now = state.clock.now_ms();
    let user = store::profile::update_profile(&state.store, user.id, fields, now)
        .await?
        .ok_or_else(AppError::not_found)?;
    profile_answer(&state, &user, None).await.map(Json)
}

/// The change checked field by field; the broken ones with their rule.
fn profile_fields(req: ProfileChange) -> Result<ProfileFields, Vec<(&'static str, RuleError)>> {
    let mut broken = Vec::new();
    let mut fields = ProfileFields::default();
    if let Some(name) = req.name {
        let name = name.trim();
        if name.is_empty() {
            broken.push(("name", RuleError::FieldsRequired));
        } else if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
            broken.push(("name", RuleError::ValueInvalid));
        } else {
            fields.name = Some(name.to_owned());
        }
    }
    // The language and the country are picked from lists, so they are taken exactly as the
    // document's enums state them.
    if let Some(tag) = req.preferred_language {
        match Language::ALL.iter().find(|l| l.tag() == tag) {
            Some(lang) => fields.language = Some(lang.tag().to_owned()),
            None => broken.push(("preferred_language", RuleError::ValueInvalid)),
        }
    }
    if let Some(raw) = req.country {
        if raw.is_empty() {
            fields.country = Some(None);
        } else {
            match COUNTRY_CODES.binary_search(&raw.as_str()) {
                Ok(i) => fields.country = Some(Some(COUNTRY_CODES[i].to_owned())),
                Err(_) => broken.push(("country", RuleError::ValueInvalid)),
            }
        }
    }
    if let Some(raw) = req.whatsapp_no {
        if raw.trim().is_empty() {
            fields.whatsapp_no = Some(None);
        } else {
            match PhoneNumber::parse(&raw) {
                Ok(n) => fields.whatsapp_no = Some(Some(n.as_str().to_owned())),
                Err(rule) => broken.push(("whatsapp_no", rule)),
            }
        }
    }
    if broken.is_empty() {
        Ok(fields)
    } else {
        Err(broken)
    }
}

/// Uploads a photo (JPEG, PNG or WebP, at most 8 MB, as the request's body): stored as a
/// 256×256 JPEG of its centred square, shown from then on in place of the default avatar.
#[utoipa::path(
    post,
    path = "/api/account/photo",
    tag = "account",
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses(
        (status = 200, description = "The profile with the new photo's address", body = AccountProfile),
        (status = 422, description = "`fields.photo`: photo_unreadable or photo_too_large", body = contract::ErrorBody),
    )
)]
pub async fn upload_photo(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    req: Request,
) -> Result<Json<AccountProfile>, AppError> {
    let too_large = || AppError::invalid_field("photo", RuleError::PhotoTooLarge);
    let bytes = axum::body::to_bytes(req.into_body(), photo::MAX_UPLOAD_BYTES)
        .await
        .map_err(|_| too_large())?;
    let jpeg = tokio::task::spawn_blocking(move || photo::square_jpeg(&bytes))
        .await
        .map_err(AppError::internal)?
        .map_err(|_| AppError::invalid_field("photo", RuleError::PhotoUnreadable))?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    let key = photo_key(&id);
    state
        .files
        .put(&key, &jpeg)
        .await
        .map_err(AppError::internal)?;
    let url = format!("{PHOTO_PATH}{id}");
    set_photo(&state, &user, Some((&key, &url))).await?;
    let user = fresh(&state, user.id).await?;
    profile_answer(&state, &user, None).await.map(Json)
}

/// Removes the photo: the default avatar is shown again.
#[utoipa::path(
    delete,
    path = "/api/account/photo",
    tag = "account",
    responses((status = 200, description = "The profile without a photo", body = AccountProfile))
)]
pub async fn remove_photo(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<AccountProfile>, AppError> {
    set_photo(&state, &user, None).await?;
    let user = fresh(&state, user.id).await?;
    profile_answer(&state, &user, None).await.map(Json)
}

/// Puts the photo in place (or none), then deletes the file it replaced. The file just written
/// is deleted instead when the swap cannot be made.
async fn set_photo(
    state: &AppState,
    user: &user::Model,
    new: Option<(&str, &str)>,
) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut expected = fresh(state, user.id).await?.photo_key;
    for _ in 0..SWAP_TRIES {
        let swapped = store::profile::swap_photo(
            &state.store,
            user.id,
            expected.as_deref(),
            new.map(|(k, _)| k),
            new.map(|(_, u)| u),
            now,
        )
        .await;
        match swapped {
            Ok(Ok(())) => {
                if let Some(old) = expected {
                    if let Err(e) = state.files.delete(&old).await {
                        tracing::warn!(key = %old, error = %e, "a replaced photo was not deleted");
                    }
                }
                return Ok(());
            }
            Ok(Err(current)) => expected = current,
            Err(e) => {
                discard(state, new).await;
                return Err(e.into());
            }
        }
    }
    discard(state, new).await;
    Err(AppError::new(
        ErrorCode::Conflict,
        "the photo changed meanwhile; try again",
    ))
}

async fn discard(state: &AppState, new: Option<(&str, &str)>) {
    if let Some((key, _)) = new {
        let _ = state.files.delete(key).await;
    }
}

async fn fresh(state: &AppState, id: i64) -> Result<user::Model, AppError> {
    store::accounts::find_user(&state.store, id)
        .await?
        .ok_or_else(AppError::not_found)
}

fn photo_key(id: &str) -> String {
    format!("photos/{id}.jpg")
}

/// A person's photo, by the id in its address: a JPEG, cached for good (a new photo is a new
/// address); 404 once it has been replaced or removed. Teammates see each other's photos, so
/// any signed-in caller may read one whose address they were given.
#[utoipa::path(
    get,
    path = "/api/account/photos/{id}",
    tag = "account",
    params(("id" = String, Path, description = "The photo's id, from `profile_pic`")),
    responses(
        (status = 200, description = "The photo", content_type = "image/jpeg", body = Vec<u8>),
        (status = 404, description = "No such photo", body = contract::ErrorBody),
    )
)]
pub async fn photo(
    State(state): State<AppState>,
    _caller: CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found());
    }
    let key = photo_key(&id);
    if !store::profile::is_current_photo(&state.store, &key).await? {
        return Err(AppError::not_found());
    }
    let bytes = state
        .files
        .get(&key)
        .await
        .map_err(|_| AppError::not_found())?;
    let mut res = (StatusCode::OK, Body::from(bytes)).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=31536000, immutable"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(res)
}

/// The caller's settings; `signature` is always true where the workspace's plan appends it
/// (001 §9 Free), and `signature_required` says so.
#[utoipa::path(
    get,
    path = "/api/account/settings",
    tag = "account",
    params(SettingsQuery),
    responses(
        (status = 200, description = "The settings", body = AccountSettings),
        (status = 404, description = "Not a member of `org_id`", body = contract::ErrorBody),
    )
)]
pub async fn get_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SettingsQuery>,
) -> Result<Json<AccountSettings>, AppError> {
    let required = signature_required(&state, &user, q.org_id).await?;
    let stored = store::profile::settings(&state.store, user.id).await?;
    Ok(Json(settings_answer(stored, required)))
}

/// Changes the caller's settings. Turning the signature off where the workspace's plan appends
/// it is 402 `not_in_plan`, and nothing is changed.
#[utoipa::path(
    put,
    path = "/api/account/settings",
    tag = "account",
    params(SettingsQuery),
    request_body = SettingsChange,
    responses(
        (status = 200, description = "The settings as stored", body = AccountSettings),
        (status = 402, description = "`not_in_plan`: the signature is always added on this plan", body = contract::ErrorBody),
        (status = 404, description = "Not a member of `org_id`", body = contract::ErrorBody),
    )
)]
pub async fn change_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SettingsQuery>,
    Json(req): Json<SettingsChange>,
) -> Result<Json<AccountSettings>, AppError> {
    let required = signature_required(&state, &user, q.org_id).await?;
    if required && !req.signature {
        return Err(AppError::new(
            ErrorCode::NotInPlan,
            "the signature is added to every message on the Free plan; upgrade to turn it off",
        ));
    }
    let s = Settings {
        notifications_enabled: req.notifications_enabled,
        notification_sound: req.notification_sound,
        blur_contacts: req.blur_contacts,
        ai_button: req.ai_button,
        signature: req.signature,
    };
    store::profile::set_settings(&state.store, user.id, s).await?;
    Ok(Json(settings_answer(s, required)))
}

async fn signature_required(
    state: &AppState,
    user: &user::Model,
    org_id: Option<i64>,
) -> Result<bool, AppError> {
    let ws = workspace(state, user, org_id).await?;
    Ok(limits(state, &ws).await?.signature)
}

fn settings_answer(s: Settings, required: bool) -> AccountSettings {
    AccountSettings {
        blur_contacts: s.blur_contacts,
        ai_button: s.ai_button,
        signature: s.signature || required,
        signature_required: required,
        notifications_enabled: s.notifications_enabled,
        notification_sound: s.notification_sound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(
        name: Option<&str>,
        lang: Option<&str>,
        country: Option<&str>,
        no: Option<&str>,
    ) -> ProfileChange {
        ProfileChange {
            name: name.map(Into::into),
            preferred_language: lang.map(Into::into),
            country: country.map(Into::into),
            whatsapp_no: no.map(Into::into),
        }
    }

    #[test]
    fn every_broken_field_is_named_at_once() {
        let broken =
            profile_fields(change(Some("  "), Some("fr"), Some("XX"), Some("98123"))).unwrap_err();
        let names: Vec<_> = broken.iter().map(|(f, _)| *f).collect();
        assert_eq!(
            names,
            ["name", "preferred_language", "country", "whatsapp_no"]
        );
    }

    #[test]
    fn fields_are_stored_in_their_one_form() {
        let f = profile_fields(change(
            Some(" Asha "),
            Some("pt-BR"),
            Some("IN"),
            Some("+91 98123 45678"),
        ))
        .unwrap();
        assert_eq!(f.name.as_deref(), Some("Asha"));
        assert_eq!(f.language.as_deref(), Some("pt-BR"));
        assert_eq!(f.country, Some(Some("IN".into())));
        assert_eq!(f.whatsapp_no, Some(Some("+919812345678".into())));
        let cleared = profile_fields(change(None, None, Some(""), Some(" "))).unwrap();
        assert_eq!(
            (cleared.country, cleared.whatsapp_no),
            (Some(None), Some(None))
        );
        assert!(cleared.name.is_none() && cleared.language.is_none());
    }

    #[test]
    fn a_number_without_its_country_code_says_so() {
        let broken = profile_fields(change(None, None, None, Some("9812345678"))).unwrap_err();
        assert_eq!(
            broken,
            [("whatsapp_no", RuleError::PhoneCountryCodeMissing)]
        );
    }
}
