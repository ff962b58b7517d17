//! Accounts, organisations, teams and employees (000 §6, 001 §3–§7): the shapes a person types
//! when signing in by one-time code, naming an organisation or a team, and adding or importing
//! employees. The sign-up form and the endpoints that receive it reject the same input with the
//! same code; the server adds what needs the database (an employee who already exists) and the
//! clock (`now` is always a parameter here).

use serde::{Deserialize, Serialize};

use crate::inputs::Email;
use crate::RuleError;

/// How long a one-time sign-in code stays valid: 10 minutes.
pub const CODE_TTL_MS: i64 = 10 * 60_000;
/// How long to wait before another code may be sent to the same address: 60 seconds
/// (001 §5 'Please wait before trying again').
pub const RESEND_WAIT_MS: i64 = 60_000;
/// Wrong tries a code survives; after this many the code is dead and a new one is needed.
pub const MAX_CODE_ATTEMPTS: i32 = 5;
/// Digits in a one-time code.
pub const CODE_DIGITS: usize = 6;

/// 001 §3: 'user_status (2 means active member)'. An employee who was added but has not signed
/// in yet is invited (1); they become active (2) on their first sign-in.
pub const INVITED_USER_STATUS: i16 = 1;
/// 001 §3: 'user_status 2 means active member'.
pub const ACTIVE_USER_STATUS: i16 = 2;

/// Rows one employee import may hold; larger files are refused whole.
pub const MAX_IMPORT_ROWS: usize = 5_000;

mod country;
mod phone;
pub use country::COUNTRY_CODES;
pub use phone::{PhoneNumber, PHONE_PATTERN};

/// A one-time sign-in code as typed: exactly six digits (spaces between them are ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct OtpCode(String);

