// The organisation screen against a fake server and the real wasm rules: what the table shows
// and filters, what the add form refuses before sending, what an import reports, and the team,
// assignment and removal calls the page makes.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupSuite, userExistence } from '@/testing/harness';
import { useOrganization } from './stores/organization';
import { chooseOrganisation, filterEmployees } from './logic';
import {
  fakeServer,
  importAnswer,
  mapping,
  members,
  ME,
  ORG,
  personal,
  renderPage,
  sales,
  type Call,
} from './testing';

setupSuite({
  before: () => {
    localStorage.clear();
  },
  toasts: true,
});

const posted = (calls: Call[], path: string, method = 'POST') =>
  calls.filter((c) => c.method === method && c.url.pathname === `/api/v1/whatzapp${path}`);

async function table() {
  return within(await screen.findByRole('table', { name: 'Employees' }));
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the organisation page', () => {
  it('shows the organisation, its code, plan, seats and teams in their colours', async () => {
    fakeServer();
    renderPage();
    expect(await screen.findByTestId('org-name')).toHaveTextContent('Acme Traders');
    expect(screen.getByTestId('org-code')).toHaveTextContent('ACME2345');
    expect(screen.getByRole('button', { name: 'Copy organisation code' })).toBeInTheDocument();
    const summary = await screen.findByTestId('plan-summary');
    expect(summary).toHaveTextContent('Teams');
    expect(summary).toHaveTextContent('5 of 3 seats used');
    expect(summary).toHaveTextContent('Remaining seats: 0');
    expect(summary).toHaveTextContent('Minimum team size of 3');
    const teams = screen.getByRole('region', { name: 'Teams' });
    const badge = await within(teams).findByText('Sales');
    expect(badge.closest('.mantine-Badge-root')).toHaveStyle({ backgroundColor: '#FDE2C8' });
    expect(within(teams).getByText('Members: 2')).toBeInTheDocument();
  });

  it('lists everyone by default, people just invited included, with NA and Admin for missing names', async () => {
    fakeServer();
    renderPage();
    const t = await table();
    expect(t.getAllByTestId('employee-row')).toHaveLength(5);
    expect(within(await rowOf('Nia Invited')).getByText('Pending')).toBeInTheDocument();
    // The admin without a name reads Admin; the employee without one reads NA (001 §9).
    const admin = await rowOf('owner@acme.test');
    expect(within(admin).getAllByText('Admin')).toHaveLength(2); // name and role
    const nameless = await rowOf('+5511987654321');
    expect(within(nameless).getByText('NA')).toBeInTheDocument();
    const priya = await rowOf('Priya Sharma');
    expect(within(priya).getByText('Syncing')).toBeInTheDocument();
    expect(within(priya).getByText('Yes')).toBeInTheDocument();
    expect(within(priya).getByText('Sales')).toBeInTheDocument();
    expect(within(priya).getByText('Accepted')).toBeInTheDocument();
    expect(screen.getByText('Showing 5 of 5')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '2' } });
    await waitFor(() => expect(t.queryByText('Nia Invited')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 4 of 5')).toBeInTheDocument();
  });

  it("shows each member's connected integrations, and the list without them when they fail", async () => {
    fakeServer();
    renderPage();
    await table();
    const priya = await rowOf('Priya Sharma');
    expect(await within(priya).findByText('HubSpot')).toBeInTheDocument();
    expect(within(priya).getByText('Zoho: reconnect')).toBeInTheDocument();
    // The webhook is the organisation's, not repeated per member.
    expect(within(priya).queryByText(/webhook/i)).not.toBeInTheDocument();
    expect(within(await rowOf('+5511987654321')).getByText('None')).toBeInTheDocument();

    useOrganization.setState({ memberLinks: null });
    fakeServer((c) => (c.url.pathname.endsWith('/integrations/members') ? { status: 500, body: { error: { code: 'internal', message: 'x', fields: null } } } : undefined));
    await act(() => useOrganization.getState().refreshMembers());
    const again = await rowOf('Priya Sharma');
    expect(within(again).queryByText('HubSpot')).not.toBeInTheDocument();
    expect(within(again).getByLabelText('Not available')).toBeInTheDocument();
  });

  it("shows the organisation's own employee ID, or a dash, never a database id", async () => {
    fakeServer((c) =>
      c.url.pathname.endsWith('/employees/invited')
        ? {
            body: {
              result: true,
              data: members.map((m) => (m.user_id === 8 ? { ...m, employee_code: 'PAY-0042' } : m)),
              sync_list: [],
              mapping_details: mapping(),
            },
          }
        : undefined,
    );
    renderPage();
    await table();
    const priya = await rowOf('Priya Sharma');
    expect(within(priya).getByText('PAY-0042')).toBeInTheDocument();
    const nameless = await rowOf('+5511987654321');
    expect(within(nameless).getByText('—')).toBeInTheDocument();
    expect(within(nameless).queryByText('9')).not.toBeInTheDocument();
  });

  it('filters by status, team and manager', async () => {
    fakeServer();
    renderPage();
    await table();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    expect(await screen.findByText('Nia Invited')).toBeInTheDocument();
    expect(within(await rowOf('Nia Invited')).getByText('Pending')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Team'), { target: { value: String(sales.id) } });
    let rows = (await table()).getAllByTestId('employee-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Priya Sharma'),
      expect.stringContaining('Mateo Silva'),
    ]);

    fireEvent.change(screen.getByLabelText('Team'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Manager'), { target: { value: 'none' } });
    rows = (await table()).getAllByTestId('employee-row');
    expect(rows.some((r) => r.textContent?.includes('Priya Sharma'))).toBe(false);
    expect(rows.some((r) => r.textContent?.includes('Nia Invited'))).toBe(true);
  });

  it('says so when no employee matches, and shows an error with a retry when the list fails', async () => {
    let fail = true;
    const { calls } = fakeServer((c) =>
      c.url.pathname.endsWith('/employees/invited') && fail
        ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
        : undefined,
    );
    renderPage();
    expect(await screen.findByText('The employees could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
    expect(calls.filter((c) => c.url.pathname.endsWith('/employees/invited'))).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: String(sales.id) } });
    const empty = await screen.findByTestId('employees-empty');
    expect(empty).toHaveTextContent('No employees match these filters.');
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect((await table()).getAllByTestId('employee-row')).toHaveLength(members.length);
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    expect(screen.getByLabelText('Team')).toHaveValue('all');
  });

  it('offers to create an organisation to someone who has none', async () => {
    fakeServer((c) =>
      c.url.pathname.endsWith('/organizations') ? { body: { result: true, data: [personal] } } : undefined,
    );
    renderPage();
    expect(await screen.findByText('You are not part of an organisation yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an organisation' })).toHaveAttribute('href', '/createorganization');
  });

  it('reads a malformed organisation code in the address with the spec wording', async () => {
    fakeServer();
    renderPage('/organization/no!');
    expect(await screen.findByText('Enter valid organisation code to continue')).toBeInTheDocument();
  });
});

