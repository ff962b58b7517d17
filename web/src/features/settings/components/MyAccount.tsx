// My Account (001 §2): the photo (uploaded, cropped and resized by the server, shown at once in
// the top bar), name, e-mail, the role in the current organisation, language (applied at once),
// country and WhatsApp number (with its country code, checked by the same rule as the server's).
import { Alert, Button, Card, FileButton, Group, Progress, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@/components/LanguagePicker';
import { UserAvatar } from '@/components/UserAvatar';
import { ApiError } from '@/lib/api';
import { countryChoices } from '@/lib/countries';
import { rule } from '@/lib/domain';
import { setRuleValues, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { useWorkspace } from '@/stores/workspace';
import { changeProfile, fetchProfile, removePhoto, uploadPhoto, type AccountProfile } from '../api';

/** The largest photo the server takes (`photo::MAX_UPLOAD_BYTES`). */
export const PHOTO_MAX_MB = 8;
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

setRuleValues({ photoMb: PHOTO_MAX_MB });

interface Draft {
  name: string;
  country: string | null;
  whatsapp: string;
}

const draftOf = (p: AccountProfile): Draft => ({
  name: p.name ?? '',
  country: p.country,
  whatsapp: p.whatsapp_no ?? '',
});

export function MyAccount() {
  const { t, i18n } = useTranslation('settings');
  const codeText = useCodeText();
  const orgId = useWorkspace((s) => s.current?.org_id ?? null);
  const updateMe = useWorkspace((s) => s.updateMe);
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [draft, setDraft] = useState<Draft>({ name: '', country: null, whatsapp: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<number | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const countries = useMemo(() => countryChoices(i18n.language), [i18n.language]);

  const load = () => {
    setPhase('loading');
    fetchProfile(orgId).then(
      (p) => {
        setProfile(p);
        setDraft(draftOf(p));
        setPhase('ready');
      },
      () => setPhase('error'),
    );
  };
  useEffect(load, [orgId]);

  function shown(p: AccountProfile) {
    // The answer names the default organisation's role; keep the one read for this workspace.
    setProfile((old) => ({ ...p, org_id: old?.org_id ?? p.org_id, org_name: old?.org_name ?? p.org_name, role_id: old?.role_id ?? p.role_id }));
    updateMe({ profile_pic: p.profile_pic, name: p.name });
  }

  async function save() {
    const found: Record<string, string> = {};
    if (!draft.name.trim()) found.name = 'fields_required';
    const number = draft.whatsapp.trim();
    if (number) {
      const verdict = rule('phone_number', { phone: number });
      if (verdict.err) found.whatsapp_no = verdict.err;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const p = await changeProfile({ name: draft.name, country: draft.country ?? '', whatsapp_no: number });
      shown(p);
      setDraft(draftOf(p));
      toast.success(t('account.saved'));
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setErrors(e.fields);
      else toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
    } finally {
      setSaving(false);
    }
  }

  async function choosePhoto(file: File | null) {
    if (!file) return;
    setPhotoError(null);
    if (file.size > PHOTO_MAX_MB * 1024 * 1024) {
      setPhotoError(codeText('photo_too_large'));
      return;
    }
    setUpload(0);
    try {
      shown(await uploadPhoto(file, setUpload));
      toast.success(t('account.photo_saved'));
    } catch (e) {
      setPhotoError(codeText(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.code) : 'internal'));
    } finally {
      setUpload(null);
    }
  }

  async function dropPhoto() {
    setPhotoError(null);
    try {
      shown(await removePhoto());
      toast.success(t('account.photo_removed'));
    } catch (e) {
      setPhotoError(codeText(e instanceof ApiError ? e.code : 'internal'));
    }
  }

  const field = (name: string) => (errors[name] ? codeText(errors[name]) : undefined);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-account-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="my-account-title">
          {t('account.title')}
        </Title>
        {phase === 'loading' && <Skeleton height={160} aria-label={t('account.loading')} />}
        {phase === 'error' && (
          <Alert color="red" title={t('account.load_failed')}>
            <Button size="xs" variant="light" onClick={load}>
              {t('extension.retry')}
            </Button>
          </Alert>
        )}
        {phase === 'ready' && profile && (
          <>
            <Group gap="lg" align="center">
              <UserAvatar src={profile.profile_pic} person={profile.name ?? profile.email} size={96} radius={96} data-testid="account-photo" />
              <Stack gap={6}>
                <Group gap="xs">
                  <FileButton onChange={(f) => void choosePhoto(f)} accept={PHOTO_TYPES}>
                    {(props) => (
                      <Button {...props} size="xs" loading={upload !== null} data-testid="upload-photo">
                        {profile.profile_pic ? t('account.change_photo') : t('account.upload_photo')}
                      </Button>
                    )}
                  </FileButton>
                  {profile.profile_pic && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => void dropPhoto()}>
                      {t('account.remove_photo')}
                    </Button>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('account.photo_hint', { mb: PHOTO_MAX_MB })}
                </Text>
                {upload !== null && <Progress value={upload} size="sm" aria-label={t('account.uploading')} />}
                {photoError && (
                  <Text size="sm" c="red" role="alert">
                    {photoError}
                  </Text>
                )}
              </Stack>
            </Group>

            <TextInput
              label={t('account.name')}
              value={draft.name}
              maxLength={120}
              error={field('name')}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <TextInput label={t('account.email')} value={profile.email ?? ''} readOnly variant="filled" />
            <Group grow align="flex-start">
              <TextInput
                label={t('account.role')}
                value={profile.role_id ? t(`account.role_${profile.role_id}` as 'account.role_1') : t('account.no_role')}
                description={profile.org_name ?? t('account.personal')}
                readOnly
                variant="filled"
                data-testid="account-role"
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('account.language')}
                </Text>
                <LanguagePicker />
              </Stack>
            </Group>
            <Select
              label={t('account.country')}
              placeholder={t('account.country_placeholder')}
              data={countries}
              value={draft.country}
              searchable
              clearable
              nothingFoundMessage={t('account.no_country')}
              error={field('country')}
              onChange={(v) => setDraft({ ...draft, country: v })}
              data-testid="account-country"
            />
            <TextInput
              label={t('account.whatsapp')}
              description={t('account.whatsapp_hint')}
              placeholder="+91 98123 45678"
              value={draft.whatsapp}
              inputMode="tel"
              maxLength={30}
              error={field('whatsapp_no')}
              onChange={(e) => setDraft({ ...draft, whatsapp: e.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button onClick={() => void save()} loading={saving} data-testid="save-account">
                {t('account.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
