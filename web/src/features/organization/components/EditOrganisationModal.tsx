// Edit the organisation (admins, issue #28 item 7): its name and logo address, saved with PATCH
// organizations; the same domain rules as the create form check them first (name not blank,
// at most 200 characters; the logo an http(s) address or nothing), the server again, and the
// change log records each change.
import { Avatar, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useOnOpen, useSubmit } from '@/components/FormModal';
import { rule } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

export function EditOrganisationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const codeText = useCodeText();
  const { describe } = useErrorText();
  const org = useOrganization((s) => s.org);
  const mapping = useOrganization((s) => s.mapping);
  const setOrg = useOrganization((s) => s.setOrg);
  const [name, setName] = useState('');
  const [logo, setLogo] = useState('');
  const form = useSubmit(describe);

  useOnOpen(opened, () => {
    setName(org?.org_name ?? '');
    setLogo(org?.org_logo ?? '');
    form.setError(null);
  });

  const nameCheck = rule('organisation_name', { name });
  const logoCheck = logo.trim() ? rule('url', { url: logo.trim() }) : null;
  const nameError = nameCheck.err ? codeText(nameCheck.err) : undefined;
  const logoError = logoCheck?.err ? codeText(logoCheck.err) : undefined;
  const unchanged = name.trim() === org?.org_name && logo.trim() === (org?.org_logo ?? '');

  function submit() {
    if (!mapping || nameError || logoError) return;
    void form.run(async () => {
      setOrg(await api.updateOrganisation({ org_id: mapping.org_id, org_name: name.trim(), org_logo: logo.trim() }));
      toast.success(t('edit_org.saved'));
      onClose();
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('edit_org.title')}
      onSubmit={submit}
      error={form.error}
      busy={form.busy}
      submitLabel={t('edit_org.submit')}
      cancelLabel={t('cancel')}
      submitDisabled={unchanged || !!nameError || !!logoError}
    >
      <TextInput label={t('edit_org.name')} value={name} maxLength={200} error={nameError} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('edit_org.logo')}
          description={t('edit_org.logo_hint')}
          placeholder="https://"
          value={logo}
          error={logoError}
          onChange={(e) => setLogo(e.currentTarget.value)}
        />
        <Avatar src={logoCheck?.ok ?? null} radius="sm" alt="" />
      </Group>
    </FormModal>
  );
}
