// The top of the team inbox's Lead panel: the chat's contact as the Lead CRM knows it — its name,
// number, stage and owner, a link to it in Leads — and its lifecycle stage and lead status to
// change (only what changed is sent, as the contact's drawer sends it; a field the server refuses
// is said under it).
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Contact, ContactUpdate } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { updateContact } from '../api';
import { isStage, LEAD_STATUSES, LIFECYCLE_STAGES, stageColor } from '../logic';
import { CONTACT_PARAM } from '../useContactParam';

type Qualification = Pick<ContactUpdate, 'lifecycle_stage' | 'lead_status'>;

export function LeadQualify({
  orgId,
  contact,
  ownerName,
  onSaved,
}: {
  orgId: number;
  contact: Contact;
  ownerName: (id: number | null | undefined) => string;
  onSaved: (c: Contact) => void;
}) {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  const [stage, setStage] = useState(contact.lifecycle_stage ?? '');
  const [status, setStatus] = useState(contact.lead_status ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // The contact as the server now has it (saved here, or another chat's).
  useEffect(() => {
    setStage(contact.lifecycle_stage ?? '');
    setStatus(contact.lead_status ?? '');
    setErrors({});
  }, [contact]);

  async function save() {
    const changed: Qualification = {};
    if (stage !== (contact.lifecycle_stage ?? '')) changed.lifecycle_stage = stage;
    if (status !== (contact.lead_status ?? '')) changed.lead_status = status;
    if (Object.keys(changed).length === 0) {
      toast.info(t('nothing_changed'));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await updateContact(contact.id, { org_id: orgId, owner_id: null, ...changed });
      toast.success(t('updated'));
      onSaved(saved);
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

  const name = contact.display_name ?? contact.phone ?? contact.contact;
  return (
    <Stack gap="xs" data-testid="lead-contact">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {contact.display_name && (
            <Text size="sm" c="dimmed">
              {contact.phone ?? contact.contact}
            </Text>
          )}
        </Stack>
        {isStage(contact.lifecycle_stage) && (
          <Badge color={stageColor(contact.lifecycle_stage)} variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="lead-stage">
            {t(`stage.${contact.lifecycle_stage}`)}
          </Badge>
        )}
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="lead-owner">
          {t('owned_by', { name: ownerName(contact.owner_id) })}
        </Text>
        <Anchor component={Link} to={`/leads?${CONTACT_PARAM}=${contact.id}`} size="sm">
          <Group gap={4} wrap="nowrap">
            {t('chat_lead.open_in_leads')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="xs">
          <NativeSelect
            label={t('field.lifecycle_stage')}
            value={stage}
            error={errors.lifecycle_stage}
            onChange={(e) => setStage(e.currentTarget.value)}
            data={[{ value: '', label: t('none') }, ...LIFECYCLE_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))]}
          />
          <NativeSelect
            label={t('field.lead_status')}
            value={status}
            error={errors.lead_status}
            onChange={(e) => setStatus(e.currentTarget.value)}
            data={[{ value: '', label: t('none') }, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={busy}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
