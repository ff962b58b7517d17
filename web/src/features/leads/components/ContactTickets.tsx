// A contact's tickets in its drawer, most recently changed first: each with its status (changed in
// place), type and times, and a new ticket of this contact.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@/generated/contract';
import { useLoad } from '@/lib/useLoad';
import { fetchTickets } from '../serviceApi';
import { NewTicketModal } from './NewTicketModal';
import { RecordsSection } from './ServiceParts';
import { TicketItem } from './TicketItem';

export function ContactTickets({ orgId, contactId }: { orgId: number; contactId: number }) {
  const { t } = useTranslation('leads');
  const [creating, setCreating] = useState(false);
  const tickets = useLoad((signal) => fetchTickets(orgId, contactId, signal), [orgId, contactId]);

  /** A changed or new ticket goes first, as the server orders them. */
  const first = (ticket: Ticket) => tickets.setData((old) => [ticket, ...(old ?? []).filter((x) => x.id !== ticket.id)]);

  return (
    <>
      <RecordsSection
        testId="contact-tickets"
        title={t('tickets.title')}
        addLabel={t('tickets.new')}
        onAdd={() => setCreating(true)}
        phase={tickets.phase}
        count={tickets.data?.length ?? 0}
        retry={tickets.retry}
        loadingLabel={t('tickets.loading')}
        failedText={t('tickets.failed')}
        emptyText={t('tickets.empty')}
      >
        {tickets.data?.map((ticket) => (
          <TicketItem
            key={ticket.id}
            orgId={orgId}
            ticket={ticket}
            onChanged={first}
            onDeleted={(id) => tickets.setData((old) => (old ?? []).filter((x) => x.id !== id))}
            onGone={tickets.retry}
          />
        ))}
      </RecordsSection>
      <NewTicketModal
        orgId={orgId}
        contactId={contactId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          first(made);
        }}
      />
    </>
  );
}
