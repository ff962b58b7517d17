// The providers the e2e server talks to, on loopback: Freshdesk's ticket list (the credential
// check: basic auth with the key `good-key`), LeadSquared's user lookup (keys `good-access` /
// `good-secret` answer an Id) and a webhook receiver that accepts anything. The server reaches
// them because global-setup puts this address on its address-guard allow-list. OAuth providers
// (`/oauth/{provider}/authorize` consents at once and returns to `redirect_uri` with a code and
// the state; `/oauth/{provider}/token` exchanges a code it issued for tokens) use the client
// `e2e-client` with the secret `e2e-secret`.
import { createServer as createTcpServer } from 'node:net';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const CLIENT_ID = 'e2e-client';
const CLIENT_SECRET = 'e2e-secret';

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

export interface FakeProviders {
  url: string;
  addr: string;
  /** The server's settings for one OAuth provider pointed at this fake. */
  oauthEnv: (provider: string) => Record<string, string>;
  close: () => Promise<void>;
}

/**
 * `oauthRedirect` is where providers without a `redirect_uri` in their consent URL (Bitrix24's
 * portals use the application's registered one) send the user back.
 */
export async function startFakeProviders(oauthRedirect: string): Promise<FakeProviders> {
  const codes = new Set<string>();
  let counter = 0;
  let base = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/freshdesk/') && url.pathname.endsWith('/api/v2/tickets')) {
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      return auth.startsWith('good-key:') ? json(200, []) : json(401, { code: 'invalid_credentials' });
    }
    if (url.pathname.startsWith('/leadsquared/') && url.pathname.endsWith('/UserByAccessKey.Get')) {
      const ok = url.searchParams.get('accessKey') === 'good-access' && url.searchParams.get('secretKey') === 'good-secret';
      return ok ? json(200, { Id: 'u-1', FirstName: 'E2E' }) : json(401, { Status: 'Error' });
    }
    // Salesforce's login server has its own paths; it answers like the others plus instance_url.
    const oauth =
      /^\/oauth\/(\w+)\/(authorize|token)$/.exec(url.pathname) ??
      /^\/(salesforce)-login\/services\/oauth2\/(authorize|token)$/.exec(url.pathname);
    if (oauth && oauth[2] === 'authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      const state = url.searchParams.get('state');
      if (!redirect || !state || url.searchParams.get('client_id') !== CLIENT_ID) return json(400, { error: 'bad request' });
      const code = `${oauth[1]}-code-${++counter}`;
      codes.add(code);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      // Zoho names the data centre holding the account; its token endpoint lives there.
      if (oauth[1] === 'zoho') back.searchParams.set('accounts-server', `${base}/zoho-accounts`);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    // Bitrix24: the consent page on the user's portal, the token server central (GET).
    const portal = /^\/bitrix\/([^/]+)\/oauth\/authorize\/?$/.exec(url.pathname);
    if (portal) {
      const state = url.searchParams.get('state');
      if (!state || url.searchParams.get('client_id') !== CLIENT_ID) return json(400, { error: 'bad request' });
      const code = `bitrix-code-${++counter}`;
      codes.add(code);
      const back = new URL(oauthRedirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      back.searchParams.set('domain', portal[1]!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/bitrix-oauth/oauth/token/') {
      const q = url.searchParams;
      const ok = q.get('client_id') === CLIENT_ID && q.get('client_secret') === CLIENT_SECRET;
      const grant = q.get('grant_type');
      if (!ok || (grant === 'authorization_code' && !codes.delete(q.get('code') ?? ''))) return json(400, { error: 'invalid_grant' });
      return json(200, {
        access_token: `bitrix-at-${++counter}`,
        refresh_token: `bitrix-rt-${counter}`,
        expires_in: 3600,
        client_endpoint: 'https://acme.bitrix24.com/rest/',
        domain: 'acme.bitrix24.com',
        member_id: 'm-1',
      });
    }
    if ((oauth && oauth[2] === 'token') || url.pathname === '/zoho-accounts/oauth/v2/token') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const secretOk = form.get('client_secret') === CLIENT_SECRET || basic.endsWith(`:${CLIENT_SECRET}`);
        const code = form.get('code') ?? '';
        const refresh = form.get('grant_type') === 'refresh_token';
        if (!secretOk || (!refresh && !codes.delete(code))) return json(400, { error: 'invalid_grant' });
        json(200, {
          access_token: `at-${++counter}`,
          token_type: 'bearer',
          refresh_token: 'rt-e2e',
          expires_in: 3600,
          instance_url: `${base}/salesforce-instance`,
          id: `${base}/salesforce-instance/id/00D/005`,
          issued_at: String(Date.now()),
        });
      });
      return;
    }
    // Google Sheets: creating a spreadsheet and appending rows, with a token the fake issued.
    if (url.pathname.startsWith('/google-sheets/v4/spreadsheets') && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        if (!/^Bearer at-\d+$/.test(req.headers.authorization ?? '')) return json(401, { error: { code: 401 } });
        if (url.pathname !== '/google-sheets/v4/spreadsheets') return json(200, { updates: { updatedRows: 1 } });
        const body = JSON.parse(raw || '{}') as { properties?: { title?: string } };
        json(200, {
          spreadsheetId: `e2e-sheet-${++counter}`,
          properties: { title: body.properties?.title ?? 'Untitled' },
          sheets: [{ properties: { sheetId: 0, title: 'Sheet1' } }],
        });
      });
      return;
    }
    if (url.pathname === '/hook') {
      req.resume();
      return json(200, { ok: true });
    }
    json(404, {});
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    addr: `127.0.0.1:${port}`,
    oauthEnv: (provider): Record<string, string> => {
      const key = provider.toUpperCase();
      if (provider === 'salesforce')
        return {
          SWITCHBOARD_SALESFORCE_CLIENT_ID: CLIENT_ID,
          SWITCHBOARD_SALESFORCE_CLIENT_SECRET: CLIENT_SECRET,
          SWITCHBOARD_SALESFORCE_LOGIN_URL: `${base}/salesforce-login`,
        };
      if (provider === 'zoho')
        return {
          SWITCHBOARD_ZOHO_CLIENT_ID: CLIENT_ID,
          SWITCHBOARD_ZOHO_CLIENT_SECRET: CLIENT_SECRET,
          SWITCHBOARD_ZOHO_AUTHORIZE_URL: `${base}/oauth/zoho/authorize`,
          SWITCHBOARD_ZOHO_ACCOUNTS_SERVERS: `["${base}/zoho-accounts"]`,
        };
      if (provider === 'google')
        return {
          SWITCHBOARD_GOOGLE_CLIENT_ID: CLIENT_ID,
          SWITCHBOARD_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
          SWITCHBOARD_GOOGLE_AUTHORIZE_URL: `${base}/oauth/google/authorize`,
          SWITCHBOARD_GOOGLE_TOKEN_URL: `${base}/oauth/google/token`,
          SWITCHBOARD_GOOGLE_SHEETS_API_URL: `${base}/google-sheets`,
        };
      if (provider === 'bitrix')
        return {
          SWITCHBOARD_BITRIX_CLIENT_ID: CLIENT_ID,
          SWITCHBOARD_BITRIX_CLIENT_SECRET: CLIENT_SECRET,
          SWITCHBOARD_BITRIX_PORTAL_URL: `${base}/bitrix/{domain}`,
          SWITCHBOARD_BITRIX_TOKEN_URL: `${base}/bitrix-oauth/oauth/token/`,
        };
      return {
        [`SWITCHBOARD_${key}_CLIENT_ID`]: CLIENT_ID,
        [`SWITCHBOARD_${key}_CLIENT_SECRET`]: CLIENT_SECRET,
        [`SWITCHBOARD_${key}_AUTHORIZE_URL`]: `${base}/oauth/${provider}/authorize`,
        [`SWITCHBOARD_${key}_TOKEN_URL`]: `${base}/oauth/${provider}/token`,
      };
    },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
