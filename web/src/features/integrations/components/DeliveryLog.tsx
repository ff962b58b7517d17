// The webhook's delivery log (issue #7 part 2): newest first, filtered by status, paged with
// "Load more" (`next_before`), each row expandable to its tries, Resend on delivered and dead
// rows. While any row waits or is being tried the first page is read again every 5 seconds and
// merged in, so new messages appear on top and statuses move on their own.
import type { ParseKeys } from 'i18next';
import { ActionIcon, Badge, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSend } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useWhen } from './useWhen';
import { LoadFailed } from './LoadFailed';

/** How often the log is read again while a delivery is on its way. */
export const REFRESH_MS = 5000;
const PAGE = 50;

const STATUS_COLOR: Record<string, string> = {
  pending: 'gray',
  delivering: 'blue',
  delivered: 'teal',
  skipped: 'yellow',
  dead: 'red',
};

const inFlight = (d: api.Delivery) => d.status === 'pending' || d.status === 'delivering';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('integrations');
  const known = status in STATUS_COLOR;
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light" data-testid="delivery-status">
      {known ? t(`deliveries.status.${status}` as ParseKeys<'integrations'>) : status}
    </Badge>
  );
}

function Time({ ms }: { ms: number }) {
  const when = useWhen()(ms);
  return (
    <time dateTime={new Date(ms).toISOString()} title={when.exact}>
      {when.relative}
    </time>
  );
}

