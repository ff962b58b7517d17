// A contact's HubSpot record in its drawer, through the HubSpot of the person signed in: linked —
// the record's id, the last change HubSpot made and whether a change made here is still on its
// way — with an unlink; not linked — the records that may be this contact (by number or e-mail),
// each to link, or a new record made from the contact. Linking may bring HubSpot's newer values,
// so the contact is read again and handed to the drawer. HubSpot not connected (or to connect
// again) is said with the way to Integrations.
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLink, IconPlus, IconSearch, IconUnlink } from '@tabler/icons-react';
import type { Contact, ContactCrmLink, CrmMatch } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { useLoad } from '@/lib/useLoad';
import { CONNECT_HUBSPOT_PATH, createInCrm, fetchContact, fetchCrmLinks, fetchCrmMatches, HUBSPOT, linkCrm, unlinkCrm } from '../crmApi';
import { isStage } from '../logic';

export const CRM_NOT_CONNECTED = 'crm_not_connected';

/** HubSpot is not connected for the person (or must be connected again): why, and where to. */
export function CrmNotConnected({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  return (
    <Alert
      color="orange"
      withCloseButton={!!onClose}
      onClose={onClose}
      closeButtonLabel={t('hubspot.dismiss')}
      data-testid="crm-not-connected"
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm">{codeText(CRM_NOT_CONNECTED)}</Text>
        <Text component={Link} to={CONNECT_HUBSPOT_PATH} size="sm" c="blue.8" td="underline">
          {t('hubspot.connect')}
        </Text>
      </Stack>
    </Alert>
  );
}

/** A failure said in words: HubSpot to connect with its link, else the code's text. */
function Failure({ code, overrides }: { code: string; overrides?: Record<string, string> }) {
  const codeText = useCodeText();
  if (code === CRM_NOT_CONNECTED) return <CrmNotConnected />;
  return (
    <Alert color="red" role="alert">
      {codeText(code, overrides)}
    </Alert>
  );
}

type Busy = 'find' | 'create' | 'unlink' | `link:${string}` | null;

export function ContactCrm({
  orgId,
  contact,
  onContact,
}: {
  orgId: number;
  contact: Contact;
  /** The contact as read again after a link (it may have taken HubSpot's newer values). */
  onContact: (c: Contact) => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const links = useLoad((signal) => fetchCrmLinks(orgId, contact.id, signal), [orgId, contact.id]);
  const [matches, setMatches] = useState<CrmMatch[] | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const link = links.data?.find((l) => l.provider === HUBSPOT) ?? null;

  /** The link state as the server now has it. */
  const setLink = (l: ContactCrmLink | null) =>
    links.setData((old) => [...(old ?? []).filter((x) => x.provider !== HUBSPOT), ...(l ? [l] : [])]);

  /** Runs `action` as `what`, the failure said under the buttons. */
  async function run(what: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(what);
    setFailure(null);
    try {
      await action();
    } catch (e) {
      setFailure(codeOf(e));
    } finally {
      setBusy(null);
    }
  }

  const find = () =>
    run('find', async () => {
      setMatches(null);
      setMatches(await fetchCrmMatches(orgId, contact.id));
    });

  const linkTo = (m: CrmMatch) =>
    run(`link:${m.crm_id}`, async () => {
      const made = await linkCrm(orgId, contact.id, m.crm_id);
      toast.success(t('hubspot.linked'));
      setMatches(null);
      setLink(made);
      // The link may have brought HubSpot's newer values; the link stands even if this read fails.
      const fresh = await fetchContact(orgId, contact.id).catch(() => null);
      if (fresh) onContact(fresh);
    });

  const create = () =>
    run('create', async () => {
      const made = await createInCrm(orgId, contact.id);
      toast.success(t('created'));
      setMatches(null);
      setLink(made);
    });

  const unlink = () =>
    run('unlink', async () => {
      await unlinkCrm(orgId, contact.id);
      toast.success(t('hubspot.unlinked'));
      setLink(null);
    });

  return (
    <Stack gap="xs" data-testid="contact-crm">
      <Title order={3} size="h5">
        {t('hubspot.title')}
      </Title>
      {links.phase === 'loading' && <Loader size="sm" aria-label={t('hubspot.loading')} />}
      {links.phase === 'error' &&
        (links.errorCode === CRM_NOT_CONNECTED ? (
          <CrmNotConnected />
        ) : (
          <Group gap="xs">
            <Text c="red.7" size="sm">
              {t('hubspot.load_failed')}
            </Text>
            <Button size="xs" variant="subtle" onClick={links.retry}>
              {t('hubspot.retry')}
            </Button>
          </Group>
        ))}
      {links.phase === 'ready' && link && (
        <Paper withBorder p="xs" radius="md" data-testid="crm-link">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {t('hubspot.linked_to', { id: link.crm_id })}
                </Text>
                {link.pending && (
                  <Badge color="yellow" variant="light" tt="none">
                    {t('hubspot.pending')}
                  </Badge>
                )}
              </Group>
              {link.crm_modified_at && (
                <Text size="xs" c="dimmed">
                  {t('hubspot.modified', { time: new Date(link.crm_modified_at).toLocaleString(i18n.language) })}
                </Text>
              )}
            </Stack>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconUnlink size={14} />}
              loading={busy === 'unlink'}
              disabled={busy !== null && busy !== 'unlink'}
              onClick={() => void unlink()}
            >
              {t('hubspot.unlink')}
            </Button>
          </Group>
        </Paper>
      )}
      {links.phase === 'ready' && !link && (
        <>
          <Text size="sm" c="dimmed">
            {t('hubspot.not_linked')}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSearch size={14} />}
              loading={busy === 'find'}
              disabled={busy !== null && busy !== 'find'}
              onClick={() => void find()}
            >
              {t('hubspot.find')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              loading={busy === 'create'}
              disabled={busy !== null && busy !== 'create'}
              onClick={() => void create()}
            >
              {t('hubspot.create')}
            </Button>
          </Group>
          {matches?.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="crm-no-matches">
              {t('hubspot.no_matches')}
            </Text>
          )}
          {!!matches?.length && (
            <Stack gap={6} data-testid="crm-matches">
              {matches.map((m) => (
                <Paper key={m.crm_id} withBorder p="xs" radius="md" data-testid="crm-match">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {m.name ?? t('hubspot.unnamed', { id: m.crm_id })}
                        {isStage(m.lifecycle_stage) && (
                          <Text span size="xs" c="dimmed">
                            {' · '}
                            {t(`stage.${m.lifecycle_stage}`)}
                          </Text>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {[m.email, m.phone].filter(Boolean).join(' · ') || t('none')}
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconLink size={14} />}
                      aria-label={t('hubspot.link_to', { name: m.name ?? m.crm_id })}
                      loading={busy === `link:${m.crm_id}`}
                      disabled={busy !== null && busy !== `link:${m.crm_id}`}
                      onClick={() => void linkTo(m)}
                    >
                      {t('hubspot.link')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
      {failure && <Failure code={failure} overrides={{ conflict: t('hubspot.taken') }} />}
    </Stack>
  );
}
