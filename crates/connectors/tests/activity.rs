//! The CRM activity clients (`connectors::activity::log_chat`) against the fake providers'
//! CRM APIs: each provider finds or creates the chat's contact by phone and attaches the
//! message to it; Salesforce honours "Allow contact creation", the selected record types and
//! their phone fields; 429, expired tokens, wrong keys and refused addresses come back as the
//! errors the sync engine acts on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use connectors::activity::{
    log_chat, ChatActivity, CrmLink, Logged, Outcome, SalesforceRecordType,
};
use connectors::ConnectorError;
use fakes::providers::{
    FakeProviders, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY, OAUTH_CLIENT_ID,
    OAUTH_CLIENT_SECRET,
};
use serde_json::{json, Value};
use std::net::SocketAddr;

const PHONE: &str = "919812345678";
const CUSTOMER: &str = "012000000000001AAA";
const PARTNER: &str = "012000000000002AAA";

fn chat(message_id: &str, phone: &str, body: &str) -> ChatActivity {
    ChatActivity {
        message_id: message_id.to_owned(),
        phone: phone.to_owned(),
        contact_name: Some("Ravi Kumar".to_owned()),
        direction: "INCOMING".to_owned(),
        body: body.to_owned(),
        occurred_at_ms: 1_763_778_600_000,
        agent_name: Some("Asha".to_owned()),
        labels: vec!["lead".to_owned()],
    }
}

fn salesforce(fake: &FakeProviders, creation: bool, types: &[(&str, &[&str])]) -> CrmLink {
    CrmLink::Salesforce {
        instance_url: fake.url("/salesforce-instance"),
        access_token: fake.issue_access_token("salesforce"),
        contact_creation: creation,
        record_types: types
            .iter()
            .map(|(id, fields)| SalesforceRecordType {
                id: (*id).to_owned(),
                phone_fields: fields.iter().map(|f| (*f).to_owned()).collect(),
            })
            .collect(),
    }
}

/// A link with good credentials to `provider`'s fake CRM.
fn link(fake: &FakeProviders, provider: &str) -> CrmLink {
    match provider {
        "hubspot" => CrmLink::HubSpot {
            api_url: fake.url("/hubspot-api"),
            access_token: fake.issue_access_token("hubspot"),
        },
        "zoho" => CrmLink::Zoho {
            api_url: fake.url("/zoho-api"),
            access_token: fake.issue_access_token("zoho"),
        },
        "salesforce" => salesforce(fake, true, &[]),
        "bitrix" => CrmLink::Bitrix {
            client_endpoint: fake.url("/bitrix/acme.bitrix24.com/rest/"),
            access_token: fake.issue_access_token("bitrix"),
        },
        "freshdesk" => CrmLink::Freshdesk {
            api_url: fake.url("/freshdesk/acme.freshdesk.com"),
            api_key: fakes::providers::FRESHDESK_API_KEY.to_owned(),
        },
        "leadsquared" => CrmLink::LeadSquared {
            api_url: fake.url("/leadsquared/api-in21.leadsquared.com"),
            access_id: LEADSQUARED_ACCESS_KEY.to_owned(),
            secret_key: LEADSQUARED_SECRET_KEY.to_owned(),
        },
        other => panic!("no such provider {other}"),
    }
}

const PROVIDERS: &[&str] = &[
    "hubspot",
    "zoho",
    "salesforce",
    "bitrix",
    "freshdesk",
    "leadsquared",
];
const OAUTH_PROVIDERS: &[&str] = &["hubspot", "zoho", "salesforce", "bitrix"];

