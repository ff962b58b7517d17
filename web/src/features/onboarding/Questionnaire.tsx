// The onboarding questionnaire (issue #28 item 9): team size, the CRMs in use (several, or
// none), the main goal and, optionally, the goal in the person's own words. Saved answers come
// back prefilled; Skip moves on without saving. A value the server refuses is shown under its
// field (the codes of domain::onboarding).
import { Alert, Button, Checkbox, Group, Loader, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { CRMS, GOAL_TEXT_CHARS, GOALS, saveOnboarding, TEAM_SIZES, type OnboardingState } from './api';

interface Draft {
  teamSize: string | null;
  crms: string[];
  goal: string | null;
  goalText: string;
}

const draftOf = (s: OnboardingState): Draft => ({
  teamSize: s.team_size,
  crms: s.crms,
  goal: s.goal,
  goalText: s.goal_text ?? '',
});

export function Questionnaire({
  state,
  onDone,
}: {
  state: OnboardingState;
  /** Called with the stored state after a save, or with nothing after Skip. */
  onDone: (saved: OnboardingState | null) => void;
}) {
  const { t } = useTranslation('settings');
  const codeText = useCodeText();
  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // "None" stands alone: ticking it clears the others, ticking another clears it.
  const pickCrms = (next: string[]) => {
    const added = next.find((c) => !draft.crms.includes(c));
    setDraft({ ...draft, crms: added === 'none' ? ['none'] : next.filter((c) => c !== 'none') });
  };

  async function save() {
    setErrors({});
    setFailed(null);
    if (draft.goalText.trim().length > GOAL_TEXT_CHARS) {
      setErrors({ goal_text: 'value_invalid' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveOnboarding({
        team_size: draft.teamSize ?? '',
        crms: draft.crms,
        goal: draft.goal ?? '',
        goal_text: draft.goalText,
      });
      onDone(saved);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setErrors(e.fields);
      else setFailed(codeText(e instanceof ApiError ? e.code : 'internal'));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: string) => (errors[name] ? codeText(errors[name]) : undefined);

  return (
    <Stack gap="md" component="form" onSubmit={(e) => (e.preventDefault(), void save())} aria-label={t('onboarding.title')}>
      <Radio.Group label={t('onboarding.team_size')} value={draft.teamSize} onChange={(v) => setDraft({ ...draft, teamSize: v })} error={field('team_size')}>
        <Group gap="md" mt={6}>
          {TEAM_SIZES.map((s) => (
            <Radio key={s} value={s} label={t(`onboarding.team_sizes.${s}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Checkbox.Group label={t('onboarding.crms')} description={t('onboarding.crms_hint')} value={draft.crms} onChange={pickCrms} error={field('crms')}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt={6} spacing="xs">
          {CRMS.map((c) => (
            <Checkbox key={c} value={c} label={t(`onboarding.crm_names.${c}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Radio.Group label={t('onboarding.goal')} value={draft.goal} onChange={(v) => setDraft({ ...draft, goal: v })} error={field('goal')}>
        <Stack gap={6} mt={6}>
          {GOALS.map((g) => (
            <Radio key={g} value={g} label={t(`onboarding.goals.${g}`)} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label={t('onboarding.goal_text')}
        description={t('onboarding.goal_text_hint', { count: GOAL_TEXT_CHARS })}
        value={draft.goalText}
        onChange={(e) => setDraft({ ...draft, goalText: e.currentTarget.value })}
        error={field('goal_text')}
        rows={3}
        maxLength={GOAL_TEXT_CHARS}
      />
      <Text size="xs" c="dimmed" ta="right" mt={-12}>
        {draft.goalText.length}/{GOAL_TEXT_CHARS}
      </Text>
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="subtle" color="gray" onClick={() => onDone(null)} disabled={saving} data-testid="questionnaire-skip">
          {t('onboarding.skip')}
        </Button>
        <Button type="submit" loading={saving} data-testid="questionnaire-save">
          {t('onboarding.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** While the saved answers load. */
export function QuestionnaireLoading() {
  const { t } = useTranslation('settings');
  return (
    <Group gap="sm">
      <Loader size="sm" />
      <Text size="sm">{t('onboarding.loading')}</Text>
    </Group>
  );
}
