// Titled pages for the sections of the route table (spec 000 §2) whose screens arrive with
// their own feature folders; each export is one route's component.
import type { ParseKeys } from 'i18next';
import { SectionPage } from '@/components/SectionPage';

const page = (titleKey: ParseKeys<'pages'>) => {
  const Page = () => <SectionPage titleKey={titleKey} />;
  Page.displayName = `Section(${titleKey})`;
  return Page;
};

export const LeadCrmPage = page('lead_crm');
