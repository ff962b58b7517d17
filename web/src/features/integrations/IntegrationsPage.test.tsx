// The Integrations screen against a fake server and the real wasm rules: the grid's flags and
// access, each connect modal's checks, the webhook's locked inputs and toggle, the extension
// hearing the right key after a link, and the query parameters that open a page, start the
// connect flow and bring a consent page's code back.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sentMessages } from '@/lib/extension';
import { setupSuite } from '@/testing/harness';
import { fakeServer, ORG, pathOf, renderPage, watchBrowser, type Call } from './testing';

setupSuite({
  before: () => {
    localStorage.clear();
    localStorage.setItem('extensionIdToSendMessageTo', 'ext-test');
    sentMessages.length = 0;
  },
  restoreMocks: true,
  toasts: true,
});

const callsTo = (calls: Call[], path: string, method?: string) =>
  calls.filter((c) => pathOf(c) === path && (!method || c.method === method));

const card = (name: string) => within(screen.getByRole('article', { name }));

/** Waits until the extension was told `type` (after the spec's delay). */
async function extensionHeard(type: string) {
  await waitFor(() => expect(sentMessages).toContainEqual({ to: 'ext-test', message: { type } }), { timeout: 2000 });
}

describe('the integrations grid', () => {
  it('shows the eight cards with their connected flags, type label and Configure', async () => {
    fakeServer();
    renderPage('/integrations', { flags: { hubspot: true, webhooks: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    const names = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(names).toEqual(['Google Sheet', 'HubSpot', 'Freshdesk', 'Zoho', 'Salesforce', 'LeadSquared', 'Bitrix24', 'Webhook', 'Team inbox']);
    expect(card('HubSpot').getByTestId('connected-state')).toHaveTextContent('Connected');
    expect(card('Zoho').getByTestId('connected-state')).toHaveTextContent('Not connected');
    expect(card('Zoho').getByText('CRM integration')).toBeInTheDocument();
    // The webhook and the spreadsheet are not CRMs (issue #25); no forced capitals.
    expect(card('Webhook').getByTestId('type-label')).toHaveTextContent('Webhook integration');
    expect(card('Google Sheet').getByTestId('type-label')).toHaveTextContent('Spreadsheet integration');
    expect(card('Webhook').getByTestId('type-label')).not.toHaveStyle({ textTransform: 'uppercase' });
    expect(card('Zoho').getByRole('button', { name: 'Configure Zoho' })).toBeInTheDocument();
  });

  it('lists the team inbox: not connected until the shared number is, set up from the inbox’s settings', async () => {
    fakeServer();
    renderPage('/integrations');
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    await waitFor(() => expect(card('Team inbox').getByTestId('connected-state')).toHaveTextContent('Not connected'));
    expect(card('Team inbox').getByRole('link', { name: 'Set up the shared number' })).toHaveAttribute('href', '/team-inbox?settings=1');
  });

  it('shows the team inbox to admins and managers only', async () => {
    fakeServer();
    renderPage('/integrations', { roleId: 3 });
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    expect(screen.queryByRole('article', { name: 'Team inbox' })).toBeNull();
  });

  it('lists the leads section, with no settings, linking to Leads and Lead CRM, for every role', async () => {
    fakeServer();
    renderPage('/integrations', { roleId: 3 });
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    const leads = within(screen.getByRole('region', { name: 'Leads' }));
    expect(leads.getByRole('heading', { level: 3, name: 'Leads' })).toBeInTheDocument();
    expect(leads.getByText(/kept in step with your CRM/)).toBeInTheDocument();
    expect(leads.getByRole('link', { name: 'Open Leads' })).toHaveAttribute('href', '/leads');
    expect(leads.getByRole('link', { name: 'Open Lead CRM' })).toHaveAttribute('href', '/leadcrm');
    // Listed only: nothing to configure or connect.
    expect(leads.queryAllByRole('button')).toEqual([]);
    expect(leads.queryByTestId('connected-state')).toBeNull();
  });

  it('keeps the spreadsheet card for admins: an employee is told so and stays on the grid', async () => {
    fakeServer();
    const { router } = renderPage('/integrations', { roleId: 3 });
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    expect(card('Google Sheet').getByText('Only Admins can access this section')).toBeInTheDocument();
    expect(card('HubSpot').queryByText('Only Admins can access this section')).toBeNull();
    fireEvent.click(card('Google Sheet').getByRole('button', { name: 'Configure Google Sheet' }));
    expect(router.state.location.search).toBe('');
    // The webhook belongs to the organisation: its admins set it up.
    expect(card('Webhook').getByText('Only Admins can access this section')).toBeInTheDocument();
  });

  it('opens a page with Configure, and comes back with the arrow', async () => {
    fakeServer();
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Configure Freshdesk' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Freshdesk' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?section=freshdesk');
    expect(within(screen.getByRole('region', { name: 'Features' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('How to find your Freshdesk API key')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Back to integrations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
  });
});

describe('the connect modals', () => {
  it('Bitrix: Continue stays disabled until the domain includes .bitrix; the normalised domain goes to the server', async () => {
    const { calls } = fakeServer();
    const nav = watchBrowser();
    renderPage('/integrations?section=bitrix');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect to Bitrix24' }));
    const input = dialog.getByLabelText('Bitrix24 domain');
    expect(input).toHaveAttribute('placeholder', 'https://yourcompany.bitrix24.com');
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'acme.example.com' } });
    expect(dialog.getByText('Domain name must include .bitrix')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'acme.bitrix24.com/' } });
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled();
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(nav.open).toHaveBeenCalled());
    const auth = callsTo(calls, '/integrations/bitrix/authorize')[0]!;
    expect(auth.url.searchParams.get('domain')).toBe('https://acme.bitrix24.com');
    expect(auth.url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/integrations?section=bitrix`);
    expect(nav.open.mock.calls[0]![0]).toBe('https://provider.test/consent?client_id=x');
  });

  it('LeadSquared: refuses empty fields, then links with the homepage and tells the extension', async () => {
    const { calls } = fakeServer();
    renderPage('/integrations?section=leadsquared');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect to LeadSquared' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('Please fill all the fields to continue...')).toBeInTheDocument();
    expect(callsTo(calls, 'v2:/leadsquared/auth', 'POST')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText('Host Name'), { target: { value: 'api-in21.leadsquared.com' } });
    fireEvent.change(dialog.getByLabelText('Access Key'), { target: { value: 'u$r123' } });
    fireEvent.change(dialog.getByLabelText('Secret Key'), { target: { value: 's3cret' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('LeadSquared linked successfully')).toBeInTheDocument();
    expect(callsTo(calls, 'v2:/leadsquared/auth', 'POST')[0]!.body).toEqual({
      host: 'api-in21.leadsquared.com',
      homepage: 'in21.leadsquared.com',
      access_id: 'u$r123',
      secret_key: 's3cret',
    });
    await extensionHeard('LEADSQUARED_CONNECTED');
    expect(screen.getByTestId('connected-state')).toHaveTextContent('Connected');
  });

  it('Freshdesk: an empty domain is refused; keys the server rejects read Wrong Api Key or domain', async () => {
    fakeServer((c) =>
      pathOf(c) === '/freshdesk/createauth'
        ? { status: 422, body: { error: { code: 'wrong_api_key_or_domain', message: 'no' } } }
        : undefined,
    );
    renderPage('/integrations?section=freshdesk');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect to Freshdesk' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Domain should not be empty')).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Freshdesk domain'), { target: { value: 'acme.freshdesk.com' } });
    fireEvent.change(dialog.getByLabelText('API key'), { target: { value: 'bad' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong Api Key or domain')).toBeInTheDocument();
    expect(sentMessages).toHaveLength(0);
  });

  it('a link the provider refused asks to connect again', async () => {
    fakeServer((c) =>
      pathOf(c) === '/integrations/hubspot/link'
        ? { body: { result: false, data: { connected: false, needs_reconnect: true } } }
        : undefined,
    );
    renderPage('/integrations?section=hubspot');
    expect(await screen.findByText('HubSpot no longer accepts this connection. Connect again to keep syncing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.getByTestId('connected-state')).toHaveTextContent('Not connected');
  });

  it('a spreadsheet link Google refused asks to connect again too', async () => {
    fakeServer((c) =>
      pathOf(c) === '/integrations/googleSheet/link'
        ? { body: { result: false, data: { connected: false, needs_reconnect: true, sheet_id: 'sheet-1' } } }
        : undefined,
    );
    renderPage('/integrations?section=googleSheet');
    expect(await screen.findByText(/Google Sheet no longer accepts this connection/)).toBeInTheDocument();
    expect(screen.getByTestId('connected-state')).toHaveTextContent('Not connected');
  });

  it('unlinks after the confirmation, titled Unlink X with an Unlink button', async () => {
    const { calls } = fakeServer((c) =>
      pathOf(c) === '/integrations/hubspot/link' ? { body: { result: true } } : undefined,
    );
    renderPage('/integrations?section=hubspot');
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unlink HubSpot' }));
    expect(dialog.getByText('Are you sure you want to unlink HubSpot?')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('HubSpot unlinked successfully')).toBeInTheDocument();
    expect(callsTo(calls, '/integrations/hubspot/link', 'DELETE')[0]!.url.searchParams.get('workspace_id')).toBe('7');
    expect(screen.getByTestId('connected-state')).toHaveTextContent('Not connected');
  });

  it('the spreadsheet label: Change, an empty name refused by the rule, then saved', async () => {
    const { calls } = fakeServer((c) => {
      if (['/integrations/googleSheet/link', '/googlesheet'].includes(pathOf(c)) && c.method === 'GET') return { body: { result: true, data: { sheet_id: 'abc' } } };
      if (pathOf(c) === '/getsheetfunnel') return { body: { result: true, data: { funnel_name: 'Leads' } } };
      return undefined;
    });
    renderPage('/integrations?section=googleSheet');
    expect(await screen.findByText('Google Sheets CRM Integration')).toBeInTheDocument();
    expect(await screen.findByTestId('sheet-label')).toHaveTextContent('Leads');
    expect(screen.getByRole('link', { name: 'View Sheet' })).toHaveAttribute('target', '_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.change(screen.getByLabelText('Label Name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Label name can not be empty')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Label Name'), { target: { value: 'Hot leads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Label name updated successfully')).toBeInTheDocument();
    expect(screen.getByTestId('sheet-label')).toHaveTextContent('Hot leads');
    expect(callsTo(calls, '/updatesheetfunnel', 'PATCH')[0]!.body).toEqual({ workspace_id: 7, updated_name: 'Hot leads' });
  });
});

describe('the webhook', () => {
  it('shows Turn Off when on, keeps saved values locked until Edit, and checks the URL', async () => {
    const { calls } = fakeServer((c) =>
      pathOf(c) === '/webhook/endpoints' && c.method === 'GET'
        ? { body: { result: true, data: { org_id: ORG, duplex_webhook: 'https://hooks.acme.test/in', auth_token: null, status: 1 } } }
        : undefined,
    );
    renderPage('/integrations?section=webhooks');
    expect(await screen.findByRole('button', { name: 'Turn Off' })).toBeInTheDocument();
    const url = screen.getByLabelText('Webhook URL');
    expect(url).toBeDisabled();
    expect(url).toHaveValue('https://hooks.acme.test/in');
    expect(screen.getByLabelText('Auth token (optional)')).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Webhook URL' }));
    expect(screen.getByLabelText('Webhook URL')).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Webhook URL' }));
    expect(await screen.findByText('Please enter valid value for endpoint')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: 'https://hooks.acme.test/v2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Webhook URL' }));
    expect(await screen.findByText('Endpoint saved successfully')).toBeInTheDocument();
    expect(callsTo(calls, '/webhook/endpoints', 'POST')[0]!.body).toEqual({ org_id: ORG, duplex_webhook: 'https://hooks.acme.test/v2' });
    await waitFor(() => expect(screen.getByLabelText('Webhook URL')).toBeDisabled());
    const sample = screen.getByTestId('webhook-sample').textContent ?? '';
    for (const field of ['MessageId', 'Message', 'Chatid', 'File', 'FileName', 'Ack', 'Datetime', 'Date', 'Direction', 'SentById', 'ChannelName', 'ChannelId', 'SentByNumber', 'sentByUserId', 'CreatedByUser', 'senderName'])
      expect(sample).toContain(`"${field}"`);
  });

  it('turns on, then reads Turn Off and tells the extension WEBHOOK_CONNECTED', async () => {
    let status = 0;
    const { calls } = fakeServer((c) => {
      if (pathOf(c) !== '/webhook/endpoints') return undefined;
      if (c.method === 'POST') status = (c.body as { status: number }).status;
      return { body: { result: true, data: { org_id: ORG, duplex_webhook: 'https://hooks.acme.test/in', auth_token: null, status } } };
    });
    renderPage('/integrations?section=webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn On' }));
    expect(await screen.findByRole('button', { name: 'Turn Off' })).toBeInTheDocument();
    expect(callsTo(calls, '/webhook/endpoints', 'POST')[0]!.body).toEqual({ org_id: ORG, status: 1 });
    await extensionHeard('WEBHOOK_CONNECTED');
  });
});

describe('the query parameters', () => {
  it('section and action=connect open HubSpot and send the user to the consent page; extensionId is remembered', async () => {
    const { calls } = fakeServer();
    const nav = watchBrowser();
    renderPage('/integrations?section=hubspot&action=connect&extensionId=ext-from-url');
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('https://provider.test/consent?client_id=x'));
    expect(screen.getByRole('heading', { level: 1, name: 'HubSpot' })).toBeInTheDocument();
    expect(localStorage.getItem('extensionIdToSendMessageTo')).toBe('ext-from-url');
    expect(callsTo(calls, '/integrations/hubspot/authorize')).toHaveLength(1);
  });

  it('action=connect opens the Freshdesk modal by itself', async () => {
    fakeServer();
    renderPage('/integrations?section=freshdesk&action=connectNow');
    expect(await screen.findByRole('dialog', { name: 'Connect to Freshdesk' })).toBeInTheDocument();
  });

  it('a returning code is handed to the server and the extension hears HUBSPOT_CONNECTED', async () => {
    const { calls } = fakeServer();
    const { router } = renderPage('/integrations?section=hubspot&code=abc123&state=s1');
    expect(await screen.findByText('HubSpot linked successfully')).toBeInTheDocument();
    const exchange = callsTo(calls, '/hubspotauthentication', 'POST')[0]!;
    expect(exchange.url.searchParams.get('code')).toBe('abc123');
    expect(exchange.url.searchParams.get('state')).toBe('s1');
    expect(exchange.url.searchParams.get('workspace_id')).toBe('7');
    expect(router.state.location.search).toBe('?section=hubspot');
    await extensionHeard('HUBSPOT_CONNECTED');
  });

  it('Zoho: a state that does not match is refused; a matching one links and, with selfclose, closes the page', async () => {
    const { calls } = fakeServer();
    const nav = watchBrowser();
    localStorage.setItem('zohoState', 'A'.repeat(64));
    const first = renderPage('/integrations?section=zoho&code=c1&state=' + 'B'.repeat(64));
    expect(await screen.findByText('The Zoho sign-in could not be verified. Please try again.')).toBeInTheDocument();
    expect(callsTo(calls, '/zoho/auth/token', 'POST')).toHaveLength(0);
    first.unmount();

    renderPage(`/integrations?section=zoho&selfclose=true&code=c2&state=${'A'.repeat(64)}&accounts-server=https%3A%2F%2Faccounts.zoho.eu`);
    expect(await screen.findByText('Zoho linked successfully')).toBeInTheDocument();
    expect(callsTo(calls, '/zoho/auth/token', 'POST')[0]!.body).toMatchObject({
      workspace_id: 7,
      temp_code: 'c2',
      temp_account_server_url: 'https://accounts.zoho.eu',
    });
    await extensionHeard('ZOHO_CONNECTED');
    await waitFor(() => expect(nav.close).toHaveBeenCalled());
  });
});

describe('the spreadsheet, Salesforce and the way back', () => {
  it('after Google returns, the sync modal sends the label with the code and the extension hears GOOGLE_SHEET_CONNECTED', async () => {
    const { calls } = fakeServer();
    renderPage('/integrations?section=googleSheet&code=g-code&state=g-state');
    const dialog = within(await screen.findByRole('dialog', { name: 'Sync to Google Sheet' }));
    expect(dialog.getByLabelText('Label Name')).toHaveValue('Google Sheet');
    fireEvent.change(dialog.getByLabelText('Label Name'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Sync' }));
    expect(await dialog.findByText('Label name can not be empty')).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Label Name'), { target: { value: 'Inbound' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Google Sheet linked successfully')).toBeInTheDocument();
    expect(callsTo(calls, '/googlesheet', 'POST')[0]!.body).toMatchObject({
      workspace_id: 7,
      code: 'g-code',
      state: 'g-state',
      label_name: 'Inbound',
    });
    await extensionHeard('GOOGLE_SHEET_CONNECTED');
  });

  it('Salesforce settings show to role id 1 only, with contact creation on by default, and save the choices', async () => {
    const linked = (c: Call) => {
      const p = pathOf(c);
      if (p === '/integrations/salesforce/link' && c.method === 'GET') return { body: { result: true } };
      if (p === 'v2:/salesforce/settings' && c.method === 'GET') return { body: { status: true, data: null } };
      if (p === 'v2:/salesforce/record-types')
        return { body: { status: true, data: { records: [{ Id: 'rt1', Name: 'Customer', DeveloperName: 'Customer' }] } } };
      if (p === 'v2:/salesforce/record-type/fields')
        return { body: { status: true, data: { objectInfos: { User: { fields: { MobilePhone: { apiName: 'MobilePhone', label: 'Mobile' } } } } } } };
      return undefined;
    };
    const { calls } = fakeServer(linked);
    const first = renderPage('/integrations?section=salesforce', { roleId: 2 });
    expect(await screen.findByRole('button', { name: 'Unlink' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Allow contact creation in Salesforce')).toBeNull();
    first.unmount();

    renderPage('/integrations?section=salesforce', { roleId: 1 });
    const box = await screen.findByLabelText('Allow contact creation in Salesforce');
    expect(box).toBeChecked();
    expect(screen.getByText('Select Type of Record')).toBeInTheDocument();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(callsTo(calls, 'v2:/salesforce/settings', 'POST')[0]!.body).toEqual({
      contactCreationEnabled: false,
      contactRecordTypes: [{ id: 'rt1', name: 'Customer', isSelected: false, selectedField: [] }],
    });
  });

  it('Go back to WhatsApp asks the extension, and opens WhatsApp Web when none answers', async () => {
    fakeServer();
    const nav = watchBrowser();
    renderPage('/integrations?section=zoho');
    fireEvent.click(await screen.findByRole('button', { name: 'Go back to WhatsApp' }));
    await waitFor(() => expect(nav.open).toHaveBeenCalledWith('https://web.whatsapp.com/', '_blank', 'noopener'));
    expect(sentMessages).toContainEqual({ to: 'ext-test', message: { type: 'GO_BACK_TO_WHATSAPP' } });
  });

  it('a consent popup that linked announces it and closes; the page that opened it shows Connected', async () => {
    const { calls } = fakeServer();
    const grid = renderPage('/integrations');
    await waitFor(() => expect(callsTo(calls, '/checkuserexistance')).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(card('HubSpot').getByTestId('connected-state')).toHaveTextContent('Not connected');
    const opener = new BroadcastChannel('switchboard-integrations');
    opener.postMessage({ type: 'linked', key: 'hubspot' });
    opener.close();
    await waitFor(() => expect(card('HubSpot').getByTestId('connected-state')).toHaveTextContent('Connected'));
    grid.unmount();

    // The popup's side: opened by a page, marked by the Connect that opened it.
    const nav = watchBrowser();
    localStorage.setItem('integrationsPopupAt', String(Date.now()));
    const original = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', { value: {}, configurable: true });
    // The provider's return lost the section: the pending one says where the code belongs.
    localStorage.setItem('integrationsPendingAuth', 'hubspot');
    renderPage('/integrations?code=popup-code&state=st');
    await waitFor(() => expect(nav.close).toHaveBeenCalled(), { timeout: 2000 });
    if (original) Object.defineProperty(window, 'opener', original);
    else delete (window as { opener?: unknown }).opener;
    expect(callsTo(calls, '/hubspotauthentication', 'POST')[0]!.url.searchParams.get('code')).toBe('popup-code');
  });
});