async fn logged(link: &CrmLink, activity: &ChatActivity, fake: &FakeProviders) -> Logged {
    match log_chat(link, activity, &[fake.addr]).await {
        Ok(Outcome::Logged(l)) => l,
        other => panic!("not logged: {other:?}"),
    }
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// The first message for a phone creates the contact and attaches the message to it, the next
/// one reuses that contact, and another phone gets its own contact.
async fn creates_then_reuses(provider: &str) -> FakeProviders {
    let fake = FakeProviders::start().await.unwrap();
    let link = link(&fake, provider);

    let first = logged(
        &link,
        &chat("wamid-1", PHONE, "Hello, is the plan still on?"),
        &fake,
    )
    .await;
    assert!(first.contact_created, "{provider}");
    let contacts = fake.crm_contacts(provider);
    assert_eq!(contacts.len(), 1, "{provider}: {contacts:?}");
    assert_eq!(text(&contacts[0]["id"]), first.contact_id, "{provider}");
    let activities = fake.crm_activities(provider);
    assert_eq!(activities.len(), 1, "{provider}");
    assert_eq!(text(&activities[0]["id"]), first.activity_id, "{provider}");
    assert_eq!(
        text(&activities[0]["contact_id"]),
        first.contact_id,
        "{provider}"
    );
    assert!(
        text(&activities[0]["body"]).contains("Hello, is the plan still on?"),
        "{provider}: {activities:?}"
    );

    let second = logged(&link, &chat("wamid-2", PHONE, "Second message"), &fake).await;
    assert!(!second.contact_created, "{provider}");
    assert_eq!(second.contact_id, first.contact_id, "{provider}");
    assert_ne!(second.activity_id, first.activity_id, "{provider}");
    assert_eq!(
        fake.crm_contacts(provider).len(),
        1,
        "{provider}: a second contact"
    );
    let activities = fake.crm_activities(provider);
    assert_eq!(activities.len(), 2, "{provider}");
    assert_eq!(
        text(&activities[1]["contact_id"]),
        first.contact_id,
        "{provider}"
    );
    assert!(
        text(&activities[1]["body"]).contains("Second message"),
        "{provider}"
    );

    let other = logged(&link, &chat("wamid-3", "14155550100", "Hi"), &fake).await;
    assert!(other.contact_created, "{provider}");
    assert_ne!(other.contact_id, first.contact_id, "{provider}");
    assert_eq!(fake.crm_contacts(provider).len(), 2, "{provider}");
    fake
}

#[tokio::test]
async fn hubspot_creates_a_contact_for_a_new_phone_notes_the_message_and_reuses_the_contact() {
    let fake = creates_then_reuses("hubspot").await;
    let contact = &fake.crm_contacts("hubspot")[0];
    assert_eq!(contact["properties"]["phone"], "+919812345678");
    assert_eq!(contact["properties"]["firstname"], "Ravi Kumar");
}

#[tokio::test]
async fn zoho_creates_a_contact_for_a_new_phone_notes_the_message_and_reuses_the_contact() {
    let fake = creates_then_reuses("zoho").await;
    let contact = &fake.crm_contacts("zoho")[0];
    assert_eq!(contact["Phone"], "+919812345678");
    assert_eq!(contact["Last_Name"], "Ravi Kumar");
    let asked = fake.received_under("/zoho-api/crm/v2/Contacts/search");
    assert!(asked[0]
        .authorization
        .as_deref()
        .unwrap()
        .starts_with("Zoho-oauthtoken zoho-tok-access-"));
}

#[tokio::test]
async fn salesforce_creates_a_contact_for_a_new_phone_logs_a_task_and_reuses_the_contact() {
    let fake = creates_then_reuses("salesforce").await;
    let contact = &fake.crm_contacts("salesforce")[0];
    assert_eq!(contact["Phone"], "+919812345678");
    assert_eq!(contact["LastName"], "Ravi Kumar");
    assert!(contact.get("RecordTypeId").is_none());
    let task = &fake.crm_activities("salesforce")[0];
    assert_eq!(task["subject"], "WhatsApp INCOMING");
    assert_eq!(task["status"], "Completed");
    assert_eq!(task["activity_date"], "2025-11-22");
}

#[tokio::test]
async fn bitrix_creates_a_contact_for_a_new_phone_comments_on_its_timeline_and_reuses_it() {
    let fake = creates_then_reuses("bitrix").await;
    let contact = &fake.crm_contacts("bitrix")[0];
    assert_eq!(contact["PHONE"][0]["VALUE"], "+919812345678");
    let calls = fake.received_under("/bitrix/acme.bitrix24.com/rest/");
    assert_eq!(
        calls[0].path,
        "/bitrix/acme.bitrix24.com/rest/crm.contact.list.json"
    );
}

#[tokio::test]
async fn freshdesk_creates_a_contact_and_notes_every_message_on_its_one_open_whatsapp_ticket() {
    let fake = creates_then_reuses("freshdesk").await;
    let contact = &fake.crm_contacts("freshdesk")[0];
    assert_eq!(contact["phone"], "+919812345678");
    assert_eq!(contact["name"], "Ravi Kumar");
    let notes = fake.crm_activities("freshdesk");
    // Both messages of the first chat went to the same ticket; the other chat got its own.
    assert_eq!(notes[0]["ticket_id"], notes[1]["ticket_id"]);
    assert_ne!(notes[0]["ticket_id"], notes[2]["ticket_id"]);
    assert_eq!(notes[0]["private"], true);
    let created = fake
        .received()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == "/freshdesk/acme.freshdesk.com/api/v2/tickets")
        .count();
    assert_eq!(created, 2);
}

