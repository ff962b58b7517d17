// Importing contacts against a fake server: the file itself is the upload's body; the dry run
// shows the server's guessed mapping with each column's samples; a changed mapping sends the same
// file again with `mapping=`; refused rows are listed in words and keep the import disabled; the
// import sends `commit=true`, closes and reads the table again — or, refused, lists the rows;
// cancelling keeps the file and mapping and writes nothing; a file or a mapping refused whole is
// said so; without a number column nothing can be imported; employees are not offered the import.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ContactImportReport, ImportColumn } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, setupSuite, uploadHolds, type Answer, type Call } from '@/testing/harness';
import { contact, importReport, listCalls, ORG, renderLeads, server, signedIn } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

const FILE = () => new File(['Mobile,Notes,Mail\n+919876543210,vip,rhea@kapoor.test\n'], 'contacts.csv', { type: 'text/csv' });

/** The columns as the server reads them under `fields` (the guess leaves Notes and Mail out). */
const columns = (fields: (string | null)[]): ImportColumn[] => [
  { header: 'Mobile', field: fields[0] ?? null, samples: ['+919876543210', '+5511987650002'] },
  { header: 'Notes', field: fields[1] ?? null, samples: ['vip', ''] },
  { header: 'Mail', field: fields[2] ?? null, samples: ['rhea@kapoor.test'] },
];

const imports = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/contacts/import');

/** The server: an import is answered by `answer` from its mapping (null: guess) and commit. */
function importServer(answer: (mapping: (string | null)[] | null, commit: boolean) => Answer, holds?: ReturnType<typeof uploadHolds>) {
  return server([contact({})], [], (c) => {
    if (c.url.pathname !== '/api/contacts/import') return undefined;
    expect(c.method).toBe('POST');
    const m = c.url.searchParams.get('mapping');
    return answer(m === null ? null : m.split(',').map((f) => f || null), c.url.searchParams.get('commit') === 'true');
  }, holds?.current);
}

const ok = (report: ContactImportReport): Answer => ({ status: 200, body: report });
const guessed = () => columns(['phone', null, null]);

async function openImport() {
  renderLeads();
  await screen.findByTestId('lead-row');
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
  return { dialog: within(dialog), input: dialog.querySelector('input[type="file"]') as HTMLInputElement };
}

