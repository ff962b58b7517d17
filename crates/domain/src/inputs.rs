//! What a user types into the Integrations forms and the general field checks (000 §5), parsed
//! into values that are valid by construction, so the connect modal and the endpoint that stores
//! the link reject the same input with the same code.
//!
//! Host names are checked for shape only (ASCII letters, digits, hyphens, dots; an IDN must be
//! typed in its `xn--` form). Whether an address may be reached at all (no loopback, private or
//! link-local targets) is the server's address guard, which resolves names; this crate does no I/O.

use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::RuleError;

/// 000 §9: 'Default spreadsheet label: Google Sheet'.
pub const DEFAULT_SPREADSHEET_LABEL: &str = "Google Sheet";

/// True when `s` is a DNS name of at least two labels: each 1–63 ASCII letters, digits or
/// hyphens, not starting or ending with a hyphen; 253 characters at most.
/// `s.parse::<std::net::Ipv6Addr>().is_ok()`, step for step as core's parser reads (groups of
/// one to four hex digits, one `::` standing for at least one zero group, an IPv4 address in the
/// last two groups, no leading zeros in its octets), without linking that parser into the wasm
/// module (0.9 KB gzipped). A property test compares the two on generated text.
fn is_ipv6(s: &str) -> bool {
    let b = s.as_bytes();
    let mut p = 0;
    let (head, head_v4) = ipv6_groups(b, &mut p, 8);
    if head == 8 {
        return p == b.len();
    }
    if head_v4 || !b[p..].starts_with(b"::") {
        return false;
    }
    p += 2;
    ipv6_groups(b, &mut p, 8 - (head + 1));
    p == b.len()
}

/// Up to `limit` `:`-separated groups from `b[*p..]`, the last two possibly an IPv4 address:
/// how many were read and whether an IPv4 address ended them.
fn ipv6_groups(b: &[u8], p: &mut usize, limit: usize) -> (usize, bool) {
    for i in 0..limit {
        if i < limit - 1 && separated(b, p, b':', i, ipv4).is_some() {
            return (i + 2, true);
        }
        if separated(b, p, b':', i, |b, q| digits(b, q, 16, 4, true)).is_none() {
            return (i, false);
        }
    }
    (limit, false)
}

/// Four `.`-separated decimal octets (0–255, no leading zeros).
fn ipv4(b: &[u8], p: &mut usize) -> Option<u32> {
    let mut q = *p;
    for i in 0..4 {
        if separated(b, &mut q, b'.', i, |b, q| digits(b, q, 10, 3, false))? > 255 {
            return None;
        }
    }
    *p = q;
    Some(0)
}

/// `inner` after a `sep` (none before the first item); `*p` moves only on success.
fn separated(
    b: &[u8],
    p: &mut usize,
    sep: u8,
    index: usize,
    inner: impl FnOnce(&[u8], &mut usize) -> Option<u32>,
) -> Option<u32> {
    let mut q = *p;
    if index > 0 {
        if b.get(q) != Some(&sep) {
            return None;
        }
        q += 1;
    }
    let v = inner(b, &mut q)?;
    *p = q;
    Some(v)
}

/// One to `max` digits in `radix`; `*p` moves only on success.
fn digits(b: &[u8], p: &mut usize, radix: u32, max: usize, zero_prefix: bool) -> Option<u32> {
    let mut v = 0;
    let mut n = 0;
    while let Some(d) = b.get(*p + n).and_then(|&c| char::from(c).to_digit(radix)) {
        v = v * radix + d;
        n += 1;
        if n > max {
            return None;
        }
    }
    if n == 0 || (!zero_prefix && n > 1 && b[*p] == b'0') {
        return None;
    }
    *p += n;
    Some(v)
}

fn is_dotted_host(s: &str) -> bool {
    if s.is_empty() || s.len() > 253 {
        return false;
    }
    let mut labels = 0;
    for label in s.split('.') {
        labels += 1;
        let ok = !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !ok {
            return false;
        }
    }
    labels >= 2
}

/// Drops a leading `http://` or `https://` (any case).
fn strip_http_scheme(s: &str) -> &str {
    for scheme in ["https://", "http://"] {
        // Compared as bytes: a text whose 7th or 8th byte falls inside a character has no scheme
        // (slicing it as a `str` there would panic); a matching prefix is ASCII, so the rest
        // starts on a character boundary.
        let prefix = s.as_bytes().get(..scheme.len());
        if prefix.is_some_and(|p| p.eq_ignore_ascii_case(scheme.as_bytes())) {
            return &s[scheme.len()..];
        }
    }
    s
}

/// A Bitrix24 portal address, always `https://<host>` with no trailing slash (000 §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct BitrixDomain(String);