function Attempts({ orgId, id }: { orgId: number; id: number }) {
  const { t } = useTranslation('integrations');
  const [rows, setRows] = useState<api.DeliveryAttempt[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .fetchAttempts(orgId, id)
      .then((r) => live && setRows(r))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [orgId, id]);
  if (failed) return <Text c="red" size="sm">{t('load_failed')}</Text>;
  if (!rows) return <Loader size="xs" aria-label={t('loading')} />;
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('deliveries.no_attempts')}</Text>;
  return (
    <Table withTableBorder fz="xs" aria-label={t('deliveries.attempts_title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deliveries.col.attempt')}</Table.Th>
          <Table.Th>{t('deliveries.col.time')}</Table.Th>
          <Table.Th>{t('deliveries.col.result')}</Table.Th>
          <Table.Th>{t('deliveries.col.code')}</Table.Th>
          <Table.Th>{t('deliveries.col.latency')}</Table.Th>
          <Table.Th>{t('deliveries.col.error')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((a) => (
          <Table.Tr key={`${a.attempt}-${a.at}`}>
            <Table.Td>{a.attempt}</Table.Td>
            <Table.Td>
              <Time ms={a.at} />
            </Table.Td>
            <Table.Td>
              <Badge color={a.ok ? 'teal' : 'red'} variant="light">
                {a.ok ? t('deliveries.try_ok') : t('deliveries.try_failed')}
              </Badge>
            </Table.Td>
            <Table.Td>{a.status_code ?? '—'}</Table.Td>
            <Table.Td>{a.latency_ms}</Table.Td>
            <Table.Td>{a.error ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function DeliveryLog({ orgId, webhookOn }: { orgId: number; webhookOn: boolean }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [filter, setFilter] = useState<api.DeliveryFilter | null>(null);
  const [rows, setRows] = useState<api.Delivery[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState(false);
  const [open, setOpen] = useState<Record<number, number>>({});
  const [resending, setResending] = useState<number | null>(null);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    setPhase('loading');
    try {
      const page = await api.fetchDeliveries(orgId, { status: filter, limit: PAGE });
      if (mine !== generation.current) return;
      setRows(page.deliveries);
      setNextBefore(page.next_before);
      setPhase('ready');
    } catch {
      if (mine === generation.current) setPhase('error');
    }
  }, [orgId, filter]);
  useEffect(() => {
    void load();
  }, [load]);
  /** A new filter: loading from the same render, so the last filter's answer is not shown as this one's. */
  const choose = (f: api.DeliveryFilter | null) => {
    if (f === filter) return;
    setPhase('loading');
    setFilter(f);
  };

  async function loadMore() {
    if (nextBefore === null) return;
    const mine = generation.current;
    setMore(true);
    try {
      const page = await api.fetchDeliveries(orgId, { status: filter, before: nextBefore, limit: PAGE });
      if (mine !== generation.current) return;
      setRows((prev) => [...prev, ...page.deliveries.filter((d) => !prev.some((p) => p.id === d.id))]);
      setNextBefore(page.next_before);
    } catch {
      toast.error(t('load_failed'));
    } finally {
      setMore(false);
    }
  }

  // While anything is on its way, read the newest page again and merge it in.
  const busy = phase === 'ready' && rows.some(inFlight);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setInterval(() => {
      const mine = generation.current;
      api
        .fetchDeliveries(orgId, { status: filter, limit: PAGE })
        .then((page) => {
          if (mine !== generation.current) return;
          setRows((prev) => {
            const fresh = new Map(page.deliveries.map((d) => [d.id, d]));
            const kept = prev.map((p) => fresh.get(p.id) ?? p);
            const added = page.deliveries.filter((d) => !prev.some((p) => p.id === d.id));
            return [...added, ...kept];
          });
          // Tries may have been added to an open row: read them again.
          setOpen((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v + 1])));
        })
        .catch(() => undefined);
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [busy, orgId, filter]);

  async function resend(d: api.Delivery) {
    setResending(d.id);
    try {
      const next = await api.resendDelivery(orgId, d.id);
      setRows((prev) => prev.map((p) => (p.id === d.id ? (next ?? { ...p, status: 'pending' }) : p)));
      setOpen((o) => (d.id in o ? { ...o, [d.id]: (o[d.id] ?? 0) + 1 } : o));
      toast.success(t('deliveries.resent'));
    } catch (e) {
      toast.error(e instanceof ApiError && e.status === 409 ? t('deliveries.resend_busy') : ruleText(codeOf(e)));
    } finally {
      setResending(null);
    }
  }

  const toggle = (id: number) =>
    setOpen((o) => {
      if (id in o) {
        const { [id]: _, ...rest } = o;
        return rest;
      }
      return { ...o, [id]: 0 };
    });

  return (
    <Stack gap="sm" component="section" aria-label={t('deliveries.title')}>
      <Group justify="space-between" align="flex-end">
        <Title order={4}>{t('deliveries.title')}</Title>
        <Group align="flex-end" gap="xs">
          <Select
            label={t('deliveries.filter')}
            w={200}
            value={filter ?? 'all'}
            allowDeselect={false}
            data={[
              { value: 'all', label: t('deliveries.all') },
              ...api.DELIVERY_FILTERS.map((s) => ({ value: s, label: t(`deliveries.status.${s}`) })),
            ]}
            onChange={(v) => choose(!v || v === 'all' ? null : (v as api.DeliveryFilter))}
          />
          <Button variant="default" onClick={() => void load()}>
            {t('deliveries.refresh')}
          </Button>
        </Group>
      </Group>
      {phase === 'loading' && <Loader aria-label={t('loading')} />}
      {phase === 'error' && (
        <LoadFailed onRetry={() => void load()} />
      )}
      {phase === 'ready' &&
        rows.length === 0 &&
        (filter ? (
          <EmptyState
            title={t('deliveries.empty_filtered')}
            action={
              <Button variant="light" onClick={() => choose(null)}>
                {t('deliveries.show_all')}
              </Button>
            }
            data-testid="deliveries-empty"
          />
        ) : (
          // The webhook's own toggle, above on the same page, is what starts deliveries.
          <EmptyState icon={<IconSend size={22} />} title={t('deliveries.empty')} data-testid="deliveries-empty">
            {webhookOn ? t('deliveries.empty_on') : t('deliveries.empty_off')}
          </EmptyState>
        ))}
      {phase === 'ready' && rows.length > 0 && (
        <DataTable
          minWidth={760}
          striped
          aria-label={t('deliveries.title')}
          head={
            <>
              <Table.Th aria-label={t('deliveries.attempts_title')} />
              <Table.Th>{t('deliveries.col.time')}</Table.Th>
              <Table.Th>{t('deliveries.col.message')}</Table.Th>
              <Table.Th>{t('deliveries.col.status')}</Table.Th>
              <Table.Th>{t('deliveries.col.attempts')}</Table.Th>
              <Table.Th>{t('deliveries.col.code')}</Table.Th>
              <Table.Th>{t('deliveries.col.latency')}</Table.Th>
              <Table.Th>{t('deliveries.col.error')}</Table.Th>
              <Table.Th />
            </>
          }
        >
          {rows.map((d) => {
            const expanded = d.id in open;
            return (
              <Fragment key={d.id}>
                <Table.Tr data-testid="delivery-row" data-message-id={d.event_id}>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => toggle(d.id)}
                      aria-expanded={expanded}
                      aria-label={t('deliveries.show_attempts', { id: d.event_id })}
                    >
                      {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Time ms={d.created_at} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {d.event_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td data-testid="delivery-attempts">{`${d.attempts}/${d.max_attempts}`}</Table.Td>
                  <Table.Td>{d.last_status_code ?? '—'}</Table.Td>
                  <Table.Td>{d.last_latency_ms ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c={d.last_error ? 'red' : undefined}>
                      {d.last_error ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {(d.status === 'dead' || d.status === 'delivered') && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={resending === d.id}
                        onClick={() => void resend(d)}
                        aria-label={t('deliveries.resend_aria', { id: d.event_id })}
                      >
                        {t('deliveries.resend')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr>
                    <Table.Td colSpan={9}>
                      <Attempts key={open[d.id]} orgId={orgId} id={d.id} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </DataTable>
      )}
      {phase === 'ready' && nextBefore !== null && (
        <Button variant="default" w="fit-content" loading={more} onClick={() => void loadMore()}>
          {t('deliveries.load_more')}
        </Button>
      )}
    </Stack>
  );
}
