// Organisations with search (name or code) and paging: plan, standing, seats used of issued,
// validity, knowledge base; each can have its plan, seats or trial changed, and the knowledge
// base granted whatever its plan, with a reason.
import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import type { AdminOrg } from '../api';
import { fetchOrganisations } from '../api';
import { formatDate } from '../logic';
import { useLabels } from './Labels';
import { Pager } from './Pager';
import { KnowledgeBaseGrantModal } from './KnowledgeBaseGrantModal';
import { PlanChangeModal } from './PlanChangeModal';
import { useIssueText } from './useIssueText';
import { usePaged } from './usePaged';

export const ORGS_PER_PAGE = 20;

export function OrganisationsList() {
  const { t, i18n } = useTranslation('admin');
  const issueText = useIssueText();
  const labels = useLabels();
  const list = usePaged(fetchOrganisations, ORGS_PER_PAGE);
  const [changing, setChanging] = useState<AdminOrg | null>(null);
  const [granting, setGranting] = useState<AdminOrg | null>(null);
  const rows = list.data?.items ?? [];

  const replace = (org: AdminOrg) =>
    list.setData((d) => (d ? { ...d, items: d.items.map((o) => (o.org_id === org.org_id ? org : o)) } : d));

  return (
    <Stack gap="sm">
      <TextInput
        label={t('orgs.search')}
        placeholder={t('orgs.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maw={420}
      />
      {list.phase === 'error' ? (
        <Alert color="red" role="alert" title={t('orgs.load_failed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{issueText(list.errorCode)}</Text>
            <Button size="xs" variant="light" onClick={list.retry}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.pending && rows.length === 0 ? (
        <Center py="xl">
          <Loader aria-label={t('orgs.loading')} />
        </Center>
      ) : rows.length === 0 ? (
        list.search.trim() ? (
          <EmptyState
            icon={<IconSearch size={22} />}
            title={t('orgs.no_match')}
            action={
              <Button variant="light" onClick={() => list.setSearch('')}>
                {t('clear_search')}
              </Button>
            }
            data-testid="orgs-empty"
          />
        ) : (
          <EmptyState icon={<IconBuilding size={22} />} title={t('orgs.empty')} data-testid="orgs-empty">
            {t('orgs.empty_hint')}
          </EmptyState>
        )
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table data-testid="organisations" striped aria-busy={list.phase === 'loading'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orgs.name')}</Table.Th>
                  <Table.Th>{t('orgs.code')}</Table.Th>
                  <Table.Th>{t('orgs.plan')}</Table.Th>
                  <Table.Th>{t('orgs.standing')}</Table.Th>
                  <Table.Th>{t('orgs.seats')}</Table.Th>
                  <Table.Th>{t('orgs.validity')}</Table.Th>
                  <Table.Th>{t('orgs.knowledge_base')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('orgs.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((o) => (
                  <Table.Tr key={o.org_id} data-testid="org-row">
                    <Table.Td>{o.org_name}</Table.Td>
                    <Table.Td>{o.organization_code}</Table.Td>
                    <Table.Td>
                      {labels.plan(o.plan_id)}
                      {o.is_trial && (
                        <Badge ml="xs" size="xs" variant="light">
                          {t('orgs.trial')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{labels.standing(o.standing)}</Table.Td>
                    <Table.Td>{t('orgs.seats_of', { used: o.members, issued: o.seat_issued })}</Table.Td>
                    <Table.Td>{o.validity ? formatDate(o.validity, i18n.language) : t('orgs.no_validity')}</Table.Td>
                    <Table.Td data-testid="org-kb">
                      {o.knowledge_base_granted
                        ? t('orgs.kb_granted')
                        : o.knowledge_base
                          ? t('orgs.kb_by_plan')
                          : t('orgs.kb_off')}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="compact-sm" variant="light" onClick={() => setChanging(o)} aria-label={t('orgs.change_for', { name: o.org_name })}>
                          {t('orgs.change')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setGranting(o)}
                          aria-label={t(o.knowledge_base_granted ? 'orgs.kb_withdraw_for' : 'orgs.kb_grant_for', { name: o.org_name })}
                        >
                          {t(o.knowledge_base_granted ? 'orgs.kb_withdraw' : 'orgs.kb_grant')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            page={list.page}
            perPage={ORGS_PER_PAGE}
            total={list.data?.total ?? 0}
            shown={rows.length}
            onPage={list.setPage}
            label={t('orgs.pages')}
          />
        </>
      )}
      <PlanChangeModal org={changing} onClose={() => setChanging(null)} onChanged={replace} />
      <KnowledgeBaseGrantModal org={granting} onClose={() => setGranting(null)} onChanged={replace} />
    </Stack>
  );
}
