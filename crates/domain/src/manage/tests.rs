use super::*;

#[test]
fn quick_replies_need_a_name_and_a_message_or_a_file() {
    // 001 §5 'Enter a valid quick reply message; enter a valid quick reply name'
    let q = |n: &str, m: &str, a: bool| {
        quick_reply(&QuickReplyInput {
            name: n.into(),
            message: m.into(),
            has_attachment: Some(a),
        })
    };
    assert_eq!(q("  ", "hi", false), Err(RuleError::QuickReplyNameInvalid));
    assert_eq!(
        q(&"n".repeat(61), "hi", false),
        Err(RuleError::QuickReplyNameInvalid)
    );
    assert_eq!(
        q("Hi", " \n ", false),
        Err(RuleError::QuickReplyMessageInvalid)
    );
    assert_eq!(q("Hi", "", true).unwrap().message, "");
    assert_eq!(
        q(" Hi ", " a\nb ", false).unwrap(),
        QuickReplyDraft {
            name: "Hi".into(),
            message: "a\nb".into()
        }
    );
}

#[test]
fn variables_are_filled_and_typos_kept() {
    let r = render_message(&RenderInput {
        message: "Hi {{first_name}} {{ LAST_NAME }}, {{nmae}} {{company}}!{{".into(),
        vars: Some(TemplateVars {
            name: Some("Asha Rao Iyer".into()),
            ..TemplateVars::default()
        }),
    });
    assert_eq!(r.text, "Hi Asha Rao Iyer, {{nmae}} !{{");
    assert_eq!(r.unknown, ["nmae"]);
}

#[test]
fn labels_and_funnels() {
    let l = |n: &str, c: &str| {
        label(&LabelInput {
            name: n.into(),
            color: c.into(),
        })
    };
    assert_eq!(l("", "#ffffff"), Err(RuleError::LabelNameEmpty));
    assert_eq!(l("VIP", "red"), Err(RuleError::LabelColorInvalid));
    assert_eq!(l("VIP", "#A0B1C2").unwrap().color, "#a0b1c2");
    let f = |s: &[&str]| {
        funnel(&FunnelInput {
            name: "Sales".into(),
            stages: s.iter().map(|x| x.to_string()).collect(),
        })
    };
    assert_eq!(f(&[]), Err(RuleError::FunnelStagesRequired));
    assert_eq!(f(&["New", "new"]), Err(RuleError::FunnelStageDuplicate));
    assert_eq!(f(&["New", " "]), Err(RuleError::FunnelStageInvalid));
    assert_eq!(f(&["New", "Won"]).unwrap().stages, ["New", "Won"]);
}

#[test]
fn property_names_and_values() {
    // 001 §5 property messages
    let p = |n: &str, k: PropertyKind, o: &[&str]| {
        user_property(&PropertyInput {
            name: n.into(),
            kind: k,
            options: Some(o.iter().map(|x| x.to_string()).collect()),
            existing: vec!["City".into()],
        })
    };
    assert_eq!(
        p("Plan 2", PropertyKind::Text, &[]),
        Err(RuleError::PropertyNameHasNumber)
    );
    assert_eq!(
        p(" city ", PropertyKind::Text, &[]),
        Err(RuleError::PropertyNameDuplicate)
    );
    assert_eq!(
        p("", PropertyKind::Text, &[]),
        Err(RuleError::FieldsRequired)
    );
    assert_eq!(
        p("Tier", PropertyKind::Select, &[" "]),
        Err(RuleError::PropertyOptionsRequired)
    );
    assert_eq!(
        p("Tier", PropertyKind::Select, &["Gold", "gold", "Silver"])
            .unwrap()
            .options,
        ["Gold", "Silver"]
    );
    let v = |k: PropertyKind, val: &str| {
        property_value(&PropertyValueInput {
            kind: k,
            options: Some(vec!["Gold".into()]),
            value: val.into(),
        })
    };
    assert_eq!(
        v(PropertyKind::Number, "12a"),
        Err(RuleError::PropertyValueMismatch)
    );
    assert_eq!(
        v(PropertyKind::Date, "2026-02-30"),
        Err(RuleError::PropertyValueMismatch)
    );
    assert_eq!(v(PropertyKind::Boolean, "TRUE").unwrap().0, "true");
    assert_eq!(v(PropertyKind::Select, "gold").unwrap().0, "Gold");
    assert_eq!(
        v(PropertyKind::Select, "Bronze"),
        Err(RuleError::PropertyValueMismatch)
    );
    assert_eq!(v(PropertyKind::Number, "").unwrap().0, "");
}

