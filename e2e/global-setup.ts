// Starts `switchboard serve` on a free loopback port with a temporary database, waits for the address
// it prints, and hands it to the tests through SWITCHBOARD_E2E_URL. Returns the teardown.
import { execFileSync, spawn } from 'node:child_process';
import { freePort, startFakeProviders } from './fake-providers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const bin = process.env.SWITCHBOARD_BIN ?? join(targetDir, 'debug', 'switchboard');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
  // Freshdesk, LeadSquared and a webhook receiver on loopback, let through the address guard.
  // OAuth providers return to the server's configured page, so the port is chosen up front.
  const port = await freePort();
  const fake = await startFakeProviders(`http://127.0.0.1:${port}/integrations`);
  process.env.SWITCHBOARD_E2E_HOOK_URL = `${fake.url}/hook`;
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
    SWITCHBOARD_WEB_DIR: join(root, 'web', 'dist'),
    SWITCHBOARD_LOG: 'info',
    SWITCHBOARD_DEV_MAILBOX: 'true',
    NO_COLOR: '1',
    SWITCHBOARD_SECRET_KEY_FILE: join(dataDir, 'secret.key'),
    SWITCHBOARD_ADDRESS_ALLOW: `["${fake.addr}"]`,
    SWITCHBOARD_FRESHDESK_API_URL: `${fake.url}/freshdesk/{domain}`,
    SWITCHBOARD_LEADSQUARED_API_URL: `${fake.url}/leadsquared/{host}`,
    SWITCHBOARD_OAUTH_REDIRECT_URL: `http://127.0.0.1:${port}/integrations`,
    ...fake.oauthEnv('hubspot'),
    ...fake.oauthEnv('bitrix'),
    ...fake.oauthEnv('zoho'),
    ...fake.oauthEnv('salesforce'),
    ...fake.oauthEnv('google'),
  };
  // The demo organisation (admin@demo.switchboard.test) with 90 days of calls and chats.
  execFileSync(bin, ['seed-demo'], { cwd: root, env, stdio: 'ignore' });
  const child = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('switchboard did not start in 30 s')), 30_000);
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /serving at (http:\/\/[\d.:]+)/.exec(seen);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`switchboard exited with ${code}: ${seen}`)));
  });
  process.env.SWITCHBOARD_E2E_URL = url;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
