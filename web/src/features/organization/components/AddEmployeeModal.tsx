// 'Add employee' / 'Send invites': a name, an e-mail and a WhatsApp number with its country
// code. The domain's `employee_row` rule (the one the server runs) checks the row before it is
// sent, so an invalid number is refused here with the server's own wording; what only the
// server knows (someone already a member) comes back as field codes and is shown the same way.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { errorCodes, formField } from '../logic';
import { TeamSelect, useNewMembers } from './newMembers';
import { useErrorText } from './useErrorText';

type Field = 'name' | 'email' | 'number';
type FieldErrors = Partial<Record<Field, string>>;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Called after people were added (so the list can show the invited ones). */
  onAdded: () => void;
}

export function AddEmployeeModal({ opened, onClose, onAdded }: Props) {
  const { t } = useTranslation('organization');
  const { text } = useErrorText();
  const members = useNewMembers();
  const { mapping, isAdmin, teamId } = members;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName('');
    setEmail('');
    setPhone('');
    members.resetTeam();
    setErrors({});
    setFormError(null);
  }, [opened, isAdmin, mapping]);

  /** The number alone, when the field is left (001 §5 'Phone numbers need a country code'). */
  function checkPhone() {
    if (!phone.trim()) return;
    const verdict = rule('phone_number', { phone });
    setErrors((e) => ({ ...e, number: verdict.err === undefined ? undefined : text(verdict.err) }));
    if (verdict.ok === undefined || !mapping) return;
    // 001 §7 the mobile's existence: someone already in this organisation is said at once. The
    // call answers only what the caller may see; a failed check counts as not existing (001 §8),
    // and the server refuses a member again when the form is sent.
    const asked = verdict.ok;
    void api.memberWithMobile(asked, mapping.org_id).then((member) => {
      if (member) setErrors((e) => ({ ...e, number: text('employee_exists') }));
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const verdict = rule('employee_row', {
      employee: { name: name || null, email: email || null, number: phone || null },
      numberRequired: false,
    });
    const found: FieldErrors = {};
    for (const err of verdict.ok?.errors ?? []) found[err.field as Field] ??= text(err.code);
    setErrors(found);
    const row = verdict.ok?.row;
    if (!row || !mapping) return;
    setBusy(true);
    try {
      const answer = await api.addEmployees({
        org_id: mapping.org_id,
        employees: [{ name: row.name, email: row.email, mobile: row.mobile, team_id: teamId }],
      });
      const shown = row.name ?? row.email ?? row.mobile ?? '';
      toast.success(row.email ? t('add.invited', { name: shown }) : t('add.added', { name: shown }));
      onClose();
      onAdded();
      members.refresh(teamId !== null || answer.employees.some((x) => x.team_id !== null));
    } catch (err) {
      const fromServer: FieldErrors = {};
      let general: string | null = null;
      for (const { field, code } of errorCodes(err)) {
        const f = formField(field);
        if (f === 'name' || f === 'email' || f === 'number' || f === 'mobile') fromServer[f === 'mobile' ? 'number' : f] ??= text(code);
        else general ??= text(code);
      }
      setErrors(fromServer);
      setFormError(general);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('add.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('add.intro')}
          </Text>
          <TextInput
            label={t('add.name')}
            autoComplete="off"
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('add.email')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label={t('add.phone')}
            description={t('add.phone_hint')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+91 98123 45678"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            onBlur={checkPhone}
            error={errors.number}
          />
          <TeamSelect label={t('add.team')} form={members} />
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
