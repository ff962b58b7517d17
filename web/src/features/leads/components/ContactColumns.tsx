// The contacts table's columns: each column's title and cell, drawn from the one list of columns
// shown so the header and the rows cannot fall out of step, and the "Columns" button whose
// dropdown shows or hides each one (the name and the number always shown, their boxes ticked and
// locked), with a way back to the default set.
import { Badge, Button, Checkbox, Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconColumns } from '@tabler/icons-react';
import type { Contact } from '@/generated/contract';
import { DEFAULT_COLUMNS, LEAD_COLUMNS, isFixedColumn, withColumn, type LeadColumn } from '../columns';
import { isSource, isStage, isStatus, stageColor } from '../logic';
import type { SharedLabel } from '../useSharedLabels';
import { LabelBadges } from './ContactLabels';

/** Each column's title in the page's language. */
export function useColumnTitles(): Record<LeadColumn, string> {
  const { t } = useTranslation('leads');
  return {
    name: t('field.name'),
    phone: t('field.phone'),
    email: t('field.email'),
    company: t('field.company'),
    job_title: t('field.job_title'),
    lifecycle_stage: t('field.lifecycle_stage'),
    lead_status: t('field.lead_status'),
    owner: t('field.owner'),
    labels: t('field.labels'),
    source: t('source.title'),
    updated: t('updated_at'),
    created: t('created_at'),
  };
}

export const contactName = (c: Contact) => c.display_name ?? c.phone ?? c.contact;

/** One contact's cell in `column`. */
export function ContactCell({
  contact: c,
  column,
  ownerName,
  labels,
  onOpen,
}: {
  contact: Contact;
  column: LeadColumn;
  ownerName: (id: number | null) => string;
  /** The organisation's shared labels by id. */
  labels: ReadonlyMap<number, SharedLabel>;
  onOpen: (c: Contact) => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const day = (at: string) => new Date(at).toLocaleDateString(i18n.language);
  const text = (v: string | null) => (v === null || v === '' ? '—' : v);
  let body;
  switch (column) {
    case 'name':
      body = (
        <UnstyledButton onClick={() => onOpen(c)} aria-label={t('open', { name: contactName(c) })}>
          <Text fw={500} c="blue.8">
            {contactName(c)}
          </Text>
        </UnstyledButton>
      );
      break;
    case 'phone':
      body = c.phone ?? c.contact;
      break;
    case 'email':
      body = text(c.email);
      break;
    case 'company':
      body = text(c.company);
      break;
    case 'job_title':
      body = text(c.job_title);
      break;
    case 'lifecycle_stage':
      body = isStage(c.lifecycle_stage) ? (
        <Badge color={stageColor(c.lifecycle_stage)} variant="light" tt="none" miw="max-content">
          {t(`stage.${c.lifecycle_stage}`)}
        </Badge>
      ) : (
        '—'
      );
      break;
    case 'lead_status':
      body = isStatus(c.lead_status) ? t(`status.${c.lead_status}`) : '—';
      break;
    case 'owner':
      body = ownerName(c.owner_id);
      break;
    case 'labels':
      body = <LabelBadges ids={c.label_ids} labels={labels} />;
      break;
    case 'source':
      body = isSource(c.source) ? t(`source.${c.source}`) : text(c.source);
      break;
    case 'updated':
      body = day(c.updated_at);
      break;
    case 'created':
      body = day(c.created_at);
      break;
  }
  return <Table.Td data-column={column}>{body}</Table.Td>;
}

/** The "Columns" button and its dropdown of the columns to show. */
export function ColumnsMenu({ shown, onChange }: { shown: readonly LeadColumn[]; onChange: (next: LeadColumn[]) => void }) {
  const { t } = useTranslation('leads');
  const titles = useColumnTitles();
  const isDefault = shown.length === DEFAULT_COLUMNS.length && DEFAULT_COLUMNS.every((c) => shown.includes(c));
  return (
    // Drawn in place, right after its button, so Tab goes from the button into the boxes (Escape
    // or a click elsewhere closes it).
    <Popover position="bottom-end" shadow="md" withinPortal={false}>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="leads-columns">
          {t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown style={{ maxHeight: '70vh', overflowY: 'auto' }}>
        <Stack gap="xs" role="group" aria-label={t('columns.label')}>
          <Text size="sm" fw={500}>
            {t('columns.label')}
          </Text>
          {LEAD_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={titles[column]}
              checked={isFixedColumn(column) || shown.includes(column)}
              disabled={isFixedColumn(column)}
              onChange={(e) => onChange(withColumn(shown, column, e.currentTarget.checked))}
            />
          ))}
          <Button variant="subtle" size="xs" disabled={isDefault} onClick={() => onChange([...DEFAULT_COLUMNS])}>
            {t('columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
