// A contact's notes and docs on the User Profile tab against the fake server: loading, the empty
// and failed states, a note created ("Notes created successfully", the exact POST), an empty
// body refused in the browser and by the server's 422 with 'Please fill all mandatory fields', a
// doc's required title, a doc edited in place ("Docs saved successfully"), a note deleted after
// a confirmation, and the personal workspace naming no organisation.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { errorBody, fakeServer, gate, invalid, note, ORG, renderAt, signIn, world, type Call, setupManageSuite } from './testing';

setupManageSuite();


const CONTACT = '+919812345678';
const NOTES = '/api/manage/notes';
const sent = (calls: Call[], method: string, path = NOTES) => calls.filter((c) => c.method === method && c.url.pathname === path);

/** Looks `contact` up and returns its notes and docs panel. */
async function notesOf(contact = CONTACT) {
  const panel = within(await screen.findByTestId('contact-lookup'));
  fireEvent.change(panel.getByRole('textbox', { name: 'Phone number or chat id' }), { target: { value: contact } });
  fireEvent.click(panel.getByRole('button', { name: 'Find' }));
  const section = within(await screen.findByTestId('contact-notes'));
  expect(section.getByRole('heading', { name: 'Notes and docs' })).toBeInTheDocument();
  return section;
}

const addForm = (section: ReturnType<typeof within>, name: 'New note' | 'New doc') => within(section.getByRole('form', { name }));

test('a note is created: "Notes created successfully", listed first, the POST exactly the form', async () => {
  const older = note({ id: 1, body: 'Asked about delivery', updated_at: '2030-01-01T08:00:00Z' });
  const calls = fakeServer(world({ notes: [older] }));
  renderAt('/userproperties');
  const section = await notesOf();
  expect(section.getByRole('radio', { name: 'Notes' })).toBeChecked();
  await waitFor(() => expect(section.getAllByTestId('note-item')).toHaveLength(1));
  expect(sent(calls, 'GET')[0]!.url.search).toBe(`?org_id=${ORG}&contact=%2B919812345678`);

  const form = addForm(section, 'New note');
  fireEvent.change(form.getByRole('textbox', { name: /^Note/ }), { target: { value: '  Wants a quote for 20 units\nCall back Friday  ' } });
  fireEvent.click(form.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('Notes created successfully')).toBeInTheDocument();
  expect(sent(calls, 'POST')).toHaveLength(1);
  expect(sent(calls, 'POST')[0]!.body).toEqual({
    org_id: ORG,
    contact: CONTACT,
    kind: 'note',
    title: null,
    body: 'Wants a quote for 20 units\nCall back Friday',
  });
  await waitFor(() => expect(section.getAllByTestId('note-item')).toHaveLength(2));
  const [first, second] = section.getAllByTestId('note-item');
  expect(first).toHaveTextContent('Wants a quote for 20 units');
  expect(first).toHaveTextContent(/Updated .*2030/);
  expect(within(first!).getByRole('button', { name: 'Edit Wants a quote for 20 units' })).toBeInTheDocument();
  expect(second).toHaveTextContent('Asked about delivery');
  // The form is empty again for the next note.
  expect(form.getByRole('textbox', { name: /^Note/ })).toHaveValue('');
});

