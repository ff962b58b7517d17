// /createorganization: name a new organisation (and optionally its logo and time zone, by
// default the creator's browser's). The creator becomes its admin and it becomes their active
// organisation.
import { Anchor, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '@/lib/i18nLazy';
import { Link, useNavigate } from 'react-router';
import { CardPage } from '@/components/CardPage';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useSession } from '@/stores/session';
import { errorCodeOf, useCodeText } from '@/lib/errorText';
import { offeredTimeZones, rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import { createOrganisation } from '@/api/account';
import { useWorkspace } from '@/stores/workspace';

const DEFAULT_ZONE = 'Asia/Kolkata';

/** A zone's UTC offset now, as Intl writes it ("GMT+05:30"); null when unknown. */
function offsetNow(zone: string, now: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(now);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * The creator's browser's zone when the domain offers it; else the first offered zone at the
 * same UTC offset now (a close neighbour: Europe/Madrid for Europe/Brussels); else the
 * product's default. The creator can choose another in the list, and change it later.
 */
export function browserZone(zones: readonly string[], now = new Date()): string {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  if (!zone) return DEFAULT_ZONE;
  if (zones.includes(zone)) return zone;
  const offset = offsetNow(zone, now);
  return (offset && zones.find((z) => offsetNow(z, now) === offset)) || DEFAULT_ZONE;
}

export default function CreateOrganisationPage() {
  const { t } = useTranslation('shell');
  const codeText = useCodeText();
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const load = useWorkspace((s) => s.load);
  const zones = useMemo(() => offeredTimeZones(), []);
  const [name, setName] = useState('');
  const [logo, setLogo] = useState('');
  // Issue #25: the organisation's zone is the creator's, as their browser says.
  const [zone, setZone] = useState<string>(() => browserZone(zones));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('create_title')} · Switchboard`;
  }, [t]);

  // The same rules the server applies, before sending.
  const nameCheck = rule('organisation_name', { name });
  const logoCheck = logo.trim() ? rule('url', { url: logo.trim() }) : null;
  // The name rule's `value_invalid` is its length limit: say so, with the limit (issue #25).
  const nameText = (code: string) => (code === 'value_invalid' ? codeText('organisation_name_too_long') : codeText(code));
  const nameError = touched && nameCheck.err ? nameText(nameCheck.err) : null;
  const logoError = logoCheck?.err ? codeText(logoCheck.err) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (nameCheck.err || logoCheck?.err) return;
    setBusy(true);
    try {
      await createOrganisation({
        org_name: nameCheck.ok,
        org_logo: logoCheck?.ok ?? null,
        time_zone: zone,
      });
      if (user?.email) await load(user.email);
      toast.success(t('created'));
      navigate('/organization', { replace: true });
    } catch (err) {
      setServerError(nameText(errorCodeOf(err)));
    } finally {
      setBusy(false);
    }
  }

  if (status === 'checking') return <FullScreenLoader />;

  return (
    <CardPage maw={480}>
      <Title order={1} size="h2">
        {t('create_title')}
      </Title>
      <Text c="dimmed">{t('create_subtitle')}</Text>
      {status !== 'authenticated' ? (
        <Text>
          {t('sign_in_first')}{' '}
          <Anchor component={Link} to="/workspace/signup" state={{ from: '/createorganization' }}>
            {t('sign_in')}
          </Anchor>
        </Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('org_name_label')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={nameError}
              data-autofocus
            />
            <TextInput
              label={t('org_logo_label')}
              description={t('org_logo_hint')}
              placeholder="https://"
              value={logo}
              onChange={(e) => setLogo(e.currentTarget.value)}
              error={logoError}
            />
            <Select
              label={t('time_zone_label')}
              description={t('time_zone_hint')}
              data={zones}
              value={zone}
              onChange={(v) => setZone(v ?? DEFAULT_ZONE)}
              searchable
              allowDeselect={false}
            />
            {serverError && (
              <Text c="red" size="sm" role="alert">
                {serverError}
              </Text>
            )}
            <Button type="submit" loading={busy}>
              {t('create_button')}
            </Button>
            <JoinByCode />
          </Stack>
        </form>
      )}
    </CardPage>
  );
}

const JoinOrganisationModal = lazy(() => import('../components/JoinOrganisationModal'));

/** 001 §3–§5: someone whose team already exists joins it by its code instead of creating one. */
function JoinByCode() {
  const ready = useNamespace('organization');
  const { t } = useTranslation('organization');
  const [open, setOpen] = useState(false);
  if (!ready) return null;
  return (
    <Text size="sm" ta="center">
      {t('join.have_code')}{' '}
      <Anchor component="button" type="button" td="underline" onClick={() => setOpen(true)} data-testid="open-join">
        {t('join.title')}
      </Anchor>
      {open && (
        <Suspense fallback={null}>
          <JoinOrganisationModal opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Text>
  );
}
