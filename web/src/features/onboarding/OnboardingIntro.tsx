// The top of /onboarding for a signed-in person: the questionnaire until it is saved or skipped
// (saved answers prefilled), then a card that starts the guided tour of the frame or resumes it
// at the step it stopped, with a way back to the answers.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNamespace } from '@/lib/i18nLazy';
import { fetchOnboarding, TOUR_ADDRESS, type OnboardingState } from './api';
import { Questionnaire, QuestionnaireLoading } from './Questionnaire';
import { startStep, TOUR_STEPS } from './tour';

export function OnboardingIntro() {
  const ready = useNamespace('settings');
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [state, setState] = useState<OnboardingState | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState<boolean | null>(null);

  const load = () => {
    setFailed(false);
    fetchOnboarding().then(
      (s) => {
        setState(s);
        setAsking((a) => a ?? s.answered_at === null);
      },
      () => setFailed(true),
    );
  };
  useEffect(load, []);

  if (!ready) return null;
  if (failed) {
    return (
      <Alert color="red" role="alert" title={t('onboarding.load_failed')}>
        <Button size="xs" variant="light" onClick={load}>
          {t('onboarding.retry')}
        </Button>
      </Alert>
    );
  }
  if (!state || asking === null) return <QuestionnaireLoading />;

  if (asking) {
    return (
      <Paper withBorder p="md" radius="md" data-testid="questionnaire">
        <Title order={2} size="h4" mb={4}>
          {t('onboarding.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('onboarding.intro')}
        </Text>
        <Questionnaire
          state={state}
          onDone={(saved) => {
            if (saved) setState(saved);
            setAsking(false);
          }}
        />
      </Paper>
    );
  }

  const resumable = state.tour_status === 'in_progress' || state.tour_status === 'skipped';
  const step = startStep(state);
  return (
    <Paper withBorder p="md" radius="md" data-testid="tour-offer">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('tour.offer_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {resumable
            ? t('tour.offer_resume', { step: step + 1, count: TOUR_STEPS.length })
            : state.tour_status === 'finished'
              ? t('tour.offer_again')
              : t('tour.offer_body')}
        </Text>
        <Group gap="sm">
          <Button onClick={() => void navigate(TOUR_ADDRESS)} data-testid="tour-start">
            {resumable ? t('tour.resume') : t('tour.start')}
          </Button>
          <Button variant="subtle" onClick={() => setAsking(true)} data-testid="questionnaire-edit">
            {state.answered_at ? t('onboarding.edit') : t('onboarding.answer')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
