// The billing prompts of the signed-in frame (AppLayout): the upgrade-required popup, the trial
// or expiry notice with the trial-ended banner, and the plan chooser — loaded only once opened,
// so the frame stays small.
import { lazy, Suspense, useState } from 'react';
import { useBillingUi } from '../stores/billing';
import { PlanNotice, useBannerText } from './PlanNotice';
import { UpgradePopup } from './UpgradePopup';

const PlanChooser = lazy(() => import('./PlanChooser'));

/** The plan chooser, fetched the first time it opens. */
export function ChooserHost() {
  const opened = useBillingUi((s) => s.chooserOpen);
  // Kept mounted once loaded, so closing animates and reopening is instant.
  const [loaded, setLoaded] = useState(false);
  if (opened && !loaded) setLoaded(true);
  if (!loaded && !opened) return null;
  return (
    <Suspense fallback={null}>
      <PlanChooser />
    </Suspense>
  );
}

/** The popups (upgrade, plan chooser); `suppressed` in the extension's dashboard-only view. */
export function BillingPopups({ suppressed }: { suppressed: boolean }) {
  return (
    <>
      <UpgradePopup suppressed={suppressed} />
      <ChooserHost />
    </>
  );
}

/** The trial or expiry notice, or the trial-ended banner, above the page. */
export { PlanNotice, useBannerText };

/** Forgets the prompts' state of this page life (on logout). */
export const resetBillingUi = () => useBillingUi.getState().reset();
