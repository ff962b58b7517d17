// An audit entry's detail as sentences: "Plan: Teams, monthly → Teams, yearly", "Valid until:
// 1 Dec 2026, 10:00 → 31 Dec 2026, 10:00", each value in words and the operator's language.
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auditChanges, formatDateTime } from '../logic';
import { useLabels } from './Labels';

const FIELDS = ['plan_id', 'seats', 'is_trial', 'validity', 'knowledge_base_granted', 'name', 'target_hundredths', 'region', 'stages', 'paused'] as const;
type Field = (typeof FIELDS)[number];
const known = (f: string): f is Field => (FIELDS as readonly string[]).includes(f);

export function AuditDetail({ detail }: { detail: unknown }) {
  const { t, i18n } = useTranslation('admin');
  const labels = useLabels();
  const changes = auditChanges(detail);
  if (changes.length === 0) return <>—</>;

  const show = (field: string, v: unknown): string => {
    if (v === null || v === undefined) return field === 'validity' ? t('audit.no_end') : '—';
    switch (field) {
      case 'plan_id':
        return typeof v === 'number' ? labels.plan(v) : String(v);
      case 'validity':
        return typeof v === 'number' ? formatDateTime(new Date(v).toISOString(), i18n.language) : String(v);
      case 'is_trial':
      case 'paused':
      case 'knowledge_base_granted':
        return v ? t('audit.yes') : t('audit.no');
      case 'target_hundredths':
        return typeof v === 'number' ? `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v / 100)} %` : String(v);
      case 'seats':
        return typeof v === 'number' ? new Intl.NumberFormat(i18n.language).format(v) : String(v);
      case 'stages':
        return Array.isArray(v) ? (v.length ? v.join(', ') : '—') : String(v);
      default:
        return typeof v === 'string' ? v : JSON.stringify(v);
    }
  };

  return (
    <List size="sm" spacing={2} data-testid="audit-detail">
      {changes.map((c) => {
        const field = known(c.field) ? t(`audit.fields.${c.field}`) : c.field;
        return (
          <List.Item key={c.field}>
            <Text size="sm" span>
              {'before' in c
                ? t('audit.changed', { field, before: show(c.field, c.before), after: show(c.field, c.after) })
                : t('audit.set', { field, value: show(c.field, c.after) })}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
