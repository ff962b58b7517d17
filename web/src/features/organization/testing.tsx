// Test helpers for the organisation screen: the shared organisation fixtures and fake server
// (`@/testing/organization`), and a render of the real page behind a memory router.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSession } from '@/stores/session';
import { ME } from '@/testing/organization';
import OrganizationPage from './pages/OrganizationPage';

export * from '@/testing/organization';

/** Renders the real page at `path` for a signed-in user. */
export function renderPage(path = '/organization') {
  useSession.setState({ status: 'authenticated', user: { id: ME, email: 'owner@acme.test', name: null } });
  const router = createMemoryRouter(
    [
      { path: '/organization', element: <OrganizationPage /> },
      { path: '/organization/:id', element: <OrganizationPage /> },
      { path: '/createorganization', element: <p>create organisation page</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <MantineProvider>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}
