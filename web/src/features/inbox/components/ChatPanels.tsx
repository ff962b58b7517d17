// The per-chat panels beside a conversation (001 §2 'Per-chat panels: follow-up, notes, tasks,
// docs, user profile', each asking to open a chat first, and the contact as a lead): the
// conversation's tasks are the inbox's own; follow-ups, notes, docs and the user profile are the
// manage tools' screens for the conversation's contact, and the lead the Lead CRM's (its stage,
// status, deals, tickets and calls), handed in by the app as `contactPanel` (features do not
// import each other).
import { Paper, Tabs } from '@mantine/core';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../stores/inbox';
import { OpenChatFirst } from './shared';
import { TasksPanel } from './TasksPanel';

const PANELS = ['followup', 'notes', 'tasks', 'docs', 'profile', 'lead'] as const;
type Panel = (typeof PANELS)[number];

/** A panel of the contact's: the manage tools' or, for `lead`, the Lead CRM's. */
export type ContactPanel = ComponentType<{ orgId: number; contact: string; panel: Exclude<Panel, 'tasks'> }>;

export function ChatPanels({ names, memberOptions, contactPanel: ContactTools }: { names: Map<number, string>; memberOptions: { value: string; label: string }[]; contactPanel: ContactPanel }) {
  const { t } = useTranslation('inbox');
  const orgId = useInbox((s) => s.orgId);
  const c = useInbox((s) => s.selected);
  const [panel, setPanel] = useState<Panel>('notes');

  return (
    <Paper withBorder radius="md" p="sm" data-testid="chat-panels">
      <Tabs value={panel} onChange={(v) => v && setPanel(v as Panel)} keepMounted={false}>
        <Tabs.List grow>
          {PANELS.map((p) => (
            <Tabs.Tab key={p} value={p} data-testid={`panel-${p}`}>
              {t(`panels.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PANELS.map((p) => (
          <Tabs.Panel key={p} value={p} pt="sm">
            {!c || orgId === null ? (
              <OpenChatFirst />
            ) : p === 'tasks' ? (
              <TasksPanel conversationId={c.id} names={names} memberOptions={memberOptions} />
            ) : (
              <ContactTools orgId={orgId} contact={c.contact} panel={p} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
