// The team inbox's Lead panel beside a conversation: the chat's contact as the Lead CRM knows it,
// found by its key (a person's number's digits, the key the conversation carries) — its stage and
// status to qualify it (./LeadQualify), its owner, a link to it in Leads, and its deals, tickets
// and logged calls, each with its button to create one, so an agent does not leave the chat. A
// number that is no contact yet (a chat's first message makes one, so this is rare) is said so,
// with a button that adds it; a group chat has no lead. The app hands this panel to the inbox
// (src/app/TeamInboxRoute.tsx); it brings the leads catalogue with it, as the inbox does not.
import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import type { Contact } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { toast } from '@/lib/toast';
import { useLoad } from '@/lib/useLoad';
import { useSession } from '@/stores/session';
import { createContact, findContact } from '../api';
import { useOwners } from '../useOwners';
import { ContactCalls } from './ContactCalls';
import { ContactDeals } from './ContactDeals';
import { ContactTickets } from './ContactTickets';
import { LeadQualify } from './LeadQualify';

/** A person's chat's key: the number's digits (a `+` before them is read past); null for a group
 * (or a hidden linked id the server could not map to a number). */
export function personKey(contact: string): string | null {
  const digits = contact.trim().replace(/^\+/, '');
  return /^\d{6,15}$/.test(digits) ? digits : null;
}

export function ChatLeadPanel({ orgId, contact }: { orgId: number; contact: string }) {
  const ready = useNamespace('leads');
  const { t } = useTranslation('common');
  if (!ready) return <Loader size="sm" aria-label={t('loading')} />;
  const key = personKey(contact);
  if (key === null) return <NoNumber />;
  // Another chat starts afresh.
  return <Lead key={`${orgId}/${key}`} orgId={orgId} contactKey={key} />;
}

function NoNumber() {
  const { t } = useTranslation('leads');
  return <EmptyState compact title={t('chat_lead.no_number')} data-testid="lead-no-number" />;
}

function Lead({ orgId, contactKey }: { orgId: number; contactKey: string }) {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  const workspaceId = useSession((s) => s.user?.id ?? null);
  const { owners, ownerName } = useOwners(orgId, workspaceId);
  const found = useLoad((signal) => findContact(orgId, contactKey, signal), [orgId, contactKey]);
  const [creating, setCreating] = useState(false);

  async function create() {
    setCreating(true);
    try {
      const made = await createContact({ org_id: orgId, phone: `+${contactKey}`, owner_id: null });
      toast.success(t('created'));
      found.setData(made);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'conflict') {
        // Someone else's, or made meanwhile: the lookup says which.
        toast.error(t('exists'));
        found.retry();
      } else {
        toast.error(codeText(codeOf(e)));
      }
    } finally {
      setCreating(false);
    }
  }

  if (found.phase === 'loading') return <Loader size="sm" aria-label={t('chat_lead.loading')} data-testid="lead-loading" />;
  if (found.phase === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="lead-load-error">
        <Group gap="sm" justify="space-between">
          <Text size="sm">
            {t('chat_lead.failed')} {found.errorCode && found.errorCode !== 'internal' ? codeText(found.errorCode) : ''}
          </Text>
          <Button size="xs" variant="white" onClick={found.retry}>
            {t('service.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const c: Contact | null = found.data;
  if (!c) {
    return (
      <EmptyState
        compact
        title={t('chat_lead.none_title')}
        data-testid="lead-none"
        action={
          <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} loading={creating} onClick={() => void create()}>
            {t('chat_lead.create')}
          </Button>
        }
      >
        {t('chat_lead.none_hint', { number: `+${contactKey}` })}
      </EmptyState>
    );
  }
  return (
    <Stack gap="md" data-testid="chat-lead">
      <LeadQualify orgId={orgId} contact={c} ownerName={ownerName} onSaved={(saved) => found.setData(saved)} />
      <Divider />
      <ContactDeals orgId={orgId} contact={c} owners={owners} ownerName={ownerName} />
      <ContactTickets key={`tickets-${c.id}`} orgId={orgId} contactId={c.id} />
      <ContactCalls key={`calls-${c.id}`} orgId={orgId} contactId={c.id} />
    </Stack>
  );
}
