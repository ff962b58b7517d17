// One ticket in the contact's drawer: its name, status, type and description, whether it was
// written to a CRM, when it was opened, last changed and closed; its status changed in place (the
// server's answer taken, said in a toast), and its removal after a confirmation.
import { ActionIcon, Badge, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '@tabler/icons-react';
import type { Ticket } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { deleteTicket, updateTicket } from '../serviceApi';
import { isTicketStatus, isTicketType, TICKET_STATUSES, ticketStatusColor, ticketStatusKey, ticketTypeKey } from '../serviceLogic';
import { ConfirmDelete, CrmMarker } from './ServiceParts';

export function TicketItem({
  orgId,
  ticket,
  onChanged,
  onDeleted,
  onGone,
}: {
  orgId: number;
  ticket: Ticket;
  /** The ticket as the server now has it. */
  onChanged: (t: Ticket) => void;
  onDeleted: (id: number) => void;
  /** The server no longer has it (or the caller no longer sees it): the list is read again. */
  onGone: () => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const [moving, setMoving] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const statusText = (s: string) => (isTicketStatus(s) ? t(ticketStatusKey(s)) : s);
  const when = (at: string) => new Date(at).toLocaleString(i18n.language);
  const statuses: string[] = [...TICKET_STATUSES];
  if (!statuses.includes(ticket.status)) statuses.push(ticket.status);

  function failed(e: unknown) {
    toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
    if (e instanceof ApiError && e.code === 'not_found') onGone();
  }

  async function move(status: string) {
    if (status === ticket.status) return;
    setMoving(status);
    try {
      const saved = await updateTicket(orgId, ticket.id, { status });
      toast.success(t('tickets.moved', { name: saved.name, status: statusText(saved.status) }));
      onChanged(saved);
    } catch (e) {
      failed(e);
    } finally {
      setMoving(null);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await deleteTicket(orgId, ticket.id);
      toast.success(t('tickets.deleted'));
      onDeleted(ticket.id);
    } catch (e) {
      failed(e);
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <Paper withBorder p="xs" radius="md" data-testid="contact-ticket">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {ticket.name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t('tickets.delete', { name: ticket.name })}
            disabled={confirming}
            onClick={() => setConfirming(true)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge color={ticketStatusColor(ticket.status)} variant="light" tt="none" data-testid="ticket-status">
            {statusText(ticket.status)}
          </Badge>
          {ticket.ticket_type && (
            <Text size="xs" c="dimmed">
              {isTicketType(ticket.ticket_type) ? t(ticketTypeKey(ticket.ticket_type)) : ticket.ticket_type}
            </Text>
          )}
          <CrmMarker provider={ticket.crm_provider} />
        </Group>
        {ticket.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ticket.description}
          </Text>
        )}
        <Text size="xs" c="dimmed" data-testid="ticket-times">
          {[
            t('tickets.opened_at', { at: when(ticket.created_at) }),
            t('tickets.updated_at', { at: when(ticket.updated_at) }),
            ticket.closed_at ? t('tickets.closed_at', { at: when(ticket.closed_at) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <NativeSelect
          size="xs"
          aria-label={t('tickets.status_of', { name: ticket.name })}
          value={moving ?? ticket.status}
          disabled={moving !== null}
          onChange={(e) => void move(e.currentTarget.value)}
          data={statuses.map((s) => ({ value: s, label: statusText(s) }))}
          style={{ maxWidth: 220 }}
        />
        {confirming && (
          <ConfirmDelete
            question={t('tickets.delete_confirm')}
            hint={t('tickets.delete_hint')}
            busy={deleting}
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
          />
        )}
      </Stack>
    </Paper>
  );
}