impl BitrixDomain {
    /// 000 §5: not empty ('Domain name cannot be empty'), contains `.bitrix` ('Domain name must
    /// include .bitrix'), `https://` added when missing, trailing slash removed.
    ///
    /// Decisions where the spec is silent: surrounding spaces are ignored; the host is compared
    /// and returned in lower case; `http://` is upgraded to `https://` (portals are https only);
    /// every trailing slash goes; anything else after the host (a path, a port, spaces) is
    /// `domain_not_a_host`, and so is a `.bitrix` that is not in the host itself.
    pub fn parse(raw: &str) -> Result<BitrixDomain, RuleError> {
        let s = raw.trim();
        if s.is_empty() {
            return Err(RuleError::DomainEmpty);
        }
        let lower = s.to_ascii_lowercase();
        if !crate::text::contains(&lower, ".bitrix") {
            return Err(RuleError::DomainMustIncludeBitrix);
        }
        let host = strip_http_scheme(&lower).trim_end_matches('/');
        if !is_dotted_host(host) || !crate::text::contains(host, ".bitrix") {
            return Err(RuleError::DomainNotAHost);
        }
        Ok(BitrixDomain(crate::text::concat(&["https://", host])))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Input of the `bitrix_domain` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BitrixDomainInput {
    pub domain: String,
}

/// A Freshdesk helpdesk host, e.g. `acme.freshdesk.com` (no scheme, no slash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct FreshdeskDomain(String);

impl FreshdeskDomain {
    /// 000 §5: 'the domain must not be empty ('Domain should not be empty')'.
    ///
    /// Decisions where the spec is silent: a scheme and trailing slashes are dropped, the host is
    /// lower-cased, and a bare subdomain (`acme`, no dot) means `acme.freshdesk.com`, which is
    /// what most people type. Anything that is then not a host is `domain_not_a_host`.
    pub fn parse(raw: &str) -> Result<FreshdeskDomain, RuleError> {
        let s = raw.trim();
        if s.is_empty() {
            return Err(RuleError::FreshdeskDomainEmpty);
        }
        let lower = s.to_ascii_lowercase();
        let host = strip_http_scheme(&lower).trim_end_matches('/');
        let host = if host.contains('.') {
            host.to_string()
        } else {
            crate::text::concat(&[host, ".freshdesk.com"])
        };
        if !is_dotted_host(&host) {
            return Err(RuleError::DomainNotAHost);
        }
        Ok(FreshdeskDomain(host))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Input of the `freshdesk_domain` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FreshdeskDomainInput {
    pub domain: String,
}

/// Input of the `freshdesk_credentials` rule: the Freshdesk modal's two fields.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FreshdeskInput {
    pub domain: String,
    pub api_key: String,
}

/// The Freshdesk link as stored (000 §3: domain, api_key).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FreshdeskCredentials {
    pub domain: FreshdeskDomain,
    pub api_key: String,
}

impl FreshdeskCredentials {
    /// The domain is checked first, then the key (trimmed, must not be empty: `api_key_empty`).
    pub fn parse(input: &FreshdeskInput) -> Result<FreshdeskCredentials, RuleError> {
        let domain = FreshdeskDomain::parse(&input.domain)?;
        let api_key = input.api_key.trim();
        if api_key.is_empty() {
            return Err(RuleError::ApiKeyEmpty);
        }
        Ok(FreshdeskCredentials {
            domain,
            api_key: api_key.to_string(),
        })
    }
}

/// Input of the `leadsquared_credentials` rule: the 'Connect to Leadsquared' modal.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeadsquaredInput {
    pub host: String,
    pub access_key: String,
    pub secret_key: String,
}

/// The LeadSquared link with the spec's wire names (000 §3, §7: host, homepage, access_id,
/// secret_key).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LeadsquaredCredentials {
    pub host: String,
    pub homepage: String,
    pub access_id: String,
    pub secret_key: String,
}

impl LeadsquaredCredentials {
    /// 000 §5: all three fields required ('Please fill all the fields to continue...'); 'the
    /// homepage is the host with the api- prefix removed'.
    ///
    /// Decisions where the spec is silent: fields are trimmed before the emptiness check; the
    /// host loses a scheme and trailing slashes and is lower-cased (the connector adds https);
    /// a host that is not a host name is `domain_not_a_host`; a host without the `api-` prefix
    /// is its own homepage.
    pub fn parse(input: &LeadsquaredInput) -> Result<LeadsquaredCredentials, RuleError> {
        let (host, access, secret) = (
            input.host.trim(),
            input.access_key.trim(),
            input.secret_key.trim(),
        );
        if host.is_empty() || access.is_empty() || secret.is_empty() {
            return Err(RuleError::FieldsRequired);
        }
        let lower = host.to_ascii_lowercase();
        let host = strip_http_scheme(&lower).trim_end_matches('/');
        if !is_dotted_host(host) {
            return Err(RuleError::DomainNotAHost);
        }
        let homepage = host.strip_prefix("api-").unwrap_or(host);
        if !is_dotted_host(homepage) {
            return Err(RuleError::DomainNotAHost);
        }
        Ok(LeadsquaredCredentials {
            host: host.to_string(),
            homepage: homepage.to_string(),
            access_id: access.to_string(),
            secret_key: secret.to_string(),
        })
    }
}

