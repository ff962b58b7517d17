// The knowledge-base screen against a fake server: the greeting and the count, Enter sending and
// clearing, empty input ignored, a failed answer retried, attachments refused in the browser or
// uploaded with progress, citations with their words marked and page links, 'nothing found',
// Mask, Discovery (documents, suggestions, the admins' unanswered list), reopening a
// conversation and New Chat.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { useWorkspace } from '@/stores/workspace';
import { organization } from '@/testing/organization';
import { citation, conversations, doc, errorBody, fakeServer, gate, holdUploads, message, ORG, renderPage, resetStores, signIn, type Call } from './testing';

setupSuite({
  before: () => {
    resetStores();
    signIn();
  },
});

const asks = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/kb/ask');
const input = () => screen.getByRole('textbox', { name: 'Your question' });
const count = () => screen.getByTestId('message-count');

test('starts as a new conversation with the greeting and no messages', async () => {
  fakeServer();
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'New Conversation' })).toBeInTheDocument();
  expect(screen.getByTestId('greeting')).toHaveTextContent('Hello! How can I help you today?');
  expect(count()).toHaveTextContent('0 messages');
  for (const name of ['Mask', 'Discovery', 'New Chat', 'Attach a PDF', 'Send']) {
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
  }
  expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
});

test('no conversation yet says the first question starts one, and Ask a question goes to the input', async () => {
  fakeServer();
  renderPage();
  const empty = await screen.findByTestId('conversations-empty');
  expect(empty).toHaveTextContent('Your first question starts one.');
  fireEvent.click(within(empty).getByRole('button', { name: 'Ask a question' }));
  expect(input()).toHaveFocus();
});

