// /leads (000 §2 "Leads"; issue #29): the organisation's contacts as a table — search, lifecycle
// stage, lead status, owner and shared-label filters, sort, pages — a new contact from its number,
// and a contact's drawer to change its fields, read its history and see (or start) its deals. The
// contacts shown can be exported (CSV or Excel), a file of contacts imported (managers, admins and
// owners), the changes made in the CRMs pulled (the same), and the rows chosen in the table
// changed together (stage, status, owner); a contact's drawer links it to HubSpot and Zoho too.
// Who sees which contact is the server's decision (the employee-list rule through the owner). In
// the Personal workspace there is no organisation to keep contacts for, and the page says how to
// get one. Which columns the table shows is the person's choice, kept in this browser
// (`columns.ts`). `?contact=<id>` opens that contact's drawer (`useContactParam.ts`).
import { Button, Checkbox, Container, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAddressBook, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import type { Contact } from '@/generated/contract';
import { rule } from '@/lib/domain';
import { useNamespace } from '@/lib/i18nLazy';
import { SEARCH_DEBOUNCE_MS, useLoad } from '@/lib/useLoad';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { fetchContacts, type ContactsView } from '../api';
import { BulkBar } from '../components/BulkBar';
import { CrmNotConnected } from '../components/CrmNotices';
import { ContactDrawer } from '../components/ContactDrawer';
import { CrmPullButton } from '../components/CrmPullButton';
import { ColumnsMenu, ContactCell, contactName, useColumnTitles } from '../components/ContactColumns';
import { ContactFilters } from '../components/ContactFilters';
import { ExportMenu } from '../components/ExportMenu';
import { ImportContactsModal } from '../components/ImportContactsModal';
import { NewContactModal } from '../components/NewContactModal';
import { PersonalNotice } from '../components/PersonalNotice';
import { readColumns, writeColumns, type LeadColumn } from '../columns';
import { CRMS } from '../crmApi';
import { useContactParam } from '../useContactParam';
import { useOwners } from '../useOwners';
import { useSharedLabels } from '../useSharedLabels';

/** What is typed (sent once typing pauses). */
type Typed = Pick<ContactsView, 'q' | 'tag' | 'propertyValue'>;
const NOTHING_TYPED: Typed = { q: '', tag: '', propertyValue: '' };
type Filters = Omit<ContactsView, keyof Typed>;
const NO_FILTERS: Filters = { lifecycleStage: null, leadStatus: null, ownerId: null, propertyId: null, labelId: null, sort: 'updated' };

export const LEADS_PER_PAGE = 50;
/** The table's width before it scrolls sideways: the selection box and so much per column. */
const tableMinWidth = (columns: number) => 40 + 120 * columns;

export function LeadsPage() {
  const ready = useNamespace('leads');
  const { t: tc } = useTranslation('common');
  const current = useWorkspace((s) => s.current);
  const status = useWorkspace((s) => s.status);
  const workspaceId = useSession((s) => s.user?.id ?? null);
  if (!ready || (current === null && (status === 'loading' || status === 'idle'))) {
    return (
      <Container size="sm" py="xl">
        <Loader aria-label={tc('loading')} />
      </Container>
    );
  }
  // Importing and pulling from the CRM are for managers, admins and owners (the server refuses
  // the others).
  const mayImport = !rule('access_check', { level: 'manager', roleId: current?.role_id ?? null }).err;
  return <Leads orgId={current?.org_id ?? null} workspaceId={workspaceId} mayImport={mayImport} />;
}

function Leads({ orgId, workspaceId, mayImport }: { orgId: number | null; workspaceId: number | null; mayImport: boolean }) {
  const { t } = useTranslation('leads');
  const titles = useColumnTitles();
  const [typing, setTyping] = useState<Typed>(NOTHING_TYPED);
  const [typed] = useDebouncedValue(typing, SEARCH_DEBOUNCE_MS);
  const { q, tag, propertyValue } = typed;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [reloads, setReloads] = useState(0);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [crmNotConnected, setCrmNotConnected] = useState(false);
  const [open, setOpen] = useState<Contact | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [columns, setColumns] = useState<LeadColumn[]>(readColumns);
  const chooseColumns = (next: LeadColumn[]) => {
    setColumns(next);
    writeColumns(next);
  };
  const { lifecycleStage, leadStatus, ownerId, propertyId, labelId, sort } = filters;
  const view: ContactsView = { ...typed, ...filters };

  useEffect(() => {
    document.title = `${t('title')} · Switchboard`;
  }, [t]);
  useEffect(() => setPage(0), [q, tag, propertyValue, lifecycleStage, leadStatus, ownerId, propertyId, labelId, sort]);
  // The selection is of the rows shown: another view or page starts without one.
  useEffect(
    () => setSelected(new Set()),
    [q, tag, propertyValue, lifecycleStage, leadStatus, ownerId, propertyId, labelId, sort, page],
  );

  const list = useLoad(
    orgId === null ? null : (signal) => fetchContacts(orgId, { ...view, page, perPage: LEADS_PER_PAGE }, signal),
    [orgId, q, tag, propertyValue, lifecycleStage, leadStatus, ownerId, propertyId, labelId, sort, page, reloads],
  );
  const { owners, ownerName } = useOwners(orgId, workspaceId);
  const labels = useSharedLabels(orgId);
  const closeParam = useContactParam(orgId, setOpen);
  const reload = () => setReloads((n) => n + 1);

  if (orgId === null) return <PersonalNotice />;

  const rows = list.data?.items ?? [];
  const shownSelected = rows.filter((c) => selected.has(c.id));
  const allSelected = rows.length > 0 && shownSelected.length === rows.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const filtered =
    q.trim() !== '' || tag.trim() !== '' || [lifecycleStage, leadStatus, ownerId, propertyId, labelId].some((f) => f !== null);
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t('title')}</Title>
          <Group gap="sm">
            <ExportMenu orgId={orgId} view={view} />
            {mayImport && (
              <CrmPullButton
                orgId={orgId}
                onNotConnected={() => setCrmNotConnected(true)}
                onPulled={() => {
                  setCrmNotConnected(false);
                  reload();
                }}
              />
            )}
            {mayImport && (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                {t('import.button')}
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('new')}
            </Button>
          </Group>
        </Group>
        {crmNotConnected && <CrmNotConnected crms={CRMS} onClose={() => setCrmNotConnected(false)} />}
        <ContactFilters
          orgId={orgId}
          typed={typing}
          onType={(change) => setTyping((now) => ({ ...now, ...change }))}
          view={filters}
          onView={(change) => setFilters((f) => ({ ...f, ...change }))}
          owners={owners}
          labels={labels}
        >
          <ColumnsMenu shown={columns} onChange={chooseColumns} />
        </ContactFilters>
        {selected.size > 0 && (
          <BulkBar
            orgId={orgId}
            ids={[...selected]}
            owners={owners}
            labels={labels.labels}
            onClear={() => setSelected(new Set())}
            onDone={() => {
              setSelected(new Set());
              reload();
            }}
          />
        )}
        <PagedTable
          rows={list.data?.items}
          state={list}
          texts={{ loading: t('loading'), failed: t('load_failed'), pages: t('pages') }}
          empty={
            filtered ? (
              <EmptyState
                icon={<IconSearch size={22} />}
                title={t('no_contacts_found')}
                action={
                  <Button
                    variant="light"
                    onClick={() => {
                      setTyping(NOTHING_TYPED);
                      setFilters((f) => ({ ...NO_FILTERS, sort: f.sort }));
                    }}
                  >
                    {t('clear_filters')}
                  </Button>
                }
                data-testid="leads-empty"
              />
            ) : (
              <EmptyState icon={<IconAddressBook size={22} />} title={t('empty')} data-testid="leads-empty">
                {t('empty_hint')}
              </EmptyState>
            )
          }
          minWidth={tableMinWidth(columns.length)}
          data-testid="leads-table"
          striped
          paging={{ page, perPage: LEADS_PER_PAGE, total: list.data?.total ?? 0, onPage: setPage }}
          head={
            <>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('select.page')}
                  checked={allSelected}
                  indeterminate={shownSelected.length > 0 && !allSelected}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setSelected((old) => {
                      const next = new Set(old);
                      for (const c of rows) {
                        if (on) next.add(c.id);
                        else next.delete(c.id);
                      }
                      return next;
                    });
                  }}
                />
              </Table.Th>
              {columns.map((column) => (
                <Table.Th key={column} data-column={column}>
                  {titles[column]}
                </Table.Th>
              ))}
            </>
          }
          row={(c) => (
            <Table.Tr key={c.id} data-testid="lead-row" bg={selected.has(c.id) ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={t('select.one', { name: contactName(c) })}
                  checked={selected.has(c.id)}
                  onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                />
              </Table.Td>
              {columns.map((column) => (
                <ContactCell key={column} contact={c} column={column} ownerName={ownerName} labels={labels.byId} onOpen={setOpen} />
              ))}
            </Table.Tr>
          )}
        />
      </Stack>
      <NewContactModal
        orgId={orgId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          reload();
          setOpen(c);
        }}
      />
      {mayImport && (
        <ImportContactsModal
          orgId={orgId}
          opened={importing}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            reload();
          }}
        />
      )}
      <ContactDrawer
        orgId={orgId}
        contact={open}
        onClose={() => {
          setOpen(null);
          closeParam();
        }}
        ownerName={ownerName}
        owners={owners}
        labels={labels}
        onSaved={(c) => {
          setOpen(c);
          reload();
        }}
      />
    </Container>
  );
}

export default LeadsPage;
