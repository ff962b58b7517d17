// The knowledge base as the demo admin meets it (issue #17): the side navigation offers it for
// the organisation with the knowledge base on; a two-page PDF made here is uploaded with a
// progress bar, indexed and listed in Discovery; a question is answered from page 2 with the
// citation 'page 2', the matched words marked and a link to the PDF at that page (which is a
// PDF); New Chat starts over with the greeting and 0 messages; the first conversation is
// reopened from the list with its messages.
import { expect, test, signInPatiently as signIn, type Page } from './fixtures';

const ADMIN = 'admin@demo.switchboard.test';
const QUESTION = 'How many days do customers have for a refund?';
const FILE = 'acme-refund-policy.pdf';

/**
 * A minimal valid PDF: one page per entry, each line of it a line of Helvetica text, with a
 * cross-reference table at the right byte offsets; `padding` bytes of comment make it bigger.
 */
function pdf(pages: string[][], padding = 0): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`);
  const bodies: string[] = [];
  const pageIds: number[] = [];
  // 1 catalogue, 2 page tree, 3 font; then each page's content stream and page.
  bodies[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  bodies[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, i) => {
    const contentId = 4 + 2 * i;
    const pageId = contentId + 1;
    const stream = `BT /F1 12 Tf 16 TL 50 780 Td ${lines.map((l) => `(${esc(l)}) Tj T*`).join(' ')} ET`;
    bodies[contentId] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
    bodies[pageId] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    pageIds.push(pageId);
  });
  bodies[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  // A comment after the header pads the file (so a throttled upload takes a moment).
  let out = `%PDF-1.4\n%${'0'.repeat(padding)}\n`;
  const offsets: number[] = [];
  for (let id = 1; id < bodies.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${bodies[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${bodies.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < bodies.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const POLICY = pdf([
  ['Acme Traders handbook.', 'Orders ship within 2 business days.'],
  [
    'Refund policy.',
    'Customers have 45 days to ask for a refund.',
    'Refunds are accepted within 45 days of delivery.',
  ],
], 96 * 1024);

test('the admin uploads a PDF, asks it, sees the cited page, starts over and reopens the conversation', async ({ page, consoleGuard }) => {
  // Another journey may have asked this person's code less than a minute ago (signIn waits).
  consoleGuard.allow(/status of 429 .*\/api\/auth\/code/);
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, ADMIN);

  // 001 §2: the entry shows for the organisation with the knowledge base on.
  await page.getByRole('link', { name: 'Knowledge base (AI)' }).click();
  await expect(page).toHaveURL(/\/knowledge-base$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Conversation' })).toBeVisible();
  await expect(page.getByTestId('greeting')).toHaveText('Hello! How can I help you today?');
  await expect(page.getByTestId('message-count')).toHaveText('0 messages');
  for (const name of ['Mask', 'Discovery', 'New Chat', 'Attach a PDF', 'Send']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }

  // Upload over a slow uplink (32 KB/s), so the progress bar can be seen filling.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 32 * 1024,
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach a PDF' }).click();
  await (await chooser).setFiles({ name: FILE, mimeType: 'application/pdf', buffer: POLICY });
  const bar = page.getByRole('progressbar', { name: `Uploading ${FILE}` });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('upload-status')).toContainText(`Uploading ${FILE}`);
  await expect(page.getByTestId('upload-done')).toContainText(`${FILE} is ready`);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // Discovery lists it: name, 2 pages, a download link.
  await page.getByRole('button', { name: 'Discovery' }).click();
  const drawer = page.getByRole('dialog', { name: 'Discovery' });
  const row = drawer.getByRole('row').filter({ hasText: FILE });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expect(row.getByRole('link', { name: `Download ${FILE}` })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // Ask: Enter sends and clears; the answer cites page 2 with the matched words marked.
  const input = page.getByRole('textbox', { name: 'Your question' });
  await input.fill(QUESTION);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('user-bubble')).toContainText(QUESTION);
  const answer = page.getByTestId('bot-bubble');
  await expect(answer).toContainText('45 days');
  await expect(page.getByTestId('message-count')).toHaveText('2 messages');
  const citation = answer.getByTestId('citation').first();
  await expect(citation.getByTestId('citation-document')).toHaveText(FILE);
  await expect(citation.getByTestId('citation-page')).toHaveText('page 2');
  const marked = await citation.locator('mark').allTextContents();
  // The question's search terms are marked in every form ('refund' and 'refunds'); a word as
  // common as 'have' is not a search term.
  const words = marked.map((m) => m.toLowerCase());
  expect(words).toEqual(expect.arrayContaining(['customers', 'days', 'refund']));
  expect(words).not.toContain('have');
  const link = citation.getByRole('link', { name: `Open ${FILE} at page 2` });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/#page=2$/);
  const file = await page.request.get(href!.replace(/#.*$/, ''));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // New Chat: the greeting again and no messages.
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Conversation' })).toBeVisible();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect(page.getByTestId('message-count')).toHaveText('0 messages');
  await expect(page.getByTestId('user-bubble')).toHaveCount(0);
  await expect(page.getByTestId('bot-bubble')).toHaveCount(0);

  // The first conversation, reopened from the list, keeps its question and answer.
  await page.getByTestId('conversation-list').getByRole('button', { name: QUESTION, exact: true }).click();
  await expect(page.getByTestId('user-bubble')).toContainText(QUESTION);
  await expect(page.getByTestId('bot-bubble')).toContainText('45 days');
  await expect(page.getByTestId('bot-bubble').getByTestId('citation-page').first()).toHaveText('page 2');
  await expect(page.getByTestId('message-count')).toHaveText('2 messages');
  expect(errors).toEqual([]);
});
