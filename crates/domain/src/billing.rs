//! Billing arithmetic (001 §4, §7, §9): which trial or expiry notice to show, the price per
//! employee per month in the user's currency, the annual badge, the plan id sent to checkout
//! and the AI add-on's price.
//!
//! Money is integer minor units (cents, paise: two decimals for every currency). Amounts arrive
//! as JSON numbers and are rounded half up to the minor unit once, on entry; a currency factor
//! is taken to six decimals; every product is rounded half up to the minor unit. No float
//! arithmetic touches a price after that.

use serde::{Deserialize, Serialize};

use crate::dates::{parse_time_value, start_of_day_ms, zone_or_default};
use crate::plans::PlanKind;
use crate::wire::TimeValue;
use crate::RuleError;

/// 001 §9: 'Annual billing shows a 23% Off badge on paid plans'.
pub const ANNUAL_DISCOUNT_PERCENT: u8 = 23;

const DAY_MS: i64 = 86_400_000;

/// An annual plan is one yearly charge of twelve times its monthly equivalent (docs/DECISIONS.md
/// 'Billing').
pub const MONTHS_PER_YEAR: i64 = 12;

/// What one billing period charges for an amount per month: the amount itself for a monthly
/// plan, twelve times it for an annual one (`None` past i64). The server charges this at
/// checkout and the plan chooser shows it, so both say the same number.
pub fn period_amount(per_month_minor: i64, annual: bool) -> Option<i64> {
    if annual {
        per_month_minor.checked_mul(MONTHS_PER_YEAR)
    } else {
        Some(per_month_minor)
    }
}

/// The notice the trial or expiry popup shows (001 §4). Translated in the `errors` catalogue
/// under these codes, like rule errors.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    crate::value::FromValue,
    crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NoticeCode {
    /// 'Your free trial will expire in N days'.
    TrialExpiresIn,
    /// 'Your free trial has ended'.
    TrialEnded,
    /// 'Your plan has expired. Renew it by clicking on the upgrade button.'
    PlanExpired,
    /// 'Your 7-day trial has ended' (the default text).
    TrialDefaultEnded,
}

impl NoticeCode {
    pub const ALL: [NoticeCode; 4] = [
        NoticeCode::TrialExpiresIn,
        NoticeCode::TrialEnded,
        NoticeCode::PlanExpired,
        NoticeCode::TrialDefaultEnded,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            NoticeCode::TrialExpiresIn => "trial_expires_in",
            NoticeCode::TrialEnded => "trial_ended",
            NoticeCode::PlanExpired => "plan_expired",
            NoticeCode::TrialDefaultEnded => "trial_default_ended",
        }
    }
}

/// A notice code and the number its text interpolates (`{{n}}`), if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Notice {
    pub code: NoticeCode,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub n: Option<i64>,
}

/// Input of the `trial_notice` rule: the organisation's credit history fields.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TrialNoticeInput {
    /// 001 §3 `validity`: the plan's end (epoch ms, RFC 3339 text, or a date).
    pub validity: Option<TimeValue>,
    /// 001 §3 `is_trial` (true or 1).
    #[serde(default, deserialize_with = "crate::wire::flag")]
    #[value(from = "crate::wire::flag_value")]
    #[cfg_attr(feature = "ts", ts(type = "boolean | number | null", optional))]
    pub is_trial: Option<bool>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now: i64,
    pub time_zone: Option<String>,
}

/// The end of validity as an instant: a bare date means the plan is valid through that whole
/// day in the organisation's zone (it ends at the next local midnight).
fn validity_end(v: &TimeValue, input: &TrialNoticeInput) -> Option<i64> {
    let tz = zone_or_default(input.time_zone.as_deref()).ok()?;
    if let TimeValue::Text(t) = v {
        if let Ok(d) = crate::inputs::parse_iso_date(t) {
            return start_of_day_ms(tz, d.succ_opt()?).ok();
        }
    }
    parse_time_value(v, tz).ok()
}

