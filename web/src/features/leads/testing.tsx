// The leads screens' test fixtures: a contact, a deal, a ticket and a logged call in the
// contract's shapes, a fake server answering the contacts' calls (the list, a history, the
// members, no tickets or calls) and whatever a test adds first, one answering the deals' calls too
// (the board built from its deals as the server builds it, a contact's deals, a new deal, a
// change), one answering a contact's tickets and calls as well (read, made, changed, removed),
// the caller signed in to Acme Traders with a role, and the pages rendered at /leads and /leadcrm.
import type { Board, CallLog, Contact, ContactChange, ContactImportReport, Deal, ImportColumn, Page, Ticket } from '@/generated/contract';
import { errorBody, renderRoutes, signInAs, stubServer, userExistence, type Answer, type Call, type UploadHolds } from '@/testing/harness';
import { mapping, members, ORG } from '@/testing/organization';
import { DEAL_STAGES, fromCents, toCents } from './dealsLogic';
import LeadCrmPage from './pages/LeadCrmPage';
import LeadsPage from './pages/LeadsPage';

export { ORG };

export const contact = (over: Partial<Contact>): Contact => ({
  id: 1,
  org_id: ORG,
  contact: '919876543210',
  phone: '+919876543210',
  display_name: 'Rhea Kapoor',
  name: 'Rhea Kapoor',
  first_name: null,
  last_name: null,
  email: null,
  address: null,
  company: 'Kapoor Textiles',
  job_title: null,
  lifecycle_stage: 'salesqualifiedlead',
  lead_status: 'IN_PROGRESS',
  owner_id: 8,
  source: 'member',
  label_ids: [],
  created_at: '2026-11-28T09:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
  ...over,
});

/** Answers the contacts' calls; `extra` answers first; uploads wait where `holds` says. Returns
 * every call made. */
export function server(contacts: Contact[], history: ContactChange[] = [], extra?: (c: Call) => Answer | undefined, holds?: () => UploadHolds) {
  const calls: Call[] = [];
  stubServer(calls, (call) => extra?.(call) ?? contactsAnswer(contacts, history, call), holds);
  return calls;
}

/** The contacts' calls: the list (whatever the search), a history, the members; else not found. */
function contactsAnswer(contacts: Contact[], history: ContactChange[], call: Call): Answer {
  const p = call.url.pathname;
  if (p === '/api/contacts' && call.method === 'GET') {
    const page: Page<Contact> = { items: contacts, total: contacts.length, page: 0, per_page: 50 };
    return { status: 200, body: page };
  }
  if (p.endsWith('/history')) return { status: 200, body: history };
  if ((p === '/api/tickets' || p === '/api/calls') && call.method === 'GET') return { status: 200, body: [] };
  if (p === '/api/v1/whatzapp/employees/invited') {
    return { status: 200, body: { result: true, data: members, sync_list: [], mapping_details: mapping() } };
  }
  return { status: 404, body: errorBody('not_found') };
}

/** The list reads made so far. */
export const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/contacts' && c.method === 'GET');

/** Signs user 7 in to Acme Traders with `roleId` (1 admin, 2 manager, 3 employee, 4 owner). */
export function signedIn(roleId = 1) {
  const current = mapping({ role_id: roleId });
  signInAs(current, { name: 'Owner', workspace: { me: userExistence(current, { name: 'Owner' }) } });
}

export const renderLeads = () => renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads');

/** An import's answer: the columns as read, nothing refused unless said. */
export function importReport(columns: ImportColumn[], over: Partial<ContactImportReport> = {}): ContactImportReport {
  return { columns, rows: 3, created: 2, updated: 1, unchanged: 0, error_rows: 0, errors: [], committed: false, ...over };
}

// Deals ------------------------------------------------------------------------------------------

export const deal = (over: Partial<Deal>): Deal => ({
  id: 101,
  org_id: ORG,
  contact_id: 1,
  contact_name: 'Rhea Kapoor',
  name: '500 linen shirts',
  amount: '1250.50',
  currency: 'USD',
  stage: 'appointmentscheduled',
  owner_id: 8,
  close_date: '2026-12-20',
  description: null,
  closed_at: null,
  created_at: '2026-11-28T09:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
  ...over,
});

/** The board of `deals` as the server builds it: every stage in order, each counted (or as
 * `counts` says, for a column with more than it shows) and added up per currency. */
export function boardOf(deals: Deal[], counts: Partial<Record<string, number>> = {}): Board {
  return {
    stages: DEAL_STAGES.map((stage) => {
      const mine = deals.filter((d) => d.stage === stage);
      const totals: Record<string, string> = {};
      for (const d of mine) {
        if (d.amount === null) continue;
        totals[d.currency] = fromCents((toCents(totals[d.currency] ?? '0') ?? 0n) + (toCents(d.amount) ?? 0n));
      }
      return { stage, count: counts[stage] ?? mine.length, totals, deals: mine };
    }),
  };
}

/** The deals' calls against `deals` (changed by a PATCH, added to by a POST), then the contacts'
 * calls; `extra` answers first. Returns every call made. */
