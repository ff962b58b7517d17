//! Tenant isolation, route by route. The router is built from the route tables
//! (`server::routes::all_routes`), and this test walks the same tables: every route that is not
//! public answers 401 without a session, and every route that names an organisation, a team or
//! a user answers 403 or 404 when a member of organisation A (admin, manager or employee) uses
//! organisation B's ids — or A's organisation with B's team or user — while A's admin succeeds
//! with A's own ids. Organisation B's rows are the same afterwards. A new route without a case
//! here fails the test. The same walk with an extension token: every route outside the
//! extension's scope refuses it (403 `extension_token_not_allowed`, nothing changed), every
//! route in it accepts it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use server::routes::{all_routes, Access};
use std::sync::atomic::{AtomicUsize, Ordering};
use store::entity::{membership, organisation, team, user};
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use testkit::WithSession;
use testkit::{db_test, TestApp};

/// The ids a request names: the organisation side and the people/teams inside it.
#[derive(Clone)]
pub(crate) struct Target {
    org_id: i64,
    code: String,
    /// The workspace named by `workspace_id` / teams-list `user_id`.
    workspace_id: i64,
    team_id: i64,
    /// A member the request acts on.
    user_id: i64,
    /// A member who may be removed.
    removable_id: i64,
    /// Someone invited who has not signed in yet (their invitation may be sent again).
    invited_id: i64,
    email: String,
    /// A webhook delivery of the organisation.
    job_id: i64,
    /// A knowledge-base document and a conversation of the organisation's admin.
    document_id: i64,
    conversation_id: i64,
    /// The admin's manage-tool rows (each with what its routes need: a file, a claimed send).
    manage: ManageIds,
    /// The shared number's gateway, and a conversation on it.
    inbox_gateway: String,
    inbox_conversation: i64,
    inbox_task: i64,
    /// A message of `inbox_conversation` with media kept in the file store.
    inbox_media: i64,
    /// A contact of the organisation (issue #29), owned by nobody, and a deal of it.
    contact_id: i64,
    deal_id: i64,
    /// A ticket and a logged call of the contact.
    ticket_id: i64,
    call_id: i64,
    /// A HubSpot record the admin (HubSpot connected) may link the contact to.
    crm_record: String,
}

/// Ids of an organisation admin's quick reply, label, funnel, property, follow-up, note and
/// scheduled message, and a send of it claimed under `claim_token`.
#[derive(Clone, Default)]
struct ManageIds {
    quick_reply: i64,
    label: i64,
    funnel: i64,
    property: i64,
    follow_up: i64,
    note: i64,
    schedule: i64,
    send: i64,
    claim_token: String,
}

/// A property name without digits ('Property names should not contain numbers').
fn letters(n: usize) -> String {
    let mut n = n + 1;
    let mut out = String::new();
    while n > 0 {
        out.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
    }
    out
}

pub(crate) struct Call {
    pub(crate) method: Method,
    pub(crate) path: String,
    pub(crate) body: Option<Body>,
}

pub(crate) enum Body {
    Json(Value),
    Csv(String),
    Pdf(Vec<u8>),
}

static UNIQUE: AtomicUsize = AtomicUsize::new(0);

fn unique() -> usize {
    UNIQUE.fetch_add(1, Ordering::Relaxed)
}

