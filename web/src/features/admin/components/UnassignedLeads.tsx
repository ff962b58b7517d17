// Leads no active member matched (by region and onboarding stage), newest first, from
// `GET /api/admin/leads`: the operator sees who is waiting for a member.
import { Alert, Badge, Button, Card, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeOf } from '@/lib/errorText';
import type { LeadView } from '../api';
import { fetchUnassignedLeads } from '../api';
import { OPTIONS, formatDateTime } from '../logic';
import { useIssueText } from './useIssueText';

const known = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

export function UnassignedLeads({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t, i18n } = useTranslation('admin');
  const issueText = useIssueText();
  const [rows, setRows] = useState<LeadView[]>([]);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setPhase('loading');
    fetchUnassignedLeads(ctl.signal)
      .then((r) => {
        setRows(r);
        setPhase('ready');
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setErrorCode(codeOf(e));
        setPhase('error');
      });
    return () => ctl.abort();
  }, [attempt, reloadKey]);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="leads-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="leads-title">
            {t('leads.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('leads.intro')}
          </Text>
        </div>
        {phase === 'loading' ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('leads.loading')} />
          </Center>
        ) : phase === 'error' ? (
          <Alert color="red" role="alert" title={t('leads.load_failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{issueText(errorCode)}</Text>
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="leads-empty">
            {t('leads.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="unassigned-leads" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('leads.email')}</Table.Th>
                  <Table.Th>{t('leads.region')}</Table.Th>
                  <Table.Th>{t('leads.stage')}</Table.Th>
                  <Table.Th>{t('leads.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.email ?? t('leads.no_email')}</Table.Td>
                    <Table.Td>{known(OPTIONS.regions, l.region) ? t(`regions.${l.region}`) : l.region}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {known(OPTIONS.onboardingStages, l.stage) ? t(`stages.${l.stage}`) : l.stage}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(l.created_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