export function crmServer({
  deals = [],
  contacts = [contact({})],
  counts = {},
  extra,
}: {
  deals?: Deal[];
  contacts?: Contact[];
  counts?: Partial<Record<string, number>>;
  /** Answers first; a promise of nothing lets the call go on to the answers below once it settles. */
  extra?: (c: Call) => Answer | undefined | Promise<Answer | undefined>;
} = {}) {
  const kept = deals.map((d) => ({ ...d }));
  const answer = async (c: Call): Promise<Answer | undefined> => {
    const own = await extra?.(c);
    if (own) return own;
    const p = c.url.pathname;
    if (p === '/api/deals/board') return { status: 200, body: boardOf(kept, counts) };
    if (p === '/api/deals' && c.method === 'GET') {
      const id = Number(c.url.searchParams.get('contact_id'));
      return { status: 200, body: kept.filter((d) => d.contact_id === id) };
    }
    if (p === '/api/deals' && c.method === 'POST') {
      const { org_id: _org, ...fields } = c.body as Partial<Deal>;
      const made = deal({ id: 900 + kept.length, ...fields });
      kept.push(made);
      return { status: 201, body: made };
    }
    const one = /^\/api\/deals\/(\d+)$/.exec(p);
    if (one) {
      const i = kept.findIndex((d) => d.id === Number(one[1]));
      if (i < 0) return { status: 404, body: errorBody('not_found') };
      if (c.method === 'DELETE') {
        kept.splice(i, 1);
        return { status: 204 };
      }
      if (c.method === 'PATCH') {
        const { org_id: _org, ...change } = c.body as Partial<Deal>;
        kept[i] = { ...kept[i]!, ...change, updated_at: '2026-11-29T08:00:00Z' };
        return { status: 200, body: kept[i] };
      }
      return { status: 200, body: kept[i] };
    }
    return undefined;
  };
  const calls: Call[] = [];
  stubServer(calls, async (c) => (await answer(c)) ?? contactsAnswer(contacts, [], c));
  return calls;
}

/** The deal calls made so far, by method and path. */
export const dealCalls = (calls: Call[], method: string, path?: RegExp) =>
  calls.filter((c) => c.method === method && c.url.pathname.startsWith('/api/deals') && (!path || path.test(c.url.pathname)));

export const renderCrm = () => renderRoutes([{ path: '/leadcrm', element: <LeadCrmPage /> }], '/leadcrm');

// Tickets and calls -----------------------------------------------------------------------------

export const ticket = (over: Partial<Ticket>): Ticket => ({
  id: 301,
  org_id: ORG,
  contact_id: 1,
  name: 'Printer jam',
  description: null,
  status: 'new',
  pipeline: 'support',
  ticket_type: 'product_issue',
  created_by: 7,
  closed_at: null,
  crm_provider: null,
  created_at: '2026-11-28T09:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
  ...over,
});

export const callLog = (over: Partial<CallLog>): CallLog => ({
  id: 401,
  org_id: ORG,
  contact_id: 1,
  outcome: 'connected',
  duration_secs: 3723,
  description: null,
  called_at: '2026-11-28T09:30:00Z',
  logged_by: 7,
  crm_provider: null,
  created_at: '2026-11-28T09:31:00Z',
  ...over,
});

/** A contact's tickets and calls against `tickets` and `calls` (a POST adds one first, a PATCH
 * changes a ticket and moves it first, a DELETE removes one), then the deals' and contacts'
 * calls (the list answering `contacts`); `extra` answers first. Returns every call made. */
export function serviceServer({
  tickets = [],
  calls = [],
  contacts,
  extra,
}: {
  tickets?: Ticket[];
  calls?: CallLog[];
  contacts?: Contact[];
  extra?: (c: Call) => Answer | undefined;
} = {}) {
  const keptTickets = tickets.map((t) => ({ ...t }));
  const keptCalls = calls.map((c) => ({ ...c }));
  const now = '2026-11-29T08:00:00Z';
  const answer = (c: Call): Answer | undefined => {
    const own = extra?.(c);
    if (own) return own;
    const p = c.url.pathname;
    const contactId = Number(c.url.searchParams.get('contact_id'));
    if (p === '/api/tickets' && c.method === 'GET') return { body: keptTickets.filter((t) => t.contact_id === contactId) };
    if (p === '/api/calls' && c.method === 'GET') return { body: keptCalls.filter((x) => x.contact_id === contactId) };
    if (p === '/api/tickets' && c.method === 'POST') {
      const { org_id: _org, ...fields } = c.body as Partial<Ticket>;
      const made = ticket({ id: 500 + keptTickets.length, status: 'new', ticket_type: null, created_at: now, updated_at: now, ...fields });
      keptTickets.unshift(made);
      return { status: 201, body: made };
    }
    if (p === '/api/calls' && c.method === 'POST') {
      const { org_id: _org, ...fields } = c.body as Partial<CallLog>;
      const made = callLog({ id: 600 + keptCalls.length, called_at: now, created_at: now, ...fields });
      keptCalls.unshift(made);
      return { status: 201, body: made };
    }
    const [, kind, id] = /^\/api\/(tickets|calls)\/(\d+)$/.exec(p) ?? [];
    if (!kind) return undefined;
    const list: { id: number }[] = kind === 'tickets' ? keptTickets : keptCalls;
    const i = list.findIndex((x) => x.id === Number(id));
    if (i < 0) return { status: 404, body: errorBody('not_found') };
    if (c.method === 'DELETE') {
      list.splice(i, 1);
      return { status: 204 };
    }
    if (c.method === 'PATCH' && kind === 'tickets') {
      const { org_id: _org, ...change } = c.body as Partial<Ticket>;
      const [before] = keptTickets.splice(i, 1);
      const after = { ...before!, ...change, updated_at: now };
      after.closed_at = after.status === 'closed' ? (before!.closed_at ?? now) : null;
      keptTickets.unshift(after);
      return { body: after };
    }
    return undefined;
  };
  return crmServer({ contacts, extra: answer });
}

/** The ticket or call requests made so far, by method and path. */
export const serviceCalls = (calls: Call[], method: string, path: RegExp) => calls.filter((c) => c.method === method && path.test(c.url.pathname));
