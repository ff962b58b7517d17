// The billing prompts' state: whether the plan chooser is open (the popup, the banner and the
// billing screen open it), the plan limits the upgrade popup decides on (the plan list itself is
// the page's shared one, `@/stores/plans`), and what was closed
// this session (the banner, the notice, the popup shown once) — kept in sessionStorage per user,
// so a reload does not bring them back but a new session, or another person, sees them again.
import { create } from 'zustand';
import type { PlanLimits } from '@/generated/contract';
import { usePlanList } from '@/stores/plans';
import { fetchLimits, type Payer } from '../api';

export type SessionFlag = 'banner_closed' | 'notice_closed' | 'prompt_shown';

const flagKey = (flag: SessionFlag, userId: number) => `switchboard.billing.${flag}.${userId}`;

export function readFlag(flag: SessionFlag, userId: number | undefined): boolean {
  if (userId === undefined) return false;
  try {
    return window.sessionStorage.getItem(flagKey(flag, userId)) === '1';
  } catch {
    return false;
  }
}

function writeFlag(flag: SessionFlag, userId: number | undefined) {
  if (userId === undefined) return;
  try {
    window.sessionStorage.setItem(flagKey(flag, userId), '1');
  } catch {
    // Without storage the flag lasts as long as the page.
  }
}

interface BillingUiState {
  chooserOpen: boolean;
  /** Flags set this page life (mirrors of sessionStorage, so the UI re-renders). */
  closed: Record<string, true>;
  limits: PlanLimits | null;
  limitsKey: string | null;
  openChooser: () => void;
  closeChooser: () => void;
  isSet: (flag: SessionFlag, userId: number | undefined) => boolean;
  set: (flag: SessionFlag, userId: number | undefined) => void;
  loadLimits: (payer: Payer) => Promise<void>;
  /** Forgets the limits (after a purchase), so the next look asks the server again. */
  forgetLimits: () => void;
  reset: () => void;
}

export const useBillingUi = create<BillingUiState>((set, get) => ({
  chooserOpen: false,
  closed: {},
  limits: null,
  limitsKey: null,
  openChooser: () => set({ chooserOpen: true }),
  closeChooser: () => set({ chooserOpen: false }),
  isSet: (flag, userId) =>
    userId !== undefined && (get().closed[flagKey(flag, userId)] === true || readFlag(flag, userId)),
  set: (flag, userId) => {
    if (userId === undefined) return;
    writeFlag(flag, userId);
    set((s) => ({ closed: { ...s.closed, [flagKey(flag, userId)]: true } }));
  },
  async loadLimits(payer) {
    const key = JSON.stringify(payer);
    if (get().limitsKey === key) return;
    set({ limitsKey: key, limits: null });
    try {
      const limits = await fetchLimits(payer);
      if (get().limitsKey === key) set({ limits });
    } catch {
      // Without the limits no prompt opens; nothing else depends on them here.
      if (get().limitsKey === key) set({ limitsKey: null });
    }
  },
  forgetLimits: () => set({ limits: null, limitsKey: null }),
  reset: () => {
    usePlanList.getState().reset();
    set({ chooserOpen: false, closed: {}, limits: null, limitsKey: null });
  },
}));