impl OtpCode {
    /// 001 §5: 'Enter valid OTP'.
    pub fn parse(raw: &str) -> Result<OtpCode, RuleError> {
        let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() != CODE_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(RuleError::OtpInvalid);
        }
        Ok(OtpCode(digits))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether a stored code may still be tried at `now`: not after its expiry (001 §4 'expired
/// ("Code Expired")'), and not after [`MAX_CODE_ATTEMPTS`] wrong tries. Expiry is checked first,
/// so an old code always reads 'Code Expired'.
pub fn code_usable(now: i64, expires_at: i64, attempts: i32) -> Result<(), RuleError> {
    if now >= expires_at {
        return Err(RuleError::CodeExpired);
    }
    if attempts >= MAX_CODE_ATTEMPTS {
        return Err(RuleError::CodeAttemptsExhausted);
    }
    Ok(())
}

/// Milliseconds still to wait before another code may be sent, when the last one went out at
/// `last_sent` (none when nothing was sent or the wait is over).
pub fn resend_wait(now: i64, last_sent: Option<i64>) -> Option<i64> {
    let left = last_sent? + RESEND_WAIT_MS - now;
    (left > 0).then_some(left)
}

/// The digits of a code made from `random`, a number the caller drew uniformly from
/// `0..1_000_000`: always six digits, leading zeros kept.
pub fn code_from_random(random: u32) -> String {
    let mut s = String::with_capacity(6);
    crate::text::push_uint(&mut s, u64::from(random % 1_000_000), 6);
    s
}

/// 001 §7.5 `organization_code`: the short code that names an organisation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct OrganisationCode(String);

impl OrganisationCode {
    /// 001 §5: 'Enter valid organisation code to continue'. Trimmed and upper-cased; 4 to 32
    /// ASCII letters, digits or hyphens, not starting or ending with a hyphen.
    pub fn parse(raw: &str) -> Result<OrganisationCode, RuleError> {
        let s = raw.trim().to_ascii_uppercase();
        let ok = (4..=32).contains(&s.len())
            && !s.starts_with('-')
            && !s.ends_with('-')
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !ok {
            return Err(RuleError::OrganisationCodeInvalid);
        }
        Ok(OrganisationCode(s))
    }

    /// A new code from eight random picks (each any `u32`): eight characters from an alphabet
    /// without look-alikes (no 0/O, 1/I/L).
    pub fn from_random(picks: [u32; 8]) -> OrganisationCode {
        const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
        let len = ALPHABET.len() as u32;
        OrganisationCode(
            picks
                .iter()
                .map(|p| char::from(ALPHABET[(p % len) as usize]))
                .collect(),
        )
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Trims `raw` and checks it is non-empty and at most `max` characters.
fn bounded_text(
    raw: &str,
    max: usize,
    empty: RuleError,
    long: RuleError,
) -> Result<String, RuleError> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(empty);
    }
    if s.chars().count() > max {
        return Err(long);
    }
    Ok(s.to_string())
}

/// An organisation's name: required, at most 200 characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct OrganisationName(String);

impl OrganisationName {
    pub fn parse(raw: &str) -> Result<OrganisationName, RuleError> {
        bounded_text(
            raw,
            200,
            RuleError::OrganisationNameRequired,
            RuleError::ValueInvalid,
        )
        .map(OrganisationName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A team's name ('Create a Team'): required, at most 100 characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TeamName(String);

impl TeamName {
    pub fn parse(raw: &str) -> Result<TeamName, RuleError> {
        bounded_text(
            raw,
            100,
            RuleError::TeamNameRequired,
            RuleError::TeamNameTooLong,
        )
        .map(TeamName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A person's display name as an admin types it: optional; at most 200 characters.
pub fn person_name(raw: Option<&str>) -> Result<Option<String>, RuleError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) if s.chars().count() > 200 => Err(RuleError::ValueInvalid),
        Some(s) => Ok(Some(s.to_string())),
    }
}

/// 001 §3 team colour palette entry (`color_data`): `team_color` holds its `id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamColor {
    pub id: i32,
    pub bg_color: &'static str,
    pub text_color: &'static str,
}

/// The palette teams choose from. 001 §9 names #BCC7F8 (lists) and #E9F7F7 (dashboard) as the
/// default team backgrounds; they come first.
pub const TEAM_COLORS: [TeamColor; 8] = [
    TeamColor {
        id: 1,
        bg_color: "#BCC7F8",
        text_color: "#1F2A5C",
    },
    TeamColor {
        id: 2,
        bg_color: "#E9F7F7",
        text_color: "#0F4C4C",
    },
    TeamColor {
        id: 3,
        bg_color: "#FDE2C8",
        text_color: "#7A3E00",
    },
    TeamColor {
        id: 4,
        bg_color: "#D7F5D0",
        text_color: "#1E5B14",
    },
    TeamColor {
        id: 5,
        bg_color: "#F9D0DC",
        text_color: "#7A1533",
    },
    TeamColor {
        id: 6,
        bg_color: "#E6D9FB",
        text_color: "#47207F",
    },
    TeamColor {
        id: 7,
        bg_color: "#FFF3B8",
        text_color: "#665200",
    },
    TeamColor {
        id: 8,
        bg_color: "#D6E4EF",
        text_color: "#22405A",
    },
];

/// The palette entry with this id.
pub fn team_color(id: i32) -> Result<TeamColor, RuleError> {
    TEAM_COLORS
        .iter()
        .copied()
        .find(|c| c.id == id)
        .ok_or(RuleError::TeamColorUnknown)
}

/// 000 §6 / 001 §6 role ids an organisation assigns: 1 admin, 2 manager, 3 employee, and 4 the
/// owner (owner, CEO, CXO; issue #28).
pub fn role_id(raw: i64) -> Result<i16, RuleError> {
    match raw {
        1..=4 => Ok(raw as i16),
        _ => Err(RuleError::RoleUnknown),
    }
}

/// The roles list (001 §6 'The roles list is fetched from the server').
pub const ROLES: [(i16, &str); 4] = [(1, "Admin"), (2, "Manager"), (3, "Employee"), (4, "Owner")];

/// One employee as the add form or one row of an import gives it (001 §5 'phone numbers with
/// country code under a column named number; optional name and address columns and profile
/// fields').
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct EmployeeInput {
    pub number: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
}

/// An employee row that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EmployeeRow {
    pub mobile: Option<PhoneNumber>,
    pub name: Option<String>,
    pub email: Option<Email>,
    pub address: Option<String>,
}

/// A broken rule in one field of one employee row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldError {
    pub field: &'static str,
    pub code: RuleError,
}

impl EmployeeRow {
    /// Checks every field and reports every broken one. With `number_required` (an import, whose
    /// rows are keyed by the `number` column) the number must be there; otherwise (the add form)
    /// a number or an e-mail is enough ('contact_required' when neither is given).
    pub fn parse(
        input: &EmployeeInput,
        number_required: bool,
    ) -> Result<EmployeeRow, Vec<FieldError>> {
        let mut errors = Vec::new();
        let present = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        let number = present(&input.number);
        let email_raw = present(&input.email);
        let mobile = match &number {
            Some(n) => PhoneNumber::parse(n).map(Some).unwrap_or_else(|code| {
                errors.push(FieldError {
                    field: "number",
                    code,
                });
                None
            }),
            None if number_required => {
                errors.push(FieldError {
                    field: "number",
                    code: RuleError::PhoneRequired,
                });
                None
            }
            None => None,
        };
        let email = match &email_raw {
            Some(e) => Email::parse(e).map(Some).unwrap_or_else(|code| {
                errors.push(FieldError {
                    field: "email",
                    code,
                });
                None
            }),
            None => None,
        };
        if !number_required && number.is_none() && email_raw.is_none() {
            errors.push(FieldError {
                field: "number",
                code: RuleError::ContactRequired,
            });
        }
        let name = person_name(input.name.as_deref()).unwrap_or_else(|code| {
            errors.push(FieldError {
                field: "name",
                code,
            });
            None
        });
        let address = match present(&input.address) {
            Some(a) if a.chars().count() > 500 => {
                errors.push(FieldError {
                    field: "address",
                    code: RuleError::ValueInvalid,
                });
                None
            }
            other => other,
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(EmployeeRow {
            mobile,
            name,
            email: email.map(|e| Email::parse(&e.as_str().to_ascii_lowercase()).unwrap_or(e)),
            address,
        })
    }
}

/// For each row, whether an earlier row has the same number or the same e-mail (compared
/// without case): an import keeps the first and reports the others as duplicates.
pub fn repeated_rows(rows: &[Option<&EmployeeRow>]) -> Vec<bool> {
    let mut numbers = std::collections::HashSet::new();
    let mut emails = std::collections::HashSet::new();
    rows.iter()
        .map(|row| {
            let Some(row) = row else { return false };
            let mut repeated = false;
            if let Some(m) = &row.mobile {
                repeated |= !numbers.insert(m.as_str().to_string());
            }
            if let Some(e) = &row.email {
                repeated |= !emails.insert(e.as_str().to_ascii_lowercase());
            }
            repeated
        })
        .collect()
}

/// Which column of an import file holds what: header names are matched without case or
/// surrounding spaces; `number` is required (also read as `mobile`, `phone` or `whatsapp_no`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportColumns {
    pub number: usize,
    pub name: Option<usize>,
    pub email: Option<usize>,
    pub address: Option<usize>,
}

impl ImportColumns {
    /// Finds the columns in the header row; a file without a number column is refused whole.
    pub fn from_header<S: AsRef<str>>(header: &[S]) -> Result<ImportColumns, RuleError> {
        let find = |names: &[&str]| {
            header.iter().position(|h| {
                let h = h
                    .as_ref()
                    .trim()
                    .trim_start_matches('\u{feff}')
                    .to_ascii_lowercase();
                names.iter().any(|n| *n == h)
            })
        };
        let number = find(&[
            "number",
            "mobile",
            "phone",
            "whatsapp_no",
            "phone number",
            "mobile number",
        ])
        .ok_or(RuleError::ImportNumberColumnMissing)?;
        Ok(ImportColumns {
            number,
            name: find(&["name", "full name", "employee name"]),
            email: find(&["email", "e-mail", "email address"]),
            address: find(&["address"]),
        })
    }

    /// The row's cells, by column, as the employee form's fields.
    pub fn input<S: AsRef<str>>(&self, cells: &[S]) -> EmployeeInput {
        let cell = |i: Option<usize>| {
            i.and_then(|i| cells.get(i))
                .map(|c| c.as_ref().trim().to_string())
                .filter(|c| !c.is_empty())
        };
        EmployeeInput {
            number: cell(Some(self.number)),
            name: cell(self.name),
            email: cell(self.email),
            address: cell(self.address),
        }
    }
}

/// The sample file offered for download ('download sample csv').
pub const SAMPLE_IMPORT_CSV: &str = "number,name,email,address\n\
+919812345678,Priya Sharma,priya@example.com,\"12 MG Road, Bengaluru\"\n\
+5511987654321,Mateo Silva,,São Paulo\n";

/// Input of the `phone_number` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PhoneInput {
    pub phone: String,
}

/// Input of the `otp_code` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OtpInput {
    pub code: String,
}