#[tokio::test]
async fn leadsquared_creates_a_lead_for_a_new_phone_posts_the_activity_and_reuses_the_lead() {
    let fake = creates_then_reuses("leadsquared").await;
    let lead = &fake.crm_contacts("leadsquared")[0];
    assert_eq!(lead["Phone"], "+919812345678");
    assert_eq!(lead["FirstName"], "Ravi Kumar");
    let activity = &fake.crm_activities("leadsquared")[0];
    assert_eq!(
        activity["event"],
        connectors::leadsquared::WHATSAPP_ACTIVITY_EVENT
    );
    assert_eq!(activity["at"], "2025-11-22 02:30:00");
}

#[tokio::test]
async fn salesforce_with_contact_creation_off_skips_a_phone_no_contact_has_and_creates_nothing() {
    let fake = FakeProviders::start().await.unwrap();
    let link = salesforce(&fake, false, &[(CUSTOMER, &["MobilePhone"])]);
    let outcome = log_chat(&link, &chat("wamid-1", PHONE, "Hello"), &[fake.addr])
        .await
        .unwrap();
    assert_eq!(outcome, Outcome::SkippedNoContact);
    assert!(fake.crm_contacts("salesforce").is_empty());
    assert!(fake.crm_activities("salesforce").is_empty());
    assert!(fake
        .received_under("/salesforce-instance")
        .iter()
        .all(|r| r.method == "GET"));
}

#[tokio::test]
async fn salesforce_creates_the_contact_with_the_first_selected_record_type_in_its_selected_phone_field(
) {
    let fake = FakeProviders::start().await.unwrap();
    let link = salesforce(
        &fake,
        true,
        &[(PARTNER, &["MobilePhone"]), (CUSTOMER, &["Phone"])],
    );
    let first = logged(&link, &chat("wamid-1", PHONE, "Hello"), &fake).await;
    assert!(first.contact_created);
    let contact = &fake.crm_contacts("salesforce")[0];
    assert_eq!(contact["RecordTypeId"], PARTNER);
    assert_eq!(contact["MobilePhone"], "+919812345678");
    assert!(contact.get("Phone").is_none());
    let soql = &fake.received_under("/salesforce-instance/services/data/v59.0/query")[0].body;
    let soql = text(&soql["q"]);
    assert!(
        soql.contains(&format!("RecordTypeId = '{PARTNER}' AND (MobilePhone = ")),
        "{soql}"
    );
    assert!(
        soql.contains(&format!("RecordTypeId = '{CUSTOMER}' AND (Phone = ")),
        "{soql}"
    );

    let second = logged(&link, &chat("wamid-2", PHONE, "Again"), &fake).await;
    assert_eq!(second.contact_id, first.contact_id);
    assert!(!second.contact_created);
    assert_eq!(fake.crm_contacts("salesforce").len(), 1);
}

