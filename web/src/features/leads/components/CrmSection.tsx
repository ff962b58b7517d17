// One CRM's section of a contact's drawer (HubSpot, Zoho), through that CRM of the person signed
// in: linked — the record's id, the last change the CRM made and whether a change made here is
// still on its way — with an unlink; not linked — the records that may be this contact (by number
// or e-mail), each to link, or a new record made from the contact. Linking may bring the CRM's
// newer values, so the contact is read again and handed to the drawer. The CRM not connected (or
// to connect again) is said with the way to Integrations; a record or contact linked already is
// said so. The links themselves are read once for every section, by the panel (ContactCrm).
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconSearch, IconUnlink } from '@tabler/icons-react';
import type { Contact, ContactCrmLink, CrmMatch } from '@/generated/contract';
import { codeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import type { Phase } from '@/lib/useLoad';
import { createInCrm, fetchContact, fetchCrmMatches, linkCrm, unlinkCrm, type CrmProvider } from '../crmApi';
import { CrmFailure } from './CrmNotices';
import { CrmMatches } from './CrmMatches';

type Busy = 'find' | 'create' | 'unlink' | `link:${string}` | null;

/** A failed action: its code, and what a `conflict` means for it. */
interface Failed {
  code: string;
  conflict?: string;
}

export function CrmSection({
  provider,
  name,
  note,
  orgId,
  contact,
  phase,
  link,
  onLinkChange,
  onContact,
}: {
  provider: CrmProvider;
  /** The CRM's own name, said in every text of the section. */
  name: string;
  /** One line under the title (what the CRM keeps of the contact), if any. */
  note?: string;
  orgId: number;
  contact: Contact;
  /** Where the panel's read of the links stands (a failure is said here, retried by the panel). */
  phase: Phase;
  /** The contact's link to this CRM, once read. */
  link: ContactCrmLink | null;
  /** The link as the server now has it (made, or gone). */
  onLinkChange: (l: ContactCrmLink | null) => void;
  /** The contact as read again after a link (it may have taken the CRM's newer values). */
  onContact: (c: Contact) => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const titleId = useId();
  const [matches, setMatches] = useState<CrmMatch[] | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<Failed | null>(null);
  const crm = { provider, name };

  /** Runs `action` as `what`, the failure said under the buttons. */
  async function run(what: Exclude<Busy, null>, action: () => Promise<void>, conflict?: string) {
    setBusy(what);
    setFailure(null);
    try {
      await action();
    } catch (e) {
      setFailure({ code: codeOf(e), conflict });
    } finally {
      setBusy(null);
    }
  }

  const find = () =>
    run('find', async () => {
      setMatches(null);
      setMatches(await fetchCrmMatches(provider, orgId, contact.id));
    });

  const linkTo = (m: CrmMatch) =>
    run(
      `link:${m.crm_id}`,
      async () => {
        const made = await linkCrm(provider, orgId, contact.id, m.crm_id);
        toast.success(t('contact_crm.linked'));
        setMatches(null);
        onLinkChange(made);
        // The link may have brought the CRM's newer values; the link stands even if this read fails.
        const fresh = await fetchContact(orgId, contact.id).catch(() => null);
        if (fresh) onContact(fresh);
      },
      t('contact_crm.taken', { crm: name }),
    );

  const create = () =>
    run(
      'create',
      async () => {
        const made = await createInCrm(provider, orgId, contact.id);
        toast.success(t('created'));
        setMatches(null);
        onLinkChange(made);
      },
      t('contact_crm.linked_already', { crm: name }),
    );

  const unlink = () =>
    run('unlink', async () => {
      await unlinkCrm(provider, orgId, contact.id);
      toast.success(t('contact_crm.unlinked'));
      onLinkChange(null);
    });

  /** An action's button: busy while it runs, off while another does. */
  const action = (what: Exclude<Busy, null>) => ({
    size: 'xs' as const,
    loading: busy === what,
    disabled: busy !== null && busy !== what,
  });

  return (
    <section aria-labelledby={titleId} data-testid={`crm-section-${provider}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {name}
        </Title>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {phase === 'loading' && <Loader size="sm" aria-label={t('contact_crm.loading', { crm: name })} />}
        {phase === 'error' && (
          <Text c="red.7" size="sm">
            {t('contact_crm.load_failed', { crm: name })}
          </Text>
        )}
        {phase === 'ready' && link && (
          <Paper withBorder p="xs" radius="md" data-testid="crm-link">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {t('contact_crm.linked_to', { crm: name, id: link.crm_id })}
                  </Text>
                  {link.pending && (
                    <Badge color="yellow" variant="light" tt="none">
                      {t('contact_crm.pending', { crm: name })}
                    </Badge>
                  )}
                </Group>
                {link.crm_modified_at && (
                  <Text size="xs" c="dimmed">
                    {t('contact_crm.modified', { crm: name, time: new Date(link.crm_modified_at).toLocaleString(i18n.language) })}
                  </Text>
                )}
              </Stack>
              <Button {...action('unlink')} variant="default" leftSection={<IconUnlink size={14} />} onClick={() => void unlink()}>
                {t('contact_crm.unlink')}
              </Button>
            </Group>
          </Paper>
        )}
        {phase === 'ready' && !link && (
          <>
            <Text size="sm" c="dimmed">
              {t('contact_crm.not_linked', { crm: name })}
            </Text>
            <Group gap="xs">
              <Button {...action('find')} variant="light" leftSection={<IconSearch size={14} />} onClick={() => void find()}>
                {t('contact_crm.find', { crm: name })}
              </Button>
              <Button {...action('create')} variant="light" leftSection={<IconPlus size={14} />} onClick={() => void create()}>
                {t('contact_crm.create', { crm: name })}
              </Button>
            </Group>
            {matches && (
              <CrmMatches
                matches={matches}
                linking={busy?.startsWith('link:') ? busy.slice('link:'.length) : null}
                disabled={busy !== null}
                onLink={(m) => void linkTo(m)}
              />
            )}
          </>
        )}
        {failure && <CrmFailure crm={crm} code={failure.code} overrides={failure.conflict ? { conflict: failure.conflict } : undefined} />}
      </Stack>
    </section>
  );
}
