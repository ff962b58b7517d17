// A contact's profile (001 §2 'user profile' panel): looked up by phone number or chat id, its
// values of the organisation's user properties — one input per type, each checked by the
// `property_value` rule ('Property values should match property type') — and its one or two
// tags of up to 10 characters, checked by the `contact_tags` rule ('You can only select two
// tags at a time', 'You must select one tag at all times', 'A tag can be at most 10 characters').
// The server's refusals land on the same inputs. Tags need no organisation; values do. Below
// them, the caller's notes and docs of the chat (./ContactNotes; the team inbox shows those in
// their own panels).
import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyValueEntry, UserProperty } from '@/generated/contract';
import { useCodeText } from '@/lib/errorText';
import { loadManageRules, useManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { refusalOf, valueIndex } from '../logic';
import { NO_PROPERTIES, useManage } from '../stores/manage';
import { ContactNotes } from './ContactNotes';

interface Found {
  contact: string;
  values: Record<number, string>;
  tags: string[];
}

function ValueInput({ property, value, error, onChange }: { property: UserProperty; value: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('manage');
  const common = { label: property.name, error, 'data-testid': `value-${property.id}` };
  switch (property.kind) {
    case 'boolean':
      return (
        <NativeSelect
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[
            { value: '', label: t('contact.unset') },
            { value: 'true', label: t('contact.yes') },
            { value: 'false', label: t('contact.no') },
          ]}
        />
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[{ value: '', label: t('contact.unset') }, ...property.options.map((o) => ({ value: o, label: o }))]}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return <TextInput {...common} inputMode="decimal" value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * `contact` given (the team inbox's per-chat panel): that contact's profile is read at once and
 * the lookup form is left out.
 */
export function ContactLookup({ orgId, contact: given }: { orgId: number | null; contact?: string }) {
  const { t } = useTranslation('manage');
  const codeText = useCodeText();
  const properties = useManage((s) => s.properties.data) ?? NO_PROPERTIES;
  const [query, setQuery] = useState(given ?? '');
  const [found, setFound] = useState<Found | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [valueErrors, setValueErrors] = useState<Record<number, string>>({});
  const [tagsError, setTagsError] = useState<string | null>(null);
  const [pendingTag, setPendingTag] = useState('');
  const [saving, setSaving] = useState<'values' | 'tags' | null>(null);

  useEffect(() => {
    if (given !== undefined) void find(given);
    // Read again only when the chat's contact changes.
  }, [given, orgId]);

  async function find(asked: string = query) {
    const contact = asked.trim();
    if (!contact) {
      setLookupError('contact_required');
      return;
    }
    setLookupError(null);
    setStatus('loading');
    setValueErrors({});
    setTagsError(null);
    try {
      const [profile, tagged] = await Promise.all([
        orgId !== null ? api.getContactProfile(orgId, contact) : Promise.resolve(null),
        api.listTags(orgId),
      ]);
      const values: Record<number, string> = {};
      for (const v of profile?.values ?? []) values[v.property_id] = v.value;
      setFound({ contact, values, tags: tagged.find((c) => c.contact === contact)?.tags ?? [] });
      setStatus('idle');
    } catch (e) {
      const r = refusalOf(e);
      setLookupError(r.kind === 'limit' ? 'plan_limit_reached' : r.code);
      setStatus('error');
    }
  }

  async function saveValues() {
    if (!found || orgId === null) return;
    const rules = await loadManageRules();
    const errors: Record<number, string> = {};
    const entries: PropertyValueEntry[] = [];
    for (const p of properties) {
      const out = rules.rule('property_value', { kind: p.kind, options: p.options, value: found.values[p.id] ?? '' });
      if (out.err !== undefined) errors[p.id] = out.err;
      else entries.push({ property_id: p.id, value: out.ok });
    }
    setValueErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSaving('values');
    try {
      const saved = await api.saveContactProfile(orgId, found.contact, entries);
      const values: Record<number, string> = {};
      for (const v of saved.values) values[v.property_id] = v.value;
      setFound((f) => (f ? { ...f, values } : f));
      toast.success(t('toast.changes_saved'));
    } catch (e) {
      const r = refusalOf(e);
      const i = r.kind === 'field' ? valueIndex(r.field) : null;
      const entry = i !== null ? entries[i] : undefined;
      if (r.kind === 'field' && entry) setValueErrors({ [entry.property_id]: r.code });
      else toast.error(codeText(r.kind === 'limit' ? 'plan_limit_reached' : r.code));
    } finally {
      setSaving(null);
    }
  }

  // The input takes only what saving accepts (issue #25): no tag longer than the rule allows
  // (typing stops at the limit), no tag past the most a contact may have; an emptied list says at
  // once that one tag is needed.
  const { rules: liveRules } = useManageRules();
  const limits = liveRules ? liveRules.value('manage_limits', {}) : null;
  function changeTags(tags: string[]) {
    const out = liveRules?.rule('contact_tags', { tags });
    if (out?.err === 'tag_too_long' || out?.err === 'tags_too_many') {
      setTagsError(out.err);
      return;
    }
    setTagsError(out?.err ?? null);
    setFound((f) => (f ? { ...f, tags } : f));
  }
  function typeTag(text: string) {
    setPendingTag(text);
    if (tagsError === 'tag_too_long' || tagsError === 'tags_too_many') setTagsError(null);
  }

  async function saveTags() {
    if (!found) return;
    const rules = await loadManageRules();
    const typed = pendingTag.trim() ? [...found.tags, pendingTag] : found.tags;
    const out = rules.rule('contact_tags', { tags: typed });
    if (out.err !== undefined) {
      setTagsError(out.err);
      return;
    }
    setTagsError(null);
    setSaving('tags');
    try {
      const saved = await api.saveTags(orgId, found.contact, out.ok);
      setPendingTag('');
      setFound((f) => (f ? { ...f, tags: saved.tags } : f));
      toast.success(t('toast.tags_added'));
    } catch (e) {
      const r = refusalOf(e);
      if (r.kind === 'field') setTagsError(r.code);
      else toast.error(codeText(r.kind === 'limit' ? 'plan_limit_reached' : r.code));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="contact-lookup">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('contact.heading')}
        </Title>
        {given === undefined && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void find();
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              style={{ flex: 1, maxWidth: 360 }}
              label={t('contact.lookup')}
              placeholder={t('contact.lookup_placeholder')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              error={lookupError ? codeText(lookupError) : undefined}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={status === 'loading'}>
              {t('contact.find')}
            </Button>
          </Group>
        </form>
        )}
        {given !== undefined && status === 'loading' && !found && <Loader size="sm" aria-label={t('loading')} />}
        {found && (
          <Stack gap="md" data-testid="contact-profile">
            <Text fw={500}>{found.contact}</Text>
            {orgId !== null && (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {t('contact.values')}
                </Text>
                {properties.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('contact.no_properties')}
                  </Text>
                ) : (
                  <>
                    {properties.map((p) => (
                      <ValueInput
                        key={p.id}
                        property={p}
                        value={found.values[p.id] ?? ''}
                        error={valueErrors[p.id] ? codeText(valueErrors[p.id]) : undefined}
                        onChange={(v) => setFound((f) => (f ? { ...f, values: { ...f.values, [p.id]: v } } : f))}
                      />
                    ))}
                    <Group>
                      <Button variant="light" loading={saving === 'values'} onClick={() => void saveValues()}>
                        {t('contact.save_values')}
                      </Button>
                    </Group>
                  </>
                )}
              </Stack>
            )}
            <Stack gap="xs">
              <TagsInput
                label={t('contact.tags')}
                description={limits ? t('contact.tags_hint', limits) : undefined}
                value={found.tags}
                onChange={changeTags}
                searchValue={pendingTag}
                onSearchChange={typeTag}
                maxLength={limits?.tagMax}
                error={tagsError ? codeText(tagsError) : undefined}
                clearable
              />
              <Group>
                <Button variant="light" loading={saving === 'tags'} onClick={() => void saveTags()}>
                  {t('contact.save_tags')}
                </Button>
              </Group>
            </Stack>
            {given === undefined && <ContactNotes key={found.contact} orgId={orgId} contact={found.contact} />}
          </Stack>
        )}
        {status === 'error' && !found && lookupError === null && (
          <Alert color="red" variant="light" role="alert">
            {t('load_failed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
