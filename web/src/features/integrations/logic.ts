// The browser-side pieces of the connect flow: the extension message after a link (with the
// spec's delays), the remembered `selfclose` marker and Zoho state, and the pending-OAuth note
// that tells a returning page which provider the code belongs to. Every rule here (marker
// validity, state generation and comparison) is the domain's, through `rule()`.
import { rule } from '@/lib/domain';
import { sendToExtension } from '@/lib/extension';

/** 000 §9: 10 ms by default, 150 ms for the spreadsheet, 500 ms after a link. */
export const EXTENSION_DELAY = { default: 10, spreadsheet: 150, afterLink: 500 } as const;

export const WHATSAPP_WEB = 'https://web.whatsapp.com/';

const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

/** Tells the extension (every configured id) that an integration was linked. */
export async function notifyLinked(extensionKey: string, delayMs: number): Promise<void> {
  await sleep(delayMs);
  await sendToExtension({ type: extensionKey });
}

/** 000 §2 'Go back to WhatsApp': the extension, else the web client in a new tab. */
export async function goBackToWhatsApp(): Promise<void> {
  const answered = await sendToExtension({ type: 'GO_BACK_TO_WHATSAPP' });
  if (!answered) browser.open(WHATSAPP_WEB, '_blank', 'noopener');
}

// Local values of this screen only (not in lib/storage's logout list on purpose: each expires
// or is checked on its own).
const SELF_CLOSE_KEY = 'integrationsSelfCloseAt';
const ZOHO_STATE_KEY = 'zohoState';
const PENDING_KEY = 'integrationsPendingAuth';
const POPUP_KEY = 'integrationsPopupAt';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled; the flow then simply does not self-close.
  }
}

/** Remembers the `selfclose` marker with the time it was set. */
export function rememberSelfClose(now = Date.now()): void {
  write(SELF_CLOSE_KEY, String(now));
}

/** Whether the page should close itself: a marker set less than 2 minutes ago. */
export function selfCloseActive(now = Date.now()): boolean {
  const setAt = Number(read(SELF_CLOSE_KEY));
  if (!setAt) return false;
  const outcome = rule('self_close_valid', { setAt, now });
  return outcome.ok === true;
}

export const clearSelfClose = () => write(SELF_CLOSE_KEY, null);

/** A fresh 64-character Zoho state from the domain rule, stored locally (000 §3, §9). */
export function newZohoState(): string {
  const words = Array.from(crypto.getRandomValues(new Uint32Array(64)));
  const outcome = rule('zoho_state', { words });
  if (outcome.err !== undefined) throw new Error(outcome.err);
  write(ZOHO_STATE_KEY, outcome.ok);
  return outcome.ok;
}

export const rememberZohoState = (state: string) => write(ZOHO_STATE_KEY, state);

/** 000 §5 'Zoho return: the state value is compared to the stored one'. */
export function zohoStateMatches(returned: string | null): boolean {
  return rule('zoho_state_check', { returned, stored: read(ZOHO_STATE_KEY) }).err === undefined;
}

/** Which integration a consent page was opened for, so the return knows where the code goes. */
export function rememberPending(section: string): void {
  write(PENDING_KEY, section);
}
export const pendingSection = (): string | null => read(PENDING_KEY);
export const clearPending = () => write(PENDING_KEY, null);

/** Where providers send the user back: this page, with the section to reopen. */
export function redirectUri(section: string): string {
  return `${window.location.origin}/integrations?section=${encodeURIComponent(section)}`;
}

/** Leaving the page, behind one object so tests can watch where the user is sent. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
  open(url: string, target: string, features?: string): Window | null {
    return window.open(url, target, features);
  },
  close() {
    window.close();
  },
};

/** Notes that a consent page was opened in a popup, so its return knows to report and close. */
export const rememberPopup = (now = Date.now()) => write(POPUP_KEY, String(now));

/** Whether this window is the consent popup coming back: opened by a page, lately, by us. */
export function isConsentPopup(now = Date.now()): boolean {
  const setAt = Number(read(POPUP_KEY));
  if (window.opener == null || !setAt) return false;
  return rule('consent_popup_valid', { setAt, now }).ok === true;
}
export const clearPopup = () => write(POPUP_KEY, null);

/**
 * Tells this app's other windows that an integration was linked. A broadcast rather than the
 * opener: providers' pages may sever `window.opener` (Cross-Origin-Opener-Policy).
 */
export const LINKED_CHANNEL = 'switchboard-integrations';
/**
 * This window's mark on its announcements: a channel hears every other channel object of the
 * same name, this window's own listener included, which already showed the link (and toast).
 */
export const WINDOW_ID = Math.random().toString(36).slice(2);
export function announceLinked(key: string): void {
  try {
    const channel = new BroadcastChannel(LINKED_CHANNEL);
    channel.postMessage({ type: 'linked', key, from: WINDOW_ID });
    channel.close();
  } catch {
    // No BroadcastChannel: the opener refreshes when it is next opened.
  }
}
