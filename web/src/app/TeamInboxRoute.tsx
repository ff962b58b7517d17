// /team-inbox: the team inbox (features/inbox) with the manage tools' per-chat panels for the
// open conversation's contact (features/manage ChatPanel). Features do not import each other;
// the app puts the two together here.
import { ChatPanel } from '@/features/manage/components/ChatPanel';
import TeamInboxPage from '@/features/inbox/pages/TeamInboxPage';

export default function TeamInboxRoute() {
  return <TeamInboxPage contactPanel={ChatPanel} />;
}
