// The application root: theme, toasts (bottom-centre, 2 s) and the router.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router';
import { useMemo } from 'react';
import { createRouter } from './router';
import { TOAST_MS, TOAST_POSITION } from '@/lib/toast';
import { theme } from './theme';

export function App() {
  const router = useMemo(() => createRouter(), []);
  return (
    // `html:root` outranks the style sheet's own `:root` defaults, which the prerendered sign-up
    // page loads after this provider's variables (web/scripts/prerender.mjs).
    <MantineProvider theme={theme} cssVariablesSelector="html:root">
      <Notifications position={TOAST_POSITION} autoClose={TOAST_MS} zIndex={4000} />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