test('Enter sends the question and clears the input; "1 message" while answering, then "2 messages"', async () => {
  const slow = gate();
  const calls = fakeServer(async (c) => {
    if (c.url.pathname === '/api/kb/ask') await slow.wait;
    return undefined;
  });
  renderPage();
  fireEvent.change(input(), { target: { value: '  How many days for a refund?  ' } });
  fireEvent.keyDown(input(), { key: 'Enter' });
  expect(input()).toHaveValue('');
  expect(screen.getByTestId('user-bubble')).toHaveTextContent('How many days for a refund?');
  expect(count()).toHaveTextContent('1 message');
  expect(count()).not.toHaveTextContent('messages');
  expect(screen.getByTestId('thinking')).toBeInTheDocument();
  act(() => slow.open());
  expect(await screen.findByTestId('bot-bubble')).toHaveTextContent('Refunds are accepted within 45 days of delivery.');
  expect(count()).toHaveTextContent('2 messages');
  expect(asks(calls)).toHaveLength(1);
  expect(asks(calls)[0]!.body).toEqual({ org_id: ORG, conversation_id: null, question: 'How many days for a refund?' });

  // The next question continues the same conversation.
  fireEvent.change(input(), { target: { value: 'And exchanges?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(count()).toHaveTextContent('4 messages'));
  expect(asks(calls)[1]!.body).toEqual({ org_id: ORG, conversation_id: 9, question: 'And exchanges?' });
});

test('empty or blank input is ignored, by Enter and by Send', async () => {
  const calls = fakeServer();
  renderPage();
  await screen.findByText('No conversations yet');
  fireEvent.keyDown(input(), { key: 'Enter' });
  fireEvent.change(input(), { target: { value: '    ' } });
  fireEvent.keyDown(input(), { key: 'Enter' });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(asks(calls)).toHaveLength(0);
  expect(screen.queryByTestId('user-bubble')).toBeNull();
  expect(count()).toHaveTextContent('0 messages');
});

test('a failed answer shows a failed bubble whose Retry asks again', async () => {
  let fail = true;
  const calls = fakeServer((c) => (c.url.pathname === '/api/kb/ask' && fail ? { status: 500, body: errorBody('internal') } : undefined));
  renderPage();
  fireEvent.change(input(), { target: { value: 'Refund window?' } });
  fireEvent.keyDown(input(), { key: 'Enter' });
  const failed = await screen.findByTestId('failed-bubble');
  expect(failed).toHaveTextContent('The answer could not be generated.');
  expect(count()).toHaveTextContent('1 message');
  fail = false;
  fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('bot-bubble')).toHaveTextContent('Refunds are accepted');
  expect(screen.queryByTestId('failed-bubble')).toBeNull();
  expect(screen.getAllByTestId('user-bubble')).toHaveLength(1);
  expect(asks(calls).map((c) => (c.body as { question: string }).question)).toEqual(['Refund window?', 'Refund window?']);
  expect(count()).toHaveTextContent('2 messages');
});

test("a 'not found' answer says so in the reader's language", async () => {
  fakeServer((c) =>
    c.url.pathname === '/api/kb/ask'
      ? {
          body: {
            conversation_id: 3,
            question: message({ id: 1, type: 'user', message: 'Who won?', status: 'asked' }),
            answer: message({ id: 2, message: 'I could not find this in your documents.', status: 'not_found' }),
          },
        }
      : undefined,
  );
  renderPage();
  fireEvent.change(input(), { target: { value: 'Who won?' } });
  fireEvent.keyDown(input(), { key: 'Enter' });
  expect(await screen.findByTestId('bot-bubble')).toHaveTextContent('I could not find this in your documents.');
  expect(screen.queryByTestId('citation')).toBeNull();
});

test('citations: document, page, the matched words marked at the right characters, and the page link', async () => {
  const passage = 'Reembolsos: até 45 días após a entrega.';
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  const at = (word: string): [number, number] => {
    const i = passage.indexOf(word);
    return [bytes(passage.slice(0, i)), bytes(passage.slice(0, i + word.length))];
  };
  fakeServer((c) =>
    c.url.pathname === '/api/kb/ask'
      ? {
          body: {
            conversation_id: 3,
            question: message({ id: 1, type: 'user', message: 'días entrega', status: 'asked' }),
            answer: message({
              id: 2,
              message: passage,
              citations: [citation({ document_name: 'política.pdf', passage, highlights: [at('días'), at('entrega')] })],
            }),
          },
        }
      : undefined,
  );
  renderPage();
  fireEvent.change(input(), { target: { value: 'días entrega' } });
  fireEvent.keyDown(input(), { key: 'Enter' });
  const card = await screen.findByTestId('citation');
  expect(within(card).getByTestId('citation-document')).toHaveTextContent('política.pdf');
  expect(within(card).getByTestId('citation-page')).toHaveTextContent('page 2');
  const marks = card.querySelectorAll('mark');
  expect([...marks].map((m) => m.textContent)).toEqual(['días', 'entrega']);
  expect(within(card).getByTestId('citation-passage')).toHaveTextContent(passage);
  const link = within(card).getByRole('link', { name: 'Open política.pdf at page 2' });
  expect(link.getAttribute('href')).toMatch(/#page=2$/);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
});

test('Mask hides e-mails and phone numbers in questions, answers and citations, and is remembered', async () => {
  const passage = 'Contact refunds@acme.test or +44 20 7946 0958 within 45 days.';
  fakeServer((c) =>
    c.url.pathname === '/api/kb/ask'
      ? {
          body: {
            conversation_id: 3,
            question: message({ id: 1, type: 'user', message: 'Is ana@client.test owed a refund?', status: 'asked' }),
            answer: message({ id: 2, message: passage, citations: [citation({ passage, highlights: [[46, 52]] })] }),
          },
        }
      : undefined,
  );
  renderPage();
  fireEvent.change(input(), { target: { value: 'Is ana@client.test owed a refund?' } });
  fireEvent.keyDown(input(), { key: 'Enter' });
  const answer = await screen.findByTestId('bot-bubble');
  expect(answer).toHaveTextContent('refunds@acme.test');
  const mask = screen.getByRole('button', { name: 'Mask' });
  expect(mask).toHaveAttribute('aria-pressed', 'false');
  fireEvent.click(mask);
  expect(mask).toHaveAttribute('aria-pressed', 'true');
  const shown = document.body.textContent ?? '';
  for (const hidden of ['ana@client.test', 'refunds@acme.test', '7946', '0958']) expect(shown).not.toContain(hidden);
  expect(answer).toHaveTextContent('within 45 days');
  // The highlight still marks the same word.
  expect(within(answer).getByTestId('citation-passage').querySelector('mark')?.textContent).toBe('within');
  expect(sessionStorage.getItem('switchboard.kb.mask')).toBe('1');
  fireEvent.click(mask);
  expect(answer).toHaveTextContent('refunds@acme.test');
});

test('a file that is not a PDF, or over 15 MB, is refused in the browser and not uploaded', async () => {
  const calls = fakeServer();
  renderPage();
  const picker = screen.getByTestId('attach-input');
  const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
  Object.defineProperty(big, 'size', { value: 15 * 1024 * 1024 + 1 });
  fireEvent.change(picker, { target: { files: [big] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF files up to 15MB are supported.');
  fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  fireEvent.change(picker, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF files up to 15MB are supported.');
  expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/kb/documents')).toHaveLength(0);
});

test('a PDF is uploaded with a progress bar, then indexed, then listed in Discovery', async () => {
  let documents = [] as ReturnType<typeof doc>[];
  const calls = fakeServer((c) => {
    if (c.url.pathname !== '/api/kb/documents') return undefined;
    if (c.method === 'POST') {
      documents = [doc()];
      return { body: doc() };
    }
    return { body: { result: true, data: documents } };
  });
  const upload = holdUploads();
  renderPage();
  const file = new File(['%PDF-1.4 …'], 'refund-policy.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
  const bar = await screen.findByRole('progressbar', { name: 'Uploading refund-policy.pdf' });
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
  expect(screen.getByRole('button', { name: 'Attach a PDF' })).toBeDisabled();
  act(() => upload.sent.open());
  expect(await screen.findByText('Indexing…')).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  act(() => upload.answered.open());
  expect(await screen.findByTestId('upload-done')).toHaveTextContent('refund-policy.pdf is ready');
  expect(screen.queryByRole('progressbar')).toBeNull();
  const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/kb/documents')!;
  expect(post.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(post.url.searchParams.get('name')).toBe('refund-policy.pdf');
  expect(post.body).toBe(file);

  fireEvent.click(screen.getByRole('button', { name: 'Discovery' }));
  const table = await screen.findByTestId('documents');
  const row = within(table).getByText('refund-policy.pdf').closest('tr')!;
  expect(row).toHaveTextContent('2');
  expect(row).toHaveTextContent('2 KB');
  expect(within(row).getByRole('link', { name: 'Download refund-policy.pdf' })).toHaveAttribute(
    'href',
    `/api/kb/documents/1/file?org_id=${ORG}`,
  );
});

test("the server's refusals of a PDF are shown translated", async () => {
  const refusals: Array<[number, unknown, string]> = [
    [422, errorBody('pdf_encrypted'), 'This PDF is password-protected.'],
    [422, errorBody('validation_failed', { file: 'attachment_not_supported' }), 'Only PDF files up to 15MB are supported.'],
    [422, errorBody('pdf_no_text'), 'This PDF has no text to read'],
    [422, errorBody('pdf_unreadable'), 'This file is not a readable PDF.'],
  ];
  let next = 0;
  fakeServer((c) => {
    if (c.url.pathname !== '/api/kb/documents' || c.method !== 'POST') return undefined;
    const [status, body] = refusals[next++]!;
    return { status, body };
  });
  renderPage();
  for (const [, , text] of refusals) {
    fireEvent.change(screen.getByTestId('attach-input'), {
      target: { files: [new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(screen.getByTestId('upload-error')).toHaveTextContent(text));
  }
});

test('Discovery: suggested questions fill the input; a document is deleted after confirming', async () => {
  let documents = [doc(), doc({ id: 2, name: 'shipping_terms.pdf' })];
  const calls = fakeServer((c) => {
    if (c.url.pathname === '/api/kb/documents') return { body: { result: true, data: documents } };
    if (c.url.pathname === '/api/kb/documents/2' && c.method === 'DELETE') {
      documents = [doc()];
      return { body: { result: true, data: documents } };
    }
    return undefined;
  });
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Discovery' }));
  const drawer = await screen.findByRole('dialog', { name: 'Discovery' });
  await within(drawer).findByText('shipping_terms.pdf');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Delete shipping_terms.pdf' }));
  expect(within(drawer).getByText('Delete shipping_terms.pdf?')).toBeInTheDocument();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(within(drawer).queryByText('shipping_terms.pdf')).toBeNull());
  expect(calls.some((c) => c.method === 'DELETE' && c.url.search === `?org_id=${ORG}`)).toBe(true);
  fireEvent.click(within(drawer).getByRole('button', { name: 'What does refund policy say?' }));
  await waitFor(() => expect(input()).toHaveValue('What does refund policy say?'));
});

test("admins see the unanswered questions in Discovery; others don't ask for them", async () => {
  const calls = fakeServer((c) =>
    c.url.pathname === '/api/kb/unanswered'
      ? { body: { result: true, data: [{ question: 'Do you ship to Mars?', at: '2030-01-01T00:00:00Z' }] } }
      : undefined,
  );
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Discovery' }));
  expect(await screen.findByText('Do you ship to Mars?')).toBeInTheDocument();
  expect(screen.getByText('Unanswered questions')).toBeInTheDocument();
  expect(calls.some((c) => c.url.pathname === '/api/kb/unanswered' && c.url.search === `?org_id=${ORG}`)).toBe(true);
});

test('an employee does not see the unanswered questions', async () => {
  resetStores();
  signIn(3);
  const calls = fakeServer();
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Discovery' }));
  const empty = await screen.findByTestId('documents-empty');
  expect(empty).toHaveTextContent('No documents yet');
  expect(empty).toHaveTextContent('Your admins and managers can add PDFs.');
  expect(within(empty).queryByRole('button')).toBeNull();
  expect(screen.queryByText('Unanswered questions')).toBeNull();
  expect(calls.some((c) => c.url.pathname === '/api/kb/unanswered')).toBe(false);
});

test('no documents yet: the loader until the list arrives, then Attach a PDF, which opens the chat’s file picker', async () => {
  const slow = gate();
  fakeServer(async (c) => {
    if (c.url.pathname === '/api/kb/documents' && c.method === 'GET') await slow.wait;
    return undefined;
  });
  const picked = vi.spyOn(HTMLInputElement.prototype, 'click');
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Discovery' }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Discovery' }));
  expect(drawer.getByLabelText('Loading…')).toBeInTheDocument();
  expect(drawer.queryByTestId('documents-empty')).toBeNull();
  act(() => slow.open());
  const empty = await drawer.findByTestId('documents-empty');
  expect(empty).toHaveTextContent('Attach a PDF, then ask about it: answers cite its pages.');
  fireEvent.click(within(empty).getByRole('button', { name: 'Attach a PDF' }));
  expect(picked.mock.contexts.some((el) => (el as HTMLElement).dataset.testid === 'attach-input')).toBe(true);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discovery' })).toBeNull());
  picked.mockRestore();
});

test('a conversation from the list reopens with its messages; New Chat starts over', async () => {
  fakeServer((c) => {
    if (c.url.pathname === '/api/kb/conversations') return { body: { result: true, data: conversations } };
    if (c.url.pathname === '/api/kb/conversations/5')
      return {
        body: {
          conversation: conversations[0],
          messages: [
            message({ id: 1, type: 'user', message: 'What is the refund window?', status: 'asked' }),
            message({ id: 2, message: 'Refunds are accepted within 45 days of delivery.', citations: [citation()] }),
          ],
        },
      };
    return undefined;
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'What is the refund window?' }));
  expect(await screen.findByTestId('bot-bubble')).toHaveTextContent('Refunds are accepted within 45 days');
  expect(screen.getByTestId('user-bubble')).toHaveTextContent('What is the refund window?');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('What is the refund window?');
  expect(count()).toHaveTextContent('2 messages');
  expect(screen.getByRole('button', { name: 'What is the refund window?' })).toHaveAttribute('aria-current', 'true');

  fireEvent.change(input(), { target: { value: 'draft' } });
  fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
  expect(screen.getByRole('heading', { level: 1, name: 'New Conversation' })).toBeInTheDocument();
  expect(count()).toHaveTextContent('0 messages');
  expect(screen.queryByTestId('user-bubble')).toBeNull();
  expect(screen.queryByTestId('bot-bubble')).toBeNull();
  expect(screen.getByTestId('greeting')).toBeInTheDocument();
  expect(input()).toHaveValue('');
});

/** A server keeping the one conversation: renamed by PATCH, gone after DELETE. */
function conversationServer() {
  let list = [...conversations];
  return fakeServer((c) => {
    if (c.url.pathname === '/api/kb/conversations') return { body: { result: true, data: list } };
    if (c.url.pathname === '/api/kb/conversations/5' && c.method === 'PATCH') {
      const { title } = c.body as { title: string };
      list = list.map((x) => (x.id === 5 ? { ...x, title } : x));
      return { body: list[0] };
    }
    if (c.url.pathname === '/api/kb/conversations/5' && c.method === 'DELETE') {
      list = [];
      return { status: 204, body: null };
    }
    return undefined;
  });
}

/** The page, with `item` chosen from the conversation's menu: the dialog it opens. */
async function fromMenu(item: string, dialog: string) {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for What is the refund window?' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: dialog });
}

test('a conversation is renamed from its menu, its limit checked before sending', async () => {
  const calls = conversationServer();
  const dialog = await fromMenu('Rename', 'Rename conversation');
  const field = within(dialog).getByRole('textbox', { name: 'Title' });
  expect(field).toHaveAttribute('maxlength', '80');
  fireEvent.change(field, { target: { value: '   ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Please enter a title')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  // Typing again clears the message at once.
  fireEvent.change(field, { target: { value: 'Refund window' } });
  expect(within(dialog).queryByText('Please enter a title')).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ title: 'Refund window' });
  expect(await screen.findByRole('button', { name: 'Refund window' })).toBeInTheDocument();
});

test('a conversation is deleted from its menu after confirming', async () => {
  const calls = conversationServer();
  const confirm = await fromMenu('Delete', 'Delete conversation');
  expect(confirm).toHaveTextContent('Delete “What is the refund window?” and its messages?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'What is the refund window?' })).toBeNull());
});

test('without an organisation the screen says so and asks nothing', async () => {
  resetStores();
  signIn(null);
  const calls = fakeServer();
  renderPage();
  expect(await screen.findByText('Choose an organisation to use the knowledge base.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test("an organisation whose plan lacks the knowledge base is told why: admins are sent to the plans, others to an admin", async () => {
  const calls = fakeServer();
  useWorkspace.setState({ org: { ...organization, org_id: ORG, plan_id: 1, knowledge_base: false } });
  renderPage();
  const card = await screen.findByTestId('kb-not-in-plan');
  expect(card).toHaveTextContent('The knowledge base comes with the Teams plan');
  expect(within(card).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/settings/billing');
  expect(calls).toHaveLength(0);
});

test('an employee of an organisation without the knowledge base is told to ask an admin', async () => {
  resetStores();
  signIn(3);
  fakeServer();
  useWorkspace.setState({ org: { ...organization, org_id: ORG, plan_id: 1, knowledge_base: false } });
  renderPage();
  const card = await screen.findByTestId('kb-not-in-plan');
  expect(card).toHaveTextContent('Ask an admin of your organisation');
  expect(within(card).queryByRole('link')).toBeNull();
});

test('an employee asks and downloads but adds and deletes no documents (the server refuses them too)', async () => {
  resetStores();
  signIn(3);
  fakeServer((c) => (c.url.pathname === '/api/kb/documents' ? { body: { result: true, data: [doc()] } } : undefined));
  renderPage();
  expect(screen.queryByRole('button', { name: 'Attach a PDF' })).toBeNull();
  expect(screen.queryByTestId('attach-input')).toBeNull();
  expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Discovery' }));
  const drawer = await screen.findByRole('dialog', { name: 'Discovery' });
  const name = doc().name;
  expect(await within(drawer).findByText(name)).toBeInTheDocument();
  expect(within(drawer).getByRole('link', { name: `Download ${name}` })).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: `Delete ${name}` })).toBeNull();
});

test('a manager adds documents like an admin', async () => {
  resetStores();
  signIn(2);
  fakeServer();
  renderPage();
  expect(screen.getByRole('button', { name: 'Attach a PDF' })).toBeInTheDocument();
});