describe('adding an employee', () => {
  async function openForm() {
    renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    return within(await screen.findByRole('dialog', { name: 'Add employee' }));
  }

  it('refuses a number without a country code through the domain rule, sending nothing', async () => {
    const { calls } = fakeServer();
    const form = await openForm();
    fireEvent.change(form.getByLabelText('WhatsApp number'), { target: { value: '98123 45678' } });
    fireEvent.click(form.getByRole('button', { name: 'Send invites' }));
    expect(await form.findByText('Phone numbers need a country code')).toBeInTheDocument();
    fireEvent.change(form.getByLabelText('WhatsApp number'), { target: { value: '+91 98x' } });
    fireEvent.blur(form.getByLabelText('WhatsApp number'));
    expect(await form.findByText('Invalid phone number')).toBeInTheDocument();
    expect(posted(calls, '/employees')).toHaveLength(0);
  });

  it("says at once when the number is already a member's, and not when the check fails", async () => {
    let answer: 'member' | 'error' = 'member';
    const { calls } = fakeServer((c) =>
      c.url.pathname.endsWith('/checkuserexistance') && c.url.searchParams.get('user_mobile')
        ? answer === 'member'
          ? { body: { result: true, data: userExistence(null, { callyzer_user_mappings: [mapping({ role_id: 3 })] }) } }
          : { status: 404, body: { error: { code: 'not_found', message: 'no' } } }
        : undefined,
    );
    const form = await openForm();
    fireEvent.change(form.getByLabelText('WhatsApp number'), { target: { value: '+91 98123 45678' } });
    fireEvent.blur(form.getByLabelText('WhatsApp number'));
    expect(await form.findByText('This person is already an employee of the organisation')).toBeInTheDocument();
    const check = calls.find((c) => c.url.pathname.endsWith('/checkuserexistance'));
    expect(check?.url.searchParams.get('user_mobile')).toBe('+919812345678');

    answer = 'error';
    fireEvent.change(form.getByLabelText('WhatsApp number'), { target: { value: '+91 98123 45679' } });
    fireEvent.blur(form.getByLabelText('WhatsApp number'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/checkuserexistance'))).toHaveLength(2));
    expect(form.queryByText('This person is already an employee of the organisation')).toBeNull();
  });

  it('asks for a number or an e-mail when both are empty', async () => {
    const { calls } = fakeServer();
    const form = await openForm();
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Lee' } });
    fireEvent.click(form.getByRole('button', { name: 'Send invites' }));
    expect(await form.findByText('Enter a phone number or an email address')).toBeInTheDocument();
    expect(posted(calls, '/employees')).toHaveLength(0);
  });

  it('sends the cleaned row and shows the invited person', async () => {
    const { calls } = fakeServer((c) =>
      c.method === 'POST' && c.url.pathname.endsWith('/employees')
        ? { body: { result: true, data: { employees: [] } } }
        : undefined,
    );
    const form = await openForm();
    fireEvent.change(form.getByLabelText('Name'), { target: { value: ' Lee Wong ' } });
    fireEvent.change(form.getByLabelText('Email'), { target: { value: 'Lee@Acme.test' } });
    fireEvent.change(form.getByLabelText('WhatsApp number'), { target: { value: '+91 98123-45678' } });
    fireEvent.change(form.getByLabelText('Team'), { target: { value: String(sales.id) } });
    fireEvent.click(form.getByRole('button', { name: 'Send invites' }));
    await waitFor(() => expect(posted(calls, '/employees')).toHaveLength(1));
    expect(posted(calls, '/employees')[0]!.body).toEqual({
      org_id: ORG,
      employees: [{ name: 'Lee Wong', email: 'lee@acme.test', mobile: '+919812345678', team_id: sales.id }],
    });
    expect(await screen.findByText('Invitation sent to Lee Wong')).toBeInTheDocument();
    // New people arrive invited: the list now shows everyone.
    await waitFor(() => expect(useOrganization.getState().filters.status).toBe('all'));
  });

  it('shows what only the server knows, translated from its field code', async () => {
    fakeServer((c) =>
      c.method === 'POST' && c.url.pathname.endsWith('/employees')
        ? {
            status: 422,
            body: {
              error: {
                code: 'validation_failed',
                message: 'x',
                fields: { 'employees[0].number': 'employee_exists' },
              },
            },
          }
        : undefined,
    );
    const form = await openForm();
    fireEvent.change(form.getByLabelText('WhatsApp number'), { target: { value: '+919812345678' } });
    fireEvent.click(form.getByRole('button', { name: 'Send invites' }));
    expect(await form.findByText('This person is already an employee of the organisation')).toBeInTheDocument();
  });
});

describe('importing employees from a file', () => {
  async function openImport() {
    renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Add with excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employees with excel' });
    return { dialog: within(dialog), input: dialog.querySelector('input[type="file"]') as HTMLInputElement };
  }

  it('uploads the file and lists each refused row with its line and translated reason', async () => {
    const { calls } = fakeServer((c) =>
      c.url.pathname.endsWith('/employees/import')
        ? importAnswer({
            rows: 4,
            inserted: 1,
            errors: [
              { row: 3, field: 'number', code: 'phone_invalid' },
              { row: 4, field: 'number', code: 'phone_country_code_missing' },
              { row: 5, field: 'number', code: 'import_row_duplicate' },
            ],
          })
        : undefined,
    );
    const { dialog, input } = await openImport();
    const file = new File(['number,name\n+919812345678,A\n'], 'people.csv', { type: 'text/csv' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    const result = await dialog.findByTestId('import-result');
    expect(result).toHaveTextContent('1 of 4 employees imported');
    const errors = within(within(result).getByRole('table', { name: 'Rows not imported' }));
    const lines = errors.getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(lines).toEqual([
      '3WhatsApp numberInvalid phone number',
      '4WhatsApp numberPhone numbers need a country code',
      '5WhatsApp numberThis number or email appears earlier in the file',
    ]);
    const upload = calls.find((c) => c.url.pathname.endsWith('/employees/import'))!;
    expect(upload.url.searchParams.get('org_id')).toBe(String(ORG));
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('Employees imported: 1')).toBeInTheDocument();
  });

  it('refuses a file that is not a spreadsheet before uploading it', async () => {
    const { calls } = fakeServer();
    const { dialog, input } = await openImport();
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'people.pdf')] } });
    });
    expect(await dialog.findByText('File should be an Excel file')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/employees/import'))).toBe(false);
  });

  it('explains a file refused whole', async () => {
    fakeServer((c) =>
      c.url.pathname.endsWith('/employees/import')
        ? {
            status: 422,
            body: {
              error: { code: 'validation_failed', message: 'x', fields: { file: 'import_number_column_missing' } },
            },
          }
        : undefined,
    );
    const { dialog, input } = await openImport();
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['name\nA\n'], 'people.csv')] } });
    });
    expect(await dialog.findByText('The file needs a column named number, with country codes')).toBeInTheDocument();
    expect(dialog.getByText('Nothing was imported')).toBeInTheDocument();
  });
});

