use super::*;
use proptest::prelude::*;

fn core_ipv6(s: &str) -> bool {
    s.parse::<std::net::Ipv6Addr>().is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn is_ipv6_answers_what_core_answers_on_any_text(s in "[0-9a-fA-F:.g ]{0,46}") {
        prop_assert_eq!(is_ipv6(&s), core_ipv6(&s), "{:?}", s);
    }

    #[test]
    fn is_ipv6_answers_what_core_answers_near_real_addresses(
        groups in prop::array::uniform8(any::<u16>()),
        zeros in 0usize..8,
        v4 in any::<bool>(),
        cut in 0usize..60,
        insert in "[0-9a-f:.]{0,3}",
    ) {
        let mut g = groups;
        for x in g.iter_mut().take(zeros) {
            *x = 0;
        }
        let addr = std::net::Ipv6Addr::from(g);
        let text = if v4 {
            let o = addr.octets();
            format!("{:x}:{:x}:{:x}:{:x}:{:x}:{:x}:{}.{}.{}.{}", g[0], g[1], g[2], g[3], g[4], g[5], o[12], o[13], o[14], o[15])
        } else {
            addr.to_string()
        };
        prop_assert!(is_ipv6(&text), "{:?}", text);
        let at = text.char_indices().map(|(i, _)| i).nth(cut % (text.len() + 1)).unwrap_or(text.len());
        let mutated = format!("{}{}{}", &text[..at], insert, &text[at..]);
        prop_assert_eq!(is_ipv6(&mutated), core_ipv6(&mutated), "{:?}", mutated);
        let truncated = &text[..at];
        prop_assert_eq!(is_ipv6(truncated), core_ipv6(truncated), "{:?}", truncated);
    }
}

#[test]
fn is_ipv6_edges() {
    for s in [
        "::",
        "::1",
        "1::",
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8",
        "::ffff:1.2.3.4",
        "1:2:3:4:5:6:1.2.3.4",
        "::1.2.3.4",
        "1::1.2.3.4",
        "1:2:3:4:5:6:7:8::",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1.2.3.4",
        "::01.2.3.4",
        "::1.2.3.256",
        "12345::",
        ":1::",
        "1:::2",
        "1::2::3",
        "",
        ":",
        "::g",
        "FFFF::",
        "0000:0::",
        "1:2:3:4:5:6:7:8:9",
        "::1.2.3",
        "::1.2.3.4.5",
        "1.2.3.4::",
    ] {
        assert_eq!(is_ipv6(s), core_ipv6(s), "{s:?}");
    }
}

fn bitrix(s: &str) -> Result<String, RuleError> {
    BitrixDomain::parse(s).map(|d| d.as_str().to_string())
}

#[test]
fn an_empty_bitrix_domain_is_refused() {
    // 000 §5: 'must not be empty ('Domain name cannot be empty')'
    assert_eq!(bitrix(""), Err(RuleError::DomainEmpty));
    assert_eq!(bitrix("   "), Err(RuleError::DomainEmpty));
}

#[test]
fn a_bitrix_domain_must_include_dot_bitrix() {
    // 000 §5: 'Domain name must include .bitrix'
    assert_eq!(bitrix("acme.com"), Err(RuleError::DomainMustIncludeBitrix));
    assert_eq!(
        bitrix("bitrix24.com"),
        Err(RuleError::DomainMustIncludeBitrix)
    );
}

#[test]
fn https_is_added_and_the_trailing_slash_removed() {
    // 000 §5: 'https:// is added if missing and a trailing slash is removed'
    assert_eq!(
        bitrix("acme.bitrix24.com").unwrap(),
        "https://acme.bitrix24.com"
    );
    assert_eq!(
        bitrix("https://acme.bitrix24.com/").unwrap(),
        "https://acme.bitrix24.com"
    );
    assert_eq!(
        bitrix(" ACME.Bitrix24.de// ").unwrap(),
        "https://acme.bitrix24.de"
    );
}

#[test]
fn http_is_upgraded_to_https() {
    // 000 §5: 'https:// is added if missing' — decided http:// becomes https://
    assert_eq!(
        bitrix("http://acme.bitrix24.com").unwrap(),
        "https://acme.bitrix24.com"
    );
}

#[test]
fn a_bitrix_value_that_is_not_a_host_is_refused() {
    // 000 §5: the domain modal takes a domain; a path, port or space cannot be one
    assert_eq!(
        bitrix("acme.bitrix24.com/crm"),
        Err(RuleError::DomainNotAHost)
    );
    assert_eq!(
        bitrix("acme.bitrix24.com:443"),
        Err(RuleError::DomainNotAHost)
    );
    assert_eq!(bitrix("ac me.bitrix24.com"), Err(RuleError::DomainNotAHost));
    assert_eq!(
        bitrix("ftp://acme.bitrix24.com"),
        Err(RuleError::DomainNotAHost)
    );
    assert_eq!(bitrix("evil.com/.bitrix"), Err(RuleError::DomainNotAHost));
    assert_eq!(bitrix("-acme.bitrix24.com"), Err(RuleError::DomainNotAHost));
}

