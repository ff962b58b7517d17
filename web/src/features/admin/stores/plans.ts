// The plan catalogue as the operator's screens name plans ("Pro Plus, yearly"), read once per
// panel visit from the server (the catalogue's one source); until it answers, or if it fails,
// plans are named by their family and id.
import { create } from 'zustand';
import type { AdminPlan } from '@/generated/contract';
import { fetchPlans } from '../api';

interface PlansState {
  plans: Record<number, AdminPlan>;
  status: 'idle' | 'loading' | 'ready' | 'error';
  load: () => Promise<void>;
}

export const usePlans = create<PlansState>((set, get) => ({
  plans: {},
  status: 'idle',
  async load() {
    if (get().status === 'loading' || get().status === 'ready') return;
    set({ status: 'loading' });
    try {
      const list = await fetchPlans();
      set({ plans: Object.fromEntries(list.map((p) => [p.id, p])), status: 'ready' });
    } catch {
      set({ status: 'error' });
    }
  },
}));
