// /organization and /organization/:id: the organisation's details, teams and employees.
import { SectionPage } from '@/components/SectionPage';

export default function OrganizationPage() {
  return <SectionPage titleKey="organisation" />;
}
