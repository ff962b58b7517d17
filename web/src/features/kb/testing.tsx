// Test helpers for the knowledge base: the caller signed in on Acme Traders (admin or not), a
// fake server answering the knowledge-base calls (fetch, and XMLHttpRequest for uploads, with
// progress), each call recorded; a handler may answer first.
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Citation, ErrorBody, KbConversation, KbDocument, KbMessage } from '@/generated/contract';
import { mapping, ORG } from '@/testing/organization';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import KnowledgeBasePage from './pages/KnowledgeBasePage';
import { useKb } from './stores/kb';

export { ORG };

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

export type Answer = { status?: number; body: unknown };
type Handler = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

export const errorBody = (code: ErrorBody['error']['code'], fields?: Record<string, string>): ErrorBody => ({
  error: { code, message: code, ...(fields ? { fields } : {}) },
});

export function message(over: Partial<KbMessage> & { id: number }): KbMessage {
  return { message: '', type: 'bot', date: '2030-01-01T10:00:00Z', status: 'answered', citations: [], ...over };
}

export function citation(over: Partial<Citation> = {}): Citation {
  return {
    document_id: 1,
    document_name: 'refund-policy.pdf',
    page: 2,
    passage: 'Refunds are accepted within 45 days of delivery.',
    highlights: [[0, 7]],
    url: `/api/kb/documents/1/file?org_id=${ORG}#page=2`,
    ...over,
  };
}

export const doc = (over: Partial<KbDocument> = {}): KbDocument => ({
  id: 1,
  name: 'refund-policy.pdf',
  size_bytes: 2048,
  pages: 2,
  passages: 3,
  created_at: '2030-01-01T09:00:00Z',
  ...over,
});

export const conversations: KbConversation[] = [
  { id: 5, title: 'What is the refund window?', updated_at: '2030-01-01T10:00:00Z' },
];

/** A fake server: no conversations or documents, and every question answered from page 2. */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  held = { sent: { wait: Promise.resolve(), open: () => undefined }, answered: { wait: Promise.resolve(), open: () => undefined } };
  let nextId = 100;
  const answer = async (call: Call): Promise<Answer> => {
    for (const h of handlers) {
      const a = await h(call);
      if (a) return a;
    }
    const p = call.url.pathname;
    const ok = (data: unknown) => ({ body: { result: true, data } });
    if (p === '/api/kb/conversations') return ok([]);
    if (p === '/api/kb/documents' && call.method === 'GET') return ok([]);
    if (p === '/api/kb/unanswered') return ok([]);
    if (p === '/api/kb/ask') {
      const { question, conversation_id } = call.body as { question: string; conversation_id: number | null };
      return {
        body: {
          conversation_id: conversation_id ?? 9,
          question: message({ id: nextId++, type: 'user', message: question, status: 'asked' }),
          answer: message({ id: nextId++, message: 'Refunds are accepted within 45 days of delivery.', citations: [citation()] }),
        },
      };
    }
    return { status: 404, body: errorBody('not_found') };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        method: init?.method ?? 'GET',
        url: new URL(String(input), 'http://localhost'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );

  /** The upload: half the bytes, all of them, then the server's answer (steps held by `holdUploads`). */
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
  return calls;
}

/** Signs the caller in on Acme Traders with the role (1 admin, 3 employee), or on no organisation. */
export function signIn(roleId: number | null = 1) {
  useSession.setState({ status: 'authenticated', user: { id: 7, email: 'owner@acme.test', name: 'Owner' } });
  const current = roleId === null ? null : mapping({ role_id: roleId });
  useWorkspace.setState({ status: 'ready', me: null, current, org: null, credit: null, switching: null });
}

export function resetStores() {
  sessionStorage.clear();
  useKb.getState().reset();
  useWorkspace.getState().reset();
}

export function renderPage() {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <KnowledgeBasePage />
      </MemoryRouter>
    </MantineProvider>,
  );
}

let held: { sent: ReturnType<typeof gate>; answered: ReturnType<typeof gate> };

/** Holds the next uploads after half their bytes (`sent`) and before the answer (`answered`). */
export function holdUploads() {
  held = { sent: gate(), answered: gate() };
  return held;
}

/** A gate: calls wait until `open()`. */
export function gate() {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open: () => open() };
}
