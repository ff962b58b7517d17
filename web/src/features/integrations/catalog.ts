// The eight integration cards of 000 §2/§3, read from the provider registry the server uses
// (generated from crates/domain/src/providers.rs): the spec's `section` value, the extension key
// sent after a link (000 §4), its brand colour and initials for the badge, how it connects, and
// its feature list (keys into the `integrations` catalogue).
import { PROVIDERS, type Provider, type ProviderSpec } from '@/generated/domain';
import type { OAuthProvider } from './api';

/** The page's connect flow: a consent page (Bitrix24 asks for the portal first), keys, or a URL. */
export type ConnectKind = 'oauth' | 'bitrix' | 'freshdesk' | 'leadsquared' | 'webhook';

export interface CardDef {
  key: Provider;
  /** The brand name, shown as is in every language. */
  title: string;
  /** The `section` query value that opens this page (000 §2). */
  section: string;
  /** The message the extension receives after a link (000 §4). */
  extensionKey: string;
  color: string;
  initials: string;
  connect: ConnectKind;
  /** Set for integrations whose link starts on the provider's consent page. */
  oauth?: OAuthProvider;
  features: readonly string[];
  /** What the link feeds (a CRM, a spreadsheet, a webhook): the card's type label. */
  sync: ProviderSpec['sync'];
}

function connectKind(p: ProviderSpec): ConnectKind {
  switch (p.connect.kind) {
    case 'oauth':
      return p.key === 'bitrix' ? 'bitrix' : 'oauth';
    case 'webhook':
      return 'webhook';
    case 'apiKey':
      return p.key === 'freshdesk' ? 'freshdesk' : 'leadsquared';
  }
}

export const CARDS: readonly CardDef[] = PROVIDERS.map((p) => ({
  key: p.key,
  ...p.card,
  connect: connectKind(p),
  sync: p.sync,
  oauth: p.connect.kind === 'oauth' ? (p.key as OAuthProvider) : undefined,
}));

/** 000 §2 section values, `connectHubspot` included (it opens HubSpot and connects). */
export function cardForSection(section: string | null): CardDef | null {
  if (!section) return null;
  const s = section === 'connectHubspot' ? 'hubspot' : section;
  return CARDS.find((c) => c.section.toLowerCase() === s.toLowerCase()) ?? null;
}

export const cardByKey = (key: Provider): CardDef => CARDS.find((c) => c.key === key)!;