#[test]
fn one_or_two_short_tags() {
    // 001 §5, §9
    let t = |tags: &[&str]| {
        contact_tags(&TagsInput {
            tags: tags.iter().map(|x| x.to_string()).collect(),
        })
    };
    assert_eq!(t(&[]), Err(RuleError::TagRequired));
    assert_eq!(t(&[" "]), Err(RuleError::TagRequired));
    assert_eq!(t(&["a", "b", "c"]), Err(RuleError::TagsTooMany));
    assert_eq!(t(&["abcdefghijk"]), Err(RuleError::TagTooLong));
    assert_eq!(t(&["vip", "VIP", "lead"]).unwrap().0, ["vip", "lead"]);
}

#[test]
fn follow_ups_and_scheduled_messages() {
    let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 25)
        .unwrap()
        .and_hms_opt(12, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp_millis();
    let f = |title: &str, due: &str, amount: Option<&str>| {
        follow_up(&FollowUpInput {
            title: title.into(),
            due: due.into(),
            time_zone: "Europe/Lisbon".into(),
            amount: amount.map(Into::into),
            recurrence: None,
            now_ms: now,
            check_past: None,
        })
    };
    assert_eq!(
        f(" ", "2026-11-26T09:00", None),
        Err(RuleError::TitleRequired)
    );
    assert_eq!(
        f("Call", "2026-11-25T12:00", None),
        Err(RuleError::TimeHasPassed)
    );
    assert_eq!(
        f("Call", "2026-11-26T09:00", Some("-1")),
        Err(RuleError::AmountInvalid)
    );
    assert_eq!(
        f("Call", "2026-11-26T09:00", Some("12.50"))
            .unwrap()
            .amount
            .as_deref(),
        Some("12.50")
    );
    let s = |to: &str, msg: &str, at: &str| {
        scheduled_message(&ScheduledMessageInput {
            recipient: to.into(),
            message: msg.into(),
            has_attachment: None,
            start: at.into(),
            time_zone: "Asia/Kolkata".into(),
            every: Some(1),
            unit: Some(RepeatUnit::Week),
            stop_after: Some(5),
            now_ms: now,
        })
    };
    assert_eq!(
        s("9812345678", "hi", "2026-11-26T09:00"),
        Err(RuleError::PhoneCountryCodeMissing)
    );
    assert_eq!(
        s("+919812345678", " ", "2026-11-26T09:00"),
        Err(RuleError::MessageAndUploadEmpty)
    );
    assert_eq!(
        s("+919812345678", "hi", "2026-11-25T17:30"),
        Err(RuleError::TimeHasPassed)
    );
    let ok = s("+91 98123 45678", "hi", "2026-11-25T17:31").unwrap();
    assert_eq!(ok.recipient, "+919812345678");
    assert_eq!(ok.first_ms, now + 60_000);
}

#[test]
fn a_bulk_tag_change_keeps_two_tags_at_most_and_may_leave_none() {
    let v = |t: &[&str]| t.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(bulk_tag("  vip "), Ok("vip".into()));
    assert_eq!(bulk_tag("   "), Err(RuleError::TagRequired));
    assert_eq!(bulk_tag("abcdefghijk"), Err(RuleError::TagTooLong));
    assert_eq!(bulk_tag("ñandú-ñandú"), Err(RuleError::TagTooLong));
    assert_eq!(bulk_tag("ñandúñandú"), Ok("ñandúñandú".into()));
    // Put on: once, whatever its case; a third is refused.
    assert_eq!(retagged(&[], Some("vip"), None), Ok(v(&["vip"])));
    assert_eq!(retagged(&v(&["VIP"]), Some("vip"), None), Ok(v(&["VIP"])));
    assert_eq!(
        retagged(&v(&["vip", "hot"]), Some("cold"), None),
        Err(RuleError::TagsTooMany)
    );
    // Taken off first, so one tag can replace another on a contact with two.
    assert_eq!(
        retagged(&v(&["vip", "Hot"]), Some("cold"), Some("hot")),
        Ok(v(&["vip", "cold"]))
    );
    assert_eq!(retagged(&v(&["vip"]), None, Some("VIP")), Ok(vec![]));
    assert_eq!(retagged(&v(&["vip"]), None, Some("hot")), Ok(v(&["vip"])));
}