/// Input of the `organisation_code`, `organisation_name` and `team_name` rules.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NameInput {
    pub name: String,
}

/// Input of the `employee_row` rule: one employee of the add form or of an import.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmployeeRowInput {
    pub employee: EmployeeInput,
    /// True for an import row (the `number` column is required), false for the add form.
    pub number_required: bool,
}

/// The `employee_row` verdict: the cleaned row, or every broken field with its code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EmployeeCheck {
    pub row: Option<EmployeeRow>,
    pub errors: Vec<FieldError>,
}

/// The `employee_row` rule: never fails as a whole, so the form can mark each field.
pub fn check_employee_row(input: &EmployeeRowInput) -> EmployeeCheck {
    match EmployeeRow::parse(&input.employee, input.number_required) {
        Ok(row) => EmployeeCheck {
            row: Some(row),
            errors: Vec::new(),
        },
        Err(errors) => EmployeeCheck { row: None, errors },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_otp_is_exactly_six_digits() {
        // 001 §5: 'Enter valid OTP'
        assert_eq!(OtpCode::parse(" 012 345 ").unwrap().as_str(), "012345");
        for raw in ["", "12345", "1234567", "12a456", "１２３４５６"] {
            assert_eq!(OtpCode::parse(raw), Err(RuleError::OtpInvalid), "{raw}");
        }
    }

    #[test]
    fn a_code_expires_after_ten_minutes_and_dies_after_five_wrong_tries() {
        // 001 §4: 'One-time code ... expired ("Code Expired")'
        let sent = 1_000_000;
        let expires = sent + CODE_TTL_MS;
        assert_eq!(code_usable(expires - 1, expires, 0), Ok(()));
        assert_eq!(
            code_usable(expires, expires, 0),
            Err(RuleError::CodeExpired)
        );
        assert_eq!(code_usable(sent, expires, 4), Ok(()));
        assert_eq!(
            code_usable(sent, expires, 5),
            Err(RuleError::CodeAttemptsExhausted)
        );
        assert_eq!(
            code_usable(expires + 1, expires, 5),
            Err(RuleError::CodeExpired)
        );
    }

    #[test]
    fn another_code_may_be_sent_only_after_sixty_seconds() {
        // 001 §5: 'Please wait before trying again.'
        assert_eq!(resend_wait(10_000, None), None);
        assert_eq!(resend_wait(10_000, Some(10_000)), Some(60_000));
        assert_eq!(resend_wait(69_999, Some(10_000)), Some(1));
        assert_eq!(resend_wait(70_000, Some(10_000)), None);
    }

    #[test]
    fn codes_keep_their_leading_zeros() {
        assert_eq!(code_from_random(42), "000042");
        assert_eq!(code_from_random(1_999_999), "999999");
    }

    #[test]
    fn an_organisation_code_is_short_plain_text() {
        // 001 §5: 'Enter valid organisation code to continue.'
        assert_eq!(
            OrganisationCode::parse(" demo-switch ").unwrap().as_str(),
            "DEMO-SWITCH"
        );
        for raw in ["", "abc", "-ABCD", "AB CD", "ABCD/1", &"A".repeat(33)] {
            assert_eq!(
                OrganisationCode::parse(raw),
                Err(RuleError::OrganisationCodeInvalid),
                "{raw}"
            );
        }
        let made = OrganisationCode::from_random([0, 1, 2, 30, 31, 1000, 7, 99]);
        assert_eq!(made.as_str().len(), 8);
        assert_eq!(OrganisationCode::parse(made.as_str()), Ok(made.clone()));
        assert!(!made.as_str().contains(['0', 'O', '1', 'I', 'L']));
    }

    #[test]
    fn team_and_organisation_names_are_required() {
        assert_eq!(TeamName::parse("  Sales ").unwrap().as_str(), "Sales");
        assert_eq!(TeamName::parse("   "), Err(RuleError::TeamNameRequired));
        assert_eq!(
            TeamName::parse(&"x".repeat(101)),
            Err(RuleError::TeamNameTooLong)
        );
        assert_eq!(
            OrganisationName::parse(""),
            Err(RuleError::OrganisationNameRequired)
        );
        assert_eq!(OrganisationName::parse(" Acme ").unwrap().as_str(), "Acme");
    }

    #[test]
    fn team_colours_and_roles_come_from_fixed_lists() {
        assert_eq!(team_color(1).unwrap().bg_color, "#BCC7F8");
        assert_eq!(team_color(9), Err(RuleError::TeamColorUnknown));
        assert_eq!(role_id(2), Ok(2));
        assert_eq!(role_id(4), Ok(4));
        assert_eq!(role_id(5), Err(RuleError::RoleUnknown));
        assert_eq!(role_id(0), Err(RuleError::RoleUnknown));
    }

    fn input(number: &str, email: &str) -> EmployeeInput {
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        EmployeeInput {
            number: opt(number),
            name: Some(" Ana ".into()),
            email: opt(email),
            address: None,
        }
    }

    #[test]
    fn an_employee_row_reports_every_broken_field() {
        let errs = EmployeeRow::parse(&input("98123", "not-an-email"), true).unwrap_err();
        assert_eq!(
            errs,
            vec![
                FieldError {
                    field: "number",
                    code: RuleError::PhoneInvalid
                },
                FieldError {
                    field: "email",
                    code: RuleError::EmailInvalid
                },
            ]
        );
        let ok = EmployeeRow::parse(&input("+919812345678", "Ana@Example.com"), true).unwrap();
        assert_eq!(ok.mobile.unwrap().as_str(), "+919812345678");
        assert_eq!(ok.email.unwrap().as_str(), "ana@example.com");
        assert_eq!(ok.name.as_deref(), Some("Ana"));
    }

    #[test]
    fn an_import_row_needs_a_number_but_the_form_takes_an_email_instead() {
        let errs = EmployeeRow::parse(&input("", "ana@example.com"), true).unwrap_err();
        assert_eq!(errs[0].code, RuleError::PhoneRequired);
        assert!(EmployeeRow::parse(&input("", "ana@example.com"), false).is_ok());
        let errs = EmployeeRow::parse(&input("", ""), false).unwrap_err();
        assert_eq!(errs[0].code, RuleError::ContactRequired);
    }

    #[test]
    fn a_repeated_number_or_email_is_a_duplicate_after_its_first_row() {
        let a = EmployeeRow::parse(&input("+919812345678", "a@x.io"), true).unwrap();
        let b = EmployeeRow::parse(&input("+91 98123 45678", ""), true).unwrap();
        let c = EmployeeRow::parse(&input("+14155550100", "A@X.io"), true).unwrap();
        let d = EmployeeRow::parse(&input("+14155550101", ""), true).unwrap();
        assert_eq!(
            repeated_rows(&[Some(&a), None, Some(&b), Some(&c), Some(&d)]),
            [false, false, true, true, false]
        );
    }

    #[test]
    fn the_import_header_needs_a_number_column() {
        let cols = ImportColumns::from_header(&["\u{feff}Name", " NUMBER ", "Email"]).unwrap();
        assert_eq!(
            (cols.number, cols.name, cols.email, cols.address),
            (1, Some(0), Some(2), None)
        );
        let row = cols.input(&["Ana", "+919812345678", ""]);
        assert_eq!(row.number.as_deref(), Some("+919812345678"));
        assert_eq!(row.email, None);
        assert_eq!(
            ImportColumns::from_header(&["name", "email"]),
            Err(RuleError::ImportNumberColumnMissing)
        );
    }

    #[test]
    fn the_sample_file_passes_its_own_rules() {
        let mut lines = SAMPLE_IMPORT_CSV.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let cols = ImportColumns::from_header(&header).unwrap();
        assert_eq!(cols.number, 0);
        for line in lines {
            let number = line.split(',').next().unwrap();
            assert!(PhoneNumber::parse(number).is_ok(), "{line}");
        }
    }
}
