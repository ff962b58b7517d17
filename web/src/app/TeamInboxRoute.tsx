// /team-inbox: the team inbox (features/inbox) with the per-chat panels of the open
// conversation's contact: the manage tools' (features/manage ChatPanel: follow-ups, notes, docs,
// profile) and the Lead CRM's (features/leads ChatLeadPanel: the contact as a lead, its deals,
// tickets and calls). Features do not import each other; the app puts them together here.
import type { ContactPanel } from '@/features/inbox/components/ChatPanels';
import TeamInboxPage from '@/features/inbox/pages/TeamInboxPage';
import { ChatLeadPanel } from '@/features/leads/components/ChatLeadPanel';
import { ChatPanel } from '@/features/manage/components/ChatPanel';

const ContactPanels: ContactPanel = ({ orgId, contact, panel }) =>
  panel === 'lead' ? <ChatLeadPanel orgId={orgId} contact={contact} /> : <ChatPanel orgId={orgId} contact={contact} panel={panel} />;

export default function TeamInboxRoute() {
  return <TeamInboxPage contactPanel={ContactPanels} />;
}
