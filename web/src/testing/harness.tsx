// What every feature's tests build on: the suite's hooks (English loaded, stubs and toasts
// cleared after each test), a fake server's plumbing (every call recorded and answered by the
// feature's own answers: fetch, and XMLHttpRequest for uploads with progress that a test can
// hold), the caller signed in, and a screen rendered in the app's providers behind a memory
// router. The features' `testing.tsx` files add their fixtures and their server's answers.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { ErrorBody, IntegrationFlags, OrgMapping, UserExistence } from '@/generated/contract';
import { initI18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';

// The suite --------------------------------------------------------------------------------------

export interface SuiteOptions {
  /** More to prepare once, after English is loaded (the manage rules, a DOM method). */
  prepare?: () => unknown;
  /** Before each test (reset the stores, sign in). */
  before?: () => void;
  /** After each test, before the stubs go (real timers again). */
  after?: () => void;
  /** Restore spies after each test. */
  restoreMocks?: boolean;
  /** Clear the toasts shown or queued: their store outlives a render. */
  toasts?: boolean;
}

/** Registers the suite's hooks: call once at the top of a test file. */
export function setupSuite({ prepare, before, after, restoreMocks = false, toasts = false }: SuiteOptions = {}) {
  beforeAll(async () => {
    await initI18n('en');
    await prepare?.();
  });
  if (before) beforeEach(before);
  afterEach(() => {
    after?.();
    if (restoreMocks) vi.restoreAllMocks();
    vi.unstubAllGlobals();
    if (toasts)
      act(() => {
        notifications.clean();
        notifications.cleanQueue();
      });
  });
}

// The fake server ----------------------------------------------------------------------------------

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown };
export type Handler = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

export const errorBody = (code: ErrorBody['error']['code'], fields?: Record<string, string>): ErrorBody => ({
  error: { code, message: code, ...(fields ? { fields } : {}) },
});

/** A 422 naming the field a rule refused. */
export const invalid = (field: string, rule: string): Answer => ({ status: 422, body: errorBody('validation_failed', { [field]: rule }) });

/** The first handler's answer to the call, if any answers it. */
export async function firstAnswer(handlers: readonly Handler[], call: Call): Promise<Answer | undefined> {
  for (const h of handlers) {
    const a = await h(call);
    if (a) return a;
  }
  return undefined;
}

/** Stubs `fetch`: each call is recorded in `calls` and answered by `answer` (200 by default). */
export function stubFetch(calls: Call[], answer: (call: Call) => Answer | Promise<Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const { status = 200, body } = await answer(call);
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A gate: what waits on it goes on once `open()` is called. */
export interface Gate {
  wait: Promise<void>;
  open: () => void;
}

export function gate(): Gate {
  let release: () => void = () => undefined;
  const wait = new Promise<void>((r) => (release = r));
  return { wait, open: () => release() };
}

/** A gate already open. */
export const openGate = (): Gate => ({ wait: Promise.resolve(), open: () => undefined });

/** Where uploads wait: after half their bytes (`sent`), and before the answer (`answered`). */
export interface UploadHolds {
  sent: Gate;
  answered: Gate;
}

export const noHolds = (): UploadHolds => ({ sent: openGate(), answered: openGate() });

/**
 * Stubs XMLHttpRequest for uploads: each is recorded in `calls`, reports half its bytes, then
 * all of them, then the server's answer from `answer`; `holds()` says where it waits first.
 */
export function stubUploads(calls: Call[], answer: (call: Call) => Answer | Promise<Answer>, holds: () => UploadHolds = noHolds) {
  class FakeXHR {
    status = 0;
    responseText = '';
    withCredentials = false;
    headers: Record<string, string> = {};
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k.toLowerCase()] = v;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const call: Call = { method: this.method, url: new URL(this.url, 'http://localhost'), body };
      calls.push(call);
      const held = holds();
      void (async () => {
        await Promise.resolve();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        await held.sent.wait;
        this.upload.onload?.();
        const { status = 200, body: b } = await answer(call);
        await held.answered.wait;
        this.status = status;
        this.responseText = JSON.stringify(b);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
}

/** Where a fake server's next uploads wait: nowhere, until `hold()` holds them after half their
 * bytes and before the answer (its gates returned); `reset()` lets them through again. */
export function uploadHolds() {
  let held: UploadHolds = noHolds();
  return {
    current: () => held,
    hold: (): UploadHolds => (held = { sent: gate(), answered: gate() }),
    reset: () => {
      held = noHolds();
    },
  };
}

/** Stubs the server, `fetch` and uploads alike: each call recorded in `calls` and answered by
 * `answer`, an upload waiting where `holds()` says; returns the fetch mock. */
export function stubServer(calls: Call[], answer: (call: Call) => Answer | Promise<Answer>, holds?: () => UploadHolds) {
  const fetchMock = stubFetch(calls, answer);
  stubUploads(calls, answer, holds);
  return fetchMock;
}

// The caller ---------------------------------------------------------------------------------------

export const ME = 7;

/** No integration linked. */
export const noIntegrations: IntegrationFlags = {
  googleSheet: false,
  hubspot: false,
  freshdesk: false,
  zoho: false,
  salesforce: false,
  leadsquared: false,
  bitrix: false,
  webhooks: false,
};

/** Who the caller is (`checkuserexistance`): user 7, owner@acme.test, in these organisations. */
export function userExistence(current: OrgMapping | null, over: Partial<UserExistence> = {}): UserExistence {
  return {
    id: ME,
    email: 'owner@acme.test',
    name: null,
    mobile: null,
    profile_pic: null,
    integrations: noIntegrations,
    callyzer_user_mappings: current ? [current] : [],
    ...over,
  };
}

/** Signs user 7 in with `current` as the active organisation (null: the personal workspace). */
export function signInAs(
  current: OrgMapping | null,
  { name = null, workspace = {} }: { name?: string | null; workspace?: Partial<ReturnType<typeof useWorkspace.getState>> } = {},
) {
  useSession.setState({ status: 'authenticated', user: { id: ME, email: 'owner@acme.test', name } });
  useWorkspace.setState({ status: 'ready', me: null, current, org: null, credit: null, switching: null, ...workspace });
}

// Rendering ----------------------------------------------------------------------------------------

/** Renders `ui` in the app's providers, with the toasts. */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <MantineProvider>
      <Notifications />
      {ui}
    </MantineProvider>,
  );
}

/** Renders `routes` behind a memory router at `path` (after the pages of `earlier`, to go back
 * to), in the app's providers; returns the router too. */
export function renderRoutes(routes: RouteObject[], path: string, earlier: string[] = []) {
  const router = createMemoryRouter(routes, { initialEntries: [...earlier, path], initialIndex: earlier.length });
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { ...view, router };
}