#[tokio::test]
async fn salesforce_finds_a_contact_only_by_the_selected_phone_fields_of_the_selected_record_types()
{
    let fake = FakeProviders::start().await.unwrap();
    let seeded = fake.seed_crm_contact(
        "salesforce",
        json!({ "LastName": "Existing", "MobilePhone": "+919812345678", "RecordTypeId": CUSTOMER }),
    );
    let try_with = |types: &'static [(&'static str, &'static [&'static str])]| {
        let link = salesforce(&fake, false, types);
        async move {
            log_chat(&link, &chat("wamid-1", PHONE, "Hello"), &[fake.addr])
                .await
                .unwrap()
        }
    };
    // Not in the selected field, not in the selected record type, not in Phone.
    assert_eq!(
        try_with(&[(CUSTOMER, &["Phone"])]).await,
        Outcome::SkippedNoContact
    );
    assert_eq!(
        try_with(&[(PARTNER, &["MobilePhone"])]).await,
        Outcome::SkippedNoContact
    );
    assert_eq!(try_with(&[]).await, Outcome::SkippedNoContact);
    assert!(fake.crm_activities("salesforce").is_empty());

    match try_with(&[(PARTNER, &["Phone"]), (CUSTOMER, &["Phone", "MobilePhone"])]).await {
        Outcome::Logged(l) => {
            assert_eq!(l.contact_id, seeded);
            assert!(!l.contact_created);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(fake.crm_contacts("salesforce").len(), 1);
    assert_eq!(fake.crm_activities("salesforce")[0]["contact_id"], seeded);
}

#[tokio::test]
async fn every_provider_answering_429_is_rate_limited_with_its_retry_after_in_milliseconds() {
    let fake = FakeProviders::start().await.unwrap();
    for provider in PROVIDERS {
        let link = link(&fake, provider);
        fake.rate_limit(provider, 1);
        let err = log_chat(&link, &chat("wamid-1", PHONE, "Hello"), &[fake.addr])
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                ConnectorError::RateLimited {
                    retry_after_ms: Some(1000)
                }
            ),
            "{provider}: {err:?}"
        );
        assert!(fake.crm_contacts(provider).is_empty(), "{provider}");
        // The limit was for one call: the next attempt logs.
        logged(&link, &chat("wamid-1", PHONE, "Hello"), &fake).await;
    }
}

#[tokio::test]
async fn an_expired_access_token_is_token_expired_for_every_oauth_provider() {
    let fake = FakeProviders::start().await.unwrap();
    for provider in OAUTH_PROVIDERS {
        let link = link(&fake, provider);
        fake.expire_access_tokens(provider);
        let err = log_chat(&link, &chat("wamid-1", PHONE, "Hello"), &[fake.addr])
            .await
            .unwrap_err();
        assert!(
            matches!(err, ConnectorError::TokenExpired),
            "{provider}: {err:?}"
        );
        assert!(fake.crm_contacts(provider).is_empty(), "{provider}");
        assert!(fake.crm_activities(provider).is_empty(), "{provider}");
    }
}

#[tokio::test]
async fn a_wrong_key_is_wrong_credentials_for_freshdesk_and_leadsquared() {
    let fake = FakeProviders::start().await.unwrap();
    let wrong = [
        CrmLink::Freshdesk {
            api_url: fake.url("/freshdesk/acme.freshdesk.com"),
            api_key: "not-the-key".to_owned(),
        },
        CrmLink::LeadSquared {
            api_url: fake.url("/leadsquared/api-in21.leadsquared.com"),
            access_id: LEADSQUARED_ACCESS_KEY.to_owned(),
            secret_key: "not-the-secret".to_owned(),
        },
    ];
    for link in &wrong {
        let err = log_chat(link, &chat("wamid-1", PHONE, "Hello"), &[fake.addr])
            .await
            .unwrap_err();
        assert!(
            matches!(err, ConnectorError::WrongCredentials),
            "{link:?}: {err:?}"
        );
    }
    assert!(fake.crm_contacts("freshdesk").is_empty());
    assert!(fake.crm_contacts("leadsquared").is_empty());
}

#[tokio::test]
async fn an_address_the_allow_list_does_not_name_is_refused_before_any_provider_hears_of_it() {
    let fake = FakeProviders::start().await.unwrap();
    let elsewhere: SocketAddr = "127.0.0.1:9".parse().unwrap();
    for provider in PROVIDERS {
        let link = link(&fake, provider);
        for allow in [&[][..], &[elsewhere][..]] {
            let err = log_chat(&link, &chat("wamid-1", PHONE, "Hello"), allow)
                .await
                .unwrap_err();
            assert!(
                matches!(err, ConnectorError::Refused(_)),
                "{provider}: {err:?}"
            );
        }
    }
    assert!(fake.received().is_empty());
}

