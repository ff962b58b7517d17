// Boot: the wasm module picks the language, i18next loads that catalogue, the session check
// starts, and React renders.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { resolveLanguage } from './lib/domain';
import { initI18n } from './lib/i18n';
import { readStored, writeStored } from './lib/storage';
import { reportClientError } from './lib/api';
import { useSession } from '@/stores/session';

window.addEventListener('error', (e) => reportClientError(e.message, e.error?.stack));
window.addEventListener('unhandledrejection', (e) =>
  reportClientError(String(e.reason?.message ?? e.reason), e.reason?.stack),
);

// 001 §2: the extension opens the workspace with `showDashboardOnly` to show only the dashboard.
const showDashboardOnly = new URLSearchParams(window.location.search).get('showDashboardOnly');
if (showDashboardOnly !== null) {
  writeStored('pathParams', JSON.stringify({ showDashboardOnly: showDashboardOnly === 'true' }));
}

const language = resolveLanguage(readStored('preferredLanguage'), navigator.languages ?? [navigator.language]);
await initI18n(language);
void useSession.getState().check();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
