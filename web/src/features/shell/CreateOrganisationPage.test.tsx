// Creating an organisation: the name's limit is said with its number (issue #25), whether the
// domain rule catches it in the browser or the server refuses it.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { useSession } from '@/stores/session';
import CreateOrganisationPage from './pages/CreateOrganisationPage';

setupSuite();

function renderPage() {
  useSession.setState({ status: 'authenticated', user: { id: 7, email: 'ana@acme.test', name: 'Ana' } });
  const router = createMemoryRouter([{ path: '/createorganization', element: <CreateOrganisationPage /> }], {
    initialEntries: ['/createorganization'],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

test('a 300-character name is refused with the limit, before anything is sent', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  renderPage();
  const name = await screen.findByRole('textbox', { name: /Organisation name/ });
  fireEvent.change(name, { target: { value: 'A'.repeat(300) } });
  fireEvent.blur(name);
  expect(await screen.findByText('Organisation names can be at most 200 characters')).toBeInTheDocument();
  expect(screen.queryByText('Please enter valid value')).toBeNull();
  fireEvent.change(name, { target: { value: 'A'.repeat(200) } });
  expect(screen.queryByText('Organisation names can be at most 200 characters')).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});
