// The Integrations screen's calls, on the spec's paths (000 §7: spreadsheet, HubSpot, Bitrix,
// Freshdesk, Zoho, webhooks and the v2 helpers). Unlike the original, no secret reaches the
// browser: the OAuth providers' authorize URLs come from the server (`authorizeUrl`, the one
// call the spec has no path for) and the page only hands the returned code and state back to
// the spec's exchange endpoint, where the server does the exchange.
//
// Wire types come from src/generated/contract.ts where the server has them (link status, the
// webhook, the consent URL, the Freshdesk and LeadSquared bodies, the Salesforce settings, record
// types and record-type fields).
import { apiFetch } from '@/lib/api';
import type {
  AuthorizeUrl,
  CrmLabelSync,
  Delivery,
  DeliveryAttempt,
  DeliveryLog,
  FreshdeskLink,
  LabelRules,
  LastSync,
  LeadsquaredLink,
  LinkStatus,
  ResultEnvelope,
  SalesforceField,
  SalesforceRecordType,
  SalesforceRecordTypeFields,
  SalesforceRecordTypes,
  SalesforceSettings,
  SigningSecret,
  StatusEnvelope,
  WebhookEndpoint,
  WebhookUpdate,
} from '@/generated/contract';
import type { Provider } from '@/generated/domain';

export type {
  CrmLabelSync,
  Delivery,
  DeliveryAttempt,
  DeliveryLog,
  LastSync,
  SalesforceField,
  SalesforceRecordType,
  SalesforceSettings,
  WebhookEndpoint,
} from '@/generated/contract';

const V1 = '/api/v1/whatzapp';
const V2 = '/api/v2';

/** An envelope whose data may be missing (older answers, failures answered with 200). */
type ResultAnswer<T = LinkStatus> = Omit<ResultEnvelope<T>, 'data'> & { data?: T | null };
type StatusAnswer<T = LinkStatus> = Omit<StatusEnvelope<T>, 'data'> & { data?: T | null; message?: string };

/** The providers whose link starts on the provider's consent page. */
export type OAuthProvider = 'googleSheet' | 'hubspot' | 'zoho' | 'salesforce' | 'bitrix';

function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const resultOf = async (path: string, init?: Parameters<typeof apiFetch>[1]) =>
  (await apiFetch<ResultAnswer | undefined>(path, init))?.result === true;
const statusOf = async (path: string, init?: Parameters<typeof apiFetch>[1]) =>
  (await apiFetch<StatusAnswer | undefined>(path, init))?.status === true;

// ---- Link status (000 §4 'Connection status is loaded when the page opens') ----

/** A link as a page shows it: usable, or there but refused by the provider (connect again). */
export interface LinkState {
  connected: boolean;
  needsReconnect: boolean;
}

const linkOf = (path: string): Promise<LinkState> =>
  apiFetch<ResultAnswer | undefined>(path).then((a) => ({
    connected: a?.result === true,
    needsReconnect: a?.data?.needs_reconnect === true,
  }));
const plain = (connected: boolean): LinkState => ({ connected, needsReconnect: false });

/** The integration's link, asked of the server's one status route for workspace links. */
export function fetchLinked(key: Provider, workspaceId: number, orgId: number | null): Promise<LinkState> {
  if (key === 'webhooks') {
    return orgId === null
      ? Promise.resolve(plain(false))
      : fetchWebhook(orgId).then((w) => plain(!!w?.duplex_webhook && w.status === 1));
  }
  return linkOf(`${V1}/integrations/${key}/link${query({ workspace_id: workspaceId })}`);
}

/** Unlinks; true when the server says it did. */
export function unlink(key: Provider, workspaceId: number, orgId: number | null): Promise<boolean> {
  if (key === 'webhooks') {
    // Turning the organisation's webhook off is its unlink; the URL stays for a later Turn On.
    return orgId === null ? Promise.resolve(false) : saveWebhook(orgId, { status: 0 }).then(() => true);
  }
  return resultOf(`${V1}/integrations/${key}/link${query({ workspace_id: workspaceId })}`, { method: 'DELETE' });
}

// ---- OAuth (ours: the server issues the authorize URL and does the exchange) ----

/**
 * The provider's consent page, built by the server with its client id, scopes and a state it
 * remembers (our route: the spec has none; `redirect_uri` is ignored by the server, which uses
 * its configured return page).
 */
