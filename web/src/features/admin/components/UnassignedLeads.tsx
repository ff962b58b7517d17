// Leads no active member matched (by region and onboarding stage), newest first, from
// `GET /api/admin/leads`: the operator sees who is waiting for a member, with the person's
// onboarding questionnaire (team size, CRMs, main goal, their own words, where the tour stands).
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { LeadView } from '@/generated/contract';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './SectionCard';
import { PagedTable } from '@/components/PagedTable';
import { useLoad } from '@/lib/useLoad';
import { fetchUnassignedLeads } from '../api';
import { OPTIONS, formatDateTime } from '../logic';

const known = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

export function UnassignedLeads({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t, i18n } = useTranslation('admin');
  const leads = useLoad((signal) => fetchUnassignedLeads(signal), [reloadKey]);

  return (
    <SectionCard id="leads-title" title={t('leads.title')} intro={t('leads.intro')}>
        <PagedTable
          rows={leads.data}
          state={leads}
          texts={{ loading: t('leads.loading'), failed: t('leads.load_failed') }}
          compact
          empty={
            <Text c="dimmed" size="sm" data-testid="leads-empty">
              {t('leads.empty')}
            </Text>
          }
          minWidth={760}
          data-testid="unassigned-leads"
          striped
          head={
            <>
              <Table.Th>{t('leads.email')}</Table.Th>
              <Table.Th>{t('leads.region')}</Table.Th>
              <Table.Th>{t('leads.stage')}</Table.Th>
              <Table.Th>{t('leads.onboarding')}</Table.Th>
              <Table.Th>{t('leads.created')}</Table.Th>
            </>
          }
          row={(l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.email ?? t('leads.no_email')}</Table.Td>
              <Table.Td>{known(OPTIONS.regions, l.region) ? t(`regions.${l.region}`) : l.region}</Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray">
                  {known(OPTIONS.onboardingStages, l.stage) ? t(`stages.${l.stage}`) : l.stage}
                </Badge>
              </Table.Td>
              <Table.Td data-testid="lead-onboarding">
                <LeadAnswers answers={l.onboarding} />
              </Table.Td>
              <Table.Td>{formatDateTime(l.created_at, i18n.language)}</Table.Td>
            </Table.Tr>
          )}
        />
    </SectionCard>
  );
}

/** The questionnaire's codes as answered (the operator reads them as stored); User Info too. */
export function LeadAnswers({ answers }: { answers: LeadView['onboarding'] }) {
  const { t } = useTranslation('admin');
  if (!answers?.answered_at) {
    return (
      <Text size="xs" c="dimmed">
        {t('leads.not_answered')}
        {answers ? ` · ${t('leads.tour')}: ${answers.tour_status}` : ''}
      </Text>
    );
  }
  const line = (label: string, value: string | null) => (value ? `${label}: ${value}` : null);
  return (
    <Stack gap={0}>
      {[
        line(t('leads.team'), answers.team_size),
        line(t('leads.crm'), answers.crms.join(', ')),
        line(t('leads.goal'), answers.goal),
        line(t('leads.tour'), answers.tour_status),
      ]
        .filter(Boolean)
        .map((text) => (
          <Text key={text} size="xs">
            {text}
          </Text>
        ))}
      {answers.goal_text && (
        <Text size="xs" c="dimmed" lineClamp={3} title={answers.goal_text}>
          {answers.goal_text}
        </Text>
      )}
    </Stack>
  );
}