async function choose(input: HTMLInputElement, file: File) {
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const fieldOf = (dialog: ReturnType<typeof within>, header: string) => dialog.getByLabelText(`Field for the column ${header}`) as HTMLSelectElement;

test('the dry run uploads the file itself and shows the guessed mapping with the samples', async () => {
  signedIn();
  const calls = importServer(() => ok(importReport(guessed())));
  const { dialog, input } = await openImport();
  expect(dialog.getByTestId('import-choose')).toHaveTextContent('At most 100,000 rows and 20 MB per file.');
  expect(input).toHaveAttribute('accept', '.csv,.xlsx');
  const file = FILE();
  await choose(input, file);

  const mapping = await dialog.findByTestId('import-mapping');
  const rows = within(mapping).getAllByTestId('import-column');
  expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Mobile', 'Notes', 'Mail']);
  expect(rows[0]).toHaveTextContent('+919876543210 · +5511987650002');
  expect(rows[1]).toHaveTextContent('vip');
  expect(fieldOf(dialog, 'Mobile').value).toBe('phone');
  expect(fieldOf(dialog, 'Notes').value).toBe('');
  expect(fieldOf(dialog, 'Mail').value).toBe('');
  // A field another column fills is not offered twice.
  expect(within(fieldOf(dialog, 'Mail')).getByRole('option', { name: 'WhatsApp number' })).toBeDisabled();
  expect(within(fieldOf(dialog, 'Mail')).getByRole('option', { name: "Don't import" })).toBeEnabled();
  expect(await dialog.findByTestId('import-summary')).toHaveTextContent('3 rows: 2 new, 1 updated, 0 unchanged');
  expect(dialog.getByRole('button', { name: 'Import 3 contacts' })).toBeEnabled();

  const [sent] = imports(calls);
  expect(imports(calls)).toHaveLength(1);
  expect(sent!.body).toBe(file);
  expect(sent!.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(sent!.url.searchParams.has('mapping')).toBe(false);
  expect(sent!.url.searchParams.has('commit')).toBe(false);
});

test('the upload shows its progress, then that the file is being read', async () => {
  signedIn();
  const uploads = uploadHolds();
  importServer(() => ok(importReport(guessed())), uploads);
  const { dialog, input } = await openImport();
  const held = uploads.hold();
  await choose(input, FILE());
  expect(await dialog.findByText('Uploading contacts.csv… 50%')).toBeInTheDocument();
  expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
  await act(async () => held.sent.open());
  expect(await dialog.findByText('Checking contacts.csv…')).toBeInTheDocument();
  expect(dialog.queryByTestId('import-mapping')).not.toBeInTheDocument();
  await act(async () => held.answered.open());
  expect(await dialog.findByTestId('import-mapping')).toBeInTheDocument();
  expect(dialog.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('a changed mapping sends the same file again with mapping=phone,,email', async () => {
  signedIn();
  const calls = importServer((m) => ok(importReport(columns(m ?? ['phone', null, null]))));
  const { dialog, input } = await openImport();
  const file = FILE();
  await choose(input, file);
  await dialog.findByTestId('import-summary');

  fireEvent.change(fieldOf(dialog, 'Mail'), { target: { value: 'email' } });
  await waitFor(() => expect(imports(calls)).toHaveLength(2));
  const again = imports(calls)[1]!;
  expect(again.url.searchParams.get('mapping')).toBe('phone,,email');
  expect(again.url.searchParams.has('commit')).toBe(false);
  expect(again.body).toBe(file);
  await waitFor(() => expect(fieldOf(dialog, 'Mail').value).toBe('email'));
  expect(await dialog.findByTestId('import-summary')).toHaveTextContent('3 rows');
});

test('refused rows are listed with their line, column and reason, and the import stays disabled', async () => {
  signedIn();
  importServer((m) =>
    ok(
      importReport(columns(m ?? ['phone', null, 'email']), {
        error_rows: 2,
        errors: [
          { row: 3, field: 'phone', code: 'phone_invalid' },
          { row: 4, field: 'email', code: 'email_invalid' },
        ],
      }),
    ),
  );
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  const table = await dialog.findByRole('table', { name: 'Problems found' });
  const lines = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
  expect(lines).toEqual(['3MobileInvalid phone number', '4MailEnter a valid email address']);
  expect(dialog.getByTestId('import-problems-text')).toHaveTextContent(
    '2 rows have problems; fix them in the file and choose it again — nothing is imported while any row has a problem.',
  );
  expect(dialog.getByRole('button', { name: 'Import 3 contacts' })).toBeDisabled();
});

test('the import sends commit=true with the mapping, then closes, says what it did and reads the table again', async () => {
  signedIn();
  const calls = importServer((m, commit) => ok(importReport(columns(m ?? ['phone', null, null]), { committed: commit })));
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  await dialog.findByTestId('import-summary');
  const before = listCalls(calls).length;

  fireEvent.click(dialog.getByRole('button', { name: 'Import 3 contacts' }));
  expect(await screen.findByText('Contacts imported: 2 created, 1 updated')).toBeInTheDocument();
  const commit = imports(calls).at(-1)!;
  expect(commit.url.searchParams.get('commit')).toBe('true');
  expect(commit.url.searchParams.get('mapping')).toBe('phone,,');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import contacts' })).not.toBeInTheDocument());
  await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
});

test('an import refused by a row writes nothing and lists the rows again', async () => {
  signedIn();
  const calls = importServer((m, commit) =>
    ok(
      importReport(columns(m ?? ['phone', null, null]), commit ? { error_rows: 1, errors: [{ row: 7, field: 'phone', code: 'phone_invalid' }] } : {}),
    ),
  );
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  await dialog.findByTestId('import-summary');
  const before = listCalls(calls).length;
  fireEvent.click(dialog.getByRole('button', { name: 'Import 3 contacts' }));
  const table = await dialog.findByRole('table', { name: 'Problems found' });
  expect(table).toHaveTextContent('7MobileInvalid phone number');
  expect(dialog.getByRole('button', { name: 'Import 3 contacts' })).toBeDisabled();
  expect(screen.getByRole('dialog', { name: 'Import contacts' })).toBeInTheDocument();
  expect(listCalls(calls)).toHaveLength(before);
});

test('without a number column it asks for one, and sends the file again once one is chosen', async () => {
  signedIn();
  const calls = importServer((m) =>
    m === null
      ? ok(importReport(columns([null, null, 'email']), { rows: 3, errors: [{ row: 1, field: 'phone', code: 'import_number_column_missing' }] }))
      : ok(importReport(columns(m))),
  );
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  expect(await dialog.findByTestId('import-mapping-problem')).toHaveTextContent('Choose the column that holds the number.');
  expect(dialog.queryByRole('table', { name: 'Problems found' })).not.toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Import 3 contacts' })).toBeDisabled();

  fireEvent.change(fieldOf(dialog, 'Mobile'), { target: { value: 'phone' } });
  await waitFor(() => expect(imports(calls).at(-1)!.url.searchParams.get('mapping')).toBe('phone,,email'));
  await waitFor(() => expect(dialog.queryByTestId('import-mapping-problem')).not.toBeInTheDocument());
  expect(await dialog.findByRole('button', { name: 'Import 3 contacts' })).toBeEnabled();

  // Leaving the number out again is said at once, without another upload.
  const sent = imports(calls).length;
  fireEvent.change(fieldOf(dialog, 'Mobile'), { target: { value: '' } });
  expect(await dialog.findByTestId('import-mapping-problem')).toBeInTheDocument();
  expect(imports(calls)).toHaveLength(sent);
});

test('cancelling writes nothing and keeps the file and its mapping for the next time', async () => {
  signedIn();
  const calls = importServer((m) => ok(importReport(columns(m ?? ['phone', null, null]))));
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  await dialog.findByTestId('import-summary');
  fireEvent.change(fieldOf(dialog, 'Mail'), { target: { value: 'email' } });
  await waitFor(() => expect(imports(calls)).toHaveLength(2));
  await dialog.findByTestId('import-summary');

  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import contacts' })).not.toBeInTheDocument());
  expect(imports(calls).every((c) => !c.url.searchParams.has('commit'))).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  const again = within(await screen.findByRole('dialog', { name: 'Import contacts' }));
  expect(again.getByTestId('import-file')).toHaveTextContent('contacts.csv');
  expect(fieldOf(again, 'Mail').value).toBe('email');
  expect(again.getByRole('button', { name: 'Import 3 contacts' })).toBeEnabled();
  expect(imports(calls)).toHaveLength(2);
});

test('a mapping the server refuses is said under the mapping', async () => {
  signedIn();
  importServer((m) => (m === null ? ok(importReport(guessed())) : { status: 422, body: errorBody('validation_failed', { mapping: 'value_invalid' }) }));
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  await dialog.findByTestId('import-summary');
  fireEvent.change(fieldOf(dialog, 'Notes'), { target: { value: 'company' } });
  expect(await dialog.findByTestId('import-mapping-problem')).toHaveTextContent('Please enter valid value');
  expect(dialog.getByRole('button', { name: 'Import contacts' })).toBeDisabled();
});

test('a file refused whole is said in words and another can be chosen', async () => {
  signedIn();
  importServer(() => ({ status: 422, body: errorBody('validation_failed', { file: 'import_too_many_rows' }) }));
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  expect(await dialog.findByRole('alert')).toHaveTextContent('This file has more than 100,000 rows. Split it into smaller files.');
  expect(dialog.getByTestId('import-choose')).toBeInTheDocument();
  expect(dialog.queryByTestId('import-mapping')).not.toBeInTheDocument();
});

test('a refusal by role (the role changed meanwhile) is said in words', async () => {
  signedIn(2);
  importServer(() => ({ status: 403, body: errorBody('forbidden', { role: 'admins_managers_only' }) }));
  const { dialog, input } = await openImport();
  await choose(input, FILE());
  expect(await dialog.findByRole('alert')).toHaveTextContent('Only admins, managers and owners can import contacts.');
});

test('a file of another kind is refused before uploading', async () => {
  signedIn();
  const calls = importServer(() => ok(importReport(guessed())));
  const { dialog, input } = await openImport();
  await choose(input, new File(['%PDF'], 'contacts.pdf'));
  expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a CSV or Excel (.xlsx) file.');
  expect(imports(calls)).toHaveLength(0);
});

test('employees are not offered the import', async () => {
  signedIn(3);
  server([contact({})]);
  renderLeads();
  await screen.findByTestId('lead-row');
  expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
});
