// The Lead CRM board against a fake server: the seven columns in the pipeline's order with their
// counts and totals per currency, a card dropped on another column (moved at once, sent as
// exactly the stage, put back with the error when refused), the card's "Move to stage" menu, the
// filters as the server's keys (Nobody as owner_id=0), a new deal (the amount checked first, a
// refused field said under it, then created), a deal's drawer sending only what changed and
// deleting after a confirmation, the contact drawer's deals, and the empty, failing and
// Personal workspace states.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, gate, invalid, setupSuite, signInAs, userExistence } from '@/testing/harness';
import { contact, crmServer, deal, dealCalls, ORG, renderCrm, renderLeads, signedIn } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

/** A drag's data, as the browser carries it from the card to the column. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    data,
    dropEffect: 'none',
    effectAllowed: 'all',
    types: [] as string[],
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    clearData: () => data.clear(),
  };
}

const column = (stage: string) => screen.getByTestId(`deal-column-${stage}`);
const cardIn = (stage: string, name: string) => within(column(stage)).queryByRole('button', { name: `Open ${name}` });
const countOf = (stage: string) => within(column(stage)).getByTestId('deal-column-count').textContent;
const totalsOf = (stage: string) => within(column(stage)).queryAllByTestId('deal-column-total').map((e) => e.textContent);

/** Drags the card of `name` onto the column of `stage`. */
function drag(name: string, stage: string) {
  const card = screen.getByRole('button', { name: `Open ${name}` }).closest('[data-testid="deal-card"]')!;
  const dt = dataTransfer();
  fireEvent.dragStart(card, { dataTransfer: dt });
  expect(dt.data.get('text/plain')).toBe(String(card.getAttribute('data-deal-id')));
  fireEvent.dragEnter(column(stage), { dataTransfer: dt });
  fireEvent.dragOver(column(stage), { dataTransfer: dt });
  fireEvent.drop(column(stage), { dataTransfer: dt });
  fireEvent.dragEnd(card, { dataTransfer: dt });
}

const shirts = deal({});
const sarees = deal({ id: 102, name: '40 silk sarees', amount: '300', owner_id: null, close_date: null });
const looms = deal({ id: 103, name: 'Two looms', stage: 'contractsent', currency: 'EUR', amount: '900.00', contact_name: 'Bea Souza', contact_id: 2 });
const yarn = deal({ id: 104, name: 'Yarn', stage: 'contractsent', amount: '100.00' });
const sample = deal({ id: 105, name: 'Sample box', stage: 'contractsent', amount: null });

test('shows the seven stages in order, each with its count and its totals per currency', async () => {
  signedIn();
  crmServer({ deals: [shirts, sarees, looms, yarn, sample, deal({ id: 106, name: 'Won order', stage: 'closedwon' })], counts: { closedwon: 250 } });
  renderCrm();
  const board = await screen.findByTestId('deal-board');
  expect(within(board).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Appointment Scheduled',
    'Qualified To Buy',
    'Presentation Scheduled',
    'Decision Maker Bought In',
    'Contract Sent',
    'Closed Won',
    'Closed Lost',
  ]);
  expect(countOf('appointmentscheduled')).toBe('2');
  expect(totalsOf('appointmentscheduled')).toEqual(['$1,550.50']);
  expect(countOf('contractsent')).toBe('3');
  expect(totalsOf('contractsent')).toEqual(['€900.00', '$100.00']);
  expect(countOf('qualifiedtobuy')).toBe('0');
  expect(totalsOf('qualifiedtobuy')).toEqual([]);
  // A column showing fewer than it has says so.
  expect(within(column('closedwon')).getByTestId('deal-column-more')).toHaveTextContent('Showing 1 of 250');
  expect(within(column('contractsent')).queryByTestId('deal-column-more')).toBeNull();

  const card = screen.getByRole('button', { name: 'Open 500 linen shirts' }).closest<HTMLElement>('[data-testid="deal-card"]')!;
  expect(card).toHaveTextContent('Rhea Kapoor');
  expect(card).toHaveTextContent('$1,250.50');
  expect(card).toHaveTextContent('Closes Dec 20, 2026');
  expect(await within(card).findByRole('img', { name: 'Owner: Priya Sharma' })).toHaveTextContent('PS');
  expect(within(cardIn('appointmentscheduled', '40 silk sarees')!.closest<HTMLElement>('[data-testid="deal-card"]')!).getByRole('img', { name: 'Owner: Nobody' })).toBeInTheDocument();
});

