// The sync engine's screens (issue #7) against a fake server and the real wasm rules: the
// webhook's delivery log (rows, tries, Resend and its 409, paging, the empty state), the signing
// secret shown once and rotated, the last sync on cards and pages, and the label rules.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { LastSync } from '@/generated/contract';
import { setupSuite } from '@/testing/harness';
import { delivery, fakeServer, ME, ORG, pathOf, renderPage, type Call } from './testing';

setupSuite({
  prepare: async () => {
    // jsdom has no layout: Mantine's comboboxes scroll their options into view.
    if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  },
  before: () => {
    localStorage.clear();
  },
  restoreMocks: true,
  toasts: true,
});

const callsTo = (calls: Call[], path: string, method?: string) =>
  calls.filter((c) => pathOf(c) === path && (!method || c.method === method));

const webhookOn = (c: Call) =>
  pathOf(c) === '/webhook/endpoints' && c.method === 'GET'
    ? {
        body: {
          result: true,
          data: { org_id: ORG, duplex_webhook: 'https://hooks.acme.test/in', auth_token: null, status: 1, has_signing_secret: true },
        },
      }
    : undefined;

/** The input a label names (a combobox's listbox is labelled by it too). */
const inputOf = (label: string) => {
  const input = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
};

const rowOf = (messageId: string) => {
  const row = screen.getAllByTestId('delivery-row').find((r) => r.getAttribute('data-message-id') === messageId);
  if (!row) throw new Error(`no row for ${messageId}`);
  return within(row);
};

