//! The provider registry: every integration the workspace links (000 §3 integration cards and
//! type ids) and every fact about one that more than one place needs — its `dataKey` (also the
//! key its links are stored under), type id, owner, label-rule name, how it connects, whether
//! its links refresh, what the sync engine delivers to it, and its card on the Integrations
//! screen. The server (links, OAuth, sync engine, routes, connected flags) and — generated —
//! the web catalogue read these; nothing else spells a provider. Adding a provider starts here
//! (docs/HOWTO-provider.md): the compiler then points at every match to extend.

use serde::Serialize;

use crate::roles::AccessLevel;

/// 000 §3: an integration, by its card's `dataKey`.
#[crate::value::wire(Copy, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Provider {
    GoogleSheet,
    Hubspot,
    Freshdesk,
    Zoho,
    Salesforce,
    Leadsquared,
    Bitrix,
    Webhooks,
}

/// Whose a link is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum LinkOwner {
    /// The signed-in user's own workspace (one link per user).
    User,
    /// The organisation (one link per organisation, admins manage it).
    Organisation,
}

/// How a link is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Connect {
    /// The provider's consent page; the server issues the state and exchanges the code. The
    /// name is the one the authorize route takes and the state is stored under.
    #[serde(rename = "oauth")]
    OAuth { consent: &'static str },
    /// Keys the user types, checked with the provider before they are stored.
    ApiKey,
    /// A URL (and token) the organisation's admin types.
    Webhook,
}

/// What the sync engine delivers a new chat message to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum SyncTarget {
    /// The chat's activity logged on the contact (the sender's own link, label rules apply).
    Crm,
    /// A row appended to the linked spreadsheet (the sender's own link, label rules apply).
    Sheet,
    /// The signed webhook body (the organisation's endpoint, when on).
    Webhook,
}

/// A provider's card on the Integrations screen (000 §2/§3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// The brand name, shown as is in every language.
    pub title: &'static str,
    /// The `section` query value that opens the card's page (000 §2).
    pub section: &'static str,
    /// The message the extension receives after a link (000 §4).
    pub extension_key: &'static str,
    pub color: &'static str,
    pub initials: &'static str,
    /// The feature list: keys into the `integrations` translation catalogue.
    pub features: &'static [&'static str],
}

/// Everything the registry knows of one provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProviderSpec {
    pub key: Provider,
    /// 000 §3 'Integration type ids'.
    pub type_id: u8,
    pub owner: LinkOwner,
    /// The name label rules use (`crm_name`, 000 §3); `None` when label rules do not apply.
    pub label_name: Option<&'static str>,
    pub connect: Connect,
    /// Whether the link holds a refresh token the server renews before expiry and after a 401.
    pub refreshes: bool,
    pub sync: SyncTarget,
    pub access: AccessLevel,
    pub card: Card,
}

impl Provider {
    /// Every provider, in the Integrations screen's order.
    pub const ALL: [Provider; 8] = [
        Provider::GoogleSheet,
        Provider::Hubspot,
        Provider::Freshdesk,
        Provider::Zoho,
        Provider::Salesforce,
        Provider::Leadsquared,
        Provider::Bitrix,
        Provider::Webhooks,
    ];

