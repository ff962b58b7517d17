// The User Profile tab against a fake server: the organisation's user properties with every
// 001 §5 message of the form from the `user_property` rule before sending and from the server's
// 422, the toasts of creating, updating and deleting; the personal workspace's note instead of
// the form; a contact's values (one input per type, 'Property values should match property
// type' from the rule and from the server) and tags (one or two, at most 10 characters).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { errorBody, fakeServer, invalid, ORG, prop, renderAt, signIn, world, type Call, setupManageSuite } from './testing';

setupManageSuite();


const dialog = () => within(screen.getByRole('dialog'));
const sent = (calls: Call[], path: string, method = 'POST') => calls.filter((c) => c.method === method && c.url.pathname === path);
const city = prop({ id: 1, name: 'City' });
const tier = prop({ id: 2, name: 'Tier', kind: 'select', options: ['Gold', 'Silver'] });
const budget = prop({ id: 3, name: 'Budget', kind: 'number' });
const vip = prop({ id: 4, name: 'VIP', kind: 'boolean' });

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'New property' }));
  return dialog();
}

const nameInput = (form: ReturnType<typeof dialog>) => form.getByRole('textbox', { name: /Property name/ });

test("lists the organisation's properties with their type and options", async () => {
  fakeServer(world({ properties: [city, tier] }));
  renderAt('/userproperties');
  expect(await screen.findByRole('tab', { name: 'User Profile', selected: true })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('property-row');
  expect(rows[0]).toHaveTextContent('CityText');
  expect(rows[1]).toHaveTextContent('TierList');
  expect(rows[1]).toHaveTextContent('Gold');
  expect(rows[1]).toHaveTextContent('Silver');
});

test('no properties yet says so, and its first property opens the form', async () => {
  fakeServer();
  renderAt('/userproperties');
  const empty = await screen.findByTestId('properties-empty');
  expect(empty).toHaveTextContent('No user properties yet');
  expect(empty).toHaveTextContent('such as City or Budget');
  fireEvent.click(within(empty).getByRole('button', { name: 'Add your first property' }));
  expect(await screen.findByRole('dialog', { name: 'New user property' })).toBeInTheDocument();
});

test('the personal workspace says properties are made in the organisation workspace, and offers no form', async () => {
  signIn(null, 1);
  const calls = fakeServer();
  renderAt('/userproperties');
  expect(await screen.findByTestId('properties-need-org')).toHaveTextContent(
    'User properties can only be created from the organisation workspace',
  );
  expect(screen.queryByRole('button', { name: 'New property' })).toBeNull();
  expect(calls.some((c) => c.url.pathname === '/api/manage/user-properties')).toBe(false);
});

test('the user_property rule gives every §5 message before anything is sent', async () => {
  const calls = fakeServer(world({ properties: [city] }));
  renderAt('/userproperties');
  const form = await openNew();
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Please fill all the fields to continue...')).toBeInTheDocument();
  fireEvent.change(nameInput(form), { target: { value: 'Address 2' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Property names should not contain numbers')).toBeInTheDocument();
  fireEvent.change(nameInput(form), { target: { value: ' city ' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('You can not have properties with same name')).toBeInTheDocument();
  fireEvent.change(nameInput(form), { target: { value: 'Tier' } });
  fireEvent.change(form.getByRole('combobox', { name: 'Type' }), { target: { value: 'select' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Add at least one option to a list property')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/user-properties')).toHaveLength(0);
});

test("the server's 422 gives the same messages on the same fields", async () => {
  const answers = [
    invalid('name', 'property_name_has_number'),
    invalid('name', 'property_name_duplicate'),
    invalid('name', 'fields_required'),
    invalid('options', 'property_options_required'),
    invalid('org_id', 'properties_need_organisation'),
  ];
  let i = 0;
  fakeServer(world(), (c) => (c.method === 'POST' && c.url.pathname === '/api/manage/user-properties' ? answers[i++] : undefined));
  renderAt('/userproperties');
  const form = await openNew();
  fireEvent.change(nameInput(form), { target: { value: 'Region' } });
  for (const text of [
    'Property names should not contain numbers',
    'You can not have properties with same name',
    'Please fill all the fields to continue...',
    'Add at least one option to a list property',
    'User properties can only be created from the organisation workspace',
  ]) {
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(text)).toBeInTheDocument();
  }
});

test('a list property is added with its options: "Property added successfully"; renamed: "Property updated successfully"; deleted: "User property deleted"', async () => {
  const calls = fakeServer(world({ properties: [city] }));
  renderAt('/userproperties');
  const form = await openNew();
  fireEvent.change(nameInput(form), { target: { value: ' Tier ' } });
  fireEvent.change(form.getByRole('combobox', { name: 'Type' }), { target: { value: 'select' } });
  const options = form.getByLabelText(/^Options/);
  act(() => options.focus());
  fireEvent.change(options, { target: { value: 'Gold' } });
  fireEvent.keyDown(options, { key: 'Enter' });
  fireEvent.change(options, { target: { value: 'Silver' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Property added successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/user-properties')[0]!.body).toEqual({ org_id: ORG, name: 'Tier', kind: 'select', options: ['Gold', 'Silver'] });
  await waitFor(() => expect(screen.getAllByTestId('property-row')).toHaveLength(2));

  fireEvent.click(screen.getByRole('button', { name: 'Edit City' }));
  // Its own name is not a duplicate of itself.
  fireEvent.change(nameInput(dialog()), { target: { value: 'CITY' } });
  fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Property updated successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/user-properties/1', 'PUT')[0]!.body).toEqual({ org_id: ORG, name: 'CITY', kind: 'text', options: [] });

  fireEvent.click(await screen.findByRole('button', { name: 'Delete CITY' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete user property' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('User property deleted')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByTestId('property-row')).toHaveLength(1));
});

async function lookUp(contact: string) {
  const panel = within(await screen.findByTestId('contact-lookup'));
  fireEvent.change(panel.getByRole('textbox', { name: 'Phone number or chat id' }), { target: { value: contact } });
  fireEvent.click(panel.getByRole('button', { name: 'Find' }));
  return within(await screen.findByTestId('contact-profile'));
}

test("a contact's values: one input per type, refused by the property_value rule, saved with a toast", async () => {
  const calls = fakeServer(
    world({ properties: [city, tier, budget, vip], profile: { '+919812345678': [{ property_id: 1, value: 'Pune' }] } }),
  );
  renderAt('/userproperties');
  await screen.findAllByTestId('property-row');
  const profile = await lookUp('+919812345678');
  expect(profile.getByRole('textbox', { name: 'City' })).toHaveValue('Pune');
  expect(within(profile.getByRole('combobox', { name: 'Tier' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not set', 'Gold', 'Silver']);
  expect(within(profile.getByRole('combobox', { name: 'VIP' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not set', 'Yes', 'No']);
  fireEvent.change(profile.getByRole('textbox', { name: 'Budget' }), { target: { value: '12k' } });
  fireEvent.click(profile.getByRole('button', { name: 'Save values' }));
  expect(await profile.findByText('Property values should match property type')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/contacts/%2B919812345678/properties', 'PUT')).toHaveLength(0);

  fireEvent.change(profile.getByRole('textbox', { name: 'Budget' }), { target: { value: '1200' } });
  fireEvent.change(profile.getByRole('combobox', { name: 'Tier' }), { target: { value: 'Gold' } });
  fireEvent.change(profile.getByRole('combobox', { name: 'VIP' }), { target: { value: 'true' } });
  fireEvent.click(profile.getByRole('button', { name: 'Save values' }));
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/contacts/%2B919812345678/properties', 'PUT')[0]!.body).toEqual({
    org_id: ORG,
    values: [
      { property_id: 1, value: 'Pune' },
      { property_id: 2, value: 'Gold' },
      { property_id: 3, value: '1200' },
      { property_id: 4, value: 'true' },
    ],
  });
});

test("the server's refusal of a value (values[i]) is shown on that property", async () => {
  fakeServer(world({ properties: [city, budget] }), (c) =>
    c.method === 'PUT' && c.url.pathname.endsWith('/properties') ? invalid('values[1]', 'property_value_mismatch') : undefined,
  );
  renderAt('/userproperties');
  await screen.findAllByTestId('property-row');
  const profile = await lookUp('919812345678@c.us');
  fireEvent.change(profile.getByRole('textbox', { name: 'Budget' }), { target: { value: '5' } });
  fireEvent.click(profile.getByRole('button', { name: 'Save values' }));
  const budgetInput = profile.getByRole('textbox', { name: 'Budget' });
  await waitFor(() => expect(budgetInput).toHaveAccessibleDescription('Property values should match property type'));
  expect(profile.getByRole('textbox', { name: 'City' })).not.toHaveAccessibleDescription();
});

function addTag(profile: ReturnType<typeof within>, tag: string) {
  const input = profile.getByLabelText(/^Tags/);
  act(() => input.focus());
  fireEvent.change(input, { target: { value: tag } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

test('tags: the input takes only what saving accepts, each message naming its limit; saved with "New tag(s) added successfully"', async () => {
  const calls = fakeServer(world({ tags: [{ contact: '+5511987654321', tags: ['lead'], updated_at: '2030-01-01T10:00:00Z' }] }));
  renderAt('/userproperties');
  const profile = await lookUp('+5511987654321');
  expect(profile.getByText('lead')).toBeInTheDocument();
  const tags = profile.getByLabelText(/^Tags/);
  // Typing stops at the rule's length; the hint names both limits.
  await waitFor(() => expect(tags).toHaveAttribute('maxlength', '10'));
  expect(profile.getByText('Up to 2 tags of at most 10 characters each. Press Enter after each.')).toBeInTheDocument();
  addTag(profile, 'vip');
  // A third tag is not taken, and the message says why at once (issue #25).
  addTag(profile, 'wholesale');
  expect(await profile.findByText('A contact can have at most 2 tags')).toBeInTheDocument();
  expect(profile.queryByText('wholesale')).toBeNull();
  // Backspace in the empty input removes the last tag: both go, and the need for one shows.
  fireEvent.change(tags, { target: { value: '' } });
  for (let i = 0; i < 2; i++) fireEvent.keyDown(tags, { key: 'Backspace' });
  await waitFor(() => expect(profile.queryByText('lead')).toBeNull());
  expect(await profile.findByText('You must select one tag at all times')).toBeInTheDocument();
  // A pasted tag past the length is not taken either.
  addTag(profile, 'wholesaler1');
  expect(await profile.findByText('A tag can be at most 10 characters')).toBeInTheDocument();
  expect(profile.queryByText('wholesaler1')).toBeNull();
  addTag(profile, 'vip');
  await waitFor(() => expect(profile.queryByText('A tag can be at most 10 characters')).toBeNull());
  addTag(profile, 'retail');
  fireEvent.click(profile.getByRole('button', { name: 'Save tags' }));
  expect(await screen.findByText('New tag(s) added successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/contacts/%2B5511987654321/tags', 'PUT')[0]!.body).toEqual({ org_id: ORG, tags: ['vip', 'retail'] });
});

test("the server's refusal of tags is shown on the tags with the same texts", async () => {
  const answers = [invalid('tags', 'tags_too_many'), invalid('tags', 'tag_too_long'), invalid('tags', 'tag_required')];
  let i = 0;
  fakeServer(world(), (c) => (c.method === 'PUT' && c.url.pathname.endsWith('/tags') ? answers[i++] : undefined));
  renderAt('/userproperties');
  const profile = await lookUp('+5511987654321');
  addTag(profile, 'vip');
  for (const text of ['A contact can have at most 2 tags', 'A tag can be at most 10 characters', 'You must select one tag at all times']) {
    fireEvent.click(profile.getByRole('button', { name: 'Save tags' }));
    expect(await profile.findByText(text)).toBeInTheDocument();
  }
});

test('tags work in the personal workspace too, naming no organisation', async () => {
  signIn(null, 1);
  const calls = fakeServer();
  renderAt('/userproperties');
  const profile = await lookUp('+5511987654321');
  expect(profile.queryByText('Property values')).toBeNull();
  addTag(profile, 'friend');
  fireEvent.click(profile.getByRole('button', { name: 'Save tags' }));
  expect(await screen.findByText('New tag(s) added successfully')).toBeInTheDocument();
  const put = sent(calls, '/api/manage/contacts/%2B5511987654321/tags', 'PUT')[0]!;
  expect(put.body).toEqual({ org_id: null, tags: ['friend'] });
  expect(put.url.search).toBe('');
});

test('a failed lookup says why', async () => {
  fakeServer(world(), (c) => (c.url.pathname.endsWith('/properties') && c.method === 'GET' ? { status: 500, body: errorBody('internal') } : undefined));
  renderAt('/userproperties');
  const panel = within(await screen.findByTestId('contact-lookup'));
  fireEvent.click(panel.getByRole('button', { name: 'Find' }));
  expect(await panel.findByText('Enter a phone number or an email address')).toBeInTheDocument();
  fireEvent.change(panel.getByRole('textbox', { name: 'Phone number or chat id' }), { target: { value: '+5511987654321' } });
  fireEvent.click(panel.getByRole('button', { name: 'Find' }));
  expect(await panel.findByText('Something went wrong')).toBeInTheDocument();
});
