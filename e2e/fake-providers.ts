// The providers the e2e server talks to, on loopback: Freshdesk's ticket list (the credential
// check: basic auth with the key `good-key`), LeadSquared's user lookup (keys `good-access` /
// `good-secret` answer an Id) and a webhook receiver that accepts anything. The server reaches
// them because global-setup puts this address on its address-guard allow-list.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startFakeProviders(): Promise<{ url: string; addr: string; close: () => Promise<void> }> {
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
    if (url.pathname === '/hook') {
      req.resume();
      return json(200, { ok: true });
    }
    json(404, {});
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addr: `127.0.0.1:${port}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