test('a card dropped on Closed Won moves there at once and sends exactly its stage', async () => {
  signedIn();
  const held = gate();
  const calls = crmServer({
    deals: [shirts, sarees],
    extra: (c) => (c.method === 'PATCH' ? held.wait.then(() => undefined) : undefined),
  });
  renderCrm();
  await screen.findByTestId('deal-board');
  drag('500 linen shirts', 'closedwon');

  // Moved before the server answers, with the counts and totals of both columns.
  expect(cardIn('closedwon', '500 linen shirts')).toBeInTheDocument();
  expect(cardIn('appointmentscheduled', '500 linen shirts')).toBeNull();
  expect(countOf('closedwon')).toBe('1');
  expect(totalsOf('closedwon')).toEqual(['$1,250.50']);
  expect(countOf('appointmentscheduled')).toBe('1');
  expect(totalsOf('appointmentscheduled')).toEqual(['$300.00']);

  const patches = dealCalls(calls, 'PATCH');
  expect(patches).toHaveLength(1);
  expect(patches[0]!.url.pathname).toBe('/api/deals/101');
  expect(patches[0]!.url.search).toBe('');
  expect(patches[0]!.body).toEqual({ org_id: ORG, stage: 'closedwon' });
  await act(async () => held.open());
  expect(await screen.findByText('500 linen shirts moved to Closed Won')).toBeInTheDocument();
  expect(cardIn('closedwon', '500 linen shirts')).toBeInTheDocument();
});

test('a card dropped on its own column sends nothing', async () => {
  signedIn();
  const calls = crmServer({ deals: [shirts] });
  renderCrm();
  await screen.findByTestId('deal-board');
  drag('500 linen shirts', 'appointmentscheduled');
  expect(dealCalls(calls, 'PATCH')).toHaveLength(0);
  expect(countOf('appointmentscheduled')).toBe('1');
});

test('a refused move puts the card back where it was and says why', async () => {
  signedIn();
  const held = gate();
  crmServer({
    deals: [sarees, shirts],
    extra: (c) => (c.method === 'PATCH' ? held.wait.then(() => ({ status: 403, body: errorBody('forbidden') })) : undefined),
  });
  renderCrm();
  await screen.findByTestId('deal-board');
  const order = () => within(column('appointmentscheduled')).queryAllByTestId('deal-card').map((c) => c.getAttribute('data-deal-id'));
  expect(order()).toEqual(['102', '101']);
  drag('500 linen shirts', 'closedlost');
  expect(cardIn('closedlost', '500 linen shirts')).toBeInTheDocument();

  await act(async () => held.open());
  expect(await screen.findByText("You don't have access to this.")).toBeInTheDocument();
  expect(cardIn('closedlost', '500 linen shirts')).toBeNull();
  expect(order()).toEqual(['102', '101']);
  expect(countOf('closedlost')).toBe('0');
  expect(totalsOf('closedlost')).toEqual([]);
  expect(countOf('appointmentscheduled')).toBe('2');
  expect(totalsOf('appointmentscheduled')).toEqual(['$1,550.50']);
});

