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
        serde_json::from_str(include_str!("../../../../locales/en/errors.json")).unwrap();
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
