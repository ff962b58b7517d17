// The plan list (001 §3 Plan; the frame asks for it on load, 001 §2): the catalogue's one copy in
// the page, read by the plan screens and by every place a plan is named, so a plan id has one
// name everywhere (its catalogue `plan_name`).
import { create } from 'zustand';
import type { Plan } from '@/generated/contract';
import { resultData } from '@/lib/api';

export const PLAN_LIST_PATH = '/api/v1/whatzapp/planlist';

interface PlanListState {
  /** The plan list, null until it has been loaded. */
  plans: Plan[] | null;
  /** The plan list: the one loaded, the load under way, or a new load (after none, or a failure). */
  loadPlans: () => Promise<Plan[]>;
  reset: () => void;
}

/** The plan list's load under way, shared by whoever asks meanwhile. */
let plansLoad: Promise<Plan[]> | null = null;

export const usePlanList = create<PlanListState>((set, get) => ({
  plans: null,
  loadPlans() {
    const loaded = get().plans;
    if (loaded) return Promise.resolve(loaded);
    if (plansLoad) return plansLoad;
    const load = resultData<Plan[]>(PLAN_LIST_PATH).then(
      (plans) => {
        // A reset meanwhile (logout) forgets this load.
        if (plansLoad === load) {
          plansLoad = null;
          set({ plans });
        }
        return plans;
      },
      (e: unknown) => {
        if (plansLoad === load) plansLoad = null;
        throw e;
      },
    );
    plansLoad = load;
    return load;
  },
  reset: () => {
    plansLoad = null;
    set({ plans: null });
  },
}));
