// The eight integration cards of 000 §2/§3 and what each one needs: the spec's `section` value,
// the extension key sent after a link (000 §4), its brand colour and initials for the badge,
// how it connects, and its feature list (keys into the `integrations` catalogue).
import type { IntegrationCard } from '@/generated/domain';
import type { OAuthProvider } from './api';

export type ConnectKind = 'oauth' | 'bitrix' | 'freshdesk' | 'leadsquared' | 'webhook';

export interface CardDef {
  key: IntegrationCard;
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
}

export const CARDS: readonly CardDef[] = [
  { key: 'googleSheet', title: 'Google Sheet', section: 'googleSheet', extensionKey: 'GOOGLE_SHEET_CONNECTED', color: '#0F9D58', initials: 'GS', connect: 'oauth', oauth: 'googleSheet', features: ['sheet_sync', 'sheet_label', 'sheet_view'] },
  { key: 'hubspot', title: 'Hubspot', section: 'hubspot', extensionKey: 'HUBSPOT_CONNECTED', color: '#FF7A59', initials: 'HS', connect: 'oauth', oauth: 'hubspot', features: ['crm_contacts', 'crm_notes', 'crm_deals'] },
  { key: 'freshdesk', title: 'Freshdesk', section: 'freshdesk', extensionKey: 'FRESHDESK_CONNECTED', color: '#25C16F', initials: 'FD', connect: 'freshdesk', features: ['crm_contacts', 'tickets'] },
  { key: 'zoho', title: 'Zoho', section: 'zoho', extensionKey: 'ZOHO_CONNECTED', color: '#E42527', initials: 'Z', connect: 'oauth', oauth: 'zoho', features: ['crm_contacts', 'crm_notes', 'crm_deals'] },
  { key: 'salesforce', title: 'Salesforce', section: 'salesforce', extensionKey: 'SALESFORCE_CONNECTED', color: '#00A1E0', initials: 'SF', connect: 'oauth', oauth: 'salesforce', features: ['crm_contacts', 'crm_notes', 'record_types'] },
  { key: 'leadsquared', title: 'Leadsquared', section: 'leadsquared', extensionKey: 'LEADSQUARED_CONNECTED', color: '#1B75BB', initials: 'LS', connect: 'leadsquared', features: ['crm_leads', 'crm_notes'] },
  { key: 'bitrix', title: 'Bitrix', section: 'bitrix', extensionKey: 'BITRIX_CONNECTED', color: '#2FC6F6', initials: 'B24', connect: 'bitrix', oauth: 'bitrix', features: ['crm_contacts', 'crm_leads'] },
  { key: 'webhooks', title: 'Webhook', section: 'webhooks', extensionKey: 'WEBHOOK_CONNECTED', color: '#6741D9', initials: 'WH', connect: 'webhook', features: ['webhook_messages', 'webhook_token'] },
];

/** 000 §2 section values, `connectHubspot` included (it opens HubSpot and connects). */
export function cardForSection(section: string | null): CardDef | null {
  if (!section) return null;
  const s = section === 'connectHubspot' ? 'hubspot' : section;
  return CARDS.find((c) => c.section.toLowerCase() === s.toLowerCase()) ?? null;
}

export const cardByKey = (key: IntegrationCard): CardDef => CARDS.find((c) => c.key === key)!;