/// 001 §4 'Trial or expiry notice'.
///
/// - validity and is_trial: N = the time left rounded UP to whole 24-hour days → 'will expire
///   in N days'; when no time is left (validity at or before now) → 'has ended'. (The spec says
///   'if negative'; 'expire in 0 days' would be a contradiction, so zero time left has ended.)
/// - validity and not a trial → 'Your plan has expired…'.
/// - no validity (or one that cannot be read) → the default 'Your 7-day trial has ended'.
pub fn trial_notice(input: &TrialNoticeInput) -> Notice {
    let plain = |code| Notice { code, n: None };
    let Some(end) = input.validity.as_ref().and_then(|v| validity_end(v, input)) else {
        return plain(NoticeCode::TrialDefaultEnded);
    };
    if !input.is_trial.unwrap_or(false) {
        return plain(NoticeCode::PlanExpired);
    }
    if end <= input.now {
        return plain(NoticeCode::TrialEnded);
    }
    // Exact for every i64 pair, without 128-bit arithmetic (its division is 1 KB of the wasm
    // module).
    let days = end.abs_diff(input.now).div_ceil(DAY_MS.unsigned_abs());
    Notice {
        code: NoticeCode::TrialExpiresIn,
        n: Some(i64::try_from(days).unwrap_or(i64::MAX)),
    }
}

/// An amount of money in minor units, with its plain decimal text (`"1234.50"`, no grouping:
/// the UI formats it for the language).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Money {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub minor: i64,
    pub text: String,
}

impl Money {
    pub fn from_minor(minor: i64) -> Money {
        let abs = minor.unsigned_abs();
        let mut text = String::new();
        if minor < 0 {
            text.push('-');
        }
        crate::text::push_uint(&mut text, abs / 100, 0);
        text.push('.');
        crate::text::push_uint(&mut text, abs % 100, 2);
        Money { minor, text }
    }
}

/// Rounds a non-negative major-unit amount to minor units, half up (`amount_invalid` for
/// negatives, non-numbers and amounts beyond ten billion).
pub fn to_minor(amount: f64) -> Result<i64, RuleError> {
    if !amount.is_finite() || !(0.0..=1e10).contains(&amount) {
        return Err(RuleError::AmountInvalid);
    }
    Ok((amount * 100.0).round() as i64)
}

/// 001 §9: 'Currency symbol shown for INR, otherwise a dollar sign'.
pub fn currency_symbol(currency: Option<&str>) -> &'static str {
    match currency.map(str::trim) {
        Some(c) if c.eq_ignore_ascii_case("INR") => "₹",
        _ => "$",
    }
}

fn currency_code(currency: Option<&str>) -> String {
    match currency.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.to_ascii_uppercase(),
        None => "USD".to_string(),
    }
}

/// Input of the `plan_price` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriceInput {
    /// 001 §3 plan `amount`: the plan's price in US dollars per employee per month for its
    /// billing period (annual plans list their monthly equivalent, as the AI add-on's
    /// '5 USD annually' does).
    pub amount: f64,
    /// The user's currency code (from the geolocation lookup), e.g. `INR`.
    pub currency: Option<String>,
    /// 001 §7 item 6 `multiplication_factor` for the currency, when the lookup succeeded.
    pub multiplication_factor: Option<f64>,
    /// 001 §7 item 7: the USD→currency rate, used when there is no factor (rounded up).
    pub exchange_rate: Option<f64>,
    /// Selected add-ons' prices per employee per month, already in the user's currency
    /// (001 §3 team add-on list: `inr`/`usd`, or `annual_inr`/`annual_usd`).
    pub add_ons: Option<Vec<f64>>,
    /// Seats, for the estimated total.
    pub seats: Option<u32>,
    /// The plan is billed yearly (`isMonthly` false): `total` is then a year's charge.
    #[serde(default)]
    pub annual: Option<bool>,
}

/// A price per employee per month, and for the seats when given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub currency: String,
    pub symbol: String,
    pub per_employee_month: Money,
    /// For the seats, per billing period: what each invoice charges — a month's, or a year's for
    /// an annual plan (`period_amount`).
    pub total: Option<Money>,
}