export async function authorizeUrl(
  provider: OAuthProvider,
  redirectUri: string,
  options: { workspaceId: number; domain?: string; state?: string },
): Promise<{ url: string; state: string | null }> {
  const a = await apiFetch<ResultAnswer<AuthorizeUrl>>(
    `${V1}/integrations/${provider}/authorize${query({
      workspace_id: options.workspaceId,
      redirect_uri: redirectUri,
      domain: options.domain,
      state: options.state,
    })}`,
  );
  if (!a.data?.url) throw new Error('no authorize url');
  return { url: a.data.url, state: a.data.state ?? null };
}

export interface OAuthReturn {
  code: string;
  state: string | null;
  redirectUri: string;
  /** Zoho's `accounts-server`. */
  accountsServer?: string | null;
  /** The spreadsheet's label (000 §2 sync modal). */
  labelName?: string;
}

/** Hands the returned code to the spec's exchange endpoint; true when linked. */
export function exchangeCode(provider: OAuthProvider, workspaceId: number, r: OAuthReturn): Promise<boolean> {
  switch (provider) {
    case 'googleSheet':
      return resultOf(`${V1}/googlesheet`, {
        method: 'POST',
        body: { workspace_id: workspaceId, code: r.code, state: r.state, redirect_uri: r.redirectUri, label_name: r.labelName },
      });
    case 'hubspot':
      return resultOf(
        `${V1}/hubspotauthentication${query({
          workspace_id: workspaceId,
          grant_type: 'authorization_code',
          code: r.code,
          state: r.state,
          redirect_uri: r.redirectUri,
        })}`,
        { method: 'POST' },
      );
    case 'bitrix':
      return resultOf(`${V1}/bitrix/createauth`, {
        method: 'POST',
        body: { workspace_id: workspaceId, code: r.code, state: r.state, redirect_uri: r.redirectUri },
      });
    case 'zoho':
      return resultOf(`${V1}/zoho/auth/token`, {
        method: 'POST',
        body: {
          workspace_id: workspaceId,
          temp_code: r.code,
          temp_account_server_url: r.accountsServer ?? null,
          redirect_uri: r.redirectUri,
          state: r.state,
        },
      });
    case 'salesforce':
      return statusOf(`${V2}/salesforce/auth`, {
        method: 'POST',
        body: { workspace_id: workspaceId, code: r.code, state: r.state, redirect_uri: r.redirectUri },
      });
  }
}

// ---- Spreadsheet ----

export const fetchSheet = (workspaceId: number) =>
  apiFetch<ResultAnswer<{ sheet_id?: string | null }>>(`${V1}/googlesheet${query({ workspace_id: workspaceId })}`).then(
    (a) => (a.result ? (a.data?.sheet_id ?? null) : null),
  );

export const fetchSheetLabel = (workspaceId: number) =>
  apiFetch<ResultAnswer<{ funnel_name?: string | null }>>(`${V1}/getsheetfunnel${query({ workspace_id: workspaceId })}`).then(
    (a) => (a.result ? (a.data?.funnel_name ?? null) : null),
  );

export const updateSheetLabel = (workspaceId: number, updatedName: string) =>
  resultOf(`${V1}/updatesheetfunnel`, { method: 'PATCH', body: { workspace_id: workspaceId, updated_name: updatedName } });

// ---- Freshdesk, LeadSquared (the server checks the credentials before storing them) ----

export const linkFreshdesk = (workspaceId: number, domain: string, apiKey: string) =>
  resultOf(`${V1}/freshdesk/createauth`, {
    method: 'POST',
    body: { workspace_id: workspaceId, domain, api_key: apiKey } satisfies FreshdeskLink,
  });

export const linkLeadsquared = (c: LeadsquaredLink) => statusOf(`${V2}/leadsquared/auth`, { method: 'POST', body: c });

// ---- Salesforce settings (v2) ----

export const fetchSalesforceSettings = () =>
  apiFetch<StatusAnswer<SalesforceSettings>>(`${V2}/salesforce/settings`).then((a) => a.data ?? null);

export const fetchRecordTypes = () =>
  apiFetch<StatusAnswer<SalesforceRecordTypes>>(`${V2}/salesforce/record-types`).then(
    (a): SalesforceRecordType[] => a.data?.records ?? [],
  );