test('the card\'s "Move to stage" menu offers the other stages and moves the same way', async () => {
  signedIn();
  const calls = crmServer({ deals: [shirts] });
  renderCrm();
  await screen.findByTestId('deal-board');
  const card = screen.getByRole('button', { name: 'Open 500 linen shirts' }).closest<HTMLElement>('[data-testid="deal-card"]')!;
  fireEvent.click(within(card).getByRole('button', { name: 'Move to stage' }));
  const won = await screen.findByRole('menuitem', { name: 'Closed Won', hidden: true });
  // The deal's own stage is not a choice.
  expect(screen.queryByRole('menuitem', { name: 'Appointment Scheduled', hidden: true })).toBeNull();
  expect(screen.getAllByRole('menuitem', { hidden: true })).toHaveLength(6);
  fireEvent.click(won);
  expect(cardIn('closedwon', '500 linen shirts')).toBeInTheDocument();
  await waitFor(() => expect(dealCalls(calls, 'PATCH')).toHaveLength(1));
  expect(dealCalls(calls, 'PATCH')[0]!.url.pathname).toBe('/api/deals/101');
  expect(dealCalls(calls, 'PATCH')[0]!.body).toEqual({ org_id: ORG, stage: 'closedwon' });
});

test('the filters are the server\'s: owner_id=0 for Nobody, a member, none for Anyone, and the words', async () => {
  signedIn();
  const calls = crmServer({ deals: [shirts] });
  renderCrm();
  await screen.findByTestId('deal-board');
  const boards = () => dealCalls(calls, 'GET', /\/board$/);
  expect(boards().at(-1)!.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(boards().at(-1)!.url.searchParams.has('owner_id')).toBe(false);
  const owner = screen.getByLabelText('Owner');
  await waitFor(() => expect(within(owner).getByRole('option', { name: 'Priya Sharma' })).toBeInTheDocument());
  expect(within(owner).getAllByRole('option').slice(0, 2).map((o) => o.textContent)).toEqual(['Anyone', 'Nobody']);

  fireEvent.change(owner, { target: { value: '0' } });
  await waitFor(() => expect(boards().at(-1)!.url.searchParams.get('owner_id')).toBe('0'));
  fireEvent.change(owner, { target: { value: '8' } });
  await waitFor(() => expect(boards().at(-1)!.url.searchParams.get('owner_id')).toBe('8'));
  fireEvent.change(owner, { target: { value: '' } });
  await waitFor(() => expect(boards().at(-1)!.url.searchParams.has('owner_id')).toBe(false));
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' linen ' } });
  await waitFor(() => expect(boards().at(-1)!.url.searchParams.get('q')).toBe('linen'));
});

