// Route guards. Protected routes redirect to /workspace/signup when nobody is signed in
// (spec 000 §2), remembering where the person was going. Dashboard-only mode's redirect is the
// signed-in frame's (AppLayout.tsx): it needs the navigation model, which the sign-up page's
// first load does without.
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useSession } from '@/stores/session';

export const SIGNUP_PATH = '/workspace/signup';

export function RequireAuth() {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'checking') return <FullScreenLoader />;
  if (status === 'anonymous') {
    return <Navigate to={SIGNUP_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
