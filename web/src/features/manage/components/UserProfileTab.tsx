// The User Profile tab (000 §2 /userproperties; 001 §3, §5): the organisation's user properties
// (name, type, the options of a list) created, edited and deleted — in the personal workspace
// 'User properties can only be created from the organisation workspace' instead — and a
// contact's property values, tags, and the caller's notes and docs of the chat.
import { Alert, Badge, Button, Group, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { IconId, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import type { UserProperty } from '@/generated/contract';
import { toast } from '@/lib/toast';
import { useCodeText } from '@/lib/errorText';
import * as api from '../api';
import { useManage } from '../stores/manage';
import { ContactLookup } from './ContactLookup';
import { PropertyForm } from './PropertyForm';
import { ConfirmDelete, Loaded, RowActions, useDelete, useManageContext } from './shared';

function Properties({ orgId }: { orgId: number }) {
  const { t } = useTranslation('manage');
  const properties = useManage((s) => s.properties);
  const load = useManage((s) => s.loadProperties);
  const setProperties = useManage((s) => s.setProperties);
  const [form, setForm] = useState<{ property: UserProperty | null } | null>(null);
  const del = useDelete<UserProperty>();

  useEffect(() => {
    void load();
  }, [orgId, load]);

  const remove = () =>
    del.confirm(async (item) => {
      setProperties(await api.deleteProperty(orgId, item.id));
      toast.success(t('toast.property_deleted'));
    });


  const list = properties.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('properties.heading')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({ property: null })} disabled={properties.status !== 'ready'}>
          {t('properties.new')}
        </Button>
      </Group>
      <Loaded status={properties.status === 'loading' && list ? 'ready' : properties.status} code={properties.code} retry={() => void load()}>
        {list && list.length === 0 ? (
          <EmptyState
            icon={<IconId size={22} />}
            title={t('properties.empty')}
            action={
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({ property: null })}>
                {t('properties.add_first')}
              </Button>
            }
            data-testid="properties-empty"
          >
            {t('properties.empty_hint')}
          </EmptyState>
        ) : (
          <Table data-testid="properties-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('properties.name')}</Table.Th>
                <Table.Th>{t('properties.kind')}</Table.Th>
                <Table.Th>{t('properties.options')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list?.map((p) => (
                <Table.Tr key={p.id} data-testid="property-row">
                  <Table.Td fw={500}>{p.name}</Table.Td>
                  <Table.Td>{t(`kinds.${p.kind}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {p.options.map((o) => (
                        <Badge key={o} variant="light" size="sm">
                          {o}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <RowActions justify="flex-end" what="properties" name={p.name} onEdit={() => setForm({ property: p })} onDelete={() => del.ask(p)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Loaded>
      {form && <PropertyForm orgId={orgId} property={form.property} onClose={() => setForm(null)} />}
      <ConfirmDelete
        {...del.dialog}
        title={t('properties.delete_title')}
        text={t('properties.delete_confirm', { name: del.deleting?.name ?? '' })}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}

export function UserProfileTab() {
  const codeText = useCodeText();
  const { orgId } = useManageContext();
  return (
    <Stack gap="lg" data-testid="user-profile-tab">
      {orgId === null ? (
        <Alert color="blue" variant="light" data-testid="properties-need-org">
          {codeText('properties_need_organisation')}
        </Alert>
      ) : (
        <Properties orgId={orgId} />
      )}
      <ContactLookup orgId={orgId} />
    </Stack>
  );
}