test('no deals at all: the board explains and offers a new deal; filtered: a way back', async () => {
  signedIn();
  const calls = crmServer({ deals: [] });
  renderCrm();
  const empty = await screen.findByTestId('crm-empty');
  expect(empty).toHaveTextContent('No deals yet');
  expect(within(empty).getByRole('button', { name: 'New deal' })).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Owner'), { target: { value: '0' } });
  expect(await screen.findByText('No deals found')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
  expect(await screen.findByText('No deals yet')).toBeInTheDocument();
  expect(dealCalls(calls, 'GET', /\/board$/).at(-1)!.url.searchParams.has('owner_id')).toBe(false);
});

test('a board that fails to load says so and loads again on retry', async () => {
  signedIn();
  let fail = true;
  crmServer({ deals: [shirts], extra: (c) => (fail && c.url.pathname === '/api/deals/board' ? { status: 500, body: errorBody('internal') } : undefined) });
  renderCrm();
  const error = await screen.findByTestId('crm-error');
  expect(error).toHaveTextContent('The pipeline could not be loaded');
  fail = false;
  fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Open 500 linen shirts' })).toBeInTheDocument();
});

test('a new deal: the amount is checked first, a refused field is said under it, then it is created', async () => {
  signedIn();
  let tries = 0;
  const calls = crmServer({
    deals: [],
    extra: (c) => {
      if (c.url.pathname === '/api/deals' && c.method === 'POST' && ++tries === 1) return invalid('close_date', 'date_invalid');
      return undefined;
    },
  });
  renderCrm();
  // The members are known: the form offers them as owners, the caller first chosen.
  await waitFor(() => expect(within(screen.getByLabelText('Owner')).getByRole('option', { name: 'Priya Sharma' })).toBeInTheDocument());
  fireEvent.click(within(await screen.findByTestId('crm-empty')).getByRole('button', { name: 'New deal' }));
  const dialog = await screen.findByRole('dialog', { name: 'New deal' });

  const picker = within(dialog).getByRole('combobox', { name: 'Contact' });
  fireEvent.click(picker);
  fireEvent.change(picker, { target: { value: 'Rhea' } });
  const searched = () => calls.find((c) => c.url.pathname === '/api/contacts' && c.url.searchParams.get('q') === 'Rhea');
  await waitFor(() => expect(searched()).toBeDefined());
  expect(searched()!.url.searchParams.get('per_page')).toBe('20');
  expect(searched()!.url.searchParams.get('org_id')).toBe(String(ORG));
  fireEvent.click(await screen.findByRole('option', { name: 'Rhea Kapoor', hidden: true }));
  await waitFor(() => expect(picker).toHaveValue('Rhea Kapoor'));

  fireEvent.change(within(dialog).getByLabelText(/Deal name/), { target: { value: ' 500 linen shirts ' } });
  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '1250,50' } });
  fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'EUR' } });
  fireEvent.change(within(dialog).getByLabelText('Deal stage'), { target: { value: 'qualifiedtobuy' } });
  fireEvent.change(within(dialog).getByLabelText('Close date'), { target: { value: '2026-12-20' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create deal' }));
  expect(await within(dialog).findByText(/Enter an amount such as 1250.50/)).toBeInTheDocument();
  expect(dealCalls(calls, 'POST')).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '1250.5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create deal' }));
  const closeDate = within(dialog).getByLabelText('Close date');
  await waitFor(() => expect(closeDate).toHaveAttribute('aria-invalid', 'true'));
  const described = closeDate.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain('Enter a valid date');
  expect(within(dialog).queryByText(/Enter an amount such as 1250.50/)).toBeNull();
  expect(dealCalls(calls, 'POST')[0]!.body).toEqual({
    org_id: ORG,
    contact_id: 1,
    name: '500 linen shirts',
    amount: '1250.5',
    currency: 'EUR',
    stage: 'qualifiedtobuy',
    owner_id: 7,
    close_date: '2026-12-20',
  });

  fireEvent.click(within(dialog).getByRole('button', { name: 'Create deal' }));
  expect(await screen.findByText('Deal created')).toBeInTheDocument();
  expect(dealCalls(calls, 'POST')).toHaveLength(2);
  expect(await screen.findByRole('button', { name: 'Open 500 linen shirts' })).toBeInTheDocument();
  expect(countOf('qualifiedtobuy')).toBe('1');
});

