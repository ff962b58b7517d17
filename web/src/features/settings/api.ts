// The settings screen's calls: the browser extension's tokens (docs/API.md: extension tokens).
// Every shape is the generated contract type.
import { apiFetch } from '@/lib/api';
import type {
  ExtensionTokenInfo,
  ExtensionTokenList,
  MintedExtensionToken,
  NewExtensionToken,
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