/// 001 §9: 'price is plan amount times the multiplication factor (or rounded exchange rate)
/// plus add-ons', per employee per month.
///
/// - With a factor (> 0): amount × factor, in the user's currency.
/// - Else with an exchange rate (> 0): amount × the rate rounded UP to a whole number (001 §7
///   item 7 'rounded up').
/// - Else: no conversion is known, so the price stays in US dollars (the original fell back to
///   a rate of 1 and showed dollars with the local symbol; we show what the number is).
/// - A factor or rate that is present but not positive is `amount_invalid`.
pub fn plan_price(input: &PriceInput) -> Result<Price, RuleError> {
    // In minor units, at most 10^12 (to_minor). Products that leave i64 are `amount_invalid`,
    // as the total they lead to would be.
    let amount = to_minor(input.amount)?;
    let positive = |f: Option<f64>| -> Result<Option<f64>, RuleError> {
        match f {
            Some(v) if !(v.is_finite() && v > 0.0 && v < 1e9) => Err(RuleError::AmountInvalid),
            other => Ok(other),
        }
    };
    let factor = positive(input.multiplication_factor)?;
    let rate = positive(input.exchange_rate)?;
    let (currency, base) = match (factor, rate) {
        (Some(f), _) => {
            // amount × micro / 10^6 rounded half up, as amount × (micro / 10^6) + the rest:
            // amount × (micro % 10^6) < 10^18 never overflows.
            let micro = (f * 1e6).round() as i64;
            let whole = amount
                .checked_mul(micro / 1_000_000)
                .ok_or(RuleError::AmountInvalid)?;
            let part = (amount * (micro % 1_000_000) + 500_000) / 1_000_000;
            (
                currency_code(input.currency.as_deref()),
                whole.checked_add(part).ok_or(RuleError::AmountInvalid)?,
            )
        }
        (None, Some(r)) => (
            currency_code(input.currency.as_deref()),
            amount
                .checked_mul(r.ceil() as i64)
                .ok_or(RuleError::AmountInvalid)?,
        ),
        (None, None) => ("USD".to_string(), amount),
    };
    let mut per = base;
    for a in input.add_ons.iter().flatten() {
        per = per
            .checked_add(to_minor(*a)?)
            .ok_or(RuleError::AmountInvalid)?;
    }
    let total = match input.seats {
        Some(s) => Some(Money::from_minor(
            per.checked_mul(i64::from(s))
                .and_then(|t| period_amount(t, input.annual.unwrap_or(false)))
                .ok_or(RuleError::AmountInvalid)?,
        )),
        None => None,
    };
    Ok(Price {
        symbol: currency_symbol(Some(&currency)).to_string(),
        currency,
        per_employee_month: Money::from_minor(per),
        total,
    })
}

/// Input of the `annual_badge` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnnualBadgeInput {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub plan_id: i64,
    /// The Monthly/Annually toggle is on Annually.
    pub annual: bool,
}

/// The plan card's badge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AnnualBadge {
    /// 23 on paid plans (Pro Plus, Teams) when billed annually; null otherwise.
    pub percent_off: Option<u8>,
}

/// 001 §9: 'Annual billing shows a 23% Off badge on paid plans'.
pub fn annual_badge(input: &AnnualBadgeInput) -> AnnualBadge {
    AnnualBadge {
        percent_off: (input.annual && PlanKind::of(input.plan_id).is_paid())
            .then_some(ANNUAL_DISCOUNT_PERCENT),
    }
}

/// Input of the `checkout_plan` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckoutInput {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub plan_id: i64,
    /// 001 §7 item 6 `planid_constant` for the user's currency, when the lookup succeeded.
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub planid_constant: Option<i64>,
}

/// The plan part of the checkout body (001 §3: workspace_id, plan_id, quantity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CheckoutPlan {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub plan_id: i64,
    pub quantity: u32,
}

/// 001 §7 item 8: 'For a free plan plan_id 1 is used; otherwise planid_constant plus plan id
/// when a localised constant exists', quantity 1. A plan is free when its id normalises to 1.
pub fn checkout_plan(input: &CheckoutInput) -> Result<CheckoutPlan, RuleError> {
    let plan_id = if PlanKind::of(input.plan_id) == PlanKind::Free {
        1
    } else {
        match input.planid_constant {
            Some(c) => c
                .checked_add(input.plan_id)
                .ok_or(RuleError::AmountInvalid)?,
            None => input.plan_id,
        }
    };
    Ok(CheckoutPlan {
        plan_id,
        quantity: 1,
    })
}

