// The guided tour's steps over the signed-in frame: what each highlights (a selector in
// AppLayout) and where it starts again. A step whose element is not on screen (an entry the
// person's role does not show) is explained in the middle of the page instead.
import type { OnboardingState } from './api';

export const TOUR_STEPS = [
  { key: 'navigation', target: '#main-menu' },
  { key: 'dashboard', target: '[data-tour="dashboard"]' },
  { key: 'integrations', target: '[data-tour="integrations"]' },
  { key: 'manage_tools', target: '[data-tour="quick_replies"]' },
  { key: 'my_account', target: '[data-testid="account-menu"]' },
] as const;

export type TourStepKey = (typeof TOUR_STEPS)[number]['key'];

/** Where the tour opens: the step it stopped at, or the first once it was finished. */
export function startStep(state: Pick<OnboardingState, 'tour_status' | 'tour_step'>): number {
  if (state.tour_status === 'finished') return 0;
  return Math.min(Math.max(state.tour_step, 0), TOUR_STEPS.length - 1);
}
