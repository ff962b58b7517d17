// The public pages of the route table (spec 000 §2): terms, privacy, FAQs and the rest (pricing
// and checkout are the billing feature's).
import type { ParseKeys } from 'i18next';
import { SectionPage } from '@/components/SectionPage';
import { useParams } from 'react-router';

export function publicPage(titleKey: ParseKeys<'pages'>) {
  const Page = () => <SectionPage titleKey={titleKey} />;
  Page.displayName = `Public(${titleKey})`;
  return Page;
}

export const TermsPage = publicPage('terms');
export const PrivacyPage = publicPage('privacy');
export const FaqsPage = publicPage('faqs');
export const FeaturesPage = publicPage('features');
export const HowItWorksPage = publicPage('how_it_works');
export const NavCompPage = publicPage('navigation');
export const TrendsTablePage = publicPage('trends_table');
export const PerformanceTablePage = publicPage('performance_table');

export function FeedbackPage() {
  const { id } = useParams();
  return <SectionPage titleKey={id ? 'feedback' : 'feedback'} />;
}