test('an empty body is refused in the browser, and the server\'s 422 says the same: "Please fill all mandatory fields"', async () => {
  let refuse = true;
  const calls = fakeServer(world(), (c) => (refuse && c.method === 'POST' && c.url.pathname === NOTES ? invalid('body', 'fields_required') : undefined));
  renderAt('/userproperties');
  const section = await notesOf();
  expect(await section.findByTestId('notes-empty')).toHaveTextContent('No notes for this contact yet');
  const form = addForm(section, 'New note');
  const body = form.getByRole('textbox', { name: /^Note/ });
  fireEvent.change(form.getByRole('textbox', { name: 'Title (optional)' }), { target: { value: 'Follow up' } });
  fireEvent.change(body, { target: { value: '   ' } });
  fireEvent.click(form.getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(body).toHaveAccessibleDescription('Please fill all mandatory fields'));
  expect(sent(calls, 'POST')).toHaveLength(0);

  fireEvent.change(body, { target: { value: 'Sent the catalogue' } });
  fireEvent.click(form.getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
  await waitFor(() => expect(body).toHaveAccessibleDescription('Please fill all mandatory fields'));
  expect(screen.queryByText('Notes created successfully')).toBeNull();
  expect(section.getByTestId('notes-empty')).toBeInTheDocument();

  refuse = false;
  fireEvent.click(form.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('Notes created successfully')).toBeInTheDocument();
  expect(body).not.toHaveAccessibleDescription();
  expect(sent(calls, 'POST')[1]!.body).toEqual({ org_id: ORG, contact: CONTACT, kind: 'note', title: 'Follow up', body: 'Sent the catalogue' });
});

test('a doc needs a title and is created under Docs with "Docs created successfully"', async () => {
  const calls = fakeServer(world({ notes: [note({ id: 1, body: 'A note, not a doc' })] }));
  renderAt('/userproperties');
  const section = await notesOf();
  await waitFor(() => expect(section.getAllByTestId('note-item')).toHaveLength(1));
  fireEvent.click(section.getByRole('radio', { name: 'Docs' }));
  expect(await section.findByTestId('notes-empty')).toHaveTextContent('No docs for this contact yet');
  const form = addForm(section, 'New doc');
  const title = form.getByRole('textbox', { name: /^Title/ });
  expect(title).toBeRequired();
  fireEvent.change(form.getByRole('textbox', { name: /^Content/ }), { target: { value: 'Gold tier: 10% off\nSilver tier: 5% off' } });
  fireEvent.click(form.getByRole('button', { name: 'Add doc' }));
  await waitFor(() => expect(title).toHaveAccessibleDescription('Please fill all mandatory fields'));
  expect(sent(calls, 'POST')).toHaveLength(0);
  fireEvent.change(title, { target: { value: 'Discounts' } });
  fireEvent.click(form.getByRole('button', { name: 'Add doc' }));
  expect(await screen.findByText('Docs created successfully')).toBeInTheDocument();
  expect(sent(calls, 'POST')[0]!.body).toEqual({ org_id: ORG, contact: CONTACT, kind: 'doc', title: 'Discounts', body: 'Gold tier: 10% off\nSilver tier: 5% off' });
  const item = await section.findByTestId('note-item');
  expect(item).toHaveTextContent('Discounts');
  expect(item).not.toHaveTextContent('A note, not a doc');
});

test('a doc is edited in place: "Docs saved successfully", the PUT keeps its kind, the list shows the change', async () => {
  const doc = note({ id: 5, kind: 'doc', title: 'Price list', body: 'Widget: 100', updated_at: '2030-01-01T09:00:00Z' });
  const newer = note({ id: 6, kind: 'doc', title: 'Terms', body: 'Net 30', updated_at: '2030-01-01T11:00:00Z' });
  const calls = fakeServer(world({ notes: [doc, newer, note({ id: 7, body: 'Just a note' })] }));
  renderAt('/userproperties');
  const section = await notesOf();
  fireEvent.click(section.getByRole('radio', { name: 'Docs' }));
  await waitFor(() => expect(section.getAllByTestId('note-item').map((n) => n.textContent)).toEqual([expect.stringContaining('Terms'), expect.stringContaining('Price list')]));

  fireEvent.click(section.getByRole('button', { name: 'Edit Price list' }));
  const form = within(section.getByRole('form', { name: 'Edit Price list' }));
  expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Price list');
  const body = form.getByRole('textbox', { name: /^Content/ });
  expect(body).toHaveValue('Widget: 100');
  // Cancel leaves it as it was.
  fireEvent.change(body, { target: { value: 'changed my mind' } });
  fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
  expect(section.queryByRole('form', { name: 'Edit Price list' })).toBeNull();
  expect(section.getAllByTestId('note-item')[1]).toHaveTextContent('Widget: 100');

  fireEvent.click(section.getByRole('button', { name: 'Edit Price list' }));
  const again = within(section.getByRole('form', { name: 'Edit Price list' }));
  fireEvent.change(again.getByRole('textbox', { name: /^Content/ }), { target: { value: 'Widget: 120\nGadget: 80' } });
  fireEvent.click(again.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Docs saved successfully')).toBeInTheDocument();
  expect(sent(calls, 'PUT', `${NOTES}/5`)[0]!.body).toEqual({ org_id: ORG, contact: CONTACT, kind: 'doc', title: 'Price list', body: 'Widget: 120\nGadget: 80' });
  await waitFor(() => expect(section.queryByRole('form', { name: 'Edit Price list' })).toBeNull());
  // Saved now: the newest, so first.
  const items = section.getAllByTestId('note-item');
  expect(items[0]).toHaveTextContent('Price list');
  expect(items[0]).toHaveTextContent('Widget: 120');
  expect(items[1]).toHaveTextContent('Terms');
});

test('a note is deleted after a confirmation: "Note deleted", the empty state again', async () => {
  const calls = fakeServer(world({ notes: [note({ id: 3, title: 'Budget', body: 'About 50k' })] }));
  renderAt('/userproperties');
  const section = await notesOf();
  fireEvent.click(await section.findByRole('button', { name: 'Delete Budget' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete note' });
  expect(confirm).toHaveTextContent('Delete the note “Budget”?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete note' })).toBeNull());
  expect(sent(calls, 'DELETE', `${NOTES}/3`)).toHaveLength(0);

  fireEvent.click(section.getByRole('button', { name: 'Delete Budget' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete note' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Note deleted')).toBeInTheDocument();
  expect(sent(calls, 'DELETE', `${NOTES}/3`)[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(await section.findByTestId('notes-empty')).toHaveTextContent('No notes for this contact yet');
});

test('while loading a loader shows; a failed load says so with Retry, which loads again', async () => {
  const slow = gate();
  let fail = true;
  fakeServer(world({ notes: [note({ id: 1, body: 'Hello' })] }), async (c) => {
    if (c.method !== 'GET' || c.url.pathname !== NOTES) return undefined;
    await slow.wait;
    return fail ? { status: 500, body: errorBody('internal') } : undefined;
  });
  renderAt('/userproperties');
  const section = await notesOf();
  expect(section.getByTestId('manage-loading')).toBeInTheDocument();
  act(() => slow.open());
  const error = await section.findByTestId('manage-load-error');
  expect(error).toHaveTextContent('This could not be loaded.');
  fail = false;
  fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
  expect(await section.findByTestId('note-item')).toHaveTextContent('Hello');
});

test('notes work in the personal workspace, naming no organisation', async () => {
  signIn(null, 1);
  const calls = fakeServer();
  renderAt('/userproperties');
  const section = await notesOf('+5511987654321');
  await section.findByTestId('notes-empty');
  expect(sent(calls, 'GET')[0]!.url.search).toBe('?contact=%2B5511987654321');
  const form = addForm(section, 'New note');
  fireEvent.change(form.getByRole('textbox', { name: /^Note/ }), { target: { value: 'Birthday in May' } });
  fireEvent.click(form.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('Notes created successfully')).toBeInTheDocument();
  expect(sent(calls, 'POST')[0]!.body).toEqual({ org_id: null, contact: '+5511987654321', kind: 'note', title: null, body: 'Birthday in May' });
});