    /// The card's `dataKey`; links are stored under it.
    pub const fn key(self) -> &'static str {
        match self {
            Provider::GoogleSheet => "googleSheet",
            Provider::Hubspot => "hubspot",
            Provider::Freshdesk => "freshdesk",
            Provider::Zoho => "zoho",
            Provider::Salesforce => "salesforce",
            Provider::Leadsquared => "leadsquared",
            Provider::Bitrix => "bitrix",
            Provider::Webhooks => "webhooks",
        }
    }

    /// The provider whose `dataKey` is `key`.
    pub fn from_key(key: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.key() == key)
    }

    /// The provider whose label rules are named `name`.
    pub fn from_label_name(name: &str) -> Option<Provider> {
        Provider::ALL
            .into_iter()
            .find(|p| p.label_name() == Some(name))
    }

    /// The name label rules use for this provider (000 §3), if they apply.
    pub const fn label_name(self) -> Option<&'static str> {
        match self {
            Provider::GoogleSheet => Some("googlesheet"),
            Provider::Webhooks => None,
            other => Some(other.key()),
        }
    }

    /// 000 §3: 'accessLevel (admin for the spreadsheet card, all for the others)'.
    pub const fn access_level(self) -> AccessLevel {
        match self {
            Provider::GoogleSheet => AccessLevel::Admin,
            _ => AccessLevel::All,
        }
    }

    /// The registry entry.
    pub const fn spec(self) -> ProviderSpec {
        let (type_id, owner, connect, sync, card) = match self {
            Provider::Hubspot => (
                1,
                LinkOwner::User,
                Connect::OAuth { consent: "hubspot" },
                SyncTarget::Crm,
                Card {
                    title: "HubSpot",
                    section: "hubspot",
                    extension_key: "HUBSPOT_CONNECTED",
                    color: "#FF7A59",
                    initials: "HS",
                    features: &["crm_contacts", "crm_notes", "crm_deals"],
                },
            ),
            Provider::Freshdesk => (
                2,
                LinkOwner::User,
                Connect::ApiKey,
                SyncTarget::Crm,
                Card {
                    title: "Freshdesk",
                    section: "freshdesk",
                    extension_key: "FRESHDESK_CONNECTED",
                    color: "#25C16F",
                    initials: "FD",
                    features: &["crm_contacts", "tickets"],
                },
            ),
            Provider::Bitrix => (
                3,
                LinkOwner::User,
                Connect::OAuth { consent: "bitrix" },
                SyncTarget::Crm,
                Card {
                    title: "Bitrix24",
                    section: "bitrix",
                    extension_key: "BITRIX_CONNECTED",
                    color: "#2FC6F6",
                    initials: "B24",
                    features: &["crm_contacts", "crm_leads"],
                },
            ),
            Provider::Zoho => (
                4,
                LinkOwner::User,
                Connect::OAuth { consent: "zoho" },
                SyncTarget::Crm,
                Card {
                    title: "Zoho",
                    section: "zoho",
                    extension_key: "ZOHO_CONNECTED",
                    color: "#E42527",
                    initials: "Z",
                    features: &["crm_contacts", "crm_notes", "crm_deals"],
                },
            ),
            Provider::GoogleSheet => (
                5,
                LinkOwner::User,
                Connect::OAuth { consent: "google" },
                SyncTarget::Sheet,
                Card {
                    title: "Google Sheet",
                    section: "googleSheet",
                    extension_key: "GOOGLE_SHEET_CONNECTED",
                    color: "#0F9D58",
                    initials: "GS",
                    features: &["sheet_sync", "sheet_label", "sheet_view"],
                },
            ),
            Provider::Salesforce => (
                6,
                LinkOwner::User,
                Connect::OAuth {
                    consent: "salesforce",
                },
                SyncTarget::Crm,
                Card {
                    title: "Salesforce",
                    section: "salesforce",
                    extension_key: "SALESFORCE_CONNECTED",
                    color: "#00A1E0",
                    initials: "SF",
                    features: &["crm_contacts", "crm_notes", "record_types"],
                },
            ),
            Provider::Leadsquared => (
                7,
                LinkOwner::User,
                Connect::ApiKey,
                SyncTarget::Crm,
                Card {
                    title: "LeadSquared",
                    section: "leadsquared",
                    extension_key: "LEADSQUARED_CONNECTED",
                    color: "#1B75BB",
                    initials: "LS",
                    features: &["crm_leads", "crm_notes"],
                },
            ),
            Provider::Webhooks => (
                8,
                LinkOwner::Organisation,
                Connect::Webhook,
                SyncTarget::Webhook,
                Card {
                    title: "Webhook",
                    section: "webhooks",
                    extension_key: "WEBHOOK_CONNECTED",
                    color: "#6741D9",
                    initials: "WH",
                    features: &["webhook_messages", "webhook_token"],
                },
            ),
        };
        ProviderSpec {
            key: self,
            type_id,
            owner,
            label_name: self.label_name(),
            refreshes: matches!(connect, Connect::OAuth { .. }),
            connect,
            sync,
            access: self.access_level(),
            card,
        }
    }

    /// The name the authorize route takes and OAuth states are stored under, for providers
    /// linked through a consent page.
    pub const fn consent_name(self) -> Option<&'static str> {
        match self.spec().connect {
            Connect::OAuth { consent } => Some(consent),
            _ => None,
        }
    }

    /// The provider an authorize route's name stands for: its consent name, or its `dataKey`
    /// (the web app names the spreadsheet's consent by its card, `googleSheet`).
    pub fn from_consent_name(name: &str) -> Option<Provider> {
        Provider::ALL
            .into_iter()
            .filter(|p| p.consent_name().is_some())
            .find(|p| p.consent_name() == Some(name) || p.key() == name)
    }

    /// Whether the sync engine delivers chat activity to the owner's link (CRMs and the
    /// spreadsheet; the webhook is the organisation's).
    pub const fn syncs_activity(self) -> bool {
        !matches!(self.spec().sync, SyncTarget::Webhook)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_ids_are_the_specs_and_unique() {
        let ids: Vec<u8> = Provider::ALL.iter().map(|p| p.spec().type_id).collect();
        assert_eq!(ids, [5, 1, 2, 4, 6, 7, 3, 8]);
    }

    #[test]
    fn keys_round_trip_and_match_the_wire_name() {
        for p in Provider::ALL {
            assert_eq!(Provider::from_key(p.key()), Some(p));
            assert_eq!(serde_json::to_value(p).unwrap(), serde_json::json!(p.key()));
            if let Some(name) = p.label_name() {
                assert_eq!(Provider::from_label_name(name), Some(p));
            }
        }
        assert_eq!(Provider::from_key("googlesheet"), None);
    }

    #[test]
    fn consent_names_reach_the_oauth_providers_only() {
        assert_eq!(
            Provider::from_consent_name("googleSheet"),
            Some(Provider::GoogleSheet)
        );
        assert_eq!(
            Provider::from_consent_name("google"),
            Some(Provider::GoogleSheet)
        );
        assert_eq!(Provider::from_consent_name("freshdesk"), None);
        assert_eq!(Provider::from_consent_name("webhooks"), None);
        let oauth: Vec<_> = Provider::ALL
            .into_iter()
            .filter(|p| p.spec().refreshes)
            .collect();
        assert_eq!(
            oauth,
            [
                Provider::GoogleSheet,
                Provider::Hubspot,
                Provider::Zoho,
                Provider::Salesforce,
                Provider::Bitrix
            ]
        );
    }

    #[test]
    fn only_the_webhook_is_the_organisations() {
        for p in Provider::ALL {
            assert_eq!(
                p.spec().owner == LinkOwner::Organisation,
                p == Provider::Webhooks
            );
            assert_eq!(p.syncs_activity(), p != Provider::Webhooks);
        }
    }
}