/// The request a route gets for `org` (organisation ids) and `inner` (team and user ids), and
/// whether it names team or user ids at all. Every scoped route must have a case.
pub(crate) fn case(method: &Method, path: &str, org: &Target, inner: &Target) -> (Call, bool) {
    let p = |s: String| format!("/api{path}{s}");
    let n = unique();
    // The route's own path with a query; whether it names team or user ids.
    let query = |q: String, inner_used: bool| (p(q), None, inner_used);
    // A JSON body to the route's own path.
    let json_to = |v: Value, inner_used: bool| (p(String::new()), Some(Body::Json(v)), inner_used);
    // A JSON body to one of `inner`'s resources (its id in `path`).
    let json_at = |path: String, v: Value| (path, Some(Body::Json(v)), true);
    // The same JSON body creating a resource (POST) or editing `inner`'s one, `id` (PUT).
    let create_or_edit = |id: i64, v: Value| match method.as_str() {
        "POST" => json_to(v, false),
        _ => json_at(format!("/api{}", path.replace("{id}", &id.to_string())), v),
    };
    let (call_path, body, inner_used) = match (method.as_str(), path) {
        ("GET", "/v1/whatzapp/checkuserexistance") => {
            query(format!("?user_email={}", inner.email), true)
        }
        ("GET", "/v1/whatzapp/organizations") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("PATCH", "/v1/whatzapp/organizations/active") => query(
            format!("?workspace_id={}&org_id={}", org.workspace_id, org.org_id),
            false,
        ),
        ("GET", "/v1/whatzapp/usercredithistory") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("GET", "/v1/whatzapp/getOrganizationDetails") => {
            query(format!("?organization_code={}", org.code), false)
        }
        ("PATCH", "/v1/whatzapp/organizations") => json_to(
            json!({ "org_id": org.org_id, "org_name": format!("Renamed {n}") }),
            false,
        ),
        ("POST", "/v1/whatzapp/employees/resend-invitation") => json_to(
            json!({ "org_id": org.org_id, "user_id": inner.invited_id }),
            true,
        ),
        ("POST", "/v1/whatzapp/organizations/remove-user") => query(
            format!("?user_id={}&org_id={}", inner.removable_id, org.org_id),
            true,
        ),
        ("GET", "/v1/whatzapp/organizations/credit-history")
        | ("GET", "/v1/whatzapp/organizations/activity")
        | ("GET", "/v1/whatzapp/remainseatsavablity")
        | ("GET", "/v1/whatzapp/teams")
        | ("GET", "/v1/whatzapp/employees")
        | ("GET", "/v1/whatzapp/employees/invited")
        | ("GET", "/v1/whatzapp/organizations/employees") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        ("POST", "/v1/whatzapp/teams") => json_to(
            json!({ "org_id": org.org_id, "team_name": format!("Team {n}") }),
            false,
        ),
        ("PATCH", "/v1/whatzapp/teams") => json_to(
            json!({
                "org_id": org.org_id, "team_id": inner.team_id, "team_name": format!("Renamed {n}")
            }),
            true,
        ),
        ("PATCH", "/v1/whatzapp/teams/members") => json_to(
            json!({
                "org_id": org.org_id, "team_id": inner.team_id, "user_ids": [inner.user_id]
            }),
            true,
        ),
        ("GET", "/v1/whatzapp/teams/list") => query(
            format!("?user_id={}&org_id={}", org.workspace_id, org.org_id),
            false,
        ),
        ("POST", "/v1/whatzapp/employees") => json_to(
            json!({
                "org_id": org.org_id,
                "employees": [{ "email": format!("new{n}@people.test"), "team_id": inner.team_id }]
            }),
            true,
        ),
        ("PATCH", "/v1/whatzapp/employees") => json_to(
            json!({
                "org_id": org.org_id, "user_id": inner.user_id, "syncing_active": true
            }),
            true,
        ),
        ("POST", "/v1/whatzapp/employees/import") => (
            p(format!("?org_id={}&team_id={}", org.org_id, inner.team_id)),
            Some(Body::Csv(format!("number\n+9190{n:08}\n"))),
            true,
        ),
        ("POST", "/v2/events/calls") => (
            p(String::new()),
            Some(Body::Json(json!({ "org_id": org.org_id, "events": [{
                "id": format!("iso-{n}"), "Datetime": 1_790_000_000_000_i64, "Direction": 1,
                "Duration": 5, "Chatid": "c@c.us", "CreatedByUser": inner.user_id
            }] }))),
            // Another organisation's CreatedByUser is refused per event (not_found), not by status.
            false,
        ),
        ("POST", "/v2/events/messages") => json_to(
            json!({ "org_id": org.org_id, "events": [{
                "MessageId": format!("iso-{n}"), "Datetime": 1_790_000_000_000_i64,
                "Direction": "OUTGOING", "Chatid": "c@c.us", "CreatedByUser": inner.user_id
            }] }),
            false,
        ),
        ("GET", "/v1/analytics/overview")
        | ("GET", "/v1/analytics/active-hours")
        | ("GET", "/v1/analytics/daily")
        | ("GET", "/v1/analytics/comparison")
        | ("GET", "/v1/analytics/chats") => query(
            format!("?org_id={}&user_id={}", org.org_id, inner.user_id),
            true,
        ),
        ("POST", "/v2/events/quick-replies") | ("POST", "/v2/events/schedulers") => json_to(
            json!({ "org_id": org.org_id, "events": [{
                "id": format!("iso-{n}"), "Datetime": 1_790_000_000_000_i64,
                "CreatedByUser": inner.user_id
            }] }), // Another organisation's CreatedByUser is refused per event (not_found).
            false,
        ),
        ("GET", "/v1/whatzapp/quickreplies/analytics")
        | ("GET", "/v1/whatzapp/scheduler/analytics") => query(
            format!("?org_id={}&user_id={}", org.org_id, inner.user_id),
            true,
        ),
        ("POST", "/v1/analytics/search") => (
            p(format!("?org_id={}&index=calls", org.org_id)),
            Some(Body::Json(
                json!({ "size": 0, "query": { "bool": { "filter": [
                { "terms": { "CreatedByUser": [inner.user_id.to_string()] } },
                { "range": { "Datetime": { "gte": 1_780_000_000_000_i64, "lte": 1_790_000_000_000_i64 } } }
            ] } } }),
            )),
            // Another organisation's users named in the terms filter are not visible: no rows.
            false,
        ),
        ("GET", "/v1/analytics/new-calls") => query(
            format!("?org_id={}&team_id={}", org.org_id, inner.team_id),
            true,
        ),
        ("GET", "/v1/whatzapp/freshdesk/getauth")
        | ("DELETE", "/v1/whatzapp/freshdesk/deleteauth") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("POST", "/v1/whatzapp/freshdesk/createauth") => json_to(
            json!({
                "workspace_id": org.workspace_id, "domain": "acme",
                "api_key": testkit::fake::FRESHDESK_API_KEY
            }),
            false,
        ),
        ("GET", "/v1/whatzapp/webhook/endpoints") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        ("POST", "/v1/whatzapp/webhook/endpoints") => {
            json_to(json!({ "org_id": org.org_id, "status": n % 2 }), false)
        }
        ("GET", "/v1/whatzapp/integrations/{provider}/authorize") => (
            format!(
                "/api/v1/whatzapp/integrations/hubspot/authorize?workspace_id={}",
                org.workspace_id
            ),
            None,
            false,
        ),
        ("GET" | "DELETE", "/v1/whatzapp/integrations/{provider}/link") => (
            format!(
                "/api/v1/whatzapp/integrations/hubspot/link?workspace_id={}",
                org.workspace_id
            ),
            None,
            false,
        ),
        ("POST", "/v1/whatzapp/hubspotauthentication") => (
            // `send` fills in a code and a state issued to the caller (OAUTH_RETURN).
            p(format!(
                "?workspace_id={}&code={OAUTH_RETURN}&state={OAUTH_RETURN}",
                org.workspace_id
            )),
            None,
            false,
        ),
        ("POST", "/v1/whatzapp/bitrix/createauth") => (
            p(String::new()),
            // `send` fills in a code and a state issued to the caller (OAUTH_RETURN).
            Some(Body::Json(json!({
                "workspace_id": org.workspace_id, "code": OAUTH_RETURN, "state": OAUTH_RETURN
            }))),
            false,
        ),
        ("POST", "/v1/whatzapp/zoho/auth/token") => (
            p(String::new()),
            // `send` fills in the code, data centre and state Zoho returns to the caller.
            Some(Body::Json(json!({
                "workspace_id": org.workspace_id, "temp_code": OAUTH_RETURN,
                "temp_account_server_url": OAUTH_RETURN, "state": OAUTH_RETURN
            }))),
            false,
        ),
        ("GET", "/v1/whatzapp/zoho/auth/token") | ("DELETE", "/v1/whatzapp/zoho/auth/token") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("GET", "/v1/whatzapp/bitrix/getauth") | ("DELETE", "/v1/whatzapp/bitrix/deleteauth") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("POST", "/v1/whatzapp/googlesheet") => (
            p(String::new()),
            // `send` fills in the code and state Google returns to the caller.
            Some(Body::Json(json!({
                "workspace_id": org.workspace_id, "code": OAUTH_RETURN, "state": OAUTH_RETURN,
                "label_name": "Leads"
            }))),
            false,
        ),
        ("GET", "/v1/whatzapp/googlesheet")
        | ("GET", "/v1/whatzapp/getsheetfunnel")
        | ("DELETE", "/v1/whatzapp/deletegooglesheet") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("PATCH", "/v1/whatzapp/updatesheetfunnel") => (
            p(String::new()),
            // Runs after POST googlesheet (route order), so A's admin has a link to relabel.
            Some(Body::Json(json!({
                "workspace_id": org.workspace_id, "updated_name": format!("Label {n}")
            }))),
            false,
        ),
        ("GET", "/v1/whatzapp/gethubspotauthtokens")
        | ("DELETE", "/v1/whatzapp/deletehubspotauthtoken") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("GET", "/v1/whatzapp/webhook/deliveries")
        | ("GET", "/v1/whatzapp/integrations/lastsync")
        | ("GET", "/v1/whatzapp/integrations/members") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        ("GET", "/v1/whatzapp/webhook/deliveries/{id}/attempts") => (
            format!(
                "/api/v1/whatzapp/webhook/deliveries/{}/attempts?org_id={}",
                inner.job_id, org.org_id
            ),
            None,
            true,
        ),
        ("POST", "/v1/whatzapp/webhook/deliveries/{id}/resend") => json_at(
            format!(
                "/api/v1/whatzapp/webhook/deliveries/{}/resend",
                inner.job_id
            ),
            json!({ "org_id": org.org_id }),
        ),
        ("POST", "/v1/whatzapp/webhook/endpoints/secret") => {
            json_to(json!({ "org_id": org.org_id }), false)
        }
        ("GET", "/v2/crm-label-sync") => query(
            format!("?org_id={}&user_id={}", org.org_id, inner.user_id),
            true,
        ),
        ("POST", "/v1/whatzapp/createorgcheckoutsession") => json_to(
            json!({
                "workspace_id": org.workspace_id, "plan_id": 10, "quantity": 3, "org_id": org.org_id
            }),
            false,
        ),
        ("GET", "/v1/whatzapp/userplanlist") => {
            query(format!("?workspace_id={}", org.workspace_id), false)
        }
        ("GET", "/billing/overview")
        | ("GET", "/billing/history")
        | ("GET", "/billing/limits")
        | ("GET", "/billing/portal")
        | ("GET", "/billing/failed-transactions") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        // The seats the organisation has (a change would need a subscription).
        ("GET", "/billing/seats/preview") => {
            query(format!("?org_id={}&seats=50", org.org_id), false)
        }
        ("POST", "/billing/seats") => json_to(json!({ "org_id": org.org_id, "seats": 50 }), false),
        ("POST", "/kb/documents") => (
            p(format!("?org_id={}&name=n{n}.pdf", org.org_id)),
            Some(Body::Pdf(testkit::pdf::document(&[
                "Shipping leaves on Tuesday.",
            ]))),
            false,
        ),
        ("GET", "/kb/documents") | ("GET", "/kb/conversations") | ("GET", "/kb/unanswered") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        ("POST", "/kb/ask") => json_to(
            json!({
                "org_id": org.org_id, "conversation_id": inner.conversation_id, "question": "refund days"
            }),
            true,
        ),
        ("GET", "/contacts") => query(format!("?org_id={}", org.org_id), false),
        ("POST", "/contacts") => json_to(
            json!({ "org_id": org.org_id, "phone": format!("+4477009{:05}", n % 100_000) }),
            false,
        ),
        ("GET", "/contacts/{id}")
        | ("GET", "/contacts/{id}/history")
        | ("GET", "/contacts/{id}/timeline") => (
            format!(
                "/api{}?org_id={}",
                path.replace("{id}", &inner.contact_id.to_string()),
                org.org_id
            ),
            None,
            true,
        ),
        ("POST", "/contacts/{id}/notes") => json_at(
            format!("/api/contacts/{}/notes", inner.contact_id),
            json!({ "org_id": org.org_id, "body": "Called about the invoice" }),
        ),
        ("POST", "/contacts/{id}/tasks") => json_at(
            format!("/api/contacts/{}/tasks", inner.contact_id),
            json!({ "org_id": org.org_id, "title": "Send the invoice", "due": "2031-01-01T10:00",
                    "time_zone": "UTC" }),
        ),
        ("POST", "/contacts/bulk") => json_to(
            json!({ "org_id": org.org_id, "ids": [inner.contact_id], "lead_status": "OPEN" }),
            true,
        ),
        ("POST", "/contacts/import") => (
            p(format!("?org_id={}&commit=true", org.org_id)),
            Some(Body::Csv(format!(
                "phone,name\n+4477008{:05},Imported\n",
                n % 100_000
            ))),
            false,
        ),
        ("GET", "/contacts/export/{format}") => (
            format!("/api/contacts/export/csv?org_id={}", org.org_id),
            None,
            false,
        ),
        ("GET", "/contacts/{id}/crm") | ("GET", "/contacts/{id}/crm/{provider}/matches") => (
            format!(
                "/api{}?org_id={}",
                path.replace("{id}", &inner.contact_id.to_string())
                    .replace("{provider}", "hubspot"),
                org.org_id
            ),
            None,
            true,
        ),
        ("POST", "/contacts/{id}/crm/{provider}/link") => json_at(
            format!("/api/contacts/{}/crm/hubspot/link", inner.contact_id),
            json!({ "org_id": org.org_id, "crm_id": inner.crm_record }),
        ),
        ("POST", "/contacts/{id}/crm/{provider}/create") => json_at(
            format!("/api/contacts/{}/crm/hubspot/create", inner.contact_id),
            json!({ "org_id": org.org_id }),
        ),
        ("DELETE", "/contacts/{id}/crm/{provider}") => (
            format!(
                "/api/contacts/{}/crm/hubspot?org_id={}",
                inner.contact_id, org.org_id
            ),
            None,
            true,
        ),
        ("POST", "/contacts/crm/pull") => json_to(json!({ "org_id": org.org_id }), false),
        ("GET", "/deals/board") => query(format!("?org_id={}", org.org_id), false),
        ("GET", "/deals") => query(
            format!("?org_id={}&contact_id={}", org.org_id, inner.contact_id),
            true,
        ),
        ("POST", "/deals") => json_to(
            json!({ "org_id": org.org_id, "contact_id": inner.contact_id, "name": format!("Deal {n}") }),
            true,
        ),
        ("GET", "/deals/{id}") | ("DELETE", "/deals/{id}") => (
            format!("/api/deals/{}?org_id={}", inner.deal_id, org.org_id),
            None,
            true,
        ),
        ("PATCH", "/deals/{id}") => json_at(
            format!("/api/deals/{}", inner.deal_id),
            json!({ "org_id": org.org_id, "stage": "qualifiedtobuy" }),
        ),
        ("GET", "/tickets") | ("GET", "/calls") => query(
            format!("?org_id={}&contact_id={}", org.org_id, inner.contact_id),
            true,
        ),
        ("POST", "/tickets") => json_to(
            json!({ "org_id": org.org_id, "contact_id": inner.contact_id, "name": format!("Ticket {n}") }),
            true,
        ),
        ("POST", "/calls") => json_to(
            json!({ "org_id": org.org_id, "contact_id": inner.contact_id, "outcome": "connected", "duration_secs": n }),
            true,
        ),
        ("PATCH", "/tickets/{id}") => json_at(
            format!("/api/tickets/{}", inner.ticket_id),
            json!({ "org_id": org.org_id, "status": "waiting_on_us" }),
        ),
        ("DELETE", "/tickets/{id}") => (
            format!("/api/tickets/{}?org_id={}", inner.ticket_id, org.org_id),
            None,
            true,
        ),
        ("DELETE", "/calls/{id}") => (
            format!("/api/calls/{}?org_id={}", inner.call_id, org.org_id),
            None,
            true,
        ),
        ("PATCH", "/contacts/{id}") => json_at(
            format!("/api/contacts/{}", inner.contact_id),
            json!({ "org_id": org.org_id, "company": format!("Co {n}") }),
        ),
        ("GET", "/kb/documents/{id}/file") | ("DELETE", "/kb/documents/{id}") => (
            format!(
                "/api/kb/documents/{}{}",
                inner.document_id,
                if path.ends_with("/file") { "/file" } else { "" }
            ) + &format!("?org_id={}", org.org_id),
            None,
            true,
        ),
        ("POST", "/v2/ai/reply-suggestion") => json_to(
            json!({
                "org_id": org.org_id, "messages": [{ "text": "refund days?", "direction": "INCOMING" }]
            }),
            false,
        ),
        ("GET", "/v2/ai/replies-left") => query(format!("?org_id={}", org.org_id), false),
        ("GET", "/kb/conversations/{id}") | ("DELETE", "/kb/conversations/{id}") => (
            format!(
                "/api/kb/conversations/{}?org_id={}",
                inner.conversation_id, org.org_id
            ),
            None,
            true,
        ),
        ("PATCH", "/kb/conversations/{id}") => json_at(
            format!(
                "/api/kb/conversations/{}?org_id={}",
                inner.conversation_id, org.org_id
            ),
            json!({ "title": format!("Renamed {n}") }),
        ),
        ("PUT", "/organizations/join-by-code") => {
            json_to(json!({ "org_id": org.org_id, "enabled": true }), false)
        }
        ("GET", "/account/settings") => query(format!("?org_id={}", org.org_id), false),
        // The organisation pays: the signature may be turned off.
        ("PUT", "/account/settings") => (
            p(format!("?org_id={}", org.org_id)),
            Some(Body::Json(json!({
                "blur_contacts": true, "ai_button": false, "signature": true,
                "notifications_enabled": true, "notification_sound": false
            }))),
            false,
        ),
        ("GET", "/manage/quick-replies")
        | ("GET", "/manage/labels")
        | ("GET", "/manage/user-properties")
        | ("GET", "/manage/follow-ups")
        | ("GET", "/manage/schedules")
        | ("GET", "/manage/team-tools-access")
        | ("GET", "/v1/whatzapp/getusertags")
        | ("POST", "/manage/follow-ups/complete-all") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        ("POST", "/manage/quick-replies") => json_to(
            json!({ "org_id": org.org_id, "name": format!("Reply {n}"), "message": "Hi {{first_name}}" }),
            false,
        ),
        ("PUT", "/manage/quick-replies/{id}") => json_at(
            format!("/api/manage/quick-replies/{}", inner.manage.quick_reply),
            json!({ "org_id": org.org_id, "name": format!("Reply {n}"), "message": "Hello" }),
        ),
        ("POST", "/manage/quick-replies/{id}/sent") => json_at(
            format!(
                "/api/manage/quick-replies/{}/sent",
                inner.manage.quick_reply
            ),
            json!({ "org_id": org.org_id, "event_id": format!("e{n}") }),
        ),
        ("POST", "/manage/quick-replies/{id}/attachment")
        | ("POST", "/manage/schedules/{id}/attachment") => (
            format!(
                "/api/manage/{}/{}/attachment?org_id={}&name=f{n}.pdf",
                if path.contains("schedules") {
                    "schedules"
                } else {
                    "quick-replies"
                },
                if path.contains("schedules") {
                    inner.manage.schedule
                } else {
                    inner.manage.quick_reply
                },
                org.org_id
            ),
            Some(Body::Pdf(testkit::pdf::document(&["Price list"]))),
            true,
        ),
        ("GET", "/manage/quick-replies/{id}/attachment")
        | ("DELETE", "/manage/quick-replies/{id}/attachment")
        | ("DELETE", "/manage/quick-replies/{id}")
        | ("GET", "/manage/schedules/{id}/attachment")
        | ("DELETE", "/manage/schedules/{id}/attachment")
        | ("DELETE", "/manage/schedules/{id}")
        | ("DELETE", "/manage/labels/{id}")
        | ("DELETE", "/manage/funnels/{id}")
        | ("DELETE", "/manage/user-properties/{id}")
        | ("DELETE", "/manage/follow-ups/{id}")
        | ("POST", "/manage/follow-ups/{id}/complete")
        | ("DELETE", "/manage/notes/{id}") => {
            let m = &inner.manage;
            let id = match path.split('/').nth(2).unwrap_or_default() {
                "quick-replies" => m.quick_reply,
                "schedules" => m.schedule,
                "labels" => m.label,
                "funnels" => m.funnel,
                "user-properties" => m.property,
                "follow-ups" => m.follow_up,
                _ => m.note,
            };
            (
                format!(
                    "/api{}?org_id={}",
                    path.replace("{id}", &id.to_string()),
                    org.org_id
                ),
                None,
                true,
            )
        }
        ("POST", "/manage/labels") | ("PUT", "/manage/labels/{id}") => create_or_edit(
            inner.manage.label,
            json!({ "org_id": org.org_id, "name": format!("Label {n}"), "color": "#00a884" }),
        ),
        ("POST", "/manage/funnels") | ("PUT", "/manage/funnels/{id}") => create_or_edit(
            inner.manage.funnel,
            json!({ "org_id": org.org_id, "name": format!("Funnel {n}"), "stages": ["New", "Won"] }),
        ),
        ("POST", "/manage/user-properties") => json_to(
            json!({ "org_id": org.org_id, "name": format!("City {}", letters(n)), "kind": "text" }),
            false,
        ),
        ("PUT", "/manage/user-properties/{id}") => json_at(
            format!("/api/manage/user-properties/{}", inner.manage.property),
            json!({ "org_id": org.org_id, "name": format!("Town {}", letters(n)), "kind": "text" }),
        ),
        ("GET", "/manage/contacts/{contact}/tags") => (
            format!(
                "/api/manage/contacts/919800000001/tags?org_id={}",
                org.org_id
            ),
            None,
            false,
        ),
        ("GET", "/manage/contacts/{contact}/properties") => (
            format!(
                "/api/manage/contacts/919800000001/properties?org_id={}",
                org.org_id
            ),
            None,
            false,
        ),
        ("PUT", "/manage/contacts/{contact}/properties") => json_at(
            "/api/manage/contacts/919800000001/properties".to_owned(),
            json!({ "org_id": org.org_id, "values": [{ "property_id": inner.manage.property, "value": "Lisbon" }] }),
        ),
        ("PUT", "/manage/contacts/{contact}/tags") => (
            "/api/manage/contacts/919800000001/tags".to_owned(),
            Some(Body::Json(json!({ "org_id": org.org_id, "tags": ["vip"] }))),
            false,
        ),
        ("GET", "/manage/notes") => query(
            format!("?org_id={}&contact=919800000001", org.org_id),
            false,
        ),
        ("POST", "/manage/notes") => json_to(
            json!({ "org_id": org.org_id, "contact": "919800000001", "kind": "note", "body": format!("Note {n}") }),
            false,
        ),
        ("PUT", "/manage/notes/{id}") => json_at(
            format!("/api/manage/notes/{}", inner.manage.note),
            json!({ "org_id": org.org_id, "contact": "919800000001", "kind": "doc", "body": format!("Doc {n}") }),
        ),
        ("PUT", "/manage/team-tools-access") => {
            json_to(json!({ "org_id": org.org_id, "editors": "admins" }), false)
        }
        ("POST", "/manage/follow-ups") => json_to(
            json!({ "org_id": org.org_id, "title": format!("Call {n}"), "due": "2030-01-01T09:00", "time_zone": "UTC" }),
            false,
        ),
        ("PUT", "/manage/follow-ups/{id}") => json_at(
            format!("/api/manage/follow-ups/{}", inner.manage.follow_up),
            json!({ "org_id": org.org_id, "title": format!("Call {n}"), "due": "2030-01-02T09:00", "time_zone": "UTC" }),
        ),
        ("POST", "/manage/schedules") => json_to(
            json!({
                "org_id": org.org_id, "recipient": "+919800000001", "message": format!("Hi {n}"),
                "start": "2030-01-01T09:00", "time_zone": "UTC", "every": 1, "unit": "week"
            }),
            false,
        ),
        ("PUT", "/manage/schedules/{id}") => json_at(
            format!("/api/manage/schedules/{}", inner.manage.schedule),
            json!({
                "org_id": org.org_id, "recipient": "+919800000001", "message": format!("Hi {n}"),
                "start": "2030-01-01T10:00", "time_zone": "UTC"
            }),
        ),
        ("POST", "/v2/schedules/sends/{id}/report") => json_at(
            format!("/api/v2/schedules/sends/{}/report", inner.manage.send),
            json!({ "claim_token": inner.manage.claim_token, "status": "sent" }),
        ),
        ("PUT", "/v2/crm-label-sync") => json_to(
            json!({
                "org_id": org.org_id, "user_id": inner.user_id,
                "crmLabelSyncData": [{ "crm_name": "zoho", "included_labels": [format!("l{n}")], "excluded_labels": [] }]
            }),
            true,
        ),
        ("GET", "/inbox/gateway" | "/inbox/gateway/qr" | "/inbox/counts" | "/inbox/settings")
        | ("DELETE", "/inbox/gateway")
        | ("POST", "/inbox/gateway/restart" | "/inbox/gateway/logout") => {
            query(format!("?org_id={}", org.org_id), false)
        }
        ("PUT", "/inbox/gateway") => json_to(
            json!({ "org_id": org.org_id, "name": format!("Line {n}"), "base_url": org.inbox_gateway, "api_key": testkit::fake::WAHA_API_KEY }),
            false,
        ),
        ("GET", "/inbox/conversations") => query(format!("?org_id={}&tab=open", org.org_id), false),
        ("GET", "/inbox/tasks") => query(
            format!(
                "?org_id={}&conversation_id={}",
                org.org_id, inner.inbox_conversation
            ),
            true,
        ),
        ("POST", "/inbox/tasks") => json_to(
            json!({ "org_id": org.org_id, "conversation_id": inner.inbox_conversation, "name": format!("Call back {n}"), "assignee_id": inner.user_id }),
            true,
        ),
        ("PUT" | "DELETE", "/inbox/tasks/{id}") => {
            let path = format!("/api/inbox/tasks/{}", inner.inbox_task);
            if method == Method::PUT {
                json_at(
                    path,
                    json!({ "org_id": org.org_id, "name": format!("Called {n}"), "status": "completed" }),
                )
            } else {
                (format!("{path}?org_id={}", org.org_id), None, true)
            }
        }
        ("GET", "/inbox/events") => query(
            format!("?org_id={}&after=0&follow=false", org.org_id),
            false,
        ),
        ("POST", "/inbox/open") => json_to(
            json!({ "org_id": org.org_id, "number": format!("+4477009{:05}", n % 100_000) }),
            false,
        ),
        ("GET", "/business-hours") => query(format!("?org_id={}", org.org_id), false),
        ("PUT", "/business-hours") => json_to(
            json!({ "org_id": org.org_id, "week": [[{ "start": "08:00", "end": "16:00" }], [], [], [], [], [], []],
                    "holidays": ["2026-12-25"], "response_target_minutes": 30 }),
            false,
        ),
        ("PUT", "/inbox/settings") => json_to(
            json!({ "org_id": org.org_id, "agents": [{ "user_id": inner.user_id, "weight": 1, "available": true }],
                    "reply_minutes": 30, "escalation": "alert" }),
            true,
        ),
        ("GET", "/inbox/conversations/{id}" | "/inbox/conversations/{id}/messages")
        | ("POST", "/inbox/conversations/{id}/read") => (
            format!(
                "/api{}?org_id={}",
                path.replace("{id}", &inner.inbox_conversation.to_string()),
                org.org_id
            ),
            None,
            true,
        ),
        // A message's media: the conversation decides who may see it.
        ("GET", "/inbox/conversations/{id}/messages/{message_id}/media") => (
            format!(
                "/api{}?org_id={}",
                path.replace("{id}", &inner.inbox_conversation.to_string())
                    .replace("{message_id}", &inner.inbox_media.to_string()),
                org.org_id
            ),
            None,
            true,
        ),
        ("POST", "/inbox/conversations/{id}/replies" | "/inbox/conversations/{id}/notes") => {
            json_at(
                format!(
                    "/api{}",
                    path.replace("{id}", &inner.inbox_conversation.to_string())
                ),
                json!({ "org_id": org.org_id, "text": format!("Checking @[{}] {n}", inner.user_id) }),
            )
        }
        ("PUT", "/inbox/conversations/{id}/status") => json_at(
            format!(
                "/api{}",
                path.replace("{id}", &inner.inbox_conversation.to_string())
            ),
            json!({ "org_id": org.org_id, "open": n % 2 == 0 }),
        ),
        ("PUT", "/inbox/conversations/{id}/assignee") => json_at(
            format!(
                "/api{}",
                path.replace("{id}", &inner.inbox_conversation.to_string())
            ),
            json!({ "org_id": org.org_id, "user_id": inner.user_id }),
        ),
        other => panic!(
            "no tenant-isolation case for {} {}: add one to tests/api/isolation.rs",
            other.0, other.1
        ),
    };
    (
        Call {
            method: method.clone(),
            path: call_path,
            body,
        },
        inner_used,
    )
}