test("a deal's drawer sends only what changed, shows its times, and deletes after a confirmation", async () => {
  signedIn();
  const calls = crmServer({ deals: [deal({ stage: 'closedwon', closed_at: '2026-11-29T07:00:00Z' })] });
  renderCrm();
  fireEvent.click(await screen.findByRole('button', { name: 'Open 500 linen shirts' }));
  const drawer = await screen.findByRole('dialog', { name: '500 linen shirts' });
  expect(within(drawer).getByTestId('deal-times')).toHaveTextContent(/Created .*Updated .*Closed /);
  fireEvent.change(within(drawer).getByLabelText(/^Amount/), { target: { value: '' } });
  fireEvent.change(within(drawer).getByLabelText('Deal owner'), { target: { value: '0' } });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Deal updated')).toBeInTheDocument();
  expect(dealCalls(calls, 'PATCH')[0]!.body).toEqual({ org_id: ORG, amount: '', owner_id: 0 });

  fireEvent.click(within(drawer).getByRole('button', { name: 'Delete deal' }));
  expect(dealCalls(calls, 'DELETE')).toHaveLength(0);
  fireEvent.click(within(drawer).getByRole('button', { name: 'Delete it' }));
  expect(await screen.findByText('Deal deleted')).toBeInTheDocument();
  const del = dealCalls(calls, 'DELETE');
  expect(del).toHaveLength(1);
  expect(del[0]!.url.pathname).toBe('/api/deals/101');
  expect(del[0]!.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(await screen.findByText('No deals yet')).toBeInTheDocument();
});

test("the contact drawer lists the contact's deals and starts one with the contact fixed", async () => {
  signedIn();
  const calls = crmServer({ deals: [shirts, deal({ id: 107, name: 'Old order', stage: 'closedwon', amount: '99.90', currency: 'INR', close_date: null }), looms] });
  renderLeads();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Rhea Kapoor' }));
  const drawer = await screen.findByRole('dialog', { name: 'Rhea Kapoor' });
  const section = await within(drawer).findByTestId('contact-deals');
  await waitFor(() => expect(within(section).getAllByTestId('contact-deal')).toHaveLength(2));
  const [first, second] = within(section).getAllByTestId('contact-deal');
  expect(first).toHaveTextContent('500 linen shirts');
  expect(first).toHaveTextContent('Appointment Scheduled');
  expect(first).toHaveTextContent('$1,250.50 · Closes Dec 20, 2026');
  expect(second).toHaveTextContent('Old order');
  expect(second).toHaveTextContent('Closed Won');
  expect(second).toHaveTextContent('₹99.90');
  const read = dealCalls(calls, 'GET').find((c) => c.url.pathname === '/api/deals')!;
  expect(Object.fromEntries(read.url.searchParams)).toEqual({ org_id: String(ORG), contact_id: '1' });

  fireEvent.click(within(section).getByRole('button', { name: 'New deal' }));
  const dialog = await screen.findByRole('dialog', { name: 'New deal' });
  expect(within(dialog).getByLabelText('Contact')).toHaveValue('Rhea Kapoor');
  expect(within(dialog).queryByRole('combobox', { name: 'Contact' })).toBeNull();
  fireEvent.change(within(dialog).getByLabelText(/Deal name/), { target: { value: 'Reorder' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create deal' }));
  expect(await screen.findByText('Deal created')).toBeInTheDocument();
  expect(dealCalls(calls, 'POST')[0]!.body).toMatchObject({ org_id: ORG, contact_id: 1, name: 'Reorder', currency: 'USD', stage: 'appointmentscheduled' });
  await waitFor(() => expect(within(section).getAllByTestId('contact-deal')).toHaveLength(3));
});

test('the Personal workspace explains that deals belong to an organisation', async () => {
  signInAs(null, { name: 'Owner', workspace: { me: userExistence(null, { name: 'Owner' }) } });
  const calls = crmServer();
  renderCrm();
  expect(await screen.findByTestId('leads-personal')).toHaveTextContent('Contacts are kept for a team');
  expect(dealCalls(calls, 'GET')).toHaveLength(0);
});

test('the contact search offers a contact without a name by its number', async () => {
  signedIn();
  crmServer({ deals: [], contacts: [contact({}), contact({ id: 2, display_name: null, name: null, phone: '+5511987650002' })] });
  renderCrm();
  fireEvent.click(within(await screen.findByTestId('crm-empty')).getByRole('button', { name: 'New deal' }));
  const dialog = await screen.findByRole('dialog', { name: 'New deal' });
  const picker = within(dialog).getByRole('combobox', { name: 'Contact' });
  fireEvent.click(picker);
  // A contact without a name is shown by its number.
  fireEvent.click(await screen.findByRole('option', { name: '+5511987650002', hidden: true }));
  await waitFor(() => expect(picker).toHaveValue('+5511987650002'));
});