describe('the delivery log', { timeout: 20_000 }, () => {
  it('lists each delivery with its time, MessageId, status, attempts n/max, HTTP code, latency and error, and opens its tries', async () => {
    const dead = delivery(2, { status: 'dead', attempts: 3, last_status_code: 500, last_latency_ms: 120, last_error: 'HTTP 500' });
    const ok = delivery(1);
    const { calls } = fakeServer(webhookOn, (c) => {
      if (pathOf(c) === '/webhook/deliveries') return { body: { result: true, data: { deliveries: [dead, ok], next_before: null } } };
      if (pathOf(c) === '/webhook/deliveries/2/attempts')
        return {
          body: {
            result: true,
            data: [
              { attempt: 1, status_code: 500, latency_ms: 100, ok: false, error: 'HTTP 500', at: Date.now() - 60_000 },
              { attempt: 2, status_code: 503, latency_ms: 110, ok: false, error: 'HTTP 503', at: Date.now() - 30_000 },
            ],
          },
        };
      return undefined;
    });
    renderPage('/integrations?section=webhooks');
    await screen.findByRole('table', { name: 'Delivery log' });
    expect(screen.getAllByTestId('delivery-row')).toHaveLength(2);
    const row = rowOf(dead.event_id);
    expect(row.getByText(dead.event_id)).toBeInTheDocument();
    expect(row.getByTestId('delivery-status')).toHaveTextContent('Failed for good');
    expect(row.getByTestId('delivery-attempts')).toHaveTextContent('3/3');
    expect(row.getByText('500')).toBeInTheDocument();
    expect(row.getByText('120')).toBeInTheDocument();
    expect(row.getByText('HTTP 500')).toBeInTheDocument();
    expect(row.getByText('5 minutes ago')).toHaveAttribute('title', expect.stringMatching(/\d/));
    expect(rowOf(ok.event_id).getByTestId('delivery-status')).toHaveTextContent('Delivered');
    expect(callsTo(calls, '/webhook/deliveries')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));

    fireEvent.click(row.getByRole('button', { name: `Show the attempts of ${dead.event_id}` }));
    const tries = await screen.findByRole('table', { name: 'Attempts' });
    expect(within(tries).getAllByRole('row')).toHaveLength(3);
    expect(within(tries).getByText('HTTP 503')).toBeInTheDocument();
  });

  it('Resend queues a dead delivery again and says so; while a try runs the 409 is explained', async () => {
    const dead = delivery(2, { status: 'dead', attempts: 3, last_error: 'HTTP 500' });
    const busy = delivery(1);
    const { calls } = fakeServer(webhookOn, (c) => {
      const p = pathOf(c);
      if (p === '/webhook/deliveries') return { body: { result: true, data: { deliveries: [dead, busy], next_before: null } } };
      if (p === '/webhook/deliveries/2/resend')
        return { body: { result: true, data: { ...dead, status: 'pending', attempts: 0, last_error: null, last_status_code: null } } };
      if (p === '/webhook/deliveries/1/resend')
        return { status: 409, body: { error: { code: 'conflict', message: 'this delivery is being tried right now' } } };
      return undefined;
    });
    renderPage('/integrations?section=webhooks');
    await screen.findByRole('table', { name: 'Delivery log' });
    fireEvent.click(rowOf(dead.event_id).getByRole('button', { name: `Resend ${dead.event_id}` }));
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
    expect(callsTo(calls, '/webhook/deliveries/2/resend', 'POST')[0]!.body).toEqual({ org_id: ORG });
    expect(rowOf(dead.event_id).getByTestId('delivery-status')).toHaveTextContent('Pending');
    expect(rowOf(dead.event_id).getByTestId('delivery-attempts')).toHaveTextContent('0/3');
    expect(rowOf(dead.event_id).queryByRole('button', { name: `Resend ${dead.event_id}` })).toBeNull();

    fireEvent.click(rowOf(busy.event_id).getByRole('button', { name: `Resend ${busy.event_id}` }));
    expect(await screen.findByText('This delivery is being sent right now. Try again in a moment.')).toBeInTheDocument();
    expect(rowOf(busy.event_id).getByTestId('delivery-status')).toHaveTextContent('Delivered');
  });

  it('reads No deliveries yet when the log is empty, and filters by status, which can be cleared', async () => {
    const { calls } = fakeServer(webhookOn);
    renderPage('/integrations?section=webhooks');
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
    expect(screen.getByTestId('deliveries-empty')).toHaveTextContent('Each message your team sends or receives is listed here once it is delivered.');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    act(() => inputOf('Status').focus());
    fireEvent.click(inputOf('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed for good', hidden: true }));
    expect(await screen.findByText('No deliveries with this status')).toBeInTheDocument();
    expect(callsTo(calls, '/webhook/deliveries').at(-1)!.url.searchParams.get('status')).toBe('dead');
    fireEvent.click(within(screen.getByTestId('deliveries-empty')).getByRole('button', { name: 'Show all deliveries' }));
    // The loader until all deliveries are read, never the filtered answer under the new filter.
    expect(screen.queryByTestId('deliveries-empty')).toBeNull();
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
    expect(callsTo(calls, '/webhook/deliveries').at(-1)!.url.searchParams.get('status')).toBeNull();
    expect(inputOf('Status')).toHaveValue('All');
  });

  it('says to save the URL and Turn On the webhook while it is off', async () => {
    fakeServer();
    renderPage('/integrations?section=webhooks');
    const empty = await screen.findByTestId('deliveries-empty');
    expect(empty).toHaveTextContent('No deliveries yet');
    expect(empty).toHaveTextContent('Save the webhook URL and Turn On the webhook above');
    expect(screen.getAllByRole('button', { name: 'Turn On' })).toHaveLength(1);
  });

  it('pages with Load more, asking for deliveries older than next_before', async () => {
    const { calls } = fakeServer(webhookOn, (c) => {
      if (pathOf(c) !== '/webhook/deliveries') return undefined;
      return c.url.searchParams.get('before') === '2'
        ? { body: { result: true, data: { deliveries: [delivery(1)], next_before: null } } }
        : { body: { result: true, data: { deliveries: [delivery(3), delivery(2)], next_before: 2 } } };
    });
    renderPage('/integrations?section=webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(calls, '/webhook/deliveries').at(-1)!.url.searchParams.get('before')).toBe('2');
  });

  it('reads the log again every 5 seconds while a delivery is on its way, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const { calls } = fakeServer(webhookOn, (c) => {
        if (pathOf(c) !== '/webhook/deliveries') return undefined;
        reads += 1;
        const rows =
          reads === 1
            ? [delivery(1, { status: 'delivering', attempts: 0, last_status_code: null, last_latency_ms: null })]
            : [delivery(2, { status: 'pending', attempts: 0 }), delivery(1)];
        if (reads >= 3) rows[0] = delivery(2);
        return { body: { result: true, data: { deliveries: rows, next_before: null } } };
      });
      renderPage('/integrations?section=webhooks');
      expect(await screen.findByText('Delivering')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(2));
      expect(screen.getAllByTestId('delivery-status').map((b) => b.textContent)).toEqual(['Pending', 'Delivered']);
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() =>
        expect(screen.getAllByTestId('delivery-status').map((b) => b.textContent)).toEqual(['Delivered', 'Delivered']),
      );
      const settled = callsTo(calls, '/webhook/deliveries').length;
      await act(() => vi.advanceTimersByTimeAsync(15000));
      expect(callsTo(calls, '/webhook/deliveries')).toHaveLength(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an error with Try again when the log cannot be read', async () => {
    let fail = true;
    fakeServer(webhookOn, (c) =>
      pathOf(c) === '/webhook/deliveries'
        ? fail
          ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
          : { body: { result: true, data: { deliveries: [delivery(1)], next_before: null } } }
        : undefined,
    );
    renderPage('/integrations?section=webhooks');
    const log = within(await screen.findByRole('region', { name: 'Delivery log' }));
    expect(await log.findByText('This could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(log.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(1));
  });
});

