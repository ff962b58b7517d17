// The onboarding questionnaire and tour (docs/API.md: account): the person's own answers and
// where their tour of the signed-in frame stopped. The choice lists are domain::onboarding's.
import { apiFetch } from '@/lib/api';
import type { OnboardingChange, OnboardingState } from '@/generated/contract';

export type { OnboardingChange, OnboardingState };

const PATH = '/api/account/onboarding';

export const TEAM_SIZES = ['just_me', '2_10', '11_50', '51_200', '200_plus'] as const;
export const CRMS = ['none', 'hubspot', 'zoho', 'salesforce', 'bitrix24', 'freshdesk', 'leadsquared', 'google_sheets', 'other'] as const;
export const GOALS = ['more_sales', 'faster_support', 'team_visibility', 'crm_sync', 'follow_ups', 'other'] as const;
export const GOAL_TEXT_CHARS = 500;

export function fetchOnboarding(signal?: AbortSignal): Promise<OnboardingState> {
  return apiFetch<OnboardingState>(PATH, { signal });
}

export function saveOnboarding(change: OnboardingChange): Promise<OnboardingState> {
  return apiFetch<OnboardingState>(PATH, { method: 'PUT', body: change });
}

/** Opens the frame with the tour running (AppLayout reads `?tour=1`). */
export const TOUR_ADDRESS = '/conversations/analytics?tour=1';
