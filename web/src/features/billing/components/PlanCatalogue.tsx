// The plan cards of the plan chooser and of the public pricing page (001 §4 'Plan chooser',
// §9): a Monthly/Annually toggle starting on Monthly, the For Individuals / For Teams toggle
// (only when no organisation id is stored), the currency, the add-ons, the seats of a team, and
// one card per plan with its price per employee per month, what each invoice charges (a year's
// for an annual plan), the 23% Off badge and its offerings. The seats start at the smallest team
// the organisation can buy (the team minimum, or its members when more) and are checked live by
// the domain's `team_seats` rule, grouped as the language groups digits. What a card's button
// does is the caller's.
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  List,
  Loader,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { Plan } from '@/generated/contract';
import { SEAT_LIMITS } from '@/generated/domain';
import { CONSTANTS, rule } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';
import {
  addonPrice,
  addonsFor,
  checkSeats,
  defaultAudience,
  formatCount,
  formatIn,
  formatPrice,
  numberFieldFormat,
  planPrice,
  visiblePlans,
  type Audience,
  type Conversion,
  type Price,
} from '../logic';
import { useCatalogue, useConversion } from './useCatalogue';

export interface CardContext {
  plan: Plan;
  audience: Audience;
  annual: boolean;
  /** The seats asked for (teams), when valid. */
  seats: number | null;
  /** Why the seats are not valid (translated), or null. */
  seatsError: string | null;
  conversion: Conversion;
  price: Price | null;
  /** The add-ons ticked (and offered with this audience), bought with the plan. */
  addons: string[];
}

interface Props {
  /** The stored current organisation id (001 §4: the audience's default and the toggle). */
  orgId: number | null;
  /** Whether a team's seats are asked for (the chooser; not the public page). */
  askSeats: boolean;
  /** The organisation's members (active or invited): the fewest seats it can buy. */
  members?: number;
  renderAction: (ctx: CardContext) => ReactNode;
  /** Shown above the cards for an audience (e.g. why Teams cannot be bought yet). */
  renderNote?: (audience: Audience) => ReactNode;
}

const BASE_CURRENCIES = ['USD', 'INR'];