describe('the signing secret', { timeout: 20_000 }, () => {
  it('is shown once after the first save, with the headers explained, and Rotate asks first and shows the new one', async () => {
    let saved = false;
    const { calls } = fakeServer((c) => {
      const p = pathOf(c);
      if (p === '/webhook/endpoints' && c.method === 'POST') {
        saved = true;
        return {
          body: {
            result: true,
            data: { org_id: ORG, duplex_webhook: 'https://hooks.acme.test/in', auth_token: null, status: 0, has_signing_secret: true, signing_secret: 'whsec_first' },
          },
        };
      }
      if (p === '/webhook/endpoints')
        return {
          body: {
            result: true,
            data: { org_id: ORG, duplex_webhook: saved ? 'https://hooks.acme.test/in' : null, auth_token: null, status: 0, has_signing_secret: saved },
          },
        };
      if (p === '/webhook/endpoints/secret') return { body: { result: true, data: { org_id: ORG, signing_secret: 'whsec_second' } } };
      return undefined;
    });
    renderPage('/integrations?section=webhooks');
    expect(await screen.findByText(/webhook-id, webhook-timestamp and webhook-signature/)).toBeInTheDocument();
    expect(screen.getByText('Save the webhook URL to get a signing secret.')).toBeInTheDocument();
    expect(screen.queryByTestId('signing-secret')).toBeNull();
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: 'https://hooks.acme.test/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Webhook URL' }));
    expect(await screen.findByTestId('signing-secret')).toHaveTextContent('whsec_first');
    expect(screen.getByText(/This secret is shown only once/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('signing-secret')).toBeNull();
    expect(screen.getByText(/A signing secret is set/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/webhook/endpoints/secret')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('New signing secret created')).toBeInTheDocument();
    expect(screen.getByTestId('signing-secret')).toHaveTextContent('whsec_second');
    expect(callsTo(calls, '/webhook/endpoints/secret', 'POST')[0]!.body).toEqual({ org_id: ORG });
  });
});

describe('last sync', { timeout: 20_000 }, () => {
  // "N hours ago" is within today in the organisation's zone (Asia/Kolkata by default): pin the
  // clock at noon there, or a run just after local midnight reads "yesterday".
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-08T06:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const sync = (provider: LastSync['provider'], change: Partial<LastSync>): LastSync => ({
    provider,
    sync_status: 'READY',
    last_sync_at: null,
    sync_error: null,
    pending: 0,
    dead: 0,
    ...change,
  });

  it('a connected card shows when it last synced and its state; one never synced says so', async () => {
    fakeServer((c) =>
      pathOf(c) === '/integrations/lastsync'
        ? {
            body: {
              result: true,
              data: [sync('hubspot', { last_sync_at: Date.now() - 5 * 60_000 }), sync('zoho', { sync_status: 'STARTING' })],
            },
          }
        : undefined,
    );
    renderPage('/integrations', { flags: { hubspot: true, zoho: true } });
    const hubspot = within(await screen.findByRole('article', { name: 'HubSpot' }));
    expect(await hubspot.findByText('Last sync: 5 minutes ago')).toBeInTheDocument();
    expect(hubspot.getByTestId('sync-state')).toHaveTextContent('Ready');
    const zoho = within(screen.getByRole('article', { name: 'Zoho' }));
    expect(zoho.getByText('Not synced yet')).toBeInTheDocument();
    expect(zoho.getByTestId('sync-state')).toHaveTextContent('Starting');
    expect(within(screen.getByRole('article', { name: 'Freshdesk' })).queryByTestId('last-sync')).toBeNull();
  });

  it('a FAILED link shows the provider error in red and asks to connect again; ERROR says it will retry', async () => {
    let state: LastSync = sync('hubspot', { sync_status: 'FAILED', sync_error: 'token revoked', last_sync_at: Date.now() - 2 * 3600_000 });
    fakeServer((c) => {
      if (pathOf(c) === '/integrations/hubspot/link') return { body: { result: true } };
      if (pathOf(c) === '/integrations/lastsync') return { body: { result: true, data: [state] } };
      return undefined;
    });
    const first = renderPage('/integrations?section=hubspot');
    const alert = within(await screen.findByTestId('sync-error'));
    expect(alert.getByText('Sync stopped')).toBeInTheDocument();
    expect(alert.getByText('token revoked')).toBeInTheDocument();
    expect(alert.getByText('HubSpot no longer accepts this connection. Unlink and connect again to resume syncing.')).toBeInTheDocument();
    expect(screen.getByText('Last sync: 2 hours ago')).toBeInTheDocument();
    first.unmount();

    state = sync('hubspot', { sync_status: 'ERROR', sync_error: 'HTTP 502' });
    renderPage('/integrations?section=hubspot');
    const again = within(await screen.findByTestId('sync-error'));
    expect(again.getByText('The last sync failed')).toBeInTheDocument();
    expect(again.getByText('HTTP 502')).toBeInTheDocument();
    expect(again.getByText(/Messages will be sent again automatically/)).toBeInTheDocument();
  });
});

