// Test helpers for the organisation screen: the shared organisation fixtures and fake server
// (`@/testing/organization`), and a render of the real page behind a memory router.
import { useSession } from '@/stores/session';
import { renderRoutes } from '@/testing/harness';
import { ME } from '@/testing/organization';
import OrganizationPage from './pages/OrganizationPage';

export * from '@/testing/organization';

/** Renders the real page at `path` for a signed-in user. */
export function renderPage(path = '/organization') {
  useSession.setState({ status: 'authenticated', user: { id: ME, email: 'owner@acme.test', name: null } });
  return renderRoutes(
    [
      { path: '/organization', element: <OrganizationPage /> },
      { path: '/organization/:id', element: <OrganizationPage /> },
      { path: '/createorganization', element: <p>create organisation page</p> },
    ],
    path,
  );
}
