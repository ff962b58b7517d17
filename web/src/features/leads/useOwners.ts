// Who may own a contact or a deal: the organisation's members (the owner filters, the owner
// fields, the names on rows and cards), and the owners the caller may give a deal — anyone for a
// manager, admin or owner; only themself for an employee (the server refuses the rest).
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMembers } from '@/api/teams';
import { rule } from '@/lib/domain';
import { useLoad } from '@/lib/useLoad';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';

export interface OwnerOption {
  value: string;
  label: string;
}

/** The members by user id, as options sorted by name, and a name for any owner id (none: Nobody). */
export function useOwners(orgId: number | null, workspaceId: number | null) {
  const { t, i18n } = useTranslation('leads');
  const members = useLoad(
    orgId === null || workspaceId === null ? null : (signal) => fetchMembers(orgId, workspaceId, signal),
    [orgId, workspaceId],
  );
  const names = useMemo(() => {
    const m = new Map<number, string>();
    for (const e of members.data?.data ?? []) m.set(e.user_id, e.whatzapp_basic_info.name ?? e.email ?? `#${e.user_id}`);
    return m;
  }, [members.data]);
  const owners = useMemo<OwnerOption[]>(
    () =>
      [...names]
        .map(([id, name]) => ({ value: String(id), label: name }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [names, i18n.language],
  );
  const ownerName = useCallback((id: number | null | undefined) => (id ? (names.get(id) ?? `#${id}`) : t('nobody')), [names, t]);
  return { names, owners, ownerName };
}

/** The owners the caller may give a deal, and the caller's own id. */
export function useDealOwners(owners: OwnerOption[]) {
  const roleId = useWorkspace((s) => s.current?.role_id ?? null);
  const me = useSession((s) => s.user?.id ?? null);
  const anyone = !rule('access_check', { level: 'manager', roleId }).err;
  const choices = useMemo(() => (anyone ? owners : owners.filter((o) => o.value === String(me))), [anyone, owners, me]);
  return { choices, me };
}
