// 000 §2 dynamic assignment panel: Active Members (the saved members, with the total share)
// and All Members (the operator's HubSpot owners and every saved member). Each member expands
// to its form — Onboarding Stages, Target %, Region — and only one member is expanded at a time.
// Every check is a wasm domain rule, the same the server runs: a share over 100, a total over
// 100 (red, with '(Exceeds 100%)'), save disabled with 'Fix percentage errors first', Add
// Member disabled while that member has an error (000 §4, §5).
import { ActionIcon, Badge, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconMinus, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './SectionCard';
import { ConfirmModal } from '@/components/ConfirmModal';
import { EmptyState } from '@/components/EmptyState';
import { PageButtons } from '@/components/PagedTable';
import { UnsavedChangesPrompt } from '@/components/UnsavedChangesPrompt';
import { ApiError } from '@/lib/api';
import { LoadStateOf } from '@/components/LoadStates';
import { codeOf } from '@/lib/errorText';
import { useLoad } from '@/lib/useLoad';
import { useClientPages } from '@/lib/useClientPages';
import { toast } from '@/lib/toast';
import type { AssignmentMemberView } from '@/generated/contract';
import { deleteMember, fetchAssignment, saveMember } from '../api';
import { OPTIONS, draftOf, emptyDraft, formatNumber, isDirty, memberBody, ownerOf, panelState, percentOf, saveOrder, savedOthers, type Draft, type Issue } from '../logic';
import { useIssueText } from './useIssueText';

/** All Members shown per page. */
export const MEMBERS_PER_PAGE = 10;

type ListKind = 'active' | 'all';
const keyOf = (list: ListKind, ownerId: string) => `${list}:${ownerId}`;
const omit = <T,>(o: Record<string, T>, ...keys: string[]): Record<string, T> =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/** The issue a refused save reads as: the server's field code, with the others' share when the total was the problem. */
function refusal(e: unknown, active: readonly AssignmentMemberView[], ownerId: string): Issue {
  const code = codeOf(e);
  if (code === 'total_percentage_others') return { code, n: savedOthers(active, ownerId) };
  return { code, n: null };
}

export function AssignmentPanel({ onChanged }: { onChanged?: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const issueText = useIssueText();
  const lang = i18n.language;
  const read = useLoad((signal) => fetchAssignment(signal), []);
  const { data, setData, phase } = read;
  /** Edits of the active rows, by owner id; a row without one shows what is saved. */
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  /** The All Members forms, by owner id. */
  const [candidates, setCandidates] = useState<Record<string, Draft>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [refused, setRefused] = useState<Record<string, Issue>>({});
  const [expanded, setExpanded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AssignmentMemberView | null>(null);
  const [query, setQuery] = useState('');

  const active = useMemo(() => data?.activeMembers ?? [], [data]);
  const all = useMemo(() => data?.allMembers ?? [], [data]);
  const activeIds = useMemo(() => new Set(active.map(ownerOf)), [active]);

  const expandedAll = expanded?.startsWith('all:') ? all.find((m) => keyOf('all', ownerOf(m)) === expanded) ?? null : null;
  const candidateDraft = (m: AssignmentMemberView): Draft => {
    const own = candidates[ownerOf(m)];
    if (own) return own;
    const saved = active.find((a) => ownerOf(a) === ownerOf(m));
    return saved ? draftOf(saved) : emptyDraft();
  };
  const rowDraft = (m: AssignmentMemberView): Draft => drafts[ownerOf(m)] ?? draftOf(m);

  const panel = panelState(
    active,
    drafts,
    expandedAll ? { ownerId: ownerOf(expandedAll), target: candidateDraft(expandedAll).target } : null,
  );
  const dirtyIds = active.filter((m) => isDirty(m, drafts[ownerOf(m)])).map(ownerOf);
  // Edits not saved yet: a changed active row, or an All Members form that differs from what is
  // saved for that member (or from an empty form).
  const unsaved =
    dirtyIds.length > 0 ||
    Object.entries(candidates).some(([id, d]) => {
      const saved = active.find((a) => ownerOf(a) === id);
      return JSON.stringify(d) !== JSON.stringify(saved ? draftOf(saved) : emptyDraft());
    });
  // Under 100 % nothing is lost: each lead goes to one of the members it matches, in proportion
  // to their shares (the engine's weighted round-robin); say so rather than leave it a riddle.
  const underTotal = active.length > 0 && !panel.totalBadge && !panel.totalIssue && panel.total > 0 && panel.total < 100;

  const toggle = (key: string) => setExpanded((cur) => (cur === key ? null : key));

  function editRow(m: AssignmentMemberView, next: Draft) {
    setDrafts((d) => ({ ...d, [ownerOf(m)]: next }));
    setRefused((r) => omit(r, keyOf('active', ownerOf(m))));
  }

  function editCandidate(m: AssignmentMemberView, next: Draft) {
    // Once Target % has been typed in, its message shows, even when emptied again.
    if (next.target !== candidateDraft(m).target) setTouched((x) => ({ ...x, [keyOf('all', ownerOf(m))]: true }));
    setCandidates((c) => ({ ...c, [ownerOf(m)]: next }));
    setRefused((r) => omit(r, keyOf('all', ownerOf(m))));
  }

  /** Saves edited rows one by one, lowered shares first, so the saved total never passes 100. */
  async function saveRows(ids: string[]) {
    if (!panel.canSave || busy) return;
    const rows = ids.map((id) => {
      const m = active.find((a) => ownerOf(a) === id)!;
      return { ownerId: id, before: percentOf(m.target_percentage) ?? 0, after: percentOf(rowDraft(m).target) ?? 0 };
    });
    setBusy(true);
    let state = data;
    const saved: string[] = [];
    for (const id of saveOrder(rows)) {
      const m = (state?.activeMembers ?? active).find((a) => ownerOf(a) === id) ?? active.find((a) => ownerOf(a) === id)!;
      const draft = drafts[id] ?? draftOf(m);
      const body = memberBody(m, draft);
      if (body.err !== undefined) {
        setRefused((r) => ({ ...r, [keyOf('active', id)]: { code: body.err, n: null } }));
        break;
      }
      try {
        state = await saveMember(body.ok);
        saved.push(id);
      } catch (e) {
        setRefused((r) => ({ ...r, [keyOf('active', id)]: refusal(e, state?.activeMembers ?? active, id) }));
        if (!(e instanceof ApiError) || e.status !== 422) toast.error(issueText(codeOf(e)));
        break;
      }
    }
    if (state) setData(state);
    if (saved.length > 0) {
      // 000 §4: after a save the dirty flag clears.
      setDrafts((d) => omit(d, ...saved));
      const names = saved.map((id) => active.find((a) => ownerOf(a) === id)?.employee_name ?? id);
      toast.success(t('assignment.saved', { names: names.join(', ') }));
      onChanged?.();
    }
    setBusy(false);
  }

  async function addMember(m: AssignmentMemberView) {
    const draft = candidateDraft(m);
    const body = memberBody(m, draft);
    if (body.err !== undefined || !panel.canAddCandidate || busy) return;
    setBusy(true);
    try {
      const next = await saveMember(body.ok);
      setData(next);
      // 000 §4: adding a member clears the form.
      setCandidates((c) => omit(c, ownerOf(m)));
      setDrafts((d) => omit(d, ownerOf(m)));
      setTouched((x) => ({ ...x, [keyOf('all', ownerOf(m))]: false }));
      setExpanded(null);
      toast.success(t('assignment.added', { name: m.employee_name }));
      onChanged?.();
    } catch (e) {
      setRefused((r) => ({ ...r, [keyOf('all', ownerOf(m))]: refusal(e, active, ownerOf(m)) }));
      if (!(e instanceof ApiError) || e.status !== 422) toast.error(issueText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    const m = removing;
    setBusy(true);
    try {
      const next = await deleteMember(ownerOf(m));
      setData(next);
      setDrafts((d) => omit(d, ownerOf(m)));
      if (expanded === keyOf('active', ownerOf(m))) setExpanded(null);
      toast.success(t('assignment.removed', { name: m.employee_name }));
      onChanged?.();
    } catch (e) {
      toast.error(issueText(codeOf(e)));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? all.filter((m) => m.employee_name.toLowerCase().includes(q) || ownerOf(m).includes(q)) : all;
  }, [all, query]);
  const { page, setPage, pages, shown } = useClientPages(filtered, MEMBERS_PER_PAGE);

  const saveTooltip = panel.saveTooltip ? issueText(panel.saveTooltip) : '';

  return (
    <SectionCard id="assignment-title" title={t('assignment.title')} intro={t('assignment.intro')}>
        {phase !== 'ready' ? (
          <LoadStateOf read={read} loading={t('assignment.loading')} failed={t('assignment.load_failed')} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="sm" component="section" aria-labelledby="active-members-title" data-testid="active-members">
              <Group justify="space-between" align="flex-end">
                <Title order={3} size="h4" id="active-members-title">
                  {t('assignment.active_members')}
                </Title>
                <Text
                  fw={600}
                  c={panel.totalBadge ? 'red' : undefined}
                  data-testid="assignment-total"
                  data-over={panel.totalBadge ? 'true' : undefined}
                  aria-live="polite"
                >
                  {t('assignment.total', { n: formatNumber(panel.total, lang) })}
                  {panel.totalBadge && <> {issueText(panel.totalBadge)}</>}
                </Text>
              </Group>
              {underTotal && (
                <Text size="sm" c="dimmed" data-testid="assignment-under-total">
                  {t('assignment.under_total', { n: formatNumber(panel.total, lang) })}
                </Text>
              )}
              {panel.totalIssue && (
                <Text size="sm" c="red" data-testid="assignment-total-issue">
                  {issueText(panel.totalIssue.code, panel.totalIssue.n)}
                </Text>
              )}
              {dirtyIds.length > 1 && (
                <Group justify="flex-end">
                  <Tooltip label={saveTooltip} disabled={panel.canSave} events={{ hover: true, focus: true, touch: true }}>
                    <Button
                      size="xs"
                      leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                      data-disabled={!panel.canSave || undefined}
                      aria-disabled={!panel.canSave}
                      loading={busy}
                      onClick={() => void saveRows(dirtyIds)}
                    >
                      {t('assignment.save_all', { n: dirtyIds.length })}
                    </Button>
                  </Tooltip>
                </Group>
              )}
              {active.length === 0 ? (
                <Text c="dimmed" size="sm" data-testid="active-members-empty">
                  {t('assignment.no_active')}
                </Text>
              ) : (
                active.map((m, i) => {
                  const id = ownerOf(m);
                  const key = keyOf('active', id);
                  const draft = rowDraft(m);
                  const issue = refused[key] ?? panel.members[i]?.issue ?? null;
                  const open = expanded === key;
                  const dirty = dirtyIds.includes(id);
                  return (
                    <MemberRow
                      key={key}
                      list="active"
                      member={m}
                      summary={
                        <>
                          {t('assignment.share', { n: draft.target.trim() || '—' })} · {t(`regions.${regionKey(draft.region)}`)}
                          {draft.paused && (
                            <Badge ml="xs" size="xs" color="gray" variant="light">
                              {t('assignment.paused')}
                            </Badge>
                          )}
                        </>
                      }
                      issue={!open && issue ? issueText(issue.code, issue.n) : null}
                      actions={
                        <>
                          {dirty && (
                            <Tooltip label={saveTooltip} disabled={panel.canSave} events={{ hover: true, focus: true, touch: true }}>
                              <ActionIcon
                                variant="light"
                                color="teal"
                                aria-label={t('assignment.save', { name: m.employee_name })}
                                data-disabled={!panel.canSave || busy || undefined}
                                aria-disabled={!panel.canSave || busy}
                                onClick={() => void saveRows([id])}
                              >
                                <IconDeviceFloppy size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          <ExpandIcon
                            open={open}
                            label={t('assignment.edit', { name: m.employee_name })}
                            controls={`${key}-form`}
                            onClick={() => toggle(key)}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('assignment.remove', { name: m.employee_name })}
                            onClick={() => setRemoving(m)}
                            disabled={busy}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </>
                      }
                    >
                      {open && (
                        <MemberForm
                          id={`${key}-form`}
                          draft={draft}
                          onChange={(next) => editRow(m, next)}
                          targetError={issue ? issueText(issue.code, issue.n) : null}
                          withPaused
                        />
                      )}
                    </MemberRow>
                  );
                })
              )}
            </Stack>

            <Stack gap="sm" component="section" aria-labelledby="all-members-title" data-testid="all-members">
              <Title order={3} size="h4" id="all-members-title">
                {t('assignment.all_members')}
              </Title>
              <TextInput
                label={t('assignment.search')}
                placeholder={t('assignment.search_placeholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={query}
                onChange={(e) => {
                  setQuery(e.currentTarget.value);
                  setPage(0);
                }}
              />
              {all.length === 0 ? (
                <EmptyState compact title={t('assignment.no_owners')} data-testid="all-members-empty">
                  {t('assignment.no_owners_hint')}
                </EmptyState>
              ) : filtered.length === 0 ? (
                <EmptyState
                  compact
                  title={t('assignment.no_match')}
                  action={
                    <Button size="xs" variant="light" onClick={() => setQuery('')}>
                      {t('clear_search')}
                    </Button>
                  }
                  data-testid="all-members-no-match"
                />
              ) : (
                shown.map((m) => {
                  const id = ownerOf(m);
                  const key = keyOf('all', id);
                  const open = expanded === key;
                  const draft = candidateDraft(m);
                  const verdict = open ? memberBody(m, draft) : null;
                  const issue: Issue | null =
                    refused[key] ??
                    (open ? panel.candidate?.issue ?? null : null) ??
                    (verdict?.err !== undefined ? { code: verdict.err, n: null } : null);
                  const showIssue = touched[key] || draft.target.trim() !== '' || refused[key] !== undefined;
                  const canAdd = open && panel.canAddCandidate && verdict?.err === undefined && !refused[key] && !busy;
                  return (
                    <MemberRow
                      key={key}
                      list="all"
                      member={m}
                      summary={
                        activeIds.has(id) ? (
                          <Badge size="xs" color="teal" variant="light">
                            {t('assignment.is_active')}
                          </Badge>
                        ) : (
                          t('assignment.not_added')
                        )
                      }
                      issue={null}
                      actions={
                        <ExpandIcon
                          open={open}
                          label={t('assignment.open_add', { name: m.employee_name })}
                          controls={`${key}-form`}
                          onClick={() => toggle(key)}
                        />
                      }
                    >
                      {open && (
                        <MemberForm
                          id={`${key}-form`}
                          draft={draft}
                          onChange={(next) => editCandidate(m, next)}
                          onBlurTarget={() => setTouched((x) => ({ ...x, [key]: true }))}
                          targetError={issue && showIssue ? issueText(issue.code, issue.n) : null}
                          footer={
                            <Button
                              onClick={() => void addMember(m)}
                              disabled={!canAdd}
                              loading={busy}
                              leftSection={<IconPlus size={16} aria-hidden />}
                            >
                              {t('assignment.add_member')}
                            </Button>
                          }
                        />
                      )}
                    </MemberRow>
                  );
                })
              )}
              {pages > 1 && <PageButtons page={page} pages={pages} onPage={setPage} label={t('assignment.pages')} />}
            </Stack>
          </SimpleGrid>
        )}
      <UnsavedChangesPrompt
        when={unsaved}
        texts={{
          title: t('assignment.unsaved_title'),
          body: t('assignment.unsaved_body'),
          stay: t('assignment.unsaved_stay'),
          leave: t('assignment.unsaved_leave'),
        }}
      />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('assignment.remove_title')}
        text={t('assignment.remove_body', { name: removing?.employee_name ?? '' })}
        cancelLabel={t('cancel')}
        confirmLabel={t('assignment.remove_confirm')}
        onConfirm={() => void confirmRemove()}
        busy={busy}
        closeLabel={t('close')}
      />
    </SectionCard>
  );
}

const regionKey = (region: string) =>
  (OPTIONS.regions as readonly string[]).includes(region) ? (region as (typeof OPTIONS.regions)[number]) : OPTIONS.defaultRegion;

function ExpandIcon({ open, label, controls, onClick }: { open: boolean; label: string; controls: string; onClick: () => void }) {
  return (
    <ActionIcon variant="light" aria-label={label} aria-expanded={open} aria-controls={open ? controls : undefined} onClick={onClick}>
      {open ? <IconMinus size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
    </ActionIcon>
  );
}

/** A member of one of the lists: its name and summary, its buttons, and its form when open. */
function MemberRow({
  list,
  member,
  summary,
  issue,
  actions,
  children,
}: {
  list: ListKind;
  member: AssignmentMemberView;
  summary: ReactNode;
  issue: string | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`${list}-member`} data-owner-id={ownerOf(member)} aria-label={member.employee_name} role="group">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {member.employee_name}
          </Text>
          <Text size="sm" c="dimmed" component="div">
            {summary}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {actions}
        </Group>
      </Group>
      {issue && (
        <Text size="sm" c="red" mt={4} data-testid="member-issue">
          {issue}
        </Text>
      )}
      {children}
    </Paper>
  );
}

function MemberForm({
  id,
  draft,
  onChange,
  onBlurTarget,
  targetError,
  withPaused = false,
  footer,
}: {
  id: string;
  draft: Draft;
  onChange: (next: Draft) => void;
  onBlurTarget?: () => void;
  targetError: string | null;
  withPaused?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="sm" mt="sm" id={id} data-testid="member-form">
      <MultiSelect
        label={t('assignment.stages')}
        placeholder={draft.stages.length === 0 ? t('assignment.stages_placeholder') : undefined}
        data={OPTIONS.onboardingStages.map((s) => ({ value: s, label: t(`stages.${s}`) }))}
        value={draft.stages}
        onChange={(stages) => onChange({ ...draft, stages })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={t('assignment.target')}
        inputMode="decimal"
        autoComplete="off"
        value={draft.target}
        onChange={(e) => onChange({ ...draft, target: e.currentTarget.value })}
        onBlur={onBlurTarget}
        error={targetError}
        rightSection={<Text size="sm" c="dimmed">%</Text>}
      />
      <Select
        label={t('assignment.region')}
        data={OPTIONS.regions.map((r) => ({ value: r, label: t(`regions.${r}`) }))}
        value={draft.region}
        onChange={(region) => onChange({ ...draft, region: region ?? OPTIONS.defaultRegion })}
        allowDeselect={false}
      />
      {withPaused && (
        <Switch
          label={t('assignment.pause')}
          description={t('assignment.pause_hint')}
          checked={draft.paused}
          onChange={(e) => onChange({ ...draft, paused: e.currentTarget.checked })}
        />
      )}
      {footer && <Group justify="flex-end">{footer}</Group>}
    </Stack>
  );
}