/// Stands for the `code` and `state` of an OAuth return in a case's path.
const OAUTH_RETURN: &str = "__OAUTH_RETURN__";

/// A code and a state the server issued to the holder of `token` (for their own workspace),
/// consented by the fake provider: `code=…&state=…`.
async fn oauth_return(app: &TestApp, token: &str) -> String {
    let q = oauth_consent(app, token, "hubspot", "").await;
    format!("code={}&state={}", q["code"], q["state"])
}

/// `oauth_return` for `provider`, with `extra` query parameters for the authorize call.
async fn oauth_consent(
    app: &TestApp,
    token: &str,
    provider: &str,
    extra: &str,
) -> std::collections::HashMap<String, String> {
    let me = app.get_body("/api/auth/session", token).await;
    let body = app
        .get_body(
            &format!(
                "/api/v1/whatzapp/integrations/{provider}/authorize?workspace_id={}{extra}",
                me["user"]["id"]
            ),
            token,
        )
        .await;
    let url = body["data"]["url"].as_str().unwrap();
    let res = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(url)
        .send()
        .await
        .unwrap();
    let back = url::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    back.query_pairs().into_owned().collect()
}

async fn send(app: &TestApp, call: &Call, token: Option<&str>) -> (u16, String) {
    send_as(app, call, token, None).await
}