/// Input of the `ai_addon_price` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AiAddonInput {
    pub currency: Option<String>,
    pub annual: bool,
}

/// 001 §9: 'AI Reply add-on: 7 USD or 280 INR monthly; 5 USD or 200 INR annually' — per month,
/// in rupees for INR and in dollars for every other currency.
pub fn ai_addon_price(input: &AiAddonInput) -> Price {
    let inr = currency_symbol(input.currency.as_deref()) == "₹";
    let minor = match (inr, input.annual) {
        (true, false) => 28_000,
        (true, true) => 20_000,
        (false, false) => 700,
        (false, true) => 500,
    };
    Price {
        currency: if inr { "INR" } else { "USD" }.to_string(),
        symbol: if inr { "₹" } else { "$" }.to_string(),
        per_employee_month: Money::from_minor(minor),
        total: None,
    }
}

/// The currency a visitor from `country` (ISO 3166 alpha-2) is shown prices in (001 §7 item 9:
/// the geolocation answer's currency). The product's markets and the currencies the rate
/// provider quotes; anywhere else is unknown (US dollars are shown).
pub fn currency_of_country(country: &str) -> Option<&'static str> {
    const EURO: &[&str] = &[
        "AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV",
        "MT", "NL", "PT", "SI", "SK",
    ];
    let c = country.trim().to_ascii_uppercase();
    Some(match c.as_str() {
        "IN" => "INR",
        "US" => "USD",
        "BR" => "BRL",
        "ID" => "IDR",
        "GB" => "GBP",
        "MX" => "MXN",
        "AR" => "ARS",
        "CO" => "COP",
        "CL" => "CLP",
        "PE" => "PEN",
        "AE" => "AED",
        c if EURO.contains(&c) => "EUR",
        _ => return None,
    })
}

/// Input of the `currency_symbol` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrencyInput {
    pub currency: Option<String>,
}

