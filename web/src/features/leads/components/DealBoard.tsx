// The pipeline as columns, one per stage in the pipeline's order, side by side in a row that
// scrolls sideways (on a phone too: each column keeps its width, the page never overflows). Each
// column's header names the stage, counts its deals and adds up their amounts per currency; a
// card dropped on a column moves its deal there.
import { Badge, Box, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardStage, Deal } from '@/generated/contract';
import { dealStageColor, formatMoney, isDealStage } from '../dealsLogic';
import { DEAL_MIME, DealCard } from './DealCard';

export const COLUMN_WIDTH = 280;

interface Handlers {
  ownerName: (id: number | null | undefined) => string;
  onOpen: (d: Deal) => void;
  onMove: (id: number, stage: string) => void;
}

export function DealBoard({ stages, ...handlers }: { stages: BoardStage[] } & Handlers) {
  const { t } = useTranslation('leads');
  return (
    <Box
      role="region"
      aria-label={t('crm.board')}
      tabIndex={0}
      w="100%"
      maw="100%"
      style={{ overflowX: 'auto', overscrollBehaviorX: 'contain', scrollSnapType: 'x proximity' }}
      data-testid="deal-board"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" pb="sm" w="max-content">
        {stages.map((s) => (
          <DealColumn key={s.stage} column={s} {...handlers} />
        ))}
      </Group>
    </Box>
  );
}

function DealColumn({ column, ownerName, onOpen, onMove }: { column: BoardStage } & Handlers) {
  const { t, i18n } = useTranslation('leads');
  const [over, setOver] = useState(false);
  const name = isDealStage(column.stage) ? t(`dealStages.${column.stage}`) : column.stage;
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const totals = Object.entries(column.totals)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const hidden = column.count - column.deals.length;
  return (
    <Paper
      component="section"
      aria-label={name}
      withBorder
      radius="md"
      p="xs"
      w={COLUMN_WIDTH}
      bg={over ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
      style={{ flex: `0 0 ${COLUMN_WIDTH}px`, scrollSnapAlign: 'start', transition: 'background-color 120ms' }}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        // Leaving for one of the column's own cards is not leaving the column.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = Number(e.dataTransfer.getData(DEAL_MIME));
        if (Number.isInteger(id) && id > 0) onMove(id, column.stage);
      }}
      data-testid={`deal-column-${column.stage}`}
    >
      <Stack gap="xs">
        <Box>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={700} size="sm" truncate="end" component="h2" m={0}>
              {name}
            </Text>
            <Badge color={dealStageColor(column.stage)} variant="light" data-testid="deal-column-count">
              {n(column.count)}
            </Badge>
            <VisuallyHidden>{t('crm.count', { count: column.count, n: n(column.count) })}</VisuallyHidden>
          </Group>
          <Stack gap={0} data-testid="deal-column-totals">
            {totals.map(([currency, total]) => (
              <Text key={currency} size="xs" c="dimmed" data-testid="deal-column-total">
                {formatMoney(total, currency, i18n.language)}
              </Text>
            ))}
          </Stack>
        </Box>
        <Stack gap="xs" mah="max(320px, calc(100dvh - 320px))" style={{ overflowY: 'auto' }} mih={80}>
          {column.deals.map((d) => (
            <DealCard key={d.id} deal={d} ownerName={ownerName} onOpen={onOpen} onMove={onMove} />
          ))}
          {column.deals.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              {t('crm.no_deals')}
            </Text>
          )}
        </Stack>
        {hidden > 0 && (
          <Text size="xs" c="dimmed" ta="center" data-testid="deal-column-more">
            {t('crm.showing', { shown: n(column.deals.length), total: n(column.count) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
