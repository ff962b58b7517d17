// Route guards. Protected routes redirect to /workspace/signup when nobody is signed in
// (spec 000 §2), remembering where the person was going; in dashboard-only mode every protected
// route but the dashboard redirects to it (000 §2: the reduced route list).
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { DASHBOARD, dashboardOnly } from '@/features/shell/nav';
import { readStored } from '@/lib/storage';
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

/**
 * 000 §2: 'A reduced route list contains only /conversations/analytics.' With the stored
 * `pathParams` saying showDashboardOnly (the extension's view), any other protected address —
 * `/dashboard` included — goes there, keeping its query (`organization_id` still applies).
 */
export function DashboardOnlyRoutes() {
  const { pathname, search } = useLocation();
  if (dashboardOnly(readStored('pathParams')) && pathname !== DASHBOARD.to) {
    return <Navigate to={{ pathname: DASHBOARD.to, search }} replace />;
  }
  return <Outlet />;
}
