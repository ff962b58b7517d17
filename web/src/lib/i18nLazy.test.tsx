// The screens' own catalogues (manage, planner, admin, organization) stay out of the boot chunk
// and arrive with their screen, in the current language, again after a language change.
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import en from '@/locales/en';
import { changeLanguage, initI18n } from './i18n';
import { useNamespace } from './i18nLazy';

function Title() {
  const ready = useNamespace('manage');
  const { t } = useTranslation('manage');
  return <p>{ready ? t('title') : 'waiting'}</p>;
}

describe('lazy namespaces', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('are not in the boot chunk of a language', () => {
    const files = Object.keys(en);
    expect(files).toContain('../../../locales/en/common.json');
    for (const ns of ['manage', 'planner', 'admin', 'organization']) expect(files.some((f) => f.endsWith(`/${ns}.json`))).toBe(false);
  });

  it('load when a screen asks, and again in the new language after a switch', async () => {
    render(<Title />);
    expect(await screen.findByText('Manage Tools')).toBeInTheDocument();
    await act(() => changeLanguage('es'));
    expect(await screen.findByText('Herramientas de gestión')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    expect(await screen.findByText('Manage Tools')).toBeInTheDocument();
  });
});
