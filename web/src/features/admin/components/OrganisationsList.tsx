// Organisations with search (name or code) and paging: plan, standing, seats used of issued,
// validity, knowledge base; each can have its plan, seats or trial changed, and the knowledge
// base granted whatever its plan, with a reason.
import { Badge, Button, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { usePaged } from '@/lib/useLoad';
import type { AdminOrg } from '@/generated/contract';
import { fetchOrganisations } from '../api';
import { formatDate } from '../logic';
import { useLabels } from './Labels';
import { KnowledgeBaseGrantModal } from './KnowledgeBaseGrantModal';
import { PlanChangeModal } from './PlanChangeModal';

export const ORGS_PER_PAGE = 20;

export function OrganisationsList() {
  const { t, i18n } = useTranslation('admin');
  const labels = useLabels();
  const list = usePaged(fetchOrganisations, ORGS_PER_PAGE);
  const [changing, setChanging] = useState<AdminOrg | null>(null);
  const [granting, setGranting] = useState<AdminOrg | null>(null);

  const replace = (org: AdminOrg) =>
    list.setData((d) => (d ? { ...d, items: d.items.map((o) => (o.org_id === org.org_id ? org : o)) } : d));

  return (
    <Stack gap="sm">
      <PagedTable
        rows={list.data?.items}
        state={list}
        texts={{ loading: t('orgs.loading'), failed: t('orgs.load_failed'), pages: t('orgs.pages') }}
        search={{
          label: t('orgs.search'),
          placeholder: t('orgs.search_placeholder'),
          value: list.search,
          onChange: list.setSearch,
          noMatch: { title: t('orgs.no_match'), clear: t('clear_search'), testId: 'orgs-empty' },
        }}
        empty={
          <EmptyState icon={<IconBuilding size={22} />} title={t('orgs.empty')} data-testid="orgs-empty">
            {t('orgs.empty_hint')}
          </EmptyState>
        }
        minWidth={820}
        data-testid="organisations"
        striped
        paging={{ page: list.page, perPage: ORGS_PER_PAGE, total: list.data?.total ?? 0, onPage: list.setPage }}
        head={
          <>
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
          </>
        }
        row={(o) => (
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
              {o.knowledge_base_granted ? t('orgs.kb_granted') : o.knowledge_base ? t('orgs.kb_by_plan') : t('orgs.kb_off')}
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
        )}
      />
      <PlanChangeModal org={changing} onClose={() => setChanging(null)} onChanged={replace} />
      <KnowledgeBaseGrantModal org={granting} onClose={() => setGranting(null)} onChanged={replace} />
    </Stack>
  );
}
