// /leadcrm "Lead CRM" (000 §2, §3): the organisation's deals as a pipeline board — seven stages
// in order, each with its count, its totals per currency and its most recently changed deals.
// A deal moves to another stage by dragging its card onto that column, or by its card's menu
// (keyboard and touch); the board moves it at once and puts it back if the server refuses. The
// search and owner filters are the server's; a card opens the deal's drawer; a new deal is for
// one of the organisation's contacts. Which deals the caller sees is the server's decision. In
// the Personal workspace there is no organisation to keep deals for, and the page says so.
import { Alert, Button, Container, Group, Loader, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFilterOff, IconPlus, IconTargetArrow } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import type { Deal } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { toast } from '@/lib/toast';
import { SEARCH_DEBOUNCE_MS, useLoad } from '@/lib/useLoad';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { DealBoard } from '../components/DealBoard';
import { DealDrawer } from '../components/DealDrawer';
import { DealFilters } from '../components/DealFilters';
import { NewDealModal } from '../components/NewDealModal';
import { PersonalNotice } from '../components/PersonalNotice';
import { fetchBoard, updateDeal } from '../dealsApi';
import { boardEmpty, findDeal, isDealStage, orderedStages, placeDeal, replaceDeal } from '../dealsLogic';
import { useOwners } from '../useOwners';

export function LeadCrmPage() {
  const ready = useNamespace('leads');
  const { t: tc } = useTranslation('common');
  const current = useWorkspace((s) => s.current);
  const status = useWorkspace((s) => s.status);
  const workspaceId = useSession((s) => s.user?.id ?? null);
  if (!ready || (current === null && (status === 'loading' || status === 'idle'))) {
    return (
      <Container size="sm" py="xl">
        <Loader aria-label={tc('loading')} />
      </Container>
    );
  }
  if (!current?.org_id) return <PersonalNotice />;
  return <Pipeline orgId={current.org_id} workspaceId={workspaceId} />;
}

function Pipeline({ orgId, workspaceId }: { orgId: number; workspaceId: number | null }) {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Deal | null>(null);
  const { owners, ownerName } = useOwners(orgId, workspaceId);

  useEffect(() => {
    document.title = `${t('crm.title')} · Switchboard`;
  }, [t]);

  const board = useLoad((signal) => fetchBoard(orgId, { q, ownerId }, signal), [orgId, q, ownerId, reloads]);
  const { setData } = board;
  const reload = () => setReloads((n) => n + 1);

  /** Moves the deal at once, then asks the server; a refusal puts it back where it was. */
  async function move(id: number, stage: string) {
    const where = board.data ? findDeal(board.data, id) : null;
    if (!where || where.stage === stage) return;
    setData((b) => b && placeDeal(b, where.deal, stage));
    try {
      const saved = await updateDeal(orgId, id, { stage });
      setData((b) => b && replaceDeal(b, saved));
      toast.success(t('crm.moved', { name: saved.name, stage: isDealStage(saved.stage) ? t(`dealStages.${saved.stage}`) : saved.stage }));
    } catch (e) {
      setData((b) => b && placeDeal(b, where.deal, where.stage, where.index));
      toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
    }
  }

  const filtered = q.trim() !== '' || ownerId !== null;
  const data = board.data;
  let body;
  if (board.phase === 'error') {
    body = (
      <Alert color="red" title={t('crm.load_failed')} role="alert" data-testid="crm-error">
        <Stack gap="xs" align="flex-start">
          {codeText(board.errorCode)}
          <Button variant="light" color="red" onClick={board.retry}>
            {t('crm.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data === null) {
    body = <Loader aria-label={t('crm.loading')} />;
  } else if (boardEmpty(data) && filtered) {
    body = (
      <EmptyState
        icon={<IconFilterOff size={22} />}
        title={t('crm.no_deals_found')}
        action={
          <Button
            variant="light"
            onClick={() => {
              setSearch('');
              setOwnerId(null);
            }}
          >
            {t('clear_filters')}
          </Button>
        }
        data-testid="crm-empty"
      />
    );
  } else if (boardEmpty(data)) {
    body = (
      <EmptyState
        icon={<IconTargetArrow size={22} />}
        title={t('crm.empty')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('deal.new')}
          </Button>
        }
        data-testid="crm-empty"
      >
        {t('crm.empty_hint')}
      </EmptyState>
    );
  } else {
    body = <DealBoard stages={orderedStages(data)} ownerName={ownerName} onOpen={setOpen} onMove={(id, stage) => void move(id, stage)} />;
  }

  return (
    <Container fluid py="md" px={{ base: 'sm', sm: 'md' }} maw="100%">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={1}>{t('crm.title')}</Title>
            {board.phase === 'loading' && data !== null && <Loader size="xs" aria-label={t('crm.loading')} />}
          </Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('deal.new')}
          </Button>
        </Group>
        <DealFilters search={search} onSearch={setSearch} ownerId={ownerId} onOwner={setOwnerId} owners={owners} />
        {body}
      </Stack>
      <NewDealModal
        orgId={orgId}
        opened={creating}
        onClose={() => setCreating(false)}
        owners={owners}
        ownerName={ownerName}
        onCreated={() => {
          setCreating(false);
          reload();
        }}
      />
      <DealDrawer
        orgId={orgId}
        deal={open}
        owners={owners}
        ownerName={ownerName}
        onClose={() => setOpen(null)}
        onSaved={(d) => {
          setOpen(d);
          reload();
        }}
        onDeleted={() => {
          setOpen(null);
          reload();
        }}
      />
    </Container>
  );
}

export default LeadCrmPage;
