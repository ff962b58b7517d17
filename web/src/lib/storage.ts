// The values the spec keeps in the browser's local storage, under their spec names. Tokens are
// NOT among them: the session is an HttpOnly cookie the page cannot read.

export const STORED_KEYS = [
  'workspaceId',
  'currentOrgId',
  'currentOrgCode',
  'currentOrgName',
  'userRoleId',
  'userEmail',
  'userMobile',
  'authUser',
  'pathParams',
  'preferredLanguage',
  'extensionIdToSendMessageTo',
] as const;

export type StoredKey = (typeof STORED_KEYS)[number];

export function readStored(key: StoredKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode, quota); the app keeps working without it.
  }
}

/**
 * Logout clears every stored value the spec lists. The language preference is kept on purpose:
 * the sign-in page should stay in the language the person chose (docs/DECISIONS.md).
 */
export function clearSessionStorage(): void {
  for (const key of STORED_KEYS) {
    if (key !== 'preferredLanguage') writeStored(key, null);
  }
}
