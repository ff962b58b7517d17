// 'Create a Team' and editing a team: a name (checked by the domain's `team_name` rule before
// sending) and a colour from the server's palette, chosen with a keyboard-usable radio group.
import { ColorSwatch, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColorEntry, Team } from '@/generated/contract';
import { FormModal } from '@/components/FormModal';
import { rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api';
import * as api from '../api';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The team to edit; none to create one. */
  team: Team | null;
}

function ColourPicker({
  palette,
  value,
  onChange,
}: {
  palette: ColorEntry[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('organization');
  const current = palette.findIndex((c) => c.id === value);
  const move = (e: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = palette[(index + step + palette.length) % palette.length];
    if (next) {
      onChange(next.id);
      document.getElementById(`team-colour-${next.id}`)?.focus();
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="team-colour-label">
        {t('teams.colour')}
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby="team-colour-label">
        {palette.map((c, i) => {
          const checked = c.id === value;
          return (
            <ColorSwatch
              key={c.id}
              id={`team-colour-${c.id}`}
              component="button"
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t('teams.colour_option', { n: i + 1 })}
              tabIndex={checked || (current === -1 && i === 0) ? 0 : -1}
              color={c.bg_color}
              size={30}
              onClick={() => onChange(c.id)}
              onKeyDown={(e: KeyboardEvent) => move(e, i)}
              style={{
                cursor: 'pointer',
                color: c.text_color,
                outline: checked ? `2px solid ${c.text_color}` : undefined,
                outlineOffset: 2,
              }}
            >
              {checked && (
                <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
                  <path d="M5 12l5 5L20 7" />
                </svg>
              )}
            </ColorSwatch>
          );
        })}
      </Group>
    </Stack>
  );
}

export function TeamFormModal({ opened, onClose, team }: Props) {
  const { t } = useTranslation('organization');
  const { text, describe } = useErrorText();
  const palette = useOrganization((s) => s.palette);
  const orgId = useOrganization((s) => s.mapping?.org_id);
  const refreshTeams = useOrganization((s) => s.refreshTeams);
  const refreshMembers = useOrganization((s) => s.refreshMembers);
  const [name, setName] = useState('');
  const [colour, setColour] = useState<number | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(team?.team_name ?? '');
    setColour(team?.team_color ?? palette[0]?.id ?? null);
    setNameError(null);
    setFormError(null);
  }, [opened, team, palette]);

  async function submit() {
    setFormError(null);
    const checked = rule('team_name', { name });
    if (checked.err !== undefined) {
      setNameError(text(checked.err));
      return;
    }
    setNameError(null);
    if (orgId === undefined) return;
    setBusy(true);
    try {
      if (team) {
        await api.updateTeam({ org_id: orgId, team_id: team.id, team_name: checked.ok, team_color: colour });
        toast.success(t('teams.updated'));
      } else {
        await api.createTeam({ org_id: orgId, team_name: checked.ok, team_color: colour });
        toast.success(t('teams.created'));
      }
      onClose();
      void refreshTeams();
      if (team) void refreshMembers();
    } catch (err) {
      const msg = describe(err, { conflict: t('teams.name_taken') });
      if (err instanceof ApiError && (err.fields.team_name || err.code === 'conflict')) setNameError(msg);
      else setFormError(msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={team ? t('teams.edit') : t('teams.create')}
      onSubmit={() => void submit()}
      error={formError}
      busy={busy}
      submitLabel={team ? t('save') : t('teams.create')}
      cancelLabel={t('cancel')}
    >
      <TextInput
        label={t('teams.name')}
        placeholder={t('teams.name_placeholder')}
        required
        data-autofocus
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameError}
        maxLength={100}
      />
      <ColourPicker palette={palette} value={colour} onChange={setColour} />
    </FormModal>
  );
}
