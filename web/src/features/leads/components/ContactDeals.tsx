// A contact's deals in its drawer: each with its stage, amount and close date, and a new deal
// with this contact (the form's contact fixed).
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '@tabler/icons-react';
import type { Contact } from '@/generated/contract';
import { useLoad } from '@/lib/useLoad';
import { fetchContactDeals } from '../dealsApi';
import { dealStageColor, formatDay, formatMoney, isDealStage } from '../dealsLogic';
import type { OwnerOption } from '../useOwners';
import { contactLabel } from './ContactPicker';
import { NewDealModal } from './NewDealModal';

export function ContactDeals({
  orgId,
  contact,
  owners,
  ownerName,
}: {
  orgId: number;
  contact: Contact;
  owners: OwnerOption[];
  ownerName: (id: number | null | undefined) => string;
}) {
  const { t, i18n } = useTranslation('leads');
  const [creating, setCreating] = useState(false);
  const [reloads, setReloads] = useState(0);
  const deals = useLoad((signal) => fetchContactDeals(orgId, contact.id, signal), [orgId, contact.id, reloads]);
  return (
    <Stack gap="xs" data-testid="contact-deals">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('contact_deals.title')}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
          {t('deal.new')}
        </Button>
      </Group>
      {deals.phase === 'loading' && <Loader size="sm" aria-label={t('contact_deals.loading')} />}
      {deals.phase === 'error' && (
        <Text c="red.7" size="sm">
          {t('contact_deals.failed')}
        </Text>
      )}
      {deals.phase === 'ready' && deals.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('contact_deals.empty')}
        </Text>
      )}
      {deals.phase === 'ready' &&
        deals.data?.map((d) => (
          <Paper key={d.id} withBorder p="xs" radius="md" data-testid="contact-deal">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {d.name}
              </Text>
              {isDealStage(d.stage) && (
                <Badge color={dealStageColor(d.stage)} variant="light" tt="none">
                  {t(`dealStages.${d.stage}`)}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {[
                d.amount !== null ? formatMoney(d.amount, d.currency, i18n.language) : t('deal.no_amount'),
                d.close_date ? t('deal.closes', { date: formatDay(d.close_date, i18n.language) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Paper>
        ))}
      <NewDealModal
        orgId={orgId}
        opened={creating}
        contact={{ id: contact.id, name: contactLabel(contact) }}
        owners={owners}
        ownerName={ownerName}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setReloads((n) => n + 1);
        }}
      />
    </Stack>
  );
}
