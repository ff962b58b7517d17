// Test helpers for the knowledge base: the caller signed in on Acme Traders (admin or not), a
// fake server answering the knowledge-base calls (fetch, and XMLHttpRequest for uploads, with
// progress), each call recorded; a handler may answer first.
import type { Citation, KbConversation, KbDocument, KbMessage } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, firstAnswer, gate, renderRoutes, signInAs, stubServer, uploadHolds, type Answer, type Call, type Handler } from '@/testing/harness';
import { mapping, ORG } from '@/testing/organization';
import KnowledgeBasePage from './pages/KnowledgeBasePage';
import { useKb } from './stores/kb';

export { ORG };

export { errorBody, gate, type Answer, type Call };

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
  uploads.reset();
  let nextId = 100;
  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
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
  stubServer(calls, answer, uploads.current);
  return calls;
}

/** Signs the caller in on Acme Traders with the role (1 admin, 3 employee), or on no organisation. */
export function signIn(roleId: number | null = 1) {
  signInAs(roleId === null ? null : mapping({ role_id: roleId }), { name: 'Owner' });
}

export function resetStores() {
  sessionStorage.clear();
  useKb.getState().reset();
  useWorkspace.getState().reset();
}

export function renderPage() {
  return renderRoutes([{ path: '*', element: <KnowledgeBasePage /> }], '/');
}

const uploads = uploadHolds();

/** Holds the next uploads after half their bytes (`sent`) and before the answer (`answered`). */
export const holdUploads = uploads.hold;
