// The onboarding questionnaire and the guided tour against a fake server: saved answers come
// back prefilled, a save sends the four answers and moves on to the tour offer, a refused value
// is shown under its field, Skip saves nothing; the tour opens where it stopped, each step is
// saved, and Skip keeps the step so the offer resumes there.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { OnboardingState } from '@/generated/contract';
import { errorBody, renderRoutes, setupSuite, signInAs, stubServer, type Answer, type Call } from '@/testing/harness';
import { OnboardingIntro } from './OnboardingIntro';
import GuidedTour from './GuidedTour';

const state = (over: Partial<OnboardingState> = {}): OnboardingState => ({
  team_size: null,
  crms: [],
  goal: null,
  goal_text: null,
  answered_at: null,
  tour_status: 'not_started',
  tour_step: 0,
  tour_at: null,
  ...over,
});

function server(initial: OnboardingState, own: (call: Call) => Answer | undefined = () => undefined) {
  const calls: Call[] = [];
  let current = initial;
  stubServer(calls, (call) => {
    const answer = own(call);
    if (answer) return answer;
    if (call.url.pathname === '/api/account/onboarding' && call.method === 'GET') return { body: current };
    if (call.url.pathname === '/api/account/onboarding' && call.method === 'PUT') {
      const b = call.body as Record<string, unknown>;
      current = { ...current, ...b, ...('team_size' in b ? { answered_at: '2026-11-29T01:00:00Z' } : {}) } as OnboardingState;
      return { body: current };
    }
    return { status: 404, body: errorBody('not_found') };
  });
  return calls;
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

setupSuite({ before: () => signInAs(null) });

test('the questionnaire shows saved answers, sends all four and then offers the tour', async () => {
  const calls = server(state({ team_size: '2_10', crms: ['zoho'], goal: 'other', goal_text: 'More replies', answered_at: null }));
  renderRoutes([{ path: '/onboarding', element: <OnboardingIntro /> }], '/onboarding');
  const form = await screen.findByTestId('questionnaire');
  expect(within(form).getByLabelText('2–10')).toBeChecked();
  expect(within(form).getByLabelText('Zoho')).toBeChecked();
  expect(within(form).getByLabelText('In your own words (optional)')).toHaveValue('More replies');

  fireEvent.click(within(form).getByLabelText('HubSpot'));
  fireEvent.click(within(form).getByLabelText('Close more sales on WhatsApp'));
  // "None" stands alone.
  fireEvent.click(within(form).getByLabelText('None'));
  expect(within(form).getByLabelText('HubSpot')).not.toBeChecked();
  fireEvent.click(within(form).getByLabelText('HubSpot'));
  expect(within(form).getByLabelText('None')).not.toBeChecked();
  fireEvent.click(screen.getByTestId('questionnaire-save'));

  expect(await screen.findByTestId('tour-offer')).toBeInTheDocument();
  expect(puts(calls)).toEqual([{ team_size: '2_10', crms: ['hubspot'], goal: 'more_sales', goal_text: 'More replies' }]);
  expect(screen.getByTestId('tour-start')).toHaveTextContent('Start the tour');
});

test('a refused value is shown under its field; Skip moves on without saving', async () => {
  const calls = server(state(), (c) =>
    c.method === 'PUT' ? { status: 422, body: errorBody('validation_failed', { team_size: 'value_invalid' }) } : undefined,
  );
  renderRoutes([{ path: '/onboarding', element: <OnboardingIntro /> }], '/onboarding');
  fireEvent.click(await screen.findByLabelText('Just me'));
  fireEvent.click(screen.getByTestId('questionnaire-save'));
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(await screen.findByText('Please enter valid value')).toBeInTheDocument();

  fireEvent.click(screen.getByTestId('questionnaire-skip'));
  expect(await screen.findByTestId('tour-offer')).toBeInTheDocument();
  expect(puts(calls)).toHaveLength(1);
});

test('a person who skipped the tour is offered to resume it at the step it stopped', async () => {
  server(state({ answered_at: '2026-11-29T01:00:00Z', tour_status: 'skipped', tour_step: 2 }));
  renderRoutes([{ path: '/onboarding', element: <OnboardingIntro /> }], '/onboarding');
  expect(await screen.findByTestId('tour-offer')).toHaveTextContent('You stopped at step 3 of 5');
  expect(screen.getByTestId('tour-start')).toHaveTextContent('Resume the tour');
});

test('the tour opens at the saved step, saves each move, and Skip keeps the step', async () => {
  const calls = server(state({ tour_status: 'skipped', tour_step: 1 }));
  let closed = false;
  document.body.insertAdjacentHTML('beforeend', '<nav id="main-menu">menu</nav><a data-tour="integrations">Integrations</a>');
  renderRoutes([{ path: '/', element: <GuidedTour onClose={() => (closed = true)} /> }], '/');
  expect(await screen.findByTestId('tour-progress')).toHaveTextContent('Step 2 of 5');
  expect(screen.getByTestId('tour-card')).toHaveTextContent('Dashboard');
  fireEvent.click(screen.getByTestId('tour-next'));
  expect(await screen.findByText('Step 3 of 5')).toBeInTheDocument();
  expect(screen.getByTestId('tour-highlight')).toHaveAttribute('data-step', 'integrations');
  fireEvent.click(screen.getByTestId('tour-skip'));
  expect(closed).toBe(true);
  await waitFor(() =>
    expect(puts(calls)).toEqual([
      { tour_status: 'in_progress', tour_step: 1 },
      { tour_status: 'in_progress', tour_step: 2 },
      { tour_status: 'skipped', tour_step: 2 },
    ]),
  );
});

test('a finished tour starts again at the first step and Finish on the last saves it', async () => {
  const calls = server(state({ tour_status: 'in_progress', tour_step: 4 }));
  let closed = false;
  renderRoutes([{ path: '/', element: <GuidedTour onClose={() => (closed = true)} /> }], '/');
  expect(await screen.findByText('Step 5 of 5')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('tour-finish'));
  expect(closed).toBe(true);
  await waitFor(() => expect(puts(calls).at(-1)).toEqual({ tour_status: 'finished', tour_step: 4 }));
});