/// [`send`] with the extension's bearer token instead of the session cookie when `bearer` is
/// given (the session, `token`, then only fills OAuth returns).
async fn send_as(
    app: &TestApp,
    call: &Call,
    token: Option<&str>,
    bearer: Option<&str>,
) -> (u16, String) {
    let method = reqwest::Method::from_bytes(call.method.as_str().as_bytes()).unwrap();
    let path = match token {
        Some(t) if call.path.contains(OAUTH_RETURN) => {
            let filled = oauth_return(app, t).await;
            call.path.replace(
                &format!("code={OAUTH_RETURN}&state={OAUTH_RETURN}"),
                &filled,
            )
        }
        _ => call.path.clone(),
    };
    let mut req = app.client.request(method, app.url(&path));
    let filled;
    // A body that stands for an OAuth return: who consents, with what extra query, and which
    // field carries the code.
    let oauth = match (&call.body, token) {
        (Some(Body::Json(v)), Some(t))
            if v["code"] == OAUTH_RETURN && v.get("label_name").is_some() =>
        {
            Some((v, t, "google", "", "code"))
        }
        (Some(Body::Json(v)), Some(t)) if v["code"] == OAUTH_RETURN => {
            Some((v, t, "bitrix", "&domain=acme.bitrix24.com", "code"))
        }
        (Some(Body::Json(v)), Some(t)) if v["temp_code"] == OAUTH_RETURN => {
            Some((v, t, "zoho", "", "temp_code"))
        }
        _ => None,
    };
    let body = match oauth {
        Some((v, t, provider, extra, code_field)) => {
            let q = oauth_consent(app, t, provider, extra).await;
            let mut v = v.clone();
            v[code_field] = json!(q["code"]);
            v["state"] = json!(q["state"]);
            if provider == "zoho" {
                v["temp_account_server_url"] = json!(q["accounts-server"]);
            }
            filled = Body::Json(v);
            Some(&filled)
        }
        None => call.body.as_ref(),
    };
    match (bearer, token) {
        (Some(b), _) => req = req.bearer_auth(b),
        (None, Some(t)) => req = req.session(t),
        (None, None) => {}
    }
    req = match body {
        Some(Body::Json(v)) => req.json(v),
        Some(Body::Csv(text)) => req.header("content-type", "text/csv").body(text.clone()),
        Some(Body::Pdf(bytes)) => req
            .header("content-type", "application/pdf")
            .body(bytes.clone()),
        None => req,
    };
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let headers = format!("{:?}", res.headers());
    let text = res.text().await.unwrap();
    // The session is the HttpOnly cookie: no answer may hand its value to a page script.
    if let Some(t) = token {
        assert!(
            !text.contains(t) && !headers.contains(t),
            "{} {} answered the session's value: {headers} {text}",
            call.method,
            call.path
        );
    }
    (status, text)
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let res = app
        .client
        .post(app.url(path))
        .session(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap()
}

/// Creates an organisation with one team and the given members (all signed in, so active).
/// Answers the admin's token, the members' tokens and the target ids.
pub(crate) async fn organisation_with(
    app: &TestApp,
    prefix: &str,
    members: &[(&str, i64)],
) -> (String, Vec<String>, Target) {
    let admin_email = format!("{prefix}-admin@tenant.test");
    let admin = app.sign_in(&admin_email).await.unwrap();
    let org = post(
        app,
        &admin,
        "/api/v1/whatzapp/organizations",
        json!({ "org_name": format!("Org {prefix}") }),
    )
    .await;
    let org_id = org["data"]["org_id"].as_i64().unwrap();
    // More people than the trial's three seats, and the knowledge base on.
    app.set_seats(org_id, 50).await.unwrap();
    app.enable_knowledge_base(org_id).await.unwrap();
    let team = post(
        app,
        &admin,
        "/api/v1/whatzapp/teams",
        json!({ "org_id": org_id, "team_name": "Team" }),
    )
    .await;
    let team_id = team["data"]["id"].as_i64().unwrap();
    let employees: Vec<Value> = members
        .iter()
        .map(|(name, role)| {
            json!({ "email": format!("{prefix}-{name}@tenant.test"), "role_id": role, "team_id": team_id })
        })
        .collect();
    let added = post(
        app,
        &admin,
        "/api/v1/whatzapp/employees",
        json!({ "org_id": org_id, "employees": employees }),
    )
    .await;
    let ids: Vec<i64> = added["data"]["employees"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["user_id"].as_i64().unwrap())
        .collect();
    // Someone invited who never signs in, whose invitation may be sent again at once.
    let invited = post(
        app,
        &admin,
        "/api/v1/whatzapp/employees",
        json!({ "org_id": org_id, "employees": [{ "email": format!("{prefix}-invited@tenant.test") }] }),
    )
    .await;
    let invited_id = invited["data"]["employees"][0]["user_id"].as_i64().unwrap();
    {
        use store::entity::membership;
        use store::sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter};
        membership::Entity::update_many()
            .col_expr(
                membership::Column::InvitationSentAt,
                Expr::value(Option::<i64>::None),
            )
            .filter(membership::Column::UserId.eq(invited_id))
            .exec(app.store.conn())
            .await
            .unwrap();
    }
    let mut tokens = Vec::new();
    for (name, _) in members {
        tokens.push(
            app.sign_in(&format!("{prefix}-{name}@tenant.test"))
                .await
                .unwrap(),
        );
    }
    let admin_id = store::accounts::find_user_by_email(&app.store, &admin_email)
        .await
        .unwrap()
        .unwrap()
        .id;
    // One webhook delivery, for the delivery-log routes.
    post(
        app,
        &admin,
        "/api/v1/whatzapp/webhook/endpoints",
        json!({ "org_id": org_id, "duplex_webhook": app.fake.url("/webhook/receive"), "status": 1 }),
    )
    .await;
    post(
        app,
        &admin,
        "/api/v2/events/messages",
        json!({ "org_id": org_id, "events": [{
            "MessageId": format!("{prefix}-m1"), "Message": "hi", "Chatid": "919800000001@c.us",
            "Datetime": chrono::Utc::now().timestamp_millis() - 60_000, "Direction": "INCOMING",
            "CreatedByUser": admin_id.to_string()
        }] }),
    )
    .await;
    let log = app
        .client
        .get(app.url(&format!(
            "/api/v1/whatzapp/webhook/deliveries?org_id={org_id}"
        )))
        .session(&admin)
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let job_id = log["data"]["deliveries"][0]["id"].as_i64().unwrap();
    // Let the delivery finish so a resend is not refused as running.
    for _ in 0..100 {
        let d = store::sync::delivery(&app.store, org_id, store::sync::KIND_WEBHOOK, job_id)
            .await
            .unwrap()
            .unwrap();
        if d.status != store::sync::PENDING {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let document_id = {
        let res = app
            .client
            .post(app.url(&format!(
                "/api/kb/documents?org_id={org_id}&name=handbook.pdf"
            )))
            .session(&admin)
            .header("content-type", "application/pdf")
            .body(testkit::pdf::document(&["Refunds within 45 days."]))
            .send()
            .await
            .unwrap();
        res.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
    };
    let conversation_id = post(
        app,
        &admin,
        "/api/kb/ask",
        json!({ "org_id": org_id, "question": "refund days" }),
    )
    .await["conversation_id"]
        .as_i64()
        .unwrap();
    let manage = manage_rows(app, &admin, org_id).await;
    let inbox_gateway = app.fake.waha_url();
    let res = app
        .client
        .put(app.url("/api/inbox/gateway"))
        .session(&admin)
        .json(&json!({ "org_id": org_id, "name": "Sales line", "base_url": inbox_gateway, "api_key": testkit::fake::WAHA_API_KEY }))
        .send()
        .await
        .unwrap();
    assert!(
        res.status().is_success(),
        "connect the shared number: {}",
        res.status()
    );
    let inbox_conversation = post(
        app,
        &admin,
        "/api/inbox/open",
        json!({ "org_id": org_id, "number": "+44 7700 900123" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let inbox_media = media_message(app, org_id, inbox_conversation).await;
    let inbox_task = post(
        app,
        &admin,
        "/api/inbox/tasks",
        json!({ "org_id": org_id, "conversation_id": inbox_conversation, "name": "Send the quote" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let contact_id = post(
        app,
        &admin,
        "/api/contacts",
        json!({ "org_id": org_id, "phone": "+44 7700 900456", "name": "Isolated Customer" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let deal_id = post(
        app,
        &admin,
        "/api/deals",
        json!({ "org_id": org_id, "contact_id": contact_id, "name": "Isolated deal", "amount": "100" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let ticket_id = post(
        app,
        &admin,
        "/api/tickets",
        json!({ "org_id": org_id, "contact_id": contact_id, "name": "Isolated ticket" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let call_id = post(
        app,
        &admin,
        "/api/calls",
        json!({ "org_id": org_id, "contact_id": contact_id, "outcome": "no_answer", "duration_secs": 0 }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    // The admin's HubSpot, for the contacts' CRM routes (they call it with the caller's link).
    let q = oauth_consent(app, &admin, "hubspot", "").await;
    let me = app.get_body("/api/auth/session", &admin).await;
    post(
        app,
        &admin,
        &format!(
            "/api/v1/whatzapp/hubspotauthentication?workspace_id={}&grant_type=authorization_code&code={}&state={}&redirect_uri=x&client_id=x&client_secret=x",
            me["user"]["id"], q["code"], q["state"]
        ),
        json!({}),
    )
    .await;
    let crm_record = app.fake.seed_crm_contact(
        "hubspot",
        json!({ "properties": { "phone": format!("+4477009{:05}", org_id % 100_000) } }),
    );
    let target = Target {
        contact_id,
        deal_id,
        ticket_id,
        call_id,
        crm_record,
        inbox_task,
        inbox_media,
        inbox_gateway,
        inbox_conversation,
        manage,
        document_id,
        conversation_id,
        org_id,
        code: org["data"]["organization_code"]
            .as_str()
            .unwrap()
            .to_owned(),
        workspace_id: admin_id,
        team_id,
        user_id: ids[0],
        removable_id: *ids.last().unwrap(),
        invited_id,
        email: format!("{prefix}-{}@tenant.test", members[0].0),
        job_id,
    };
    (admin, tokens, target)
}

/// The admin's manage-tool rows, each with what its routes need.
async fn manage_rows(app: &TestApp, admin: &str, org_id: i64) -> ManageIds {
    let qr = post(
        app,
        admin,
        "/api/manage/quick-replies",
        json!({ "org_id": org_id, "name": "Welcome", "message": "Hi {{first_name}}" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let upload = |path: String| {
        app.client
            .post(app.url(&path))
            .session(admin)
            .header("content-type", "application/pdf")
            .body(testkit::pdf::document(&["Price list"]))
            .send()
    };
    let res = upload(format!(
        "/api/manage/quick-replies/{qr}/attachment?org_id={org_id}&name=prices.pdf"
    ))
    .await
    .unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let board = post(
        app,
        admin,
        "/api/manage/labels",
        json!({ "org_id": org_id, "name": "VIP", "color": "#00a884" }),
    )
    .await;
    let label = board["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["kind"] == "custom")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let funnel = post(
        app,
        admin,
        "/api/manage/funnels",
        json!({ "org_id": org_id, "name": "Sales", "stages": ["New", "Won"] }),
    )
    .await["funnels"][0]["id"]
        .as_i64()
        .unwrap();
    let property = post(
        app,
        admin,
        "/api/manage/user-properties",
        json!({ "org_id": org_id, "name": "City", "kind": "text" }),
    )
    .await["data"][0]["id"]
        .as_i64()
        .unwrap();
    let follow_up = post(
        app,
        admin,
        "/api/manage/follow-ups",
        json!({ "org_id": org_id, "title": "Call back", "due": "2030-01-01T09:00", "time_zone": "UTC" }),
    )
    .await["upcoming"][0]["id"]
        .as_i64()
        .unwrap();
    let note = post(
        app,
        admin,
        "/api/manage/notes",
        json!({ "org_id": org_id, "contact": "919800000001", "kind": "note", "body": "Met at the fair" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let schedule = post(
        app,
        admin,
        "/api/manage/schedules",
        json!({ "org_id": org_id, "recipient": "+919800000001", "message": "Hi", "start": "2030-01-01T09:00", "time_zone": "UTC", "every": 1, "unit": "week" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    // Another due in two minutes, claimed after the clock moves on (changing a schedule
    // replaces its pending send, so the claimed one is not the one the other routes change).
    let start = chrono::DateTime::from_timestamp_millis(app.clock.now_ms() + 120_000)
        .unwrap()
        .format("%Y-%m-%dT%H:%M")
        .to_string();
    let due_soon = post(
        app,
        admin,
        "/api/manage/schedules",
        json!({ "org_id": org_id, "recipient": "+919800000001", "message": "Hi", "start": start, "time_zone": "UTC", "every": 1, "unit": "day" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let res = upload(format!(
        "/api/manage/schedules/{schedule}/attachment?org_id={org_id}&name=prices.pdf"
    ))
    .await
    .unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    app.clock.advance(5 * 60_000);
    let claim = post(app, admin, "/api/v2/schedules/claim", json!({})).await;
    let claimed = claim["sends"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["schedule_id"] == due_soon)
        .unwrap();
    ManageIds {
        quick_reply: qr,
        label,
        funnel,
        property,
        follow_up,
        note,
        schedule,
        send: claimed["send_id"].as_i64().unwrap(),
        claim_token: claimed["claim_token"].as_str().unwrap().to_owned(),
    }
}

/// Everything stored about organisation `org_id`, as text.
async fn snapshot(app: &TestApp, org_id: i64) -> String {
    let db = app.store.conn();
    let org = organisation::Entity::find_by_id(org_id)
        .one(db)
        .await
        .unwrap();
    let teams = team::Entity::find()
        .filter(team::Column::OrgId.eq(org_id))
        .order_by_asc(team::Column::Id)
        .all(db)
        .await
        .unwrap();
    let members = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .order_by_asc(membership::Column::Id)
        .all(db)
        .await
        .unwrap();
    let ids: Vec<i64> = members.iter().map(|m| m.user_id).collect();
    let users = user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .order_by_asc(user::Column::Id)
        .all(db)
        .await
        .unwrap();
    format!("{org:?}\n{teams:?}\n{members:?}\n{users:?}")
}

/// The public routes, named here so making a route public is a visible decision.
const PUBLIC: &[(&str, &str)] = &[
    ("GET", "/health"),
    ("GET", "/client-config"),
    ("POST", "/client-errors"),
    // The public feedback form (bounded, rate limited per address).
    ("POST", "/feedback/{topic}"),
    ("POST", "/auth/code"),
    ("POST", "/auth/verify"),
    ("GET", "/auth/session"),
    ("DELETE", "/auth/session"),
    ("GET", "/dev/mailbox"),
    ("GET", "/openapi.json"),
    // The catalogue and currency (the public pricing page reads them) and the payment
    // provider's webhook, whose signature is its credential.
    ("GET", "/v1/whatzapp/planlist"),
    ("GET", "/v1/whatzapp/getteamaddonlist"),
    ("POST", "/v1/whatzapp/getLocalizedCurrency"),
    ("GET", "/v1/whatzapp/exchangeRateService"),
    ("GET", "/billing/currency"),
    ("POST", "/billing/stripe/webhook"),
    // The team inbox's gateway webhook: its path token and signature are its credentials.
    ("POST", "/inbox/hooks/{token}"),
    // HubSpot's contact webhooks: the app's signature is their credential, and they only
    // name records, read with each member's own token.
    ("POST", "/contacts/crm/hubspot/webhook"),
    // Zoho's channel notifications: the channel's token is their credential, likewise.
    ("POST", "/contacts/crm/zoho/notify"),
    // The operator's sign-in (its failures all answer alike and are rate limited), and who is
    // signed in as the operator (204 when nobody is, like the users' session check).
    ("POST", "/admin/session"),
    ("GET", "/admin/session"),
];

db_test!(
    a_member_of_one_organisation_cannot_read_or_change_another_on_any_route,
    |app| async move {
        let (a_admin, a_people, a) =
            organisation_with(&app, "a", &[("manager", 2), ("employee", 3), ("spare", 3)]).await;
        let (_b_admin, _b_people, b) =
            organisation_with(&app, "b", &[("member", 3), ("other", 3)]).await;
        let b_before = snapshot(&app, b.org_id).await;
        // A's callers: admin, manager, employee.
        let callers = [
            ("admin", a_admin.as_str()),
            ("manager", a_people[0].as_str()),
            ("employee", a_people[1].as_str()),
        ];
        // B's workspace for the workspace-named routes is B's admin.
        let mut checked = 0;
        // Routes that change A run last so the read checks see A as it was set up.
        let mut routes: Vec<_> = all_routes().collect();
        // (Removing a file goes before removing its row.)
        routes.sort_by_key(|r| {
            let deletes = r.method == Method::DELETE
                && (r.path.starts_with("/kb/")
                    || r.path.starts_with("/manage/")
                    || r.path.starts_with("/inbox/"));
            match (deletes, r.path.ends_with("/attachment")) {
                (true, true) => 1,
                (true, false) => 2,
                _ => u8::from(r.path.contains("remove-user")) * 2,
            }
        });
        for route in routes {
            let name = format!("{} {}", route.method, route.path);
            if route.access == Access::Public {
                assert!(
                    PUBLIC.contains(&(route.method.as_str(), route.path)),
                    "{name} is public but not in the PUBLIC list"
                );
                continue;
            }
            // No session: 401 on every non-public route.
            let anonymous = if route.access == Access::Scoped {
                case(&route.method, route.path, &b, &b).0
            } else {
                Call {
                    method: route.method.clone(),
                    path: format!("/api{}", route.path),
                    body: (route.method != Method::GET)
                        .then(|| Body::Json(json!({ "org_name": "x" }))),
                }
            };
            let (status, body) = send(&app, &anonymous, None).await;
            assert_eq!(status, 401, "{name} without a session: {body}");
            if route.access == Access::SignedIn {
                continue;
            }
            if route.access == Access::Operator {
                // An organisation admin's session is not an operator's.
                let (status, body) = send(&app, &anonymous, Some(&a_admin)).await;
                assert_eq!(
                    status, 401,
                    "{name} with an organisation admin's session: {body}"
                );
                continue;
            }
            // B's ids, by each of A's roles.
            for (role, token) in callers {
                let (call, _) = case(&route.method, route.path, &b, &b);
                let (status, body) = send(&app, &call, Some(token)).await;
                assert!(
                    status == 403 || status == 404,
                    "{name} as A's {role} with B's ids ({}) answered {status}: {body}",
                    call.path
                );
            }
            // A's organisation with B's team or user.
            let (mixed, inner_used) = case(&route.method, route.path, &a, &b);
            if inner_used {
                let (status, body) = send(&app, &mixed, Some(&a_admin)).await;
                assert!(
                    status == 403 || status == 404,
                    "{name} as A's admin with B's team or user ({}) answered {status}: {body}",
                    mixed.path
                );
            }
            // The control: A's admin with A's own ids succeeds, so the refusals above are about
            // the ids and not a malformed request.
            let (own, _) = case(&route.method, route.path, &a, &a);
            let (status, body) = send(&app, &own, Some(&a_admin)).await;
            assert!(
                (200..300).contains(&status),
                "{name} as A's admin with A's ids ({}) answered {status}: {body}",
                own.path
            );
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} scoped routes were checked");
        assert_eq!(snapshot(&app, b.org_id).await, b_before, "B's rows changed");
    }
);

#[tokio::test]
async fn every_route_is_in_the_openapi_document_and_nothing_else_is() {
    let doc =
        serde_json::to_value(<server::openapi::ApiDoc as utoipa::OpenApi>::openapi()).unwrap();
    let mut documented: Vec<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| {
            ops.as_object()
                .unwrap()
                .keys()
                .map(move |m| (m.to_uppercase(), path.clone()))
        })
        .collect();
    documented.sort();
    let mut routed: Vec<(String, String)> = all_routes()
        .filter(|r| r.path != "/openapi.json")
        .map(|r| (r.method.to_string(), format!("/api{}", r.path)))
        .collect();
    routed.sort();
    assert_eq!(routed, documented);
}

db_test!(
    every_route_in_the_tables_is_served_by_the_router,
    |app| async move {
        for route in all_routes() {
            let method = reqwest::Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
            let res = app
                .client
                .request(method, app.url(&format!("/api{}", route.path)))
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let body = res.text().await.unwrap();
            assert!(
                status != 405 && !body.contains("no API route at this path"),
                "{} {} is not routed: {status} {body}",
                route.method,
                route.path
            );
        }
    }
);

db_test!(a_salesforce_link_serves_only_its_owner, |app| async move {
    let (a_admin, a_people, _a) = organisation_with(&app, "sfa", &[("rep", 3)]).await;
    let (b_admin, _b_people, _b) = organisation_with(&app, "sfb", &[("rep", 3)]).await;
    // A's admin links Salesforce.
    let q = oauth_consent(&app, &a_admin, "salesforce", "").await;
    let res = app
        .client
        .post(app.url("/api/v2/salesforce/auth"))
        .session(&a_admin)
        .json(&json!({ "code": q["code"], "state": q["state"] }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let get = |token: String, path: &'static str| {
        let app = &app;
        async move {
            let res = app
                .client
                .get(app.url(path))
                .session(token)
                .send()
                .await
                .unwrap();
            res.status().as_u16()
        }
    };
    const TYPES: &str = "/api/v2/salesforce/record-types";
    const FIELDS: &str = "/api/v2/salesforce/record-type/fields?id=012000000000001AAA";
    // Another organisation's admin, and a member of A's own organisation: no link of theirs.
    for other in [b_admin.clone(), a_people[0].clone()] {
        assert_eq!(get(other.clone(), TYPES).await, 404);
        assert_eq!(get(other, FIELDS).await, 404);
    }
    assert!(app.fake.received_under("/salesforce-instance/").is_empty());
    assert_eq!(get(a_admin.clone(), TYPES).await, 200);
    assert_eq!(get(a_admin, FIELDS).await, 200);
});

db_test!(
    no_answer_of_any_route_carries_the_cookie_sessions_value,
    |app| async move {
        let (a_admin, _people, a) = organisation_with(&app, "leak", &[("rep", 3)]).await;
        let mut routes: Vec<_> = all_routes().collect();
        // Signing out last: it ends the session the other calls use.
        routes.sort_by_key(|r| r.path == "/auth/session" && r.method == Method::DELETE);
        for route in routes {
            let call = if route.access == Access::Scoped {
                case(&route.method, route.path, &a, &a).0
            } else {
                Call {
                    method: route.method.clone(),
                    path: format!("/api{}", route.path.replace("{id}", "1")),
                    body: (route.method != Method::GET).then(|| {
                        Body::Json(json!({ "org_name": "x", "email": "leak-admin@tenant.test" }))
                    }),
                }
            };
            // `send` fails the test when an answer (body or header) carries the token.
            send(&app, &call, Some(&a_admin)).await;
        }
    }
);

/// Every `$ref` in the document names a schema the document holds (the schemas are gathered
/// from the declared routes, so a route's types cannot be left out).
#[tokio::test]
async fn every_schema_the_openapi_document_refers_to_is_in_it() {
    fn refs(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    match (k.as_str(), v.as_str()) {
                        ("$ref", Some(r)) => out.push(r.to_owned()),
                        _ => refs(v, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let doc =
        serde_json::to_value(<server::openapi::ApiDoc as utoipa::OpenApi>::openapi()).unwrap();
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 50, "only {} references", found.len());
    for r in found {
        let name = r
            .strip_prefix("#/components/schemas/")
            .expect("a schema reference");
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} is not in the document"
        );
    }
}

db_test!(
    an_extension_token_is_refused_on_every_route_outside_its_scope_and_accepted_within,
    |app| async move {
        let (a_admin, _people, a) = organisation_with(&app, "ext", &[("rep", 3)]).await;
        let token = app.extension_token(&a_admin).await.unwrap();
        let before = snapshot(&app, a.org_id).await;
        let mut routes: Vec<_> = all_routes()
            .filter(|r| matches!(r.access, Access::SignedIn | Access::Scoped))
            .collect();
        // Outside the scope first: nothing of A may change before the extension's own calls.
        routes.sort_by_key(|r| r.extension);
        let (mut refused, mut accepted) = (0, 0);
        for route in routes {
            let name = format!("{} {}", route.method, route.path);
            let call = if route.access == Access::Scoped {
                case(&route.method, route.path, &a, &a).0
            } else {
                Call {
                    method: route.method.clone(),
                    path: format!("/api{}", route.path.replace("{id}", "1")),
                    body: (route.method != Method::GET).then(|| Body::Json(json!({}))),
                }
            };
            if route.extension && accepted == 0 {
                assert_eq!(snapshot(&app, a.org_id).await, before, "A changed");
            }
            let (status, body) = send_as(&app, &call, Some(&a_admin), Some(&token)).await;
            let refusal = status == 403 && body.contains("extension_token_not_allowed");
            if !route.extension {
                assert!(
                    refusal,
                    "{name} with a bearer token answered {status}: {body}"
                );
                refused += 1;
            } else if route.access == Access::Scoped {
                // As the isolation walk's control: A's admin with A's own ids succeeds.
                assert!(
                    (200..300).contains(&status),
                    "{name} with the extension's token ({}) answered {status}: {body}",
                    call.path
                );
                accepted += 1;
            } else {
                assert!(
                    status != 401 && !refusal,
                    "{name} refused the extension's token: {status} {body}"
                );
                accepted += 1;
            }
        }
        assert!(
            refused > 50 && accepted > 20,
            "{refused} refused, {accepted} accepted"
        );
    }
);

/// A message of the conversation whose media the inbox worker has kept: the file written where
/// the server keeps files, the row as the worker leaves it.
async fn media_message(app: &TestApp, org_id: i64, conversation_id: i64) -> i64 {
    let conv = store::entity::inbox::conversation::Entity::find_by_id(conversation_id)
        .one(app.store.conn())
        .await
        .unwrap()
        .unwrap();
    let key = format!("inbox/{org_id}/{conversation_id}-media");
    let file = app.files_dir().join(&key);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, b"%PDF-1.4 quote").unwrap();
    let recorded = store::inbox::intake::record(
        &app.store,
        &store::inbox::intake::Chat {
            org_id,
            channel_id: conv.channel_id,
            owner_id: None,
            chat_id: &conv.chat_id,
            contact: &conv.contact,
            is_group: false,
            name: None,
        },
        &store::inbox::intake::Incoming {
            source_id: Some("media-1"),
            kind: store::inbox::MESSAGE,
            outbound: false,
            author_id: None,
            sender: None,
            body: None,
            media_key: Some(&key),
            media_url: None,
            media_type: Some("application/pdf"),
            media_name: Some("quote.pdf"),
            ack: domain::inbox::Ack::Delivered,
            sent_at: 1,
            escalate_at: None,
        },
        1,
    )
    .await
    .unwrap();
    recorded.message_id.unwrap()
}
