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
#[crate::value::wire(Copy, Hash)]
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
mod tests;
