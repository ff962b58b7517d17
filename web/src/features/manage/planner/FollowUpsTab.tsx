// Manage Tools › Follow-ups (001 §2 notifications 'Pending and Upcoming', §3 follow-up fields,
// §4 'Pending, Upcoming, Completed (ticked individually or via mark all complete)'): the board
// in three tabs with their counts, a tick completing one (a recurring one comes round again,
// and the screen says when), "Mark all complete", delete after confirming, the create and edit
// form, and the notification switches. Loaded lazily with its catalogue (`planner`). Given a
// `contact` (the team inbox's per-chat panel), it shows that contact's follow-ups alone and a new
// one is for that contact.
import { Alert, Badge, Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { IconCalendarCheck, IconChecks, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/components/SectionHeading';
import { EmptyState } from '@/components/EmptyState';
import type { FollowUp, FollowUpBoard, FollowUpRequest, FollowUpState } from '@/generated/contract';
import { errorCodeOf } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { useManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from './api';
import { FollowUpForm, type Errors } from './components/FollowUpForm';
import { FollowUpItem } from './components/FollowUpItem';
import { NotificationSwitches } from './components/NotificationSwitches';
import { ConfirmDelete, LoadFailed, Loading, useNow, usePlannerCodeText, useZones } from './components/shared';
import { allOf, followUpServerErrors, formatInZone, nextOccurrence, relativeTime } from './logic';

const TABS: FollowUpState[] = ['pending', 'upcoming', 'completed'];

export default function FollowUpsTab({ orgId, contact }: { orgId: number | null; contact?: string }) {
  const ready = useNamespace('planner');
  return ready ? <FollowUps orgId={orgId} contact={contact} /> : <Loading />;
}

/** The board with one contact's follow-ups alone. */
function ofContact(board: FollowUpBoard, contact: string): FollowUpBoard {
  const mine = (list: FollowUp[]) => list.filter((f) => f.contact === contact);
  return { ...board, pending: mine(board.pending), upcoming: mine(board.upcoming), completed: mine(board.completed) };
}

type Editing = { item: FollowUp | null } | null;

function FollowUps({ orgId, contact }: { orgId: number | null; contact?: string }) {
  const { t, i18n } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const { rules, error: rulesError } = useManageRules();
  const { zones, initial } = useZones();
  const now = useNow();
  const [fullBoard, setBoard] = useState<FollowUpBoard | null>(null);
  const board = fullBoard && contact !== undefined ? ofContact(fullBoard, contact) : fullBoard;
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<FollowUpState>('pending');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FollowUp | null>(null);
  const [busy, setBusy] = useState<number | 'all' | 'delete' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const boardRef = useRef<FollowUpBoard | null>(null);
  boardRef.current = fullBoard;

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setBoard(await api.getFollowUps(orgId));
    } catch {
      setFailed(true);
    }
  }, [orgId]);

  useEffect(() => {
    setBoard(null);
    void load();
  }, [load]);

  // An upcoming follow-up whose time has come is pending now: the server says so on a new read.
  const due = board?.upcoming.some((f) => Date.parse(f.due_at) <= now) ?? false;
  useEffect(() => {
    if (due) void load();
  }, [due, load]);

  const failText = (e: unknown) => codeText(errorCodeOf(e));

  async function tick(item: FollowUp) {
    const before = boardRef.current;
    setBusy(item.id);
    setNotice(null);
    try {
      const after = await api.completeFollowUp(orgId, item.id);
      setBoard(after);
      const next = before ? nextOccurrence(item, before, after) : null;
      if (next) {
        const at = Date.parse(next.due_at);
        setNotice(
          t('followups.next_occurrence', {
            title: next.title,
            when: `${t('in_zone', { time: formatInZone(at, next.time_zone, i18n.language), zone: next.time_zone })} · ${relativeTime(at, Date.now(), i18n.language)}`,
          }),
        );
      }
      toast.success(t('followups.completed_one', { title: item.title }));
    } catch (e) {
      toast.error(failText(e));
    } finally {
      setBusy(null);
    }
  }

  async function completeAll() {
    setBusy('all');
    setNotice(null);
    try {
      setBoard(await api.completeAllFollowUps(orgId));
      toast.success(t('followups.marked_all'));
    } catch (e) {
      toast.error(failText(e));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy('delete');
    try {
      setBoard(await api.deleteFollowUp(orgId, deleting.id));
      toast.success(t('followups.deleted'));
      setDeleting(null);
    } catch (e) {
      toast.error(failText(e));
    } finally {
      setBusy(null);
    }
  }

  async function submit(request: FollowUpRequest): Promise<Errors | null> {
    const item = editing?.item ?? null;
    const known = new Set(fullBoard ? allOf(fullBoard).map((f) => f.id) : []);
    try {
      const after = item ? await api.updateFollowUp(item.id, request) : await api.createFollowUp(request);
      setBoard(after);
      setEditing(null);
      toast.success(item ? t('followups.saved') : t('followups.created'));
      // Show the tab the entry is now in.
      const id = item?.id ?? allOf(after).find((f) => !known.has(f.id))?.id;
      const landed = TABS.find((s) => after[s].some((f) => f.id === id));
      if (landed) setTab(landed);
      return null;
    } catch (e) {
      if (errorCodeOf(e) === 'validation_failed') return followUpServerErrors(e);
      toast.error(item ? failText(e) : t('followups.create_failed'));
      return {};
    }
  }

  const count = (s: FollowUpState) => board?.[s].length ?? 0;
  const none = TABS.every((s) => count(s) === 0);

  return (
    <Stack gap="md" component="section" aria-labelledby="planner-followups-title">
      <SectionHeading
        id="planner-followups-title"
        title={t('followups.title')}
        intro={t('followups.intro')}
        maw={620}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
            {t('followups.new')}
          </Button>
        }
      />

      {contact === undefined && <NotificationSwitches />}

      {rulesError && (
        <Alert color="yellow" variant="light" data-testid="rules-failed">
          {t('rules_failed')}
        </Alert>
      )}
      {notice && (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setNotice(null)} data-testid="next-occurrence">
          {notice}
        </Alert>
      )}

      {failed ? (
        <LoadFailed onRetry={() => void load()} />
      ) : board === null ? (
        <Loading />
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v as FollowUpState)} keepMounted={false}>
          <Tabs.List>
            {TABS.map((s) => (
              <Tabs.Tab
                key={s}
                value={s}
                rightSection={
                  <Badge size="sm" variant="light" color={s === 'pending' && count(s) > 0 ? 'red' : 'gray'} data-testid={`count-${s}`}>
                    {count(s)}
                  </Badge>
                }
              >
                {t(`followups.${s}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((s) => (
            <Tabs.Panel key={s} value={s} pt="md">
              <Stack gap="sm">
                {s === 'pending' && board.pending.length > 0 && (
                  <Group justify="flex-end">
                    <Button
                      variant="light"
                      leftSection={<IconChecks size={16} />}
                      loading={busy === 'all'}
                      onClick={() => void completeAll()}
                    >
                      {t('followups.mark_all')}
                    </Button>
                  </Group>
                )}
                {board[s].length === 0 ? (
                  none ? (
                    // Nothing in any tab: a new user's board says what follow-ups are for.
                    <EmptyState
                      icon={<IconCalendarCheck size={22} />}
                      title={t('followups.empty')}
                      action={
                        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
                          {t('followups.add_first')}
                        </Button>
                      }
                      data-testid={`empty-${s}`}
                    >
                      {t('followups.empty_hint')}
                    </EmptyState>
                  ) : (
                    <EmptyState compact title={t(`followups.empty_${s}`)} data-testid={`empty-${s}`} />
                  )
                ) : (
                  <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={`list-${s}`}>
                    {board[s].map((item) => (
                      <FollowUpItem
                        key={item.id}
                        item={item}
                        now={now}
                        busy={busy !== null}
                        completing={busy === item.id}
                        onTick={() => void tick(item)}
                        onEdit={() => setEditing({ item })}
                        onDelete={() => setDeleting(item)}
                      />
                    ))}
                  </Stack>
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? t('followups.form_edit') : t('followups.form_new')}
        size="lg"
        centered
      >
        {editing && (
          <FollowUpForm
            orgId={orgId}
            editing={editing.item}
            contact={contact}
            zones={zones}
            initialZone={initial}
            rules={rules}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDelete
        opened={deleting !== null}
        title={t('followups.confirm_title')}
        text={t('followups.confirm_text', { title: deleting?.title ?? '' })}
        busy={busy === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
