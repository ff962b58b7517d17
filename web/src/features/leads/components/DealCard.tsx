// One deal on the board: its name (which opens it), its contact, amount, close date and owner.
// It is dragged to another column by its id (`text/plain`), and, since dragging needs a mouse,
// its menu moves it to any other stage by keyboard or touch alike.
import { ActionIcon, Avatar, Group, Menu, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowsExchange, IconCalendar, IconUser } from '@tabler/icons-react';
import type { Deal } from '@/generated/contract';
import { DEAL_STAGES, formatDay, formatMoney } from '../dealsLogic';

export const DEAL_MIME = 'text/plain';

export function DealCard({
  deal,
  ownerName,
  onOpen,
  onMove,
}: {
  deal: Deal;
  ownerName: (id: number | null | undefined) => string;
  onOpen: (d: Deal) => void;
  onMove: (id: number, stage: string) => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const [dragging, setDragging] = useState(false);
  const owner = deal.owner_id ? ownerName(deal.owner_id) : null;
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      shadow="xs"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DEAL_MIME, String(deal.id));
        e.dataTransfer.effectAllowed = 'move';
        setDragging(true);
      }}
      onDragEnd={() => setDragging(false)}
      style={{ cursor: 'grab', opacity: dragging ? 0.5 : 1 }}
      data-testid="deal-card"
      data-deal-id={deal.id}
    >
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
          <UnstyledButton onClick={() => onOpen(deal)} aria-label={t('crm.open', { name: deal.name })} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" c="blue.8" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {deal.name}
            </Text>
          </UnstyledButton>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('crm.move')}>
                <IconArrowsExchange size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('crm.move')}</Menu.Label>
              {DEAL_STAGES.filter((s) => s !== deal.stage).map((s) => (
                <Menu.Item key={s} onClick={() => onMove(deal.id, s)}>
                  {t(`dealStages.${s}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {deal.contact_name}
        </Text>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} data-testid="deal-amount" truncate="end">
              {deal.amount !== null ? formatMoney(deal.amount, deal.currency, i18n.language) : t('deal.no_amount')}
            </Text>
            {deal.close_date && (
              <Group gap={4} wrap="nowrap">
                <IconCalendar size={12} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('deal.closes', { date: formatDay(deal.close_date, i18n.language) })}
                </Text>
              </Group>
            )}
          </Stack>
          <Tooltip label={t('owned_by', { name: owner ?? t('nobody') })} withArrow>
            {owner ? (
              <Avatar name={owner} color="initials" size="sm" role="img" aria-label={t('owned_by', { name: owner })} />
            ) : (
              <Avatar size="sm" color="gray" role="img" aria-label={t('owned_by', { name: t('nobody') })}>
                <IconUser size={14} />
              </Avatar>
            )}
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}
