// The dashboard's filters (000 §3): a period (the nine presets, the default last 7 days, or a
// custom range of local days), a team (All or one) and an employee (All or one of those the
// caller may see, narrowed by the team).
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_PRESET, PRESETS, personName, type PeriodChoice } from '../logic';
import { useDashboard } from '../stores/dashboard';

const ALL = 'all';

export function Filters() {
  const { t } = useTranslation('dashboard');
  const { filters, teams, members, setFilters } = useDashboard(
    useShallow((s) => ({ filters: s.filters, teams: s.teams, members: s.members, setFilters: s.setFilters })),
  );
  const periods: PeriodChoice[] = [DEFAULT_PRESET, ...PRESETS, 'custom'];
  const choosable = members.filter((m) => filters.teamId === null || m.team_id === filters.teamId);

  return (
    <Group align="flex-end" gap="md" wrap="wrap" role="search" aria-label={t('filters.heading')}>
      <NativeSelect
        label={t('filters.period')}
        data={periods.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        value={filters.period}
        onChange={(e) => setFilters({ period: e.currentTarget.value as PeriodChoice })}
        w={200}
        data-testid="filter-period"
      />
      {filters.period === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('filters.start')}
            value={filters.customStart}
            max={filters.customEnd || undefined}
            onChange={(e) => setFilters({ customStart: e.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="date"
            label={t('filters.end')}
            value={filters.customEnd}
            min={filters.customStart || undefined}
            onChange={(e) => setFilters({ customEnd: e.currentTarget.value })}
            w={170}
          />
        </>
      )}
      <NativeSelect
        label={t('filters.team')}
        data={[
          { value: ALL, label: t('filters.all_teams') },
          ...teams.map((tm) => ({ value: String(tm.id), label: tm.team_name })),
        ]}
        value={filters.teamId === null ? ALL : String(filters.teamId)}
        onChange={(e) => setFilters({ teamId: e.currentTarget.value === ALL ? null : Number(e.currentTarget.value) })}
        w={200}
        data-testid="filter-team"
      />
      <NativeSelect
        label={t('filters.employee')}
        data={[
          { value: ALL, label: t('filters.all_employees') },
          ...choosable.map((m) => ({
            value: String(m.user_id),
            label: `${personName(m.whatzapp_basic_info.name, m.role_id, t)} · ${m.email ?? m.whatsapp_no ?? m.user_id}`,
          })),
        ]}
        value={filters.userId === null ? ALL : String(filters.userId)}
        onChange={(e) => setFilters({ userId: e.currentTarget.value === ALL ? null : Number(e.currentTarget.value) })}
        w={260}
        data-testid="filter-employee"
      />
    </Group>
  );
}
