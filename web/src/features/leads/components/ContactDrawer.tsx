// One contact: its number and fields to change (only what changed is sent; a cleared field is sent
// blank, which the server clears; its shared labels are sent, all of them, when they changed), its
// HubSpot and Zoho records (linked, found, created or unlinked), its deals (and a new one), its
// tickets (a new one, a status changed, one removed) and logged calls (a call to log, one
// removed), its timeline (everything that happened with it, and a note or a task added), and the
// history of its changes — who, when, what, from where — newest first.
import { Badge, Button, Drawer, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactUpdate } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { useLoad } from '@/lib/useLoad';
import { toast } from '@/lib/toast';
import { fetchHistory, updateContact } from '../api';
import { isStage, isStatus, stageColor } from '../logic';
import type { OwnerOption } from '../useOwners';
import type { SharedLabels } from '../useSharedLabels';
import { ContactCalls } from './ContactCalls';
import { ContactCrm } from './ContactCrm';
import { ContactDeals } from './ContactDeals';
import { ContactFields, emptyValues, type FieldValues } from './ContactFields';
import { LabelsField } from './ContactLabels';
import { ContactTickets } from './ContactTickets';
import { ContactTimeline } from './ContactTimeline';

const valuesOf = (c: Contact): FieldValues => {
  const v = emptyValues();
  for (const k of Object.keys(v) as (keyof FieldValues)[]) v[k] = (c[k] as string | null) ?? '';
  return v;
};

/** Label ids (as numbers or the options' texts) in ascending order, as the server keeps them. */
const ascending = (ids: readonly (number | string)[]) => ids.map(Number).sort((a, b) => a - b);

export function ContactDrawer({
  orgId,
  contact,
  onClose,
  onSaved,
  ownerName,
  owners,
  labels,
}: {
  orgId: number;
  contact: Contact | null;
  onClose: () => void;
  onSaved: (c: Contact) => void;
  ownerName: (id: number | null | undefined) => string;
  /** The members a new deal of the contact may be owned by. */
  owners: OwnerOption[];
  /** The organisation's shared labels (`useSharedLabels`). */
  labels: Pick<SharedLabels, 'labels' | 'settled'>;
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const [values, setValues] = useState<FieldValues>(emptyValues);
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saves, setSaves] = useState(0);
  const id = contact?.id ?? null;
  const history = useLoad(id === null ? null : (signal) => fetchHistory(orgId, id, signal), [orgId, id, saves]);

  useEffect(() => {
    if (contact) {
      setValues(valuesOf(contact));
      setLabelIds(contact.label_ids.map(String));
    }
    setErrors({});
  }, [contact]);

  const valueText = (field: string, v: string | null | undefined) => {
    if (!v) return t('none');
    if (field === 'lifecycle_stage' && isStage(v)) return t(`stage.${v}`);
    if (field === 'lead_status' && isStatus(v)) return t(`status.${v}`);
    if (field === 'owner_id') return ownerName(Number(v));
    return v;
  };
  const fieldName = (f: string) => (f === 'owner_id' ? t('field.owner') : i18n.exists(`field.${f}`, { ns: 'leads' }) ? t(`field.${f}` as 'field.name') : f);

  /** The contact as the server now has it (saved here, or read again after a CRM link):
   * the history reads again and the page takes it. */
  function refreshed(c: Contact) {
    setSaves((n) => n + 1);
    onSaved(c);
  }

  async function save() {
    if (!contact) return;
    const before = valuesOf(contact);
    const changed: Record<string, unknown> = Object.fromEntries(
      (Object.keys(values) as (keyof FieldValues)[]).filter((k) => values[k].trim() !== before[k].trim()).map((k) => [k, values[k]]),
    );
    const chosen = ascending(labelIds);
    if (chosen.join(',') !== ascending(contact.label_ids).join(',')) changed.label_ids = chosen;
    if (Object.keys(changed).length === 0) {
      toast.info(t('nothing_changed'));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await updateContact(contact.id, { org_id: orgId, owner_id: null, ...changed } as ContactUpdate);
      toast.success(t('updated'));
      refreshed(saved);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(e.fields).map(([f, c]) => [f, codeText(c)])));
      } else {
        toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer opened={contact !== null} onClose={onClose} position="right" size="lg" title={contact?.display_name ?? contact?.phone ?? ''}>
      {contact && (
        <Stack>
          <Group gap="xs">
            <Text c="dimmed">{contact.phone ?? contact.contact}</Text>
            {contact.lifecycle_stage && (
              <Badge color={stageColor(contact.lifecycle_stage)} variant="light" tt="none">
                {valueText('lifecycle_stage', contact.lifecycle_stage)}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t('owned_by', { name: ownerName(contact.owner_id) })}
            </Text>
          </Group>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack>
              <ContactFields values={values} onChange={setValues} errors={errors} />
              <LabelsField labels={labels.labels} settled={labels.settled} value={labelIds} onChange={setLabelIds} error={errors.label_ids} />
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          </form>
          <ContactCrm key={contact.id} orgId={orgId} contact={contact} onContact={refreshed} />
          <ContactDeals orgId={orgId} contact={contact} owners={owners} ownerName={ownerName} />
          <ContactTickets key={`tickets-${contact.id}`} orgId={orgId} contactId={contact.id} />
          <ContactCalls key={`calls-${contact.id}`} orgId={orgId} contactId={contact.id} />
          <ContactTimeline key={`timeline-${contact.id}`} orgId={orgId} contactId={contact.id} memberName={ownerName} />
          <Title order={3} size="h5">
            {t('history')}
          </Title>
          {history.phase === 'loading' && <Loader size="sm" aria-label={t('history_loading')} />}
          {history.phase === 'error' && (
            <Text c="red.7" size="sm">
              {t('history_failed')}
            </Text>
          )}
          {history.phase === 'ready' && history.data?.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('history_empty')}
            </Text>
          )}
          {history.phase === 'ready' && !!history.data?.length && (
            <Timeline bulletSize={12} lineWidth={2} data-testid="contact-history">
              {history.data.map((h, i) => (
                <Timeline.Item key={i} title={fieldName(h.field)}>
                  <Text size="sm">
                    {t('changed', { from: valueText(h.field, h.old_value), to: valueText(h.field, h.new_value) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`origin.${h.origin as 'member'}`, { defaultValue: h.origin })} · {ownerName(h.actor_id)} ·{' '}
                    {new Date(h.at).toLocaleString(i18n.language)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