/// The label (funnel name) the spreadsheet sync writes under (000 §2, §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct SheetLabel(String);

impl SheetLabel {
    /// 000 §5: 'must not be empty on save ('Label name can not be empty')'. Surrounding spaces are
    /// dropped, so a label of spaces is empty too.
    pub fn parse(raw: &str) -> Result<SheetLabel, RuleError> {
        let s = raw.trim();
        if s.is_empty() {
            return Err(RuleError::LabelNameEmpty);
        }
        Ok(SheetLabel(s.to_string()))
    }

    /// 000 §2: the Label Name input starts as 'Google Sheet'.
    pub fn default_label() -> SheetLabel {
        SheetLabel(DEFAULT_SPREADSHEET_LABEL.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Input of the `spreadsheet_label` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SheetLabelInput {
    pub label: String,
}

/// An absolute http or https URL (000 §5 'URL: must be http or https').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct HttpUrl(String);

impl HttpUrl {
    /// Accepts `http://` or `https://` (any case), then a host — a dotted DNS name, `localhost`,
    /// an IPv4 address or a bracketed IPv6 address — an optional port 1–65535 and an optional
    /// path, query or fragment. No whitespace or control characters anywhere, no user:password@.
    /// The scheme and host are returned lower-cased; the rest is kept as typed.
    pub fn parse(raw: &str) -> Result<HttpUrl, RuleError> {
        let s = raw.trim();
        if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(RuleError::UrlInvalid);
        }
        let lower_start = s.get(..8).unwrap_or(s).to_ascii_lowercase();
        let (scheme, rest) = if lower_start.starts_with("https://") {
            ("https", &s[8..])
        } else if lower_start.starts_with("http://") {
            ("http", &s[7..])
        } else {
            return Err(RuleError::UrlInvalid);
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(end);
        if authority.contains('@') {
            return Err(RuleError::UrlInvalid);
        }
        let (host, port) = split_port(authority).ok_or(RuleError::UrlInvalid)?;
        let host = host.to_ascii_lowercase();
        let host_ok = is_dotted_host(&host)
            || host == "localhost"
            || (host.starts_with('[') && host.ends_with(']') && is_ipv6(&host[1..host.len() - 1]));
        if !host_ok {
            return Err(RuleError::UrlInvalid);
        }
        let mut url = crate::text::concat(&[scheme, "://", &host]);
        if let Some(p) = port {
            url.push(':');
            crate::text::push_uint(&mut url, u64::from(p), 0);
        }
        url.push_str(tail);
        Ok(HttpUrl(url))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Splits `host[:port]`, checking the port is 1–65535. Bracketed IPv6 hosts keep their colons.
fn split_port(authority: &str) -> Option<(&str, Option<u16>)> {
    let colon = if authority.starts_with('[') {
        let close = authority.find(']')?;
        match &authority[close + 1..] {
            "" => None,
            p if p.starts_with(':') => Some(close + 1),
            _ => return None,
        }
    } else {
        authority.rfind(':')
    };
    match colon {
        None => Some((authority, None)),
        Some(i) => {
            let digits = &authority[i + 1..];
            if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            let port: u32 = digits.parse().ok()?;
            let port = u16::try_from(port).ok().filter(|p| *p > 0)?;
            Some((&authority[..i], Some(port)))
        }
    }
}

/// Input of the `url` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UrlInput {
    pub url: String,
}

/// The organisation's outgoing webhook URL (000 §3 `duplex_webhook`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct WebhookUrl(HttpUrl);

impl WebhookUrl {
    /// 000 §5: 'must be non-empty ... for the endpoint, 'Please enter valid value for endpoint''.
    /// Any value that is not an http(s) URL gets the same message.
    pub fn parse(raw: &str) -> Result<WebhookUrl, RuleError> {
        HttpUrl::parse(raw)
            .map(WebhookUrl)
            .map_err(|_| RuleError::EndpointInvalid)
    }

    pub fn as_str(&self) -> &str {
        &self.0 .0
    }
}

/// Input of the `webhook_endpoint` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookUrlInput {
    pub url: String,
}

/// What [`WebhookToken::parse`] accepts, as an ECMA-262 (and Python, and `regex`) pattern for
/// the OpenAPI document: one or more characters that are neither whitespace nor control
/// characters, with the whitespace `str::trim` removes around them.
pub const WEBHOOK_TOKEN_PATTERN: &str = concat!(
    r"^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*",
    r"[^\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+",
    r"[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$",
);

/// The optional bearer token sent with webhook calls (000 §3 `auth_token`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct WebhookToken(String);

impl WebhookToken {
    /// 000 §5: 'must be non-empty ('Please enter valid value')'. Surrounding spaces are dropped;
    /// a token with spaces inside cannot travel in a header, so it is refused too.
    pub fn parse(raw: &str) -> Result<WebhookToken, RuleError> {
        let s = raw.trim();
        if s.is_empty() || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(RuleError::ValueInvalid);
        }
        Ok(WebhookToken(s.to_string()))
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// Input of the `webhook_token` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookTokenInput {
    pub token: String,
}

/// What [`Email::parse`] accepts, as an ECMA-262 (and `regex`) pattern for the OpenAPI
/// document: around the address, the whitespace `str::trim` removes (named, not `\s`, whose
/// meaning differs between ECMA-262 and Rust); inside, no such whitespace, one `@`, and after
/// it text with a dot that has text on both sides.
pub const EMAIL_PATTERN: &str = concat!(
    r"^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*",
    r"[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000@]+@[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000@]+\.[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000@]+",
    r"[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$",
);

/// An e-mail address that passes the spec's loose check (000 §5: 'text, @, text, dot, text').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    /// Trimmed; no whitespace inside; exactly one `@` with text before it; after it, text that
    /// has a dot with text on both sides (`a@b.c`). Deliverability is not this rule's business.
    pub fn parse(raw: &str) -> Result<Email, RuleError> {
        let s = raw.trim();
        if s.chars().any(char::is_whitespace) {
            return Err(RuleError::EmailInvalid);
        }
        let mut parts = s.split('@');
        let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(RuleError::EmailInvalid);
        };
        let dotted = domain
            .char_indices()
            .any(|(i, c)| c == '.' && i > 0 && i + 1 < domain.len());
        if local.is_empty() || !dotted {
            return Err(RuleError::EmailInvalid);
        }
        Ok(Email(s.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Input of the `email` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmailInput {
    pub email: String,
}

/// 000 §5 'A number check': decimal text with an optional sign and fraction (`12`, `-3.5`, `.5`,
/// `7.`), spaces around allowed. Exponents, `Infinity`, `NaN`, hex and thousands separators are
/// not numbers here.
pub fn parse_number(raw: &str) -> Result<f64, RuleError> {
    let s = raw.trim();
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let shape_ok = digits(int)
        && digits(frac)
        && (!int.is_empty() || !frac.is_empty())
        && unsigned.matches('.').count() <= 1;
    if !shape_ok {
        return Err(RuleError::NotANumber);
    }
    Ok(crate::decimal::to_f64(s.starts_with('-'), int, frac))
}

/// Input of the `number` and `has_digit` rules.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TextInput {
    pub text: String,
}

/// 000 §5 'a digit-presence check' (used by 001 §5 'Property names should not contain numbers').
/// Any Unicode digit counts, so Devanagari `५` is a digit as much as `5`.
pub fn has_digit(text: &str) -> bool {
    text.chars().any(char::is_numeric)
}

/// Input of the `age_at_least` rule: dates as `YYYY-MM-DD`; `today` is the caller's local date.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AgeInput {
    pub date: String,
    pub today: String,
    pub years: u32,
}

/// Reads a calendar date `YYYY-MM-DD` (surrounding spaces allowed).
pub fn parse_iso_date(raw: &str) -> Result<NaiveDate, RuleError> {
    let s = raw.trim();
    if s.len() != 10 {
        return Err(RuleError::DateInvalid);
    }
    crate::dates::parse_ymd(s).ok_or(RuleError::DateInvalid)
}

/// 000 §5 'an age check (a date against N years ago)': true when `date` is on or before the day
/// `years` years before `today`. A 29 February date becomes old enough on 1 March in years
/// without one (the day N years before 28 February is 28 February).
pub fn is_at_least_years_ago(date: NaiveDate, today: NaiveDate, years: u32) -> bool {
    match today.checked_sub_months(Months::new(years.saturating_mul(12))) {
        Some(cutoff) => date <= cutoff,
        None => false,
    }
}

#[cfg(test)]
mod tests;
