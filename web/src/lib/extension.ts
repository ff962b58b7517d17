// The one bridge to the browser extension. The extension listens on two ids (spec 000 §9:
// "Extension messages go to two extension ids"); a message is sent to both, and the answer of
// whichever replies wins. Outside Chrome, or when neither answers in time, the call resolves to
// false so the caller can fall back (e.g. open the web client).
import { readStored } from './storage';

/** The extension ids the web app messages; a stored `extensionIdToSendMessageTo` comes first. */
export const EXTENSION_IDS: readonly string[] = (
  (import.meta.env.VITE_EXTENSION_IDS as string | undefined) ?? ''
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

interface ChromeRuntime {
  sendMessage: (id: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: unknown;
}

/** Messages sent, for tests and diagnostics (the last 50). */
export const sentMessages: Array<{ to: string; message: unknown }> = [];

function runtime(): ChromeRuntime | undefined {
  return (window as unknown as { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;
}

export function extensionIds(): string[] {
  const stored = readStored('extensionIdToSendMessageTo');
  return [...new Set([...(stored ? [stored] : []), ...EXTENSION_IDS])];
}

/** Sends `message` to every extension id; true when one of them answered within `timeoutMs`. */
export function sendToExtension(message: unknown, timeoutMs = 1500): Promise<boolean> {
  const rt = runtime();
  const ids = extensionIds();
  for (const to of ids) {
    sentMessages.push({ to, message });
    if (sentMessages.length > 50) sentMessages.shift();
  }
  if (!rt?.sendMessage || ids.length === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    window.setTimeout(() => done(false), timeoutMs);
    for (const id of ids) {
      try {
        rt.sendMessage(id, message, (reply) => {
          if (!rt.lastError && reply !== undefined) done(true);
        });
      } catch {
        // An id that is not installed throws; the other may still answer.
      }
    }
  });
}