#[tokio::test]
async fn a_bitrix_token_from_the_fakes_token_endpoint_logs_at_the_rest_endpoint_it_names() {
    let fake = FakeProviders::start().await.unwrap();
    fake.bitrix_rest_on_fake(true);
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let consent = http
        .get(fake.url("/bitrix/acme.bitrix24.com/oauth/authorize/"))
        .query(&[("client_id", OAUTH_CLIENT_ID), ("state", "s1")])
        .send()
        .await
        .unwrap();
    let back = url::Url::parse(consent.headers()["location"].to_str().unwrap()).unwrap();
    let code = back
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .unwrap();
    let grant: Value = http
        .get(fake.url("/bitrix-oauth/oauth/token/"))
        .query(&[
            ("grant_type", "authorization_code"),
            ("client_id", OAUTH_CLIENT_ID),
            ("client_secret", OAUTH_CLIENT_SECRET),
            ("code", &code),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let endpoint = text(&grant["client_endpoint"]).to_owned();
    assert_eq!(endpoint, fake.url("/bitrix/acme.bitrix24.com/rest/"));
    let link = CrmLink::Bitrix {
        client_endpoint: endpoint,
        access_token: text(&grant["access_token"]).to_owned(),
    };
    let first = logged(&link, &chat("wamid-1", PHONE, "Hello"), &fake).await;
    assert!(first.contact_created);

    // Bitrix answers an expired token with 401 expired_token.
    fake.expire_access_tokens("bitrix");
    let err = log_chat(&link, &chat("wamid-2", PHONE, "Again"), &[fake.addr])
        .await
        .unwrap_err();
    assert!(matches!(err, ConnectorError::TokenExpired), "{err:?}");
    assert_eq!(fake.crm_activities("bitrix").len(), 1);
}

/// A one-route server answering every call with `status` and `body`, and its address.
async fn answering(status: u16, body: Value) -> SocketAddr {
    let app = axum::Router::new().fallback(move || {
        let body = body.clone();
        async move {
            (
                axum::http::StatusCode::from_u16(status).unwrap(),
                axum::Json(body),
            )
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

#[tokio::test]
async fn salesforce_and_bitrix_limit_answers_are_rate_limited_and_other_errors_are_upstream() {
    let chat = chat("wamid-1", PHONE, "Hello");
    let sf = answering(
        403,
        json!([{ "message": "TotalRequests Limit exceeded.", "errorCode": "REQUEST_LIMIT_EXCEEDED" }]),
    )
    .await;
    let link = CrmLink::Salesforce {
        instance_url: format!("http://{sf}"),
        access_token: "t".to_owned(),
        contact_creation: true,
        record_types: vec![],
    };
    let err = log_chat(&link, &chat, &[sf]).await.unwrap_err();
    assert!(
        matches!(
            err,
            ConnectorError::RateLimited {
                retry_after_ms: None
            }
        ),
        "{err:?}"
    );

    let bx = answering(
        503,
        json!({ "error": "QUERY_LIMIT_EXCEEDED", "error_description": "Too many requests" }),
    )
    .await;
    let link = CrmLink::Bitrix {
        client_endpoint: format!("http://{bx}/rest/"),
        access_token: "t".to_owned(),
    };
    let err = log_chat(&link, &chat, &[bx]).await.unwrap_err();
    assert!(
        matches!(
            err,
            ConnectorError::RateLimited {
                retry_after_ms: None
            }
        ),
        "{err:?}"
    );

    let broken = answering(500, json!({ "error": "boom" })).await;
    let link = CrmLink::HubSpot {
        api_url: format!("http://{broken}"),
        access_token: "t".to_owned(),
    };
    let err = log_chat(&link, &chat, &[broken]).await.unwrap_err();
    assert!(matches!(err, ConnectorError::Upstream(_)), "{err:?}");
}