#[test]
fn an_empty_freshdesk_domain_is_refused() {
    // 000 §5: 'the domain must not be empty ('Domain should not be empty')'
    assert_eq!(
        FreshdeskDomain::parse(" "),
        Err(RuleError::FreshdeskDomainEmpty)
    );
}

#[test]
fn a_bare_freshdesk_subdomain_gets_the_freshdesk_host() {
    // 000 §5 Freshdesk domain field; decided: 'acme' means acme.freshdesk.com
    assert_eq!(
        FreshdeskDomain::parse("acme").unwrap().as_str(),
        "acme.freshdesk.com"
    );
    assert_eq!(
        FreshdeskDomain::parse("https://Acme.freshdesk.com/")
            .unwrap()
            .as_str(),
        "acme.freshdesk.com"
    );
    assert_eq!(
        FreshdeskDomain::parse("ac me"),
        Err(RuleError::DomainNotAHost)
    );
}

#[test]
fn freshdesk_needs_a_key_after_the_domain() {
    // 000 §5: Freshdesk modal has domain and API key fields
    let input = |d: &str, k: &str| FreshdeskInput {
        domain: d.into(),
        api_key: k.into(),
    };
    assert_eq!(
        FreshdeskCredentials::parse(&input("", "")),
        Err(RuleError::FreshdeskDomainEmpty)
    );
    assert_eq!(
        FreshdeskCredentials::parse(&input("acme", " ")),
        Err(RuleError::ApiKeyEmpty)
    );
    let ok = FreshdeskCredentials::parse(&input("acme", " k1 ")).unwrap();
    assert_eq!(ok.api_key, "k1");
}

fn lsq(h: &str, a: &str, s: &str) -> Result<LeadsquaredCredentials, RuleError> {
    LeadsquaredCredentials::parse(&LeadsquaredInput {
        host: h.into(),
        access_key: a.into(),
        secret_key: s.into(),
    })
}

#[test]
fn leadsquared_needs_all_three_fields() {
    // 000 §5: 'all three fields are required ('Please fill all the fields to continue...')'
    assert_eq!(lsq("", "a", "s"), Err(RuleError::FieldsRequired));
    assert_eq!(
        lsq("api-in21.leadsquared.com", " ", "s"),
        Err(RuleError::FieldsRequired)
    );
    assert_eq!(
        lsq("api-in21.leadsquared.com", "a", ""),
        Err(RuleError::FieldsRequired)
    );
}

#[test]
fn the_leadsquared_homepage_is_the_host_without_api_dash() {
    // 000 §5: 'the homepage is the host with the api- prefix removed'
    let c = lsq("https://api-in21.leadsquared.com/", "a", "s").unwrap();
    assert_eq!(c.host, "api-in21.leadsquared.com");
    assert_eq!(c.homepage, "in21.leadsquared.com");
    let c = lsq("in21.leadsquared.com", "a", "s").unwrap();
    assert_eq!(c.homepage, "in21.leadsquared.com");
}

#[test]
fn an_empty_spreadsheet_label_is_refused_and_the_default_is_google_sheet() {
    // 000 §5: 'Label name can not be empty'; 000 §9: 'Default spreadsheet label: Google Sheet'
    assert_eq!(SheetLabel::parse("  "), Err(RuleError::LabelNameEmpty));
    assert_eq!(
        SheetLabel::parse(" Leads ").unwrap(),
        SheetLabel("Leads".into())
    );
    assert_eq!(
        SheetLabel::default_label(),
        SheetLabel("Google Sheet".into())
    );
}

#[test]
fn a_webhook_endpoint_must_be_an_http_url() {
    // 000 §5: 'for the endpoint, 'Please enter valid value for endpoint''; URL http/https only
    assert_eq!(
        WebhookUrl::parse("").unwrap_err(),
        RuleError::EndpointInvalid
    );
    assert_eq!(
        WebhookUrl::parse("ftp://x.com").unwrap_err(),
        RuleError::EndpointInvalid
    );
    assert!(WebhookUrl::parse("https://hooks.example.com/in?x=1").is_ok());
}

#[test]
fn a_webhook_token_must_not_be_empty() {
    // 000 §5: 'Webhook values: must be non-empty ('Please enter valid value')'
    assert_eq!(WebhookToken::parse(" "), Err(RuleError::ValueInvalid));
    assert_eq!(WebhookToken::parse("a b"), Err(RuleError::ValueInvalid));
    assert_eq!(
        WebhookToken::parse(" t0k ").unwrap(),
        WebhookToken("t0k".into())
    );
}

