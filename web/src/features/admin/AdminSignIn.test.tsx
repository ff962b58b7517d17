// The secure admin screen against a fake server: the form's fields, 'Invalid login credentials'
// for a refused sign-in (the server's 401), the Dashboard with its sidebar once signed in, the
// guard on the other operator paths (and back there after signing in), and signing out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { ADMIN_PATHS } from './paths';
import { callsTo, fakeServer, OPERATOR, renderAdmin } from './testing';

setupSuite({
  toasts: true,
});

async function signIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('the form has a required e-mail field and a required password', async () => {
  fakeServer();
  renderAdmin(ADMIN_PATHS.dashboard);
  const email = await screen.findByLabelText(/Email/);
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toBeRequired();
  expect(screen.getByLabelText(/Password/)).toBeRequired();
  expect(screen.getByRole('heading', { name: 'Admin sign-in' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
});

test('a refused sign-in reads Invalid login credentials and stays on the form', async () => {
  const { calls } = fakeServer();
  renderAdmin(ADMIN_PATHS.dashboard);
  await signIn(OPERATOR.email, 'not the password');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Invalid login credentials');
  expect(callsTo(calls, '/api/admin/session', 'POST')[0]!.body).toEqual({ email: OPERATOR.email, password: 'not the password' });
  expect(screen.getByLabelText(/Password/)).toHaveValue('');
  expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).toBeNull();
});

test('an unknown address reads the same message', async () => {
  fakeServer();
  renderAdmin(ADMIN_PATHS.dashboard);
  await signIn('someone@else.test', OPERATOR.password);
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
});

test('signing in shows the Dashboard with the sidebar Dashboard, User Info and Admin Panel', async () => {
  fakeServer();
  renderAdmin(ADMIN_PATHS.dashboard);
  await signIn(OPERATOR.email, OPERATOR.password);
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  const links = within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['Dashboard', ADMIN_PATHS.dashboard],
    ['User Info', ADMIN_PATHS.userInfo],
    ['Admin Panel', ADMIN_PATHS.organisations],
  ]);
  expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByTestId('admin-email')).toHaveTextContent(OPERATOR.email);
  expect(await screen.findByRole('heading', { name: 'Active Members' })).toBeInTheDocument();
});

test('the sidebar opens User Info and the Admin Panel', async () => {
  fakeServer({ signedIn: true });
  renderAdmin(ADMIN_PATHS.dashboard);
  const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
  fireEvent.click(within(nav).getByRole('link', { name: 'User Info' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'User Info' })).toBeInTheDocument();
  expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  fireEvent.click(within(nav).getByRole('link', { name: 'Admin Panel' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Organisations', selected: true })).toBeInTheDocument();
});

test('an operator path while signed out goes to the sign-in, and back after it', async () => {
  fakeServer();
  const { router } = renderAdmin(ADMIN_PATHS.audit);
  await screen.findByRole('heading', { name: 'Admin sign-in' });
  expect(router.state.location.pathname).toBe(ADMIN_PATHS.dashboard);
  await signIn(OPERATOR.email, OPERATOR.password);
  await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_PATHS.audit));
  expect(await screen.findByRole('tab', { name: 'Audit log', selected: true })).toBeInTheDocument();
});

test('Sign out ends the operator session and returns to the sign-in', async () => {
  const { calls } = fakeServer({ signedIn: true });
  const { router } = renderAdmin(ADMIN_PATHS.organisations);
  fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { name: 'Admin sign-in' })).toBeInTheDocument();
  expect(callsTo(calls, '/api/admin/session', 'DELETE')).toHaveLength(1);
  expect(router.state.location.pathname).toBe(ADMIN_PATHS.dashboard);
});

test('a session that ends while working returns to the sign-in and says so', async () => {
  const { state } = fakeServer({ signedIn: true });
  renderAdmin(ADMIN_PATHS.organisations);
  await screen.findByText('No organisations yet.');
  state.signedIn = false;
  fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
  expect(await screen.findByText('Your admin session has ended. Sign in again.')).toBeInTheDocument();
});
