//! HubSpot: the OAuth application's scopes (000 §7: 'one required scope (read contacts) and
//! optional scopes covering contacts, companies, deals, lists, custom objects, files, tickets,
//! timeline, automation, owners and events'). HubSpot takes the client credentials in the form
//! body and does not document PKCE; access tokens live about 30 minutes.

/// The required scope.
pub const SCOPES: &[&str] = &["crm.objects.contacts.read"];

/// The optional scopes, as HubSpot names them.
pub const OPTIONAL_SCOPES: &[&str] = &[
    "crm.objects.contacts.write",
    "crm.objects.companies.read",
    "crm.objects.companies.write",
    "crm.objects.deals.read",
    "crm.objects.deals.write",
    "crm.lists.read",
    "crm.lists.write",
    "crm.objects.custom.read",
    "crm.objects.custom.write",
    "files",
    "tickets",
    "timeline",
    "automation",
    "crm.objects.owners.read",
    "behavioral_events.event_definitions.read_write",
];