describe('label rules', { timeout: 20_000 }, () => {
  const linked = (c: Call) => (pathOf(c) === '/integrations/hubspot/link' ? { body: { result: true } } : undefined);

  function addTag(label: string, value: string) {
    const input = inputOf(label);
    act(() => input.focus());
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter' });
  }

  it('a label in both lists reads the rule error and cannot be saved', async () => {
    const { calls } = fakeServer(linked);
    renderPage('/integrations?section=hubspot');
    await screen.findByRole('region', { name: 'Label sync' });
    await waitFor(() => expect(inputOf('Included labels')).toBeInTheDocument());
    addTag('Included labels', 'vip');
    addTag('Excluded labels', 'vip');
    expect(await screen.findByText("A label can't be both included and excluded")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply label rules' })).toBeDisabled();
    expect(callsTo(calls, 'v2:/crm-label-sync', 'PUT')).toHaveLength(0);
  });

  it('saving reads the list again and replaces only this CRM entry', async () => {
    const zoho = { crm_name: 'zoho', included_labels: ['z1'], excluded_labels: [] };
    const { calls } = fakeServer(linked, (c) => {
      if (pathOf(c) !== 'v2:/crm-label-sync') return undefined;
      if (c.method === 'GET')
        return {
          body: {
            result: true,
            data: { org_id: ORG, user_id: ME, crmLabelSyncData: [zoho, { crm_name: 'hubspot', included_labels: ['old'], excluded_labels: [] }] },
          },
        };
      return { body: { result: true, data: c.body } };
    });
    renderPage('/integrations?section=hubspot');
    await screen.findByRole('region', { name: 'Label sync' });
    expect(await screen.findByText('old')).toBeInTheDocument();
    addTag('Included labels', ' lead ');
    addTag('Excluded labels', 'spam');
    fireEvent.click(screen.getByRole('button', { name: 'Apply label rules' }));
    expect(await screen.findByText('Label rules saved')).toBeInTheDocument();
    const put = callsTo(calls, 'v2:/crm-label-sync', 'PUT')[0]!;
    expect(put.body).toEqual({
      org_id: ORG,
      user_id: ME,
      crmLabelSyncData: [zoho, { crm_name: 'hubspot', included_labels: ['old', 'lead'], excluded_labels: ['spam'] }],
    });
    expect(callsTo(calls, 'v2:/crm-label-sync', 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('an entry the server refuses shows its translated rule error', async () => {
    fakeServer(linked, (c) =>
      pathOf(c) === 'v2:/crm-label-sync' && c.method === 'PUT'
        ? { status: 422, body: { error: { code: 'validation', message: 'no', fields: { 'crmLabelSyncData[0]': 'crm_unknown' } } } }
        : undefined,
    );
    renderPage('/integrations?section=hubspot');
    await screen.findByRole('region', { name: 'Label sync' });
    await waitFor(() => expect(inputOf('Included labels')).toBeInTheDocument());
    addTag('Included labels', 'vip');
    fireEvent.click(screen.getByRole('button', { name: 'Apply label rules' }));
    expect(await screen.findByTestId('label-rule-error')).toHaveTextContent("This CRM can't be synced");
  });
});
