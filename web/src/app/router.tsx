// The route table of spec 000 §2. Public routes match exactly; protected ones sit behind
// RequireAuth and the signed-in layout; `/` shows the signup page and any other unknown address
// the not-found page (issue #25; the spec's `/{id}` fallback to signup hid mistyped addresses).
// Every page is its own lazily loaded chunk so the first load stays small.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth, SIGNUP_PATH } from './guards';
import { RouteError } from './RouteError';
import { FullScreenLoader } from '@/components/FullScreenLoader';

type Loader = () => Promise<Record<string, unknown>>;
const lazyPage = (load: Loader, name: string) => async () => {
  const mod = await load();
  return { Component: mod[name] as React.ComponentType };
};

const leads = () => import('@/features/leads/pages/LeadsPage');
const leadCrm = () => import('@/features/leads/pages/LeadCrmPage');
const publicPages = () => import('@/features/public/pages/PublicPage');
const signup = () => import('@/features/auth/pages/SignupPage');
const organization = () => import('@/features/organization/pages/OrganizationPage');
const createOrganisation = () => import('@/features/shell/pages/CreateOrganisationPage');
const logoutPage = () => import('@/features/shell/pages/LogoutPage');
const onboarding = () => import('@/features/onboarding/OnboardingPage');
const notFound = () => import('./NotFoundPage');
const integrations = () => import('@/features/integrations/pages/IntegrationsPage');
const dashboard = () => import('@/features/dashboard/pages/DashboardPage');
const settings = () => import('@/features/settings/pages/SettingsPage');
const billing = () => import('@/features/billing/pages/BillingPage');
const failedTransactions = () => import('@/features/billing/pages/FailedTransactionsPage');
const pricing = () => import('@/features/billing/pages/PricingPage');
const checkout = () => import('@/features/billing/pages/CheckoutPage');
const adminFrame = () => import('@/features/admin/components/AdminFrame');
const adminDashboard = () => import('@/features/admin/pages/AdminDashboardPage');
const adminPanel = () => import('@/features/admin/pages/AdminPanelPage');
const adminUserInfo = () => import('@/features/admin/pages/UserInfoPage');
const knowledgeBase = () => import('@/features/kb/pages/KnowledgeBasePage');
const teamInbox = () => import('./TeamInboxRoute');
const manageTools = () => import('@/features/manage/pages/ManageToolsPage');
const quickReplyAnalytics = () => import('@/features/manage/pages/QuickReplyAnalyticsPage');

export const PRODUCT = 'switchboard';

export const publicRoutes: RouteObject[] = [
  ['/terms', 'TermsPage'],
  ['/privacy', 'PrivacyPage'],
  ['/faqs', 'FaqsPage'],
  ['/features', 'FeaturesPage'],
  ['/howitworks', 'HowItWorksPage'],
  ['/feedback/:id', 'FeedbackPage'],
  ['/navcomp', 'NavCompPage'],
  ['/trendsTable', 'TrendsTablePage'],
  ['/performanceTable', 'PerformanceTablePage'],
]
  .map(([path, name]) => ({ path, lazy: lazyPage(publicPages, name!) }) as RouteObject)
  .concat([
    { path: '/pricing', lazy: lazyPage(pricing, 'default') },
    { path: '/checkout', lazy: lazyPage(checkout, 'default') },
  ]);

export const protectedRoutes: RouteObject[] = [
  { path: '/organization', lazy: lazyPage(organization, 'default') },
  { path: '/organization/:id', lazy: lazyPage(organization, 'default') },
  { path: '/integrations', lazy: lazyPage(integrations, 'default') },
  { path: '/conversations/analytics', lazy: lazyPage(dashboard, 'default') },
  { path: '/dashboard', lazy: lazyPage(dashboard, 'default') },
  { path: '/settings', lazy: lazyPage(settings, 'default') },
  { path: '/settings/:id', lazy: lazyPage(settings, 'default') },
  { path: '/settings/billing', lazy: lazyPage(billing, 'default') },
  { path: '/failedtransactions', lazy: lazyPage(failedTransactions, 'default') },
  { path: '/knowledge-base', lazy: lazyPage(knowledgeBase, 'default') },
  // Manage Tools (000 §2): one page whose tabs each have an address.
  ...['/quick-replies', '/labels', '/userproperties', '/quick-replies/follow-ups', '/quick-replies/scheduled'].map((path) => ({
    path,
    lazy: lazyPage(manageTools, 'default'),
  })),
  { path: '/quick-replies/analytics', lazy: lazyPage(quickReplyAnalytics, 'default') },
  { path: '/team-inbox', lazy: lazyPage(teamInbox, 'default') },
  { path: '/leads', lazy: lazyPage(leads, 'default') },
  { path: '/leadcrm', lazy: lazyPage(leadCrm, 'default') },
  // The product's texts (web/content): tutorials, roadmap, changelog.
  { path: '/tutorials', lazy: lazyPage(publicPages, 'TutorialsPage') },
  { path: '/roadmap', lazy: lazyPage(publicPages, 'RoadmapPage') },
  { path: '/changelog', lazy: lazyPage(publicPages, 'ChangelogPage') },
];

/**
 * The operator's screens (issue #16): behind their own guard on the operator session, not the
 * users' sign-in, and outside the users' frame. `/admin/panel/secure` is the sign-in, then the
 * Dashboard; the admin panel sits under the product's name with its sections and User Info.
 */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/panel/secure', lazy: lazyPage(adminDashboard, 'default') },
  ...['', '/users', '/audit', '/failed-transactions', '/feedback'].map((section) => ({
    path: `/${PRODUCT}/admin/panel${section}`,
    lazy: lazyPage(adminPanel, 'default'),
  })),
  { path: `/${PRODUCT}/admin/panel/user-info`, lazy: lazyPage(adminUserInfo, 'default') },
  { path: `/${PRODUCT}/admin/panel/user-info/:id`, lazy: lazyPage(adminUserInfo, 'default') },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first page's lazy chunk arrives (React Router asks for one, else warns).
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      ...publicRoutes,
      { path: SIGNUP_PATH, lazy: lazyPage(signup, 'default') },
      { path: '/createorganization', lazy: lazyPage(createOrganisation, 'default') },
      { path: '/logout', lazy: lazyPage(logoutPage, 'default') },
      { path: '/onboarding', lazy: lazyPage(onboarding, 'default') },
      { lazy: lazyPage(adminFrame, 'AdminFrame'), children: adminRoutes },
      {
        element: <RequireAuth />,
        children: [
          {
            // The frame; in dashboard-only mode it sends every other address to the dashboard.
            lazy: async () => ({ Component: (await import('./AppLayout')).AppLayout }),
            children: protectedRoutes,
          },
        ],
      },
      { path: '/', lazy: lazyPage(signup, 'default') },
      { path: '*', lazy: lazyPage(notFound, 'default') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
