// One of the team inbox's per-chat panels (001 §2 'follow-up, notes, docs, user profile') for a
// conversation's contact: the manage tools' own follow-ups, notes and docs, and user
// properties and tags, each given the contact so it skips its lookup. The app hands this to the
// inbox (src/app/TeamInboxRoute.tsx), which owns the tasks panel itself.
import { Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useNamespace } from '@/lib/i18nLazy';
import FollowUpsTab from '../planner/FollowUpsTab';
import { useManage } from '../stores/manage';
import { ContactLookup } from './ContactLookup';
import { ContactNotes } from './ContactNotes';

export type ContactPanelKind = 'followup' | 'notes' | 'docs' | 'profile';

export function ChatPanel({ orgId, contact, panel }: { orgId: number; contact: string; panel: ContactPanelKind }) {
  const ready = useNamespace('manage');
  const setOrg = useManage((s) => s.setOrg);
  const loadProperties = useManage((s) => s.loadProperties);
  // The profile reads the organisation's user properties from the manage tools' store.
  useEffect(() => {
    setOrg(orgId);
    if (panel === 'profile') void loadProperties();
  }, [orgId, panel, setOrg, loadProperties]);

  if (!ready) return <Loader size="sm" />;
  switch (panel) {
    case 'followup':
      return <FollowUpsTab key={contact} orgId={orgId} contact={contact} />;
    case 'notes':
      return <ContactNotes key={contact} orgId={orgId} contact={contact} />;
    case 'docs':
      return <ContactNotes key={contact} orgId={orgId} contact={contact} initialKind="doc" />;
    case 'profile':
      return <ContactLookup key={contact} orgId={orgId} contact={contact} />;
  }
}
