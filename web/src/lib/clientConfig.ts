// What the server tells the web app when it starts (`GET /api/client-config`): the browser
// extension's ids and where "Contact us" and "Book a demo" lead. Asked once per page load and
// shared; one build of the app serves any deployment. When the server cannot be asked, the app
// carries on with no extension and its own contact pages.
import type { ClientConfig } from '@/generated/contract';
import { apiFetch } from './api';

export const FALLBACK_CLIENT_CONFIG: ClientConfig = {
  extension_ids: [],
  support_url: '/feedback/contact',
  demo_url: '/feedback/demo',
};

let asked: Promise<ClientConfig> | null = null;

/** The server's answer (asked once; a failure answers the fallback and is asked again later). */
export function clientConfig(): Promise<ClientConfig> {
  if (!asked) {
    asked = apiFetch<ClientConfig>('/api/client-config').then(
      (c) => ({
        extension_ids: Array.isArray(c?.extension_ids) ? c.extension_ids.filter((id) => typeof id === 'string') : [],
        support_url: typeof c?.support_url === 'string' && c.support_url ? c.support_url : FALLBACK_CLIENT_CONFIG.support_url,
        demo_url: typeof c?.demo_url === 'string' && c.demo_url ? c.demo_url : FALLBACK_CLIENT_CONFIG.demo_url,
      }),
      () => {
        asked = null;
        return FALLBACK_CLIENT_CONFIG;
      },
    );
  }
  return asked;
}

/** Forgets the answer (tests). */
export function resetClientConfig(): void {
  asked = null;
}

/**
 * `base` (an address, or a path of this app) with `text` prefilled as its `text` parameter (a
 * chat link takes it as the message; a page of ours as the form's first words).
 */
export function linkWithText(base: string, text: string): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('text', text);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
