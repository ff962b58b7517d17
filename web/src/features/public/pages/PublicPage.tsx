// The public pages of the route table (spec 000 §2): terms, privacy, FAQs, features, how it
// works, the site map (`/navcomp`) and the feedback form (pricing and checkout are the billing
// feature's). A direct visit gets the server's prerendered copy of each (readable without
// JavaScript, web/scripts/prerender.mjs); these render the same texts inside the app. Tutorials,
// Roadmap and Changelog are the signed-in frame's, from the same files.
import type { ParseKeys } from 'i18next';
import { Anchor, Container, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionPage } from '@/components/SectionPage';
import { usePublicStrings } from '../content';
import { contentPage } from './ContentPage';

export { FeedbackPage } from './FeedbackPage';

export function publicPage(titleKey: ParseKeys<'pages'>) {
  const Page = () => <SectionPage titleKey={titleKey} />;
  Page.displayName = `Public(${titleKey})`;
  return Page;
}

export const TermsPage = contentPage('terms');
export const PrivacyPage = contentPage('privacy');
export const FaqsPage = contentPage('faqs');
export const FeaturesPage = contentPage('features');
export const HowItWorksPage = contentPage('howitworks');
export const TutorialsPage = contentPage('tutorials');
export const RoadmapPage = contentPage('roadmap');
export const ChangelogPage = contentPage('changelog');
export const TrendsTablePage = publicPage('trends_table');
export const PerformanceTablePage = publicPage('performance_table');

/** `/navcomp`'s list (web/scripts/prerender.mjs `SITE_MAP` is the static page's, in this order). */
export const SITE_MAP = [
  ['/workspace/signup', 'signup_title'],
  ['/features', 'features_title'],
  ['/howitworks', 'howitworks_title'],
  ['/pricing', 'pricing'],
  ['/faqs', 'faqs_title'],
  ['/feedback/contact', 'feedback_contact_title'],
  ['/feedback/demo', 'feedback_demo_title'],
  ['/terms', 'terms_title'],
  ['/privacy', 'privacy_title'],
  ['/navcomp', 'navcomp_title'],
] as const;

/** `/navcomp`: every public page in one list (docs/DECISIONS.md). */
export function NavCompPage() {
  const ready = usePublicStrings();
  const { t } = useTranslation('public');
  const title = ready ? t('navcomp_title') : '';
  useEffect(() => {
    if (title) document.title = `${title} · Switchboard`;
  }, [title]);
  if (!ready) return <Loader m="xl" />;
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text>{t('navcomp_intro')}</Text>
        <List>
          {SITE_MAP.map(([path, key]) => (
            <List.Item key={path}>
              <Anchor component={Link} to={path} underline="always" c="indigo.8">
                {t(key)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Container>
  );
}