describe('teams, assignment and removal', () => {
  it('creates a team with a palette colour after the domain accepts its name', async () => {
    const { calls } = fakeServer((c) =>
      c.method === 'POST' && c.url.pathname.endsWith('/teams')
        ? { body: { result: true, data: { ...sales, id: 6, team_name: 'Support', member_count: undefined } } }
        : undefined,
    );
    renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Create a Team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Team' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create a Team' }));
    expect(await dialog.findByText('Enter a team name')).toBeInTheDocument();
    expect(posted(calls, '/teams')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/Team name/), { target: { value: '  Support ' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Colour 2' }));
    expect(dialog.getByRole('radio', { name: 'Colour 2' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(dialog.getByRole('button', { name: 'Create a Team' }));
    await waitFor(() => expect(posted(calls, '/teams')).toHaveLength(1));
    expect(posted(calls, '/teams')[0]!.body).toEqual({ org_id: ORG, team_name: 'Support', team_color: 2 });
    expect(await screen.findByText('Team created')).toBeInTheDocument();
  });

  it('renames and recolours a team', async () => {
    const { calls } = fakeServer((c) =>
      c.method === 'PATCH' && c.url.pathname.endsWith('/teams')
        ? { body: { result: true, data: { ...sales, team_name: 'Field sales', team_color: 1 } } }
        : undefined,
    );
    renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit team Sales' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit team' }));
    expect(dialog.getByLabelText(/Team name/)).toHaveValue('Sales');
    expect(dialog.getByRole('radio', { name: 'Colour 3' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.change(dialog.getByLabelText(/Team name/), { target: { value: 'Field sales' } });
    // Arrow keys move through the palette, as in any radio group.
    fireEvent.keyDown(dialog.getByRole('radio', { name: 'Colour 3' }), { key: 'ArrowRight' });
    expect(dialog.getByRole('radio', { name: 'Colour 1' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(calls, '/teams', 'PATCH')).toHaveLength(1));
    expect(posted(calls, '/teams', 'PATCH')[0]!.body).toEqual({
      org_id: ORG,
      team_id: sales.id,
      team_name: 'Field sales',
      team_color: 1,
    });
    expect(await screen.findByText('Team updated')).toBeInTheDocument();
  });

  it('says a taken team name is taken', async () => {
    fakeServer((c) =>
      c.method === 'POST' && c.url.pathname.endsWith('/teams')
        ? { status: 409, body: { error: { code: 'conflict', message: 'taken' } } }
        : undefined,
    );
    renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Create a Team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Team' }));
    fireEvent.change(dialog.getByLabelText(/Team name/), { target: { value: 'Sales' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create a Team' }));
    expect(await dialog.findByText('A team with this name already exists')).toBeInTheDocument();
  });

  it('assigns the selected employees to a team', async () => {
    const { calls } = fakeServer((c) =>
      c.method === 'PATCH' && c.url.pathname.endsWith('/teams/members')
        ? { body: { result: true, message: 'ok' } }
        : undefined,
    );
    renderPage();
    await table();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select NA' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign to team (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign to team' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(posted(calls, '/teams/members', 'PATCH')).toHaveLength(1));
    expect(posted(calls, '/teams/members', 'PATCH')[0]!.body).toEqual({
      org_id: ORG,
      team_id: sales.id,
      user_ids: [ME, 9], // in the order of the table
    });
  });

  it('removes a user only after confirming, and never offers to remove oneself', async () => {
    const { calls } = fakeServer((c) =>
      c.url.pathname.endsWith('/organizations/remove-user') ? { body: { result: true, message: 'ok' } } : undefined,
    );
    renderPage();
    await table();
    expect(screen.queryByRole('button', { name: 'Remove Admin' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Priya Sharma' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove employee' }));
    expect(dialog.getByText(/Remove Priya Sharma from Acme Traders\?/)).toBeInTheDocument();
    expect(posted(calls, '/organizations/remove-user')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(posted(calls, '/organizations/remove-user')).toHaveLength(1));
    const url = posted(calls, '/organizations/remove-user')[0]!.url;
    expect([url.searchParams.get('user_id'), url.searchParams.get('org_id')]).toEqual(['8', String(ORG)]);
    expect(await screen.findByText('Priya Sharma was removed')).toBeInTheDocument();
  });

  it('shows an employee no team or removal controls', async () => {
    fakeServer((c) =>
      c.url.pathname.endsWith('/organizations')
        ? { body: { result: true, data: [mapping({ role_id: 3 })] } }
        : undefined,
    );
    renderPage();
    await table();
    expect(screen.queryByRole('button', { name: 'Create a Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add employee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});

describe('empty teams and employees (issue #25)', () => {
  const noTeams = (c: Call) => (c.url.pathname.endsWith('/teams') && c.method === 'GET' ? { body: { result: true, data: [] } } : undefined);
  const asRole = (role_id: number) => (c: Call) =>
    c.url.pathname.endsWith('/organizations') ? { body: { result: true, data: [mapping({ role_id })] } } : undefined;
  const onlyMe = (c: Call) =>
    c.url.pathname.endsWith('/employees/invited')
      ? { body: { result: true, data: members.filter((m) => m.user_id === ME), sync_list: [], mapping_details: mapping() } }
      : undefined;
  const nobody = (c: Call) =>
    c.url.pathname.endsWith('/employees/invited') ? { body: { result: true, data: [], sync_list: [], mapping_details: mapping() } } : undefined;

  it('offers an admin the first team, which opens the team form', async () => {
    fakeServer(noTeams);
    renderPage();
    const empty = await screen.findByTestId('teams-empty');
    expect(empty).toHaveTextContent('No teams yet');
    expect(empty).toHaveTextContent('such as Sales or Support');
    fireEvent.click(within(empty).getByRole('button', { name: 'Create your first team' }));
    expect(await screen.findByRole('dialog', { name: 'Create a Team' })).toBeInTheDocument();
  });

  it('tells an employee who creates teams, with nothing to click', async () => {
    fakeServer(noTeams, asRole(3));
    renderPage();
    const empty = await screen.findByTestId('teams-empty');
    expect(empty).toHaveTextContent('Managers and admins of the organisation create its teams.');
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('says how the others join when the creator is alone, with the add buttons', async () => {
    fakeServer(onlyMe);
    renderPage();
    const alone = await screen.findByTestId('employees-only-you');
    expect(alone).toHaveTextContent('Only you so far');
    expect(alone).toHaveTextContent('Invite your team by e-mail or WhatsApp number');
    fireEvent.click(within(alone).getByRole('button', { name: 'Add employee' }));
    expect(await screen.findByRole('dialog', { name: 'Add employee' })).toBeInTheDocument();
  });

  it('says no employees yet, with the add buttons for a manager and who adds them for an employee', async () => {
    fakeServer(nobody, asRole(2));
    const { unmount } = renderPage();
    const empty = await screen.findByTestId('employees-empty');
    expect(empty).toHaveTextContent('No employees yet');
    expect(within(empty).getByRole('button', { name: 'Add with excel' })).toBeInTheDocument();
    unmount();

    fakeServer(nobody, asRole(3));
    renderPage();
    const forEmployee = await screen.findByTestId('employees-empty');
    expect(forEmployee).toHaveTextContent('Managers and admins of the organisation add its employees.');
    expect(within(forEmployee).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('employees-only-you')).toBeNull();
  });
});

describe('choosing the organisation and filtering rows', () => {
  const orgs = [
    mapping({ org_id: 1, is_default_org: 0, callyzer_organization: { org_id: 1, org_name: 'One', organization_code: 'ONE1' } }),
    mapping({ org_id: 2, is_default_org: 1, callyzer_organization: { org_id: 2, org_name: 'Two', organization_code: 'TWO2' } }),
    personal,
  ];
  const pick = (route?: string, stored: string | null = null) => {
    const c = chooseOrganisation(orgs, route, stored);
    return c.kind === 'org' ? c.mapping.org_id : c.kind;
  };

  it('prefers the address, then the stored current organisation, then the default', () => {
    expect(pick('1')).toBe(1);
    expect(pick('one1')).toBe(1);
    expect(pick('3')).toBe('not_member');
    expect(pick('ZZZZ')).toBe('code_invalid');
    expect(pick('-x-')).toBe('code_invalid');
    expect(pick(undefined, '1')).toBe(1);
    expect(pick(undefined, '99')).toBe(2);
    expect(pick()).toBe(2);
    expect(chooseOrganisation([personal], undefined, null).kind).toBe('none');
  });

  it('keeps a manager with their team, and the unmanaged under none', () => {
    const ids = (f: Parameters<typeof filterEmployees>[1]) => filterEmployees(members, f).map((e) => e.user_id);
    expect(ids({ status: 'all', team: 'all', manager: 10 })).toEqual([8, 10]);
    expect(ids({ status: 'all', team: 'all', manager: 'none' })).toEqual([ME, 9, 11]);
    expect(ids({ status: 2, team: 'none', manager: 'all' })).toEqual([ME, 9]);
    expect(ids({ status: 1, team: 'all', manager: 'all' })).toEqual([11]);
  });
});

describe('people and settings (issue #25)', () => {
  it('sends an invitation again, and says how long to wait when it is too soon', async () => {
    let first = true;
    const { calls } = fakeServer((c) => {
      if (!c.url.pathname.endsWith('/employees/resend-invitation')) return undefined;
      if (first) {
        first = false;
        const nia = members.find((m) => m.user_id === 11)!;
        return { body: { result: true, data: { ...nia, invitation_sent_at: 1 } } };
      }
      return { status: 429, body: { error: { code: 'rate_limited', message: 'wait' } } };
    });
    renderPage();
    await table();
    const nia = await rowOf('Nia Invited');
    fireEvent.click(within(nia).getByRole('button', { name: 'Send the invitation to Nia Invited again' }));
    expect(await screen.findByText('Invitation sent again to newbie@acme.test')).toBeInTheDocument();
    expect(posted(calls, '/employees/resend-invitation')[0]!.body).toEqual({ org_id: ORG, user_id: 11 });
    fireEvent.click(within(await rowOf('Nia Invited')).getByRole('button', { name: 'Send the invitation to Nia Invited again' }));
    expect(
      await screen.findByText('An invitation went out less than 10 minutes ago. Try again in a few minutes.'),
    ).toBeInTheDocument();
    // Someone who joined has nothing to resend.
    expect(within(await rowOf('Priya Sharma')).queryByRole('button', { name: /invitation/ })).not.toBeInTheDocument();
  }, 20_000);

  it("lets an admin edit a member's role, team and employee ID", async () => {
    const { calls } = fakeServer((c) => {
      if (c.method !== 'PATCH' || !c.url.pathname.endsWith('/employees')) return undefined;
      const priya = members.find((m) => m.user_id === 8)!;
      return { body: { result: true, data: { ...priya, role_id: 2, employee_code: 'PAY-7' } } };
    });
    renderPage();
    await table();
    fireEvent.click(within(await rowOf('Priya Sharma')).getByRole('button', { name: 'Edit Priya Sharma' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Priya Sharma' }));
    fireEvent.change(form.getByLabelText('Role'), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText('Employee ID'), { target: { value: ' PAY-7 ' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(calls, '/employees', 'PATCH')).toHaveLength(1));
    expect(posted(calls, '/employees', 'PATCH')[0]!.body).toEqual({
      org_id: ORG,
      user_id: 8,
      role_id: 2,
      team_id: sales.id,
      employee_code: 'PAY-7',
    });
    const priya = (await (await table()).findByText('PAY-7')).closest('tr') as HTMLElement;
    expect(within(priya).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(priya).getByText('Manager')).toBeInTheDocument();
  }, 20_000);

  it("lets an admin change the organisation's time zone", async () => {
    const { calls } = fakeServer((c) =>
      c.method === 'PATCH' && c.url.pathname.endsWith('/organizations')
        ? { body: { result: true, data: { ...useOrganization.getState().org!, time_zone: 'Europe/Lisbon' } } }
        : undefined,
    );
    renderPage();
    await screen.findByTestId('org-name');
    fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Organisation time zone' }));
    fireEvent.change(dialog.getByLabelText('Time zone'), { target: { value: 'Europe/Lisbon' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(calls, '/organizations', 'PATCH')).toHaveLength(1));
    expect(posted(calls, '/organizations', 'PATCH')[0]!.body).toEqual({ org_id: ORG, time_zone: 'Europe/Lisbon' });
    expect(await screen.findByTestId('org-time-zone')).toHaveTextContent('Europe/Lisbon');
  }, 20_000);

  it('lets an admin rename the organisation and set its logo, refusing a logo that is no web address', async () => {
    const { calls } = fakeServer((c) =>
      c.method === 'PATCH' && c.url.pathname.endsWith('/organizations')
        ? { body: { result: true, data: { ...useOrganization.getState().org!, ...(c.body as object), org_id: ORG } } }
        : undefined,
    );
    renderPage();
    await screen.findByTestId('org-name');
    fireEvent.click(screen.getByTestId('edit-organisation'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit the organisation' }));
    fireEvent.change(dialog.getByLabelText('Logo address'), { target: { value: 'ftp://logo' } });
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(dialog.getByLabelText('Logo address'), { target: { value: 'https://cdn.example/acme.png' } });
    fireEvent.change(dialog.getByLabelText('Organisation name'), { target: { value: 'Acme Iberia' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(calls, '/organizations', 'PATCH')).toHaveLength(1));
    expect(posted(calls, '/organizations', 'PATCH')[0]!.body).toEqual({
      org_id: ORG,
      org_name: 'Acme Iberia',
      org_logo: 'https://cdn.example/acme.png',
    });
    expect(await screen.findByTestId('org-name')).toHaveTextContent('Acme Iberia');
  }, 20_000);
});
