// The guided tour of the signed-in frame (issue #28 item 9): a few steps, each dimming the page
// around one part of the frame — the side navigation, the dashboard, integrations, the manage
// tools, My Account — with a card saying what it is for. It opens where it last stopped (the
// server keeps the step), and every move, Skip and Finish is saved so it can be resumed later
// from Getting started. Loaded only when the tour runs (AppLayout, `?tour=1`).
import { Button, Group, Loader, Paper, Portal, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '@/lib/i18nLazy';
import { fetchOnboarding, saveOnboarding } from './api';
import { startStep, TOUR_STEPS } from './tour';

const CARD_WIDTH = 320;
const GAP = 12;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

function boxOf(selector: string): Box | null {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

/** The card beside the highlighted box: to its right when there is room, else below it. */
function cardPlace(box: Box | null): React.CSSProperties {
  const vw = window.innerWidth;
  if (!box) return { top: '30%', left: '50%', transform: 'translateX(-50%)' };
  if (box.left + box.width + GAP + CARD_WIDTH < vw) {
    return { top: Math.max(box.top, GAP), left: box.left + box.width + GAP };
  }
  return { top: box.top + box.height + GAP, left: Math.max(GAP, Math.min(box.left, vw - CARD_WIDTH - GAP)) };
}

export default function GuidedTour({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const ready = useNamespace('settings');
  const [step, setStep] = useState<number | null>(null);
  const [box, setBox] = useState<Box | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchOnboarding(ctrl.signal).then(
      (s) => setStep(startStep(s)),
      () => setStep(0),
    );
    return () => ctrl.abort();
  }, []);

  useLayoutEffect(() => {
    if (step === null) return;
    const target = TOUR_STEPS[step]!.target;
    const measure = () => setBox(boxOf(target));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [step]);

  // Saving is best effort: a lost save only means the tour resumes a step earlier.
  const save = (tour_status: string, tour_step: number) => saveOnboarding({ tour_status, tour_step }).catch(() => undefined);

  useEffect(() => {
    if (step !== null) void save('in_progress', step);
  }, [step]);

  if (!ready || step === null) {
    return (
      <Portal>
        <Loader size="sm" style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 400 }} aria-label={ready ? t('tour.loading') : undefined} />
      </Portal>
    );
  }

  const last = step === TOUR_STEPS.length - 1;
  const key = TOUR_STEPS[step]!.key;
  const skip = () => {
    void save('skipped', step);
    onClose();
  };
  const finish = () => {
    void save('finished', step);
    onClose();
  };

  return (
    <Portal>
      <div
        data-testid="tour-highlight"
        data-step={key}
        style={{
          position: 'fixed',
          zIndex: 400,
          pointerEvents: 'none',
          borderRadius: 8,
          ...(box
            ? { top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8, boxShadow: '0 0 0 9999px rgba(0,0,0,0.45)', outline: '2px solid var(--mantine-color-indigo-5)' }
            : { inset: 0, background: 'rgba(0,0,0,0.45)' }),
        }}
      />
      <Paper
        role="dialog"
        aria-modal="false"
        aria-labelledby="tour-title"
        data-testid="tour-card"
        shadow="lg"
        p="md"
        radius="md"
        withBorder
        style={{ position: 'fixed', zIndex: 401, width: CARD_WIDTH, maxWidth: `calc(100vw - ${GAP * 2}px)`, ...cardPlace(box) }}
      >
        <Text size="xs" c="dimmed" data-testid="tour-progress">
          {t('tour.progress', { step: step + 1, count: TOUR_STEPS.length })}
        </Text>
        <Title order={2} size="h5" id="tour-title" mt={4}>
          {t(`tour.${key}_title`)}
        </Title>
        <Text size="sm" mt={4}>
          {t(`tour.${key}_body`)}
        </Text>
        <Group justify="space-between" mt="md" wrap="nowrap">
          <Button variant="subtle" size="xs" color="gray" onClick={skip} data-testid="tour-skip">
            {t('tour.skip')}
          </Button>
          <Group gap="xs" wrap="nowrap">
            {step > 0 && (
              <Button variant="default" size="xs" onClick={() => setStep(step - 1)}>
                {t('tour.back')}
              </Button>
            )}
            {last ? (
              <Button size="xs" onClick={finish} data-testid="tour-finish">
                {t('tour.finish')}
              </Button>
            ) : (
              <Button size="xs" onClick={() => setStep(step + 1)} data-testid="tour-next">
                {t('tour.next')}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Portal>
  );
}