export function PlanCatalogue({ orgId, askSeats, members = 0, renderAction, renderNote }: Props) {
  const { t, i18n } = useTranslation('billing');
  const codeText = useCodeText();
  const lang = i18n.language;
  const catalogue = useCatalogue();
  const [annual, setAnnual] = useState(false);
  const [audience, setAudience] = useState<Audience>(defaultAudience(orgId));
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  // Null until the person types: then the smallest team they can buy.
  const [typedSeats, setTypedSeats] = useState<string | number | null>(null);
  const smallest = Math.max(CONSTANTS.minTeamSize, members);
  const seatsText = typedSeats ?? smallest;
  const currency = chosenCurrency ?? catalogue.visitorCurrency;
  const { conversion, converting } = useConversion(currency);

  const currencies = useMemo(
    () => [...new Set([...BASE_CURRENCIES, catalogue.visitorCurrency])],
    [catalogue.visitorCurrency],
  );

  if (catalogue.phase === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={t('chooser.loading')} />
      </Center>
    );
  }
  if (catalogue.phase === 'error') {
    return (
      <Alert color="red" role="alert" title={t('chooser.load_failed')}>
        <Button size="xs" variant="light" onClick={catalogue.retry}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  const teams = audience === 'teams';
  const offered = addonsFor(catalogue.addons, audience);
  const addOnPrices = offered.filter((a) => selected.includes(a.key)).map((a) => addonPrice(a, conversion, annual).amount);
  const seatsCheck = teams && askSeats ? checkSeats(seatsText, members) : null;
  const seats = seatsCheck?.seats ?? null;
  const count = (v: number) => formatCount(v, lang);
  const seatsError = seatsCheck
    ? seatsCheck.code === null && seatsCheck.seats === null
      ? t('seat_rules.whole_number')
      : seatsCheck.code
        ? codeText(seatsCheck.code, {
            team_too_small: t('seat_rules.too_few', { min: count(smallest) }),
            too_many_seats: t('seat_rules.too_many', { max: count(SEAT_LIMITS.max) }),
            not_a_number: t('seat_rules.whole_number'),
          })
        : null
    : null;
  const fieldFormat = numberFieldFormat(lang);
  const plans = visiblePlans(catalogue.plans, audience, annual);
  const money = (minor: number, price: Price) => formatPrice(minor, price.currency, price.symbol, lang);
  const addonLabel = (key: string) => {
    const k = `addon.${key}`;
    return i18n.exists(k, { ns: 'billing' }) ? t(k as ParseKeys<'billing'>) : key;
  };
  const offeringLabel = (key: string) => {
    const k = `offering.${key}`;
    return i18n.exists(k, { ns: 'billing' }) ? t(k as ParseKeys<'billing'>) : key;
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('chooser.billing_period')}
          value={annual ? 'annual' : 'monthly'}
          onChange={(v) => setAnnual(v === 'annual')}
          data={[
            { value: 'monthly', label: t('chooser.monthly') },
            { value: 'annual', label: t('chooser.annually') },
          ]}
        />
        {orgId === null && (
          <SegmentedControl
            aria-label={t('chooser.audience')}
            value={audience}
            onChange={(v) => setAudience(v as Audience)}
            data={[
              { value: 'individual', label: t('chooser.for_individuals') },
              { value: 'teams', label: t('chooser.for_teams') },
            ]}
          />
        )}
        <NativeSelect
          label={t('chooser.currency')}
          value={currency}
          onChange={(e) => setChosenCurrency(e.currentTarget.value)}
          data={currencies}
          w={120}
        />
        {teams && askSeats && (
          <NumberInput
            label={t('chooser.seats')}
            description={t('chooser.seats_range', { min: count(smallest), max: count(SEAT_LIMITS.max) })}
            value={seatsText}
            onChange={setTypedSeats}
            min={smallest}
            max={SEAT_LIMITS.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={fieldFormat.thousandSeparator}
            decimalSeparator={fieldFormat.decimalSeparator}
            thousandsGroupStyle={fieldFormat.thousandsGroupStyle}
            error={seatsError}
            w={220}
          />
        )}
      </Group>
      {offered.length > 0 && (
        <Checkbox.Group label={t('chooser.addons')} value={selected} onChange={setSelected}>
          <Group gap="lg" mt={6}>
            {offered.map((a) => {
              const price = addonPrice(a, conversion, annual);
              return (
                <Checkbox
                  key={a.key}
                  value={a.key}
                  label={`${addonLabel(a.key)} (${t('chooser.addon_price', { price: formatIn(price.minor, price.currency, lang) })})`}
                />
              );
            })}
          </Group>
        </Checkbox.Group>
      )}
      {converting && <Text size="sm" c="dimmed">{t('chooser.converting')}</Text>}
      {!converting && conversion.currency !== 'USD' && conversion.factor === null && (
        <Text size="sm" c="dimmed" data-testid="charged-in-usd">
          {t('chooser.charged_in_usd')}
        </Text>
      )}
      {renderNote?.(audience)}
      {plans.length === 0 ? (
        <Text c="dimmed">{t('chooser.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(plans.length, 3) }}>
          {plans.map((plan) => {
            const price = planPrice(plan, conversion, addOnPrices, seats);
            const badge = rule('annual_badge', { planId: plan.id, annual }).ok?.percentOff ?? null;
            return (
              <Card key={plan.id} withBorder radius="md" padding="lg" component="article" aria-label={plan.plan_name} data-testid={`plan-card-${plan.id}`}>
                <Stack gap="sm" h="100%">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={3} size="h4">
                      {plan.plan_name}
                    </Title>
                    {badge !== null && (
                      <Badge color="green" variant="light" data-testid="annual-badge">
                        {t('chooser.badge_off', { percent: badge })}
                      </Badge>
                    )}
                  </Group>
                  <div>
                    <Text fz={28} fw={700} data-testid="plan-price">
                      {price ? money(price.perEmployeeMonth.minor, price) : t('chooser.price_unavailable')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('chooser.per_employee_month')}
                    </Text>
                    {price?.total && price.perEmployeeMonth.minor > 0 && (seats !== null || !plan.isMonthly) && (
                      <Text size="sm" data-testid="plan-total">
                        {plan.isMonthly
                          ? t('chooser.total', { amount: money(price.total.minor, price), count: seats ?? 1 })
                          : seats !== null
                            ? t('chooser.total_year', { amount: money(price.total.minor, price), count: seats })
                            : t('chooser.billed_yearly', { amount: money(price.total.minor, price) })}
                      </Text>
                    )}
                  </div>
                  <List size="sm" spacing={4}>
                    {plan.offerings.map((o) => (
                      <List.Item key={o}>{offeringLabel(o)}</List.Item>
                    ))}
                  </List>
                  <div style={{ marginTop: 'auto' }}>
                    {renderAction({
                      plan,
                      audience,
                      annual,
                      seats,
                      seatsError,
                      conversion,
                      price,
                      addons: offered.filter((a) => selected.includes(a.key)).map((a) => a.key),
                    })}
                  </div>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