/// The symbol to show before prices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CurrencySymbol {
    pub symbol: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::tests::ms;
    use proptest::prelude::*;

    fn notice(validity: Option<&str>, trial: Option<bool>, now: &str) -> (NoticeCode, Option<i64>) {
        let n = trial_notice(&TrialNoticeInput {
            validity: validity.map(|v| TimeValue::Text(v.into())),
            is_trial: trial,
            now: ms(now),
            time_zone: None,
        });
        (n.code, n.n)
    }

    #[test]
    fn a_running_trial_counts_days_left_rounded_up() {
        // 001 §4: 'Your free trial will expire in N days' (N rounded up)
        let now = "2026-03-08T10:00:00Z";
        assert_eq!(
            notice(Some("2026-03-10T10:00:00Z"), Some(true), now),
            (NoticeCode::TrialExpiresIn, Some(2))
        );
        assert_eq!(
            notice(Some("2026-03-10T10:00:01Z"), Some(true), now),
            (NoticeCode::TrialExpiresIn, Some(3))
        );
        assert_eq!(
            notice(Some("2026-03-08T10:00:01Z"), Some(true), now),
            (NoticeCode::TrialExpiresIn, Some(1))
        );
    }

    #[test]
    fn a_trial_past_its_validity_has_ended() {
        // 001 §4: 'or "Your free trial has ended" if negative'
        let now = "2026-03-08T10:00:00Z";
        assert_eq!(
            notice(Some("2026-03-08T09:59:59Z"), Some(true), now).0,
            NoticeCode::TrialEnded
        );
        assert_eq!(
            notice(Some("2026-03-08T10:00:00Z"), Some(true), now).0,
            NoticeCode::TrialEnded
        );
    }

    #[test]
    fn a_date_only_validity_lasts_through_that_local_day() {
        // 001 §3 'validity (date)'; decided: valid through the whole day in the zone
        let n = notice(Some("2026-03-08"), Some(true), "2026-03-08T18:29:59Z");
        assert_eq!(n, (NoticeCode::TrialExpiresIn, Some(1)));
        let n = notice(Some("2026-03-08"), Some(true), "2026-03-08T18:30:00Z");
        assert_eq!(n.0, NoticeCode::TrialEnded);
    }

    #[test]
    fn a_paid_plan_past_validity_asks_to_renew() {
        // 001 §4: 'Not a trial: "Your plan has expired. Renew it by clicking on the upgrade button."'
        assert_eq!(
            notice(Some("2026-03-01"), Some(false), "2026-03-08T10:00:00Z").0,
            NoticeCode::PlanExpired
        );
        assert_eq!(
            notice(Some("2026-03-01"), None, "2026-03-08T10:00:00Z").0,
            NoticeCode::PlanExpired
        );
    }

    #[test]
    fn without_validity_the_default_text_is_shown() {
        // 001 §4: 'Default text: "Your 7-day trial has ended"'
        assert_eq!(
            notice(None, Some(true), "2026-03-08T10:00:00Z").0,
            NoticeCode::TrialDefaultEnded
        );
        assert_eq!(
            notice(Some("soon"), Some(true), "2026-03-08T10:00:00Z").0,
            NoticeCode::TrialDefaultEnded
        );
    }

    fn price(
        amount: f64,
        cur: Option<&str>,
        f: Option<f64>,
        r: Option<f64>,
        add: &[f64],
    ) -> Result<(String, String, String), RuleError> {
        plan_price(&PriceInput {
            amount,
            currency: cur.map(Into::into),
            multiplication_factor: f,
            exchange_rate: r,
            add_ons: Some(add.to_vec()),
            seats: None,
            annual: None,
        })
        .map(|p| (p.currency, p.symbol, p.per_employee_month.text))
    }

    #[test]
    fn the_price_is_amount_times_factor_plus_add_ons() {
        // 001 §9: 'price is plan amount times the multiplication factor (or rounded exchange rate) plus add-ons'
        assert_eq!(
            price(10.0, Some("inr"), Some(40.0), None, &[280.0]).unwrap(),
            ("INR".into(), "₹".into(), "680.00".into())
        );
        assert_eq!(
            price(4.99, Some("BRL"), Some(2.5), None, &[]).unwrap(),
            ("BRL".into(), "$".into(), "12.48".into())
        );
        assert_eq!(
            price(9.99, Some("EUR"), Some(0.92), None, &[]).unwrap().2,
            "9.19"
        );
    }

    #[test]
    fn without_a_factor_the_exchange_rate_is_rounded_up() {
        // 001 §7 item 7: 'the INR rate for INR users, else the USD rate, rounded up'
        assert_eq!(
            price(10.0, Some("INR"), None, Some(83.12), &[]).unwrap().2,
            "840.00"
        );
        assert_eq!(
            price(10.0, Some("USD"), None, Some(1.0), &[7.0]).unwrap().2,
            "17.00"
        );
    }

    #[test]
    fn without_any_conversion_the_price_stays_in_dollars() {
        // 001 §8: 'rate to 1' on lookup failure — decided: then it is a dollar price
        assert_eq!(
            price(10.0, Some("INR"), None, None, &[]).unwrap(),
            ("USD".into(), "$".into(), "10.00".into())
        );
    }

    #[test]
    fn negative_or_broken_amounts_are_refused() {
        // 001 §9 price arithmetic needs real amounts
        assert_eq!(
            price(-1.0, None, None, None, &[]),
            Err(RuleError::AmountInvalid)
        );
        assert_eq!(
            price(1.0, None, Some(0.0), None, &[]),
            Err(RuleError::AmountInvalid)
        );
        assert_eq!(
            price(1.0, None, None, None, &[-2.0]),
            Err(RuleError::AmountInvalid)
        );
    }

    #[test]
    fn the_total_multiplies_by_seats() {
        // 001 §2 Billing 'estimated invoice amount'; 001 §9 'per employee per month'
        let p = plan_price(&PriceInput {
            amount: 12.5,
            currency: None,
            multiplication_factor: None,
            exchange_rate: None,
            add_ons: None,
            seats: Some(3),
            annual: None,
        })
        .unwrap();
        assert_eq!(p.total.unwrap().text, "37.50", "monthly: billed each month");
    }

    #[test]
    fn an_annual_plan_bills_a_year_of_its_monthly_equivalent() {
        // issue #25: annual plans show the yearly amount, the one the checkout charges
        let p = plan_price(&PriceInput {
            amount: 9.24,
            currency: None,
            multiplication_factor: None,
            exchange_rate: None,
            add_ons: Some(vec![3.85]),
            seats: Some(3),
            annual: Some(true),
        })
        .unwrap();
        assert_eq!(p.per_employee_month.text, "13.09");
        assert_eq!(
            p.total.unwrap().text,
            "471.24",
            "3 seats × 13.09 × 12 months"
        );
        assert_eq!(period_amount(924, true), Some(11_088));
        assert_eq!(period_amount(924, false), Some(924));
        assert_eq!(period_amount(i64::MAX, true), None);
    }

    #[test]
    fn the_annual_badge_is_23_percent_on_paid_plans_only() {
        // 001 §9: 'Annual billing shows a 23% Off badge on paid plans'
        let b = |id, annual| {
            annual_badge(&AnnualBadgeInput {
                plan_id: id,
                annual,
            })
            .percent_off
        };
        assert_eq!(b(10, true), Some(23));
        assert_eq!(b(1007, true), Some(23));
        assert_eq!(b(10, false), None);
        assert_eq!(b(1, true), None);
        assert_eq!(b(4, true), None);
    }

    #[test]
    fn checkout_uses_1_for_free_and_adds_the_local_constant_otherwise() {
        // 001 §7 item 8: 'For a free plan plan_id 1 is used; otherwise planid_constant plus plan id when a localised constant exists'
        let c = |id, k| {
            checkout_plan(&CheckoutInput {
                plan_id: id,
                planid_constant: k,
            })
            .unwrap()
            .plan_id
        };
        assert_eq!(c(1, Some(1000)), 1);
        assert_eq!(c(1001, None), 1);
        assert_eq!(c(10, Some(1000)), 1010);
        assert_eq!(c(10, None), 10);
        assert_eq!(
            checkout_plan(&CheckoutInput {
                plan_id: 3,
                planid_constant: None
            })
            .unwrap()
            .quantity,
            1
        );
    }

    #[test]
    fn the_ai_add_on_costs_7_usd_or_280_inr_monthly_and_5_or_200_annually() {
        // 001 §9: 'AI Reply add-on: 7 USD or 280 INR monthly; 5 USD or 200 INR annually'
        let p = |c: Option<&str>, annual| {
            ai_addon_price(&AiAddonInput {
                currency: c.map(Into::into),
                annual,
            })
            .per_employee_month
            .text
        };
        assert_eq!(p(Some("INR"), false), "280.00");
        assert_eq!(p(Some("INR"), true), "200.00");
        assert_eq!(p(Some("USD"), false), "7.00");
        assert_eq!(p(Some("BRL"), true), "5.00");
        assert_eq!(p(None, true), "5.00");
    }

    #[test]
    fn visitors_see_their_countrys_currency_and_others_none() {
        assert_eq!(currency_of_country("IN"), Some("INR"));
        assert_eq!(currency_of_country("pt"), Some("EUR"));
        assert_eq!(currency_of_country("BR"), Some("BRL"));
        assert_eq!(currency_of_country("ZZ"), None);
    }

    #[test]
    fn the_rupee_sign_is_for_inr_only() {
        // 001 §9: 'Currency symbol shown for INR, otherwise a dollar sign'
        assert_eq!(currency_symbol(Some("INR")), "₹");
        assert_eq!(currency_symbol(Some(" inr ")), "₹");
        assert_eq!(currency_symbol(Some("EUR")), "$");
        assert_eq!(currency_symbol(None), "$");
    }

    #[test]
    fn every_notice_code_has_a_translation_in_every_catalogue() {
        // 001 §4 notice texts; DESIGN: the UI translates the code
        for lang in crate::language::Language::ALL {
            let path = format!(
                "{}/../../locales/{}/errors.json",
                env!("CARGO_MANIFEST_DIR"),
                lang.tag()
            );
            let cat: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            for c in NoticeCode::ALL {
                assert_eq!(serde_json::to_value(c).unwrap(), c.code());
                assert!(cat[c.code()].is_string(), "{}: {}", lang.tag(), c.code());
            }
        }
        let en: serde_json::Value =
            serde_json::from_str(include_str!("../../../locales/en/errors.json")).unwrap();
        assert_eq!(
            en["trial_expires_in"],
            "Your free trial will expire in {{n}} days"
        );
        assert_eq!(
            en["plan_expired"],
            "Your plan has expired. Renew it by clicking on the upgrade button."
        );
    }

    /// The per-employee price as the former 128-bit formula computed it (`None`: amount_invalid).
    fn price_128(amount: f64, factor: Option<f64>, rate: Option<f64>, adds: &[f64]) -> Option<i64> {
        let amount = i128::from(to_minor(amount).ok()?);
        let base = match (factor, rate) {
            (Some(f), _) => (amount * (f * 1e6).round() as i128 + 500_000) / 1_000_000,
            (None, Some(r)) => amount * r.ceil() as i128,
            (None, None) => amount,
        };
        let per = adds
            .iter()
            .try_fold(base, |p, a| Some(p + i128::from(to_minor(*a).ok()?)))?;
        i64::try_from(per).ok()
    }

    proptest! {
        #[test]
        fn prices_are_what_128_bit_arithmetic_gives(
            amount in prop_oneof![0.0..1e4f64, 0.0..=1e10f64],
            factor in prop::option::of(prop_oneof![1e-6..10.0f64, 1.0..1e9f64]),
            rate in prop::option::of(prop_oneof![1e-6..100.0f64, 1.0..1e9f64]),
            adds in prop::collection::vec(prop_oneof![0.0..100.0f64, 0.0..=1e10f64], 0..3),
        ) {
            let p = plan_price(&PriceInput {
                amount,
                currency: Some("INR".into()),
                multiplication_factor: factor,
                exchange_rate: rate,
                add_ons: Some(adds.clone()),
                seats: None,
                annual: None,
            });
            prop_assert_eq!(p.ok().map(|p| p.per_employee_month.minor), price_128(amount, factor, rate, &adds));
        }

        #[test]
        fn days_left_are_what_128_bit_arithmetic_gives(
            // The dates chrono can hold (about ±262 000 years); `now` anything.
            end in -8_000_000_000_000_000i64..8_000_000_000_000_000,
            now in any::<i64>(),
        ) {
            let n = trial_notice(&TrialNoticeInput { validity: Some(TimeValue::Ms(end)), is_trial: Some(true), now, time_zone: None });
            let left = i128::from(end) - i128::from(now);
            if left <= 0 {
                prop_assert_eq!(n.code, NoticeCode::TrialEnded);
            } else {
                let days = (left + i128::from(DAY_MS) - 1) / i128::from(DAY_MS);
                prop_assert_eq!(n.n, Some(i64::try_from(days).unwrap_or(i64::MAX)));
            }
        }

        #[test]
        fn a_factor_of_one_keeps_the_amount_and_add_ons_add_exactly(cents in 0i64..10_000_000, adds in prop::collection::vec(0i64..100_000, 0..5)) {
            // 001 §9: amount × factor + add-ons, in exact minor units
            let p = plan_price(&PriceInput {
                amount: cents as f64 / 100.0,
                currency: Some("USD".into()),
                multiplication_factor: Some(1.0),
                exchange_rate: None,
                add_ons: Some(adds.iter().map(|a| *a as f64 / 100.0).collect()),
                seats: Some(2),
                annual: Some(true),
            }).unwrap();
            let per = cents + adds.iter().sum::<i64>();
            prop_assert_eq!(p.per_employee_month.minor, per);
            prop_assert_eq!(p.total.unwrap().minor, per * 2 * 12);
        }

        #[test]
        fn days_left_never_undercount(left in 1i64..(400 * DAY_MS)) {
            // 001 §4: 'N rounded up'
            let now = 1_767_225_600_000;
            let n = trial_notice(&TrialNoticeInput { validity: Some(TimeValue::Ms(now + left)), is_trial: Some(true), now, time_zone: None });
            let days = n.n.unwrap();
            prop_assert!(days * DAY_MS >= left && (days - 1) * DAY_MS < left);
        }
    }
}
