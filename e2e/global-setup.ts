// Starts the fake providers (the Rust `fake-providers` binary from crates/fakes, the same fakes
// the server's tests use) and `switchboard serve` on a free loopback port with a temporary
// database pointed at them, waits for the address it prints, and hands it to the tests through
// SWITCHBOARD_E2E_URL (the fakes' receiver and the credentials a person types go in
// SWITCHBOARD_E2E_*). Returns the teardown.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A port nothing listens on right now (the server's, chosen before the fakes need it). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

interface Fakes {
  url: string;
  addr: string;
  hook: string;
  credentials: { freshdesk_api_key: string; leadsquared_access_key: string; leadsquared_secret_key: string; waha_api_key: string };
  /** The fake WAHA gateway's base URL (its API under `/api`, the test controls under `/__fake`). */
  waha: string;
  env: Record<string, string>;
}

/** Starts `fake-providers` and reads the one JSON line it prints. */
async function startFakes(bin: string, redirect: string): Promise<{ fakes: Fakes; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(bin, ['--redirect', redirect], { stdio: ['pipe', 'pipe', 'pipe'] });
  const fakes = await new Promise<Fakes>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('fake-providers did not start in 30 s')), 30_000);
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n')[0];
      if (seen.includes('\n') && line) {
        clearTimeout(timer);
        ok(JSON.parse(line) as Fakes);
      }
    });
    child.on('exit', (code) => fail(new Error(`fake-providers exited with ${code}: ${seen}`)));
  });
  return { fakes, child };
}

const root = resolve(import.meta.dirname, '..');


/** The extension ids the server is configured with (Chrome's 32 letters a–p). */
const E2E_EXTENSION_IDS = ['aaaabbbbccccddddeeeeffffgggghhhh', 'ppppoooonnnnmmmmllllkkkkjjjjiiii'];

export default async function globalSetup(): Promise<() => Promise<void>> {
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const bin = process.env.SWITCHBOARD_BIN ?? join(targetDir, 'debug', 'switchboard');
  const fakesBin = join(targetDir, 'debug', 'fake-providers');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
  // Every provider on loopback, let through the address guard. OAuth providers return to the
  // server's configured page, so the port is chosen up front.
  const port = await freePort();
  const redirect = `http://127.0.0.1:${port}/integrations`;
  const { fakes, child: fakesChild } = await startFakes(fakesBin, redirect);
  process.env.SWITCHBOARD_E2E_HOOK_URL = fakes.hook;
  process.env.SWITCHBOARD_E2E_FRESHDESK_KEY = fakes.credentials.freshdesk_api_key;
  process.env.SWITCHBOARD_E2E_LEADSQUARED_ACCESS = fakes.credentials.leadsquared_access_key;
  process.env.SWITCHBOARD_E2E_LEADSQUARED_SECRET = fakes.credentials.leadsquared_secret_key;
  // The fake WhatsApp gateway (the team inbox's shared number): its address and API key.
  process.env.SWITCHBOARD_E2E_WAHA_URL = fakes.waha;
  process.env.SWITCHBOARD_E2E_WAHA_KEY = fakes.credentials.waha_api_key;
  // The fake HubSpot's test controls (`/hubspot-api/__fake/…`: its records, a person's edit).
  process.env.SWITCHBOARD_E2E_FAKES_URL = fakes.url;
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
    SWITCHBOARD_WEB_DIR: join(root, 'web', 'dist'),
    SWITCHBOARD_LOG: 'info',
    SWITCHBOARD_DEV_MAILBOX: 'true',
    NO_COLOR: '1',
    SWITCHBOARD_SECRET_KEY_FILE: join(dataDir, 'secret.key'),
    SWITCHBOARD_OAUTH_REDIRECT_URL: redirect,
    SWITCHBOARD_BILLING__RETURN_URL: `http://127.0.0.1:${port}/checkout`,
    // The links in e-mails (an invitation's) open this server.
    SWITCHBOARD_PUBLIC_URL: `http://127.0.0.1:${port}`,
    SWITCHBOARD_FILES__DIR: join(dataDir, 'files'),
    // The browser extension's two ids (the store build and a second one), told to the web app
    // at run time: the bridge journey checks every message reaches both.
    SWITCHBOARD_CLIENT__EXTENSION_IDS: `[${E2E_EXTENSION_IDS.join(',')}]`,
    ...fakes.env,
  };
  process.env.SWITCHBOARD_E2E_EXTENSION_IDS = E2E_EXTENSION_IDS.join(',');
  // The demo organisation (admin@demo.switchboard.test) with 90 days of calls and chats.
  execFileSync(bin, ['seed-demo'], { cwd: root, env, stdio: 'ignore' });
  // An operator admin for the admin panel's journey, made as an operator would: `switchboard
  // admin create` with the password on standard input.
  const adminEmail = 'ops@e2e.test';
  const adminPassword = `e2e-${randomBytes(12).toString('hex')}`;
  execFileSync(bin, ['admin', 'create', '--email', adminEmail], {
    cwd: root,
    env,
    input: `${adminPassword}\n`,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  process.env.SWITCHBOARD_E2E_ADMIN_EMAIL = adminEmail;
  process.env.SWITCHBOARD_E2E_ADMIN_PASSWORD = adminPassword;
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
    fakesChild.kill('SIGTERM');
    await new Promise((r) => fakesChild.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
