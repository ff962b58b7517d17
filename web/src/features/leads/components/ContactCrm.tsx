// A contact's CRM records in its drawer: one section per CRM a contact is linked to from here
// (HubSpot, Zoho — CrmSection), the contact's links read once for all of them. While the read is
// under way or has failed each section says so, with one retry for the read; refused because a
// CRM is not connected, it is said once with the way to connect each.
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactCrmLink } from '@/generated/contract';
import { useLoad } from '@/lib/useLoad';
import { CRMS, fetchCrmLinks, type CrmProvider } from '../crmApi';
import { CRM_NOT_CONNECTED, CrmNotConnected } from './CrmNotices';
import { CrmSection } from './CrmSection';

export function ContactCrm({
  orgId,
  contact,
  onContact,
}: {
  orgId: number;
  contact: Contact;
  /** The contact as read again after a link (it may have taken the CRM's newer values). */
  onContact: (c: Contact) => void;
}) {
  const { t } = useTranslation('leads');
  const links = useLoad((signal) => fetchCrmLinks(orgId, contact.id, signal), [orgId, contact.id]);
  /** What a CRM keeps of a contact, where it keeps less than Switchboard. */
  const notes: Partial<Record<CrmProvider, string>> = { zoho: t('contact_crm.zoho_keeps') };

  /** `provider`'s link as the server now has it; the other CRMs' links stay. */
  const setLink = (provider: CrmProvider, l: ContactCrmLink | null) =>
    links.setData((old) => [...(old ?? []).filter((x) => x.provider !== provider), ...(l ? [l] : [])]);

  if (links.phase === 'error' && links.errorCode === CRM_NOT_CONNECTED) {
    return (
      <Stack gap="xs" data-testid="contact-crm">
        <CrmNotConnected crms={CRMS} />
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="contact-crm">
      {CRMS.map(({ provider, name }) => (
        <CrmSection
          key={provider}
          provider={provider}
          name={name}
          note={notes[provider]}
          orgId={orgId}
          contact={contact}
          phase={links.phase}
          link={links.data?.find((l) => l.provider === provider) ?? null}
          onLinkChange={(l) => setLink(provider, l)}
          onContact={onContact}
        />
      ))}
      {links.phase === 'error' && (
        <Group>
          <Button size="xs" variant="subtle" onClick={links.retry}>
            {t('contact_crm.retry')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
