// The settings screen's calls: the browser extension's tokens (docs/API.md: extension tokens),
// My Account and the person's settings.
// Every shape is the generated contract type.
import { apiFetch, apiUpload, queryString } from '@/lib/api';
import type {
  AccountProfile,
  AccountSettings,
  ExtensionTokenInfo,
  ExtensionTokenList,
  MintedExtensionToken,
  NewExtensionToken,
  ProfileChange,
  SettingsChange,
} from '@/generated/contract';

const TOKENS = '/api/auth/extension-tokens';

export type { ExtensionTokenInfo, MintedExtensionToken };

export async function listExtensionTokens(): Promise<ExtensionTokenInfo[]> {
  return (await apiFetch<ExtensionTokenList>(TOKENS)).tokens;
}

export function mintExtensionToken(name: string): Promise<MintedExtensionToken> {
  const body: NewExtensionToken = { name };
  return apiFetch<MintedExtensionToken>(TOKENS, { method: 'POST', body });
}

export function revokeExtensionToken(id: number): Promise<void> {
  return apiFetch<void>(`${TOKENS}/${id}`, { method: 'DELETE' });
}

// My Account and the settings (docs/API.md: account).
const ACCOUNT = '/api/account';

export type { AccountProfile, AccountSettings, ProfileChange, SettingsChange };

export function fetchProfile(orgId: number | null): Promise<AccountProfile> {
  return apiFetch<AccountProfile>(`${ACCOUNT}/profile${queryString({ org_id: orgId ?? 0 })}`);
}

export function changeProfile(change: ProfileChange): Promise<AccountProfile> {
  return apiFetch<AccountProfile>(`${ACCOUNT}/profile`, { method: 'PATCH', body: change });
}

/** Uploads a photo as the request's body, reporting the percent sent. */
export function uploadPhoto(file: Blob, onProgress?: (percent: number) => void): Promise<AccountProfile> {
  return apiUpload<AccountProfile>(`${ACCOUNT}/photo`, file, { contentType: file.type || 'application/octet-stream', onProgress });
}

export function removePhoto(): Promise<AccountProfile> {
  return apiFetch<AccountProfile>(`${ACCOUNT}/photo`, { method: 'DELETE' });
}

export function fetchSettings(orgId: number | null): Promise<AccountSettings> {
  return apiFetch<AccountSettings>(`${ACCOUNT}/settings${queryString({ org_id: orgId })}`);
}

export function saveSettings(orgId: number | null, change: SettingsChange): Promise<AccountSettings> {
  return apiFetch<AccountSettings>(`${ACCOUNT}/settings${queryString({ org_id: orgId })}`, { method: 'PUT', body: change });
}
