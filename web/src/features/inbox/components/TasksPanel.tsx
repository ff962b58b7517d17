// A chat's tasks (001 §3: name, date, status incl. Completed, priority none…very high, assigned
// to, visibility Personal/Shared/Self/Team/Org): the tasks of the open conversation the caller
// may see, open ones first; a form adds one; a tick completes it (and reopens it); its creator,
// assignee or an admin changes it, its creator or an admin removes it — the server decides and
// its refusal is shown. Live `task` events read the list again.
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxTask, TaskRequest } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { useInbox } from '../stores/inbox';
import { When } from './shared';

export const PRIORITIES = ['none', 'very_low', 'low', 'medium', 'high', 'very_high'] as const;
export const VISIBILITIES = ['personal', 'shared', 'self', 'team', 'org'] as const;
const MAX_NAME = 200;

/** A `datetime-local` value as RFC 3339 in the browser's zone, or null when empty or invalid. */
export function dueAt(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function request(orgId: number, t: InboxTask, patch: Partial<TaskRequest>): TaskRequest {
  return {
    org_id: orgId,
    conversation_id: t.conversation_id,
    name: t.name,
    due_at: t.due_at,
    status: t.status,
    priority: t.priority,
    assignee_id: t.assignee_id,
    visibility: t.visibility,
    ...patch,
  };
}

function TaskForm({ orgId, conversationId, memberOptions, onAdded }: { orgId: number; conversationId: number; memberOptions: { value: string; label: string }[]; onAdded: () => void }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const [name, setName] = useState('');
  const [due, setDue] = useState('');
  const [priority, setPriority] = useState<string>('none');
  const [visibility, setVisibility] = useState<string>('shared');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (name.trim() === '') {
      setErrors({ name: 'tasks.name_required' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.createTask({
        org_id: orgId,
        conversation_id: conversationId,
        name: name.trim(),
        due_at: dueAt(due),
        status: 'open',
        priority,
        visibility,
        assignee_id: assignee ? Number(assignee) : null,
      });
      toast.success(t('tasks.created'));
      setName('');
      setDue('');
      onAdded();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) setErrors(e.fields);
      else toast.error(codeText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }
  const err = (f: string) => (errors[f] ? (errors[f].startsWith('tasks.') ? t(errors[f] as 'tasks.name_required') : codeText(errors[f], { fields_required: t('tasks.name_required') })) : undefined);

  return (
    <form
      noValidate
      aria-label={t('tasks.new')}
      data-testid="task-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <TextInput label={t('tasks.name')} required maxLength={MAX_NAME} value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} data-testid="task-name" />
        <TextInput label={t('tasks.due')} type="datetime-local" value={due} onChange={(e) => setDue(e.currentTarget.value)} error={err('due_at')} />
        <Group grow gap="xs">
          <Select label={t('tasks.priority')} data={PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) }))} value={priority} onChange={(v) => v && setPriority(v)} allowDeselect={false} />
          <Select label={t('tasks.visibility')} data={VISIBILITIES.map((v) => ({ value: v, label: t(`tasks.visibilities.${v}`) }))} value={visibility} onChange={(v) => v && setVisibility(v)} allowDeselect={false} />
        </Group>
        <Select label={t('tasks.assignee')} placeholder={t('unassigned')} data={memberOptions} value={assignee} onChange={setAssignee} clearable searchable error={err('assignee_id')} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={busy} leftSection={<IconPlus size={14} aria-hidden />} data-testid="task-add">
            {t('tasks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TasksPanel({ conversationId, names, memberOptions }: { conversationId: number; names: Map<number, string>; memberOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const orgId = useInbox((s) => s.orgId);
  const stamp = useInbox((s) => s.taskStamp);
  const [tasks, setTasks] = useState<InboxTask[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    if (orgId === null) return;
    setFailed(false);
    try {
      setTasks((await api.listTasks(orgId, conversationId)).items);
    } catch {
      setFailed(true);
    }
  }, [orgId, conversationId]);

  useEffect(() => {
    void load();
  }, [load, stamp]);

  if (orgId === null) return null;

  async function change(task: InboxTask, patch: Partial<TaskRequest>, done: string) {
    if (orgId === null) return;
    setBusy(task.id);
    try {
      const saved = await api.updateTask(task.id, request(orgId, task, patch));
      setTasks((list) => list?.map((x) => (x.id === saved.id ? saved : x)) ?? null);
      toast.success(done);
    } catch (e) {
      toast.error(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  async function remove(task: InboxTask) {
    if (orgId === null) return;
    setBusy(task.id);
    try {
      await api.deleteTask(orgId, task.id);
      setTasks((list) => list?.filter((x) => x.id !== task.id) ?? null);
      toast.success(t('tasks.deleted'));
    } catch (e) {
      toast.error(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm" data-testid="tasks-panel">
      {failed && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('tasks.load_failed')}</Text>
            <Button size="xs" variant="subtle" onClick={() => void load()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {tasks === null && !failed && <Loader size="sm" aria-label={t('loading')} />}
      {tasks?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="tasks-empty">
          {t('tasks.empty')}
        </Text>
      )}
      {tasks?.map((task) => {
        const completed = task.status === 'completed';
        return (
          <Paper key={task.id} withBorder p="xs" radius="sm" data-testid="task" data-status={task.status}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Checkbox
                checked={completed}
                disabled={busy === task.id}
                onChange={() =>
                  void change(task, { status: completed ? 'open' : 'completed' }, completed ? t('tasks.reopened') : t('tasks.completed_one', { name: task.name }))
                }
                label={
                  <Text size="sm" td={completed ? 'line-through' : undefined}>
                    {task.name}
                  </Text>
                }
                aria-label={completed ? t('tasks.reopen_named', { name: task.name }) : t('tasks.complete_named', { name: task.name })}
                data-testid="task-tick"
              />
              <ActionIcon variant="subtle" color="red" aria-label={t('tasks.delete_named', { name: task.name })} onClick={() => void remove(task)} disabled={busy === task.id}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
            <Group gap={6} mt={4}>
              <Badge size="xs" variant="light" color={completed ? 'green' : 'gray'}>
                {t(`tasks.statuses.${completed ? 'completed' : task.status === 'in_progress' ? 'in_progress' : 'open'}`)}
              </Badge>
              {task.priority !== 'none' && (
                <Badge size="xs" variant="outline">
                  {t(`tasks.priorities.${(PRIORITIES as readonly string[]).includes(task.priority) ? (task.priority as (typeof PRIORITIES)[number]) : 'none'}`)}
                </Badge>
              )}
              <Badge size="xs" variant="outline" color="gray">
                {t(`tasks.visibilities.${(VISIBILITIES as readonly string[]).includes(task.visibility) ? (task.visibility as (typeof VISIBILITIES)[number]) : 'shared'}`)}
              </Badge>
              {task.assignee_id !== null && (
                <Text size="xs" c="dimmed">
                  {names.get(task.assignee_id) ?? `#${task.assignee_id}`}
                </Text>
              )}
              {task.due_at && <When at={task.due_at} />}
            </Group>
          </Paper>
        );
      })}
      <TaskForm orgId={orgId} conversationId={conversationId} memberOptions={memberOptions} onAdded={() => void load()} />
    </Stack>
  );
}