/** `data.objectInfos.User.fields`: the user fields by API name, each with its label. */
export const fetchRecordTypeFields = (id: string) =>
  apiFetch<StatusAnswer<SalesforceRecordTypeFields>>(`${V2}/salesforce/record-type/fields${query({ id })}`).then((a) =>
    Object.entries(a.data?.objectInfos.User.fields ?? {}).flatMap(([key, f]): SalesforceField[] =>
      f ? [{ id: f.apiName || key, name: f.label || key }] : [],
    ),
  );

export const saveSalesforceSettings = (s: SalesforceSettings) =>
  apiFetch<StatusAnswer | undefined>(`${V2}/salesforce/settings`, { method: 'POST', body: s }).then(
    (a) => a?.status !== false,
  );

// ---- Webhooks (per organisation) ----

export const fetchWebhook = (orgId: number) =>
  apiFetch<ResultAnswer<WebhookEndpoint>>(`${V1}/webhook/endpoints${query({ org_id: orgId })}`).then(
    (a) => a.data ?? null,
  );

export const saveWebhook = (orgId: number, change: Omit<WebhookUpdate, 'org_id'>) =>
  apiFetch<ResultAnswer<WebhookEndpoint> | undefined>(`${V1}/webhook/endpoints`, {
    method: 'POST',
    body: { org_id: orgId, ...change } satisfies WebhookUpdate,
  }).then((a) => a?.data ?? null);

// ---- The sync engine (issue #7): delivery log, signing secret, last sync, label rules ----

/** The delivery statuses the log can be filtered by (`delivering` is a pending one mid-try). */
export const DELIVERY_FILTERS = ['pending', 'delivered', 'skipped', 'dead'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

/** A page of the organisation webhook's deliveries, newest first. */
export const fetchDeliveries = (
  orgId: number,
  options: { status?: DeliveryFilter | null; before?: number | null; limit?: number } = {},
) =>
  apiFetch<ResultAnswer<DeliveryLog>>(
    `${V1}/webhook/deliveries${query({ org_id: orgId, status: options.status, before: options.before, limit: options.limit })}`,
  ).then((a): DeliveryLog => ({
    deliveries: a.data?.deliveries ?? [],
    next_before: a.data?.next_before ?? null,
  }));

/** Every try of one delivery, oldest first. */
export const fetchAttempts = (orgId: number, id: number) =>
  apiFetch<ResultAnswer<DeliveryAttempt[]>>(`${V1}/webhook/deliveries/${id}/attempts${query({ org_id: orgId })}`).then(
    (a) => a.data ?? [],
  );

/** Sends a delivery again now; the server answers 409 `conflict` while a try of it runs. */
export const resendDelivery = (orgId: number, id: number) =>
  apiFetch<ResultAnswer<Delivery>>(`${V1}/webhook/deliveries/${id}/resend`, { method: 'POST', body: { org_id: orgId } }).then(
    (a) => a.data ?? null,
  );

/** A new signing secret for the organisation's endpoint, answered this once. */
export const rotateSigningSecret = (orgId: number) =>
  apiFetch<ResultAnswer<SigningSecret>>(`${V1}/webhook/endpoints/secret`, { method: 'POST', body: { org_id: orgId } }).then(
    (a) => a.data?.signing_secret ?? null,
  );

/** The sync state of the caller's links and of the organisation's webhook, by card key. */
export const fetchLastSync = (orgId: number) =>
  apiFetch<ResultAnswer<LastSync[]>>(`${V1}/integrations/lastsync${query({ org_id: orgId })}`).then((a) =>
    Array.isArray(a.data) ? a.data : [],
  );

/** An employee's label rules, one entry per CRM that has one. */
export const fetchLabelRules = (orgId: number, userId: number) =>
  apiFetch<ResultAnswer<LabelRules>>(`${V2}/crm-label-sync${query({ org_id: orgId, user_id: userId })}`).then(
    (a): CrmLabelSync[] => a.data?.crmLabelSyncData ?? [],
  );

/** Replaces the employee's whole list of label rules; answers the list as stored. */
export const saveLabelRules = (orgId: number, userId: number, rules: CrmLabelSync[]) =>
  apiFetch<ResultAnswer<LabelRules>>(`${V2}/crm-label-sync`, {
    method: 'PUT',
    body: { org_id: orgId, user_id: userId, crmLabelSyncData: rules } satisfies LabelRules,
  }).then((a): CrmLabelSync[] => a.data?.crmLabelSyncData ?? rules);