#[test]
fn urls_must_be_http_or_https() {
    // 000 §5: 'URL: must be http or https'
    let ok = |s: &str| HttpUrl::parse(s).map(|u| u.as_str().to_string());
    assert_eq!(
        ok("HTTPS://Example.COM/Path").unwrap(),
        "https://example.com/Path"
    );
    assert_eq!(
        ok("http://localhost:8080/x").unwrap(),
        "http://localhost:8080/x"
    );
    assert_eq!(ok("http://[::1]:9/").unwrap(), "http://[::1]:9/");
    assert_eq!(ok("http://10.0.0.1").unwrap(), "http://10.0.0.1");
    for bad in [
        "example.com",
        "mailto:a@b.c",
        "javascript:alert(1)",
        "https://",
        "https://exa mple.com",
        "https://user:pw@example.com",
        "https://example.com:0",
        "https://example.com:65536",
        "https://example",
        "https://[zz]/",
    ] {
        assert_eq!(ok(bad), Err(RuleError::UrlInvalid), "{bad}");
    }
}

#[test]
fn emails_follow_the_loose_pattern() {
    // 000 §5: 'Email: loose pattern of text, @, text, dot, text'
    for good in ["a@b.c", " ravi.k+tag@mail.example.in ", "x@y.co.uk"] {
        assert!(Email::parse(good).is_ok(), "{good}");
    }
    for bad in [
        "", "a@b", "@b.c", "a@.c", "a@b.", "a b@c.d", "a@b@c.d", "abc.d",
    ] {
        assert_eq!(Email::parse(bad), Err(RuleError::EmailInvalid), "{bad}");
    }
}

#[test]
fn the_number_check_accepts_plain_decimals_only() {
    // 000 §5: 'A number check'
    assert_eq!(parse_number(" 12 "), Ok(12.0));
    assert_eq!(parse_number("-3.5"), Ok(-3.5));
    assert_eq!(parse_number(".5"), Ok(0.5));
    for bad in [
        "", "-", ".", "1e3", "NaN", "Infinity", "0x10", "1,000", "1.2.3",
    ] {
        assert_eq!(parse_number(bad), Err(RuleError::NotANumber), "{bad}");
    }
}

#[test]
fn digit_presence_sees_any_digit() {
    // 000 §5: 'a digit-presence check'; 001 §5 'Property names should not contain numbers'
    assert!(has_digit("plan 2"));
    assert!(has_digit("योजना५"));
    assert!(!has_digit("Lead source"));
}

#[test]
fn the_age_check_compares_with_n_years_before_today() {
    // 000 §5: 'an age check (a date against N years ago)'
    let d = |s: &str| parse_iso_date(s).unwrap();
    assert!(is_at_least_years_ago(d("2008-03-08"), d("2026-03-08"), 18));
    assert!(!is_at_least_years_ago(d("2008-03-09"), d("2026-03-08"), 18));
    // a leap-day date is old enough on 1 March of a common year
    assert!(!is_at_least_years_ago(d("2008-02-29"), d("2026-02-28"), 18));
    assert!(is_at_least_years_ago(d("2008-02-29"), d("2026-03-01"), 18));
    assert!(is_at_least_years_ago(d("2026-03-08"), d("2026-03-08"), 0));
}

#[test]
fn dates_must_be_iso_calendar_dates() {
    // 000 §5 age check input; decided: dates travel as YYYY-MM-DD
    assert_eq!(parse_iso_date("2026-02-30"), Err(RuleError::DateInvalid));
    assert_eq!(parse_iso_date("8/3/2026"), Err(RuleError::DateInvalid));
    assert_eq!(parse_iso_date("2026-3-8"), Err(RuleError::DateInvalid));
}

#[test]
fn a_host_with_a_character_across_the_schemes_length_is_refused_not_a_panic() {
    // 'Ð' takes bytes 6 and 7, where "http://" and "https://" end.
    let input = LeadsquaredInput {
        host: "\u{5}nåe{Ðc¡p".into(),
        access_key: "a".into(),
        secret_key: "s".into(),
    };
    assert_eq!(
        LeadsquaredCredentials::parse(&input).map(|_| ()),
        Err(RuleError::DomainNotAHost)
    );
    assert_eq!(strip_http_scheme("abcdeÐx"), "abcdeÐx");
    assert_eq!(
        strip_http_scheme("HTTPS://acme.leadsquared.com"),
        "acme.leadsquared.com"
    );
}

proptest! {
    /// The document's pattern and the rule agree on any text of tokens, spaces and controls.
    #[test]
    fn the_webhook_token_pattern_is_the_rule(
        raw in "[\t\n \u{1}\u{7f}\u{85}\u{a0}\u{2003}\u{3000}aZ9_.é-]{0,12}"
    ) {
        let pattern = regex::Regex::new(WEBHOOK_TOKEN_PATTERN).unwrap();
        prop_assert_eq!(WebhookToken::parse(&raw).is_ok(), pattern.is_match(&raw), "{:?}", raw);
    }
}

proptest! {
    /// The document's e-mail pattern and the rule agree on any text of these characters.
    #[test]
    fn the_email_pattern_is_the_rule(
        raw in "[\t \u{85}\u{a0}\u{feff}\u{2003}a.@é]{0,10}"
    ) {
        let pattern = regex::Regex::new(EMAIL_PATTERN).unwrap();
        prop_assert_eq!(Email::parse(&raw).is_ok(), pattern.is_match(&raw), "{:?}", raw);
    }
}
