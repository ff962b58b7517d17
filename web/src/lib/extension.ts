// The one bridge to the browser extension. The extension listens on two ids (spec 000 §9:
// "Extension messages go to two extension ids"); a message is sent to both, and the answer of
// whichever replies wins. Outside Chrome, or when neither answers in time, the call resolves to
// false so the caller can fall back (e.g. open the web client). The ids are the server's
// configuration (`client.extension_ids`, told at run time: clientConfig.ts).
import { clientConfig } from './clientConfig';
import { readStored } from './storage';

interface ChromeRuntime {
  sendMessage: (id: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: unknown;
}

/** Messages sent, for tests and diagnostics (the last 50). */
export const sentMessages: Array<{ to: string; message: unknown }> = [];

function runtime(): ChromeRuntime | undefined {
  return (window as unknown as { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;
}

/** The extension ids the web app messages; a stored `extensionIdToSendMessageTo` comes first. */
export async function extensionIds(): Promise<string[]> {
  const stored = readStored('extensionIdToSendMessageTo');
  const configured = (await clientConfig()).extension_ids;
  return [...new Set([...(stored ? [stored] : []), ...configured])];
}

/** Whether any extension id is known: none configured and none stored means no message can go. */
export async function extensionReachable(): Promise<boolean> {
  return (await extensionIds()).length > 0;
}

/** Sends `message` to every extension id; true when one of them answered within `timeoutMs`. */
export async function sendToExtension(message: unknown, timeoutMs = 1500): Promise<boolean> {
  const rt = runtime();
  const ids = await extensionIds();
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
