// The operator's knowledge-base grant for one organisation: on whatever its plan (a pilot
// customer), or withdrawn so the plan alone decides. A reason is required; the audit log keeps it.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { grantKnowledgeBase } from '../api';
import { ReasonError, ReasonModal, useReasonForm, type OrgChangeProps } from './ReasonModal';

export function KnowledgeBaseGrantModal({ org, onClose, onChanged }: OrgChangeProps) {
  const { t } = useTranslation('admin');
  const form = useReasonForm(org?.org_id);
  const granting = !(org?.knowledge_base_granted ?? false);

  const submit = () =>
    form.change(
      { org, onChanged, onClose },
      (orgId, reason) => grantKnowledgeBase(orgId, { granted: granting, reason }),
      (next) => t(granting ? 'kb_grant.granted' : 'kb_grant.withdrawn', { name: next.org_name }),
    );

  return (
    <ReasonModal
      form={form}
      opened={org !== null}
      onClose={onClose}
      title={t(granting ? 'kb_grant.title_grant' : 'kb_grant.title_withdraw', { name: org?.org_name ?? '' })}
      onSubmit={submit}
      submitLabel={t(granting ? 'kb_grant.submit_grant' : 'kb_grant.submit_withdraw')}
      submitColor={granting ? undefined : 'red'}
    >
      <Text size="sm" data-testid="kb-grant-explain">
        {t(granting ? 'kb_grant.explain_grant' : 'kb_grant.explain_withdraw')}
      </Text>
      <ReasonError form={form} />
    </ReasonModal>
  );
}
