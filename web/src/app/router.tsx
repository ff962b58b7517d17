// The route table of spec 000 §2. Public routes match exactly; protected ones sit behind
// RequireAuth and the signed-in layout; `/` and `/:id` fall back to the signup page. Every page
// is its own lazily loaded chunk so the first load stays small.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth, SIGNUP_PATH } from './guards';
import { RouteError } from './RouteError';

type Loader = () => Promise<Record<string, unknown>>;
const lazyPage = (load: Loader, name: string) => async () => {
  const mod = await load();
  return { Component: mod[name] as React.ComponentType };
};

const sections = () => import('@/features/shell/pages/sections');
const publicPages = () => import('@/features/public/pages/PublicPage');
const signup = () => import('@/features/auth/pages/SignupPage');
const organization = () => import('@/features/organization/pages/OrganizationPage');
const createOrganisation = () => import('@/features/shell/pages/CreateOrganisationPage');
const logoutPage = () => import('@/features/shell/pages/LogoutPage');
const onboarding = () => import('@/features/shell/pages/OnboardingPage');
const integrations = () => import('@/features/integrations/pages/IntegrationsPage');
const dashboard = () => import('@/features/dashboard/pages/DashboardPage');
const settings = () => import('@/features/settings/pages/SettingsPage');
const billing = () => import('@/features/billing/pages/BillingPage');
const failedTransactions = () => import('@/features/billing/pages/FailedTransactionsPage');
const pricing = () => import('@/features/billing/pages/PricingPage');
const checkout = () => import('@/features/billing/pages/CheckoutPage');

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
  ['/admin/panel/secure', 'SecureAdminPage'],
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
  // Sections whose screens arrive with their own feature folders.
  ...[
  ['/team-inbox', 'TeamInboxPage'],
  ['/knowledge-base', 'KnowledgeBasePage'],
  ['/leads', 'LeadsPage'],
  ['/quick-replies', 'ManageToolsPage'],
  ['/quick-replies/analytics', 'QuickReplyAnalyticsPage'],
  ['/userproperties', 'ManageToolsPage'],
  ['/labels', 'ManageToolsPage'],
  ['/leadcrm', 'LeadCrmPage'],
  [`/${PRODUCT}/admin/panel`, 'AdminPanelPage'],
  ].map(([path, name]) => ({ path, lazy: lazyPage(sections, name!) })),
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      { path: SIGNUP_PATH, lazy: lazyPage(signup, 'default') },
      { path: '/createorganization', lazy: lazyPage(createOrganisation, 'default') },
      { path: '/logout', lazy: lazyPage(logoutPage, 'default') },
      { path: '/onboarding', lazy: lazyPage(onboarding, 'default') },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./AppLayout')).AppLayout }),
            children: protectedRoutes,
          },
        ],
      },
      { path: '/', lazy: lazyPage(signup, 'default') },
      { path: '/:id', lazy: lazyPage(signup, 'default') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
