//! Contacts from a spreadsheet (issue #29: "view, modify or download contacts on a
//! spreadsheet"): which field each column fills — guessed from its header, then chosen by the
//! person — and each row read into a contact's key and fields, every refusal named by field.
//! The same names head the columns of an export, so an exported file imports as it is.

use super::{clean_field, LEAD_STATUSES, LIFECYCLE_STAGES};
use crate::RuleError;

/// The fields a column may fill, in the order an export writes them.
pub const IMPORT_FIELDS: [&str; 10] = [
    "phone",
    "name",
    "first_name",
    "last_name",
    "email",
    "address",
    "company",
    "job_title",
    "lifecycle_stage",
    "lead_status",
];

/// 000 §3's names of the lifecycle stages, in [`LIFECYCLE_STAGES`]' order (an export's text).
pub const LIFECYCLE_LABELS: [&str; 8] = [
    "Subscriber",
    "Lead",
    "Marketing Qualified Lead",
    "Sales Qualified Lead",
    "Opportunity",
    "Customer",
    "Evangelist",
    "Other",
];

/// 000 §3's names of the lead statuses, in [`LEAD_STATUSES`]' order.
pub const LEAD_STATUS_LABELS: [&str; 7] = [
    "New",
    "Open",
    "In Progress",
    "Open Deal",
    "Unqualified",
    "Attempted to Contact",
    "Bad Timing",
];

/// Column headers that name each field, folded as [`fold`] folds them: the export's own
/// headers, the fields' keys, the CRMs' export headers and the words of the product's languages.
const ALIASES: [(&str, &[&str]); 10] = [
    (
        "phone",
        &[
            "phone",
            "phonenumber",
            "number",
            "mobile",
            "mobilenumber",
            "mobilephone",
            "whatsapp",
            "whatsappnumber",
            "contact",
            "contactnumber",
            "telephone",
            "tel",
            "numero",
            "numerodetelefone",
            "numerodetelefono",
            "numerodecelular",
            "telemovel",
            "telefono",
            "telefone",
            "celular",
            "movil",
            "nomor",
            "nomortelepon",
            "nohp",
            "फ़ोन",
            "फोन",
            "मोबाइल",
        ],
    ),
    (
        "name",
        &[
            "name",
            "fullname",
            "contactname",
            "nombre",
            "nome",
            "nama",
            "नाम",
        ],
    ),
    (
        "first_name",
        &[
            "firstname",
            "givenname",
            "primernombre",
            "primeironome",
            "namadepan",
        ],
    ),
    (
        "last_name",
        &[
            "lastname",
            "surname",
            "familyname",
            "apellido",
            "apelido",
            "sobrenome",
            "namabelakang",
        ],
    ),
    (
        "email",
        &[
            "email",
            "emailaddress",
            "mail",
            "correo",
            "correoelectronico",
            "surel",
            "ईमेल",
        ],
    ),
    (
        "address",
        &[
            "address",
            "streetaddress",
            "direccion",
            "endereco",
            "morada",
            "alamat",
            "पता",
        ],
    ),
    (
        "company",
        &[
            "company",
            "companyname",
            "organisation",
            "organization",
            "empresa",
            "perusahaan",
            "कंपनी",
        ],
    ),
    (
        "job_title",
        &[
            "jobtitle", "title", "position", "cargo", "puesto", "jabatan",
        ],
    ),
    (
        "lifecycle_stage",
        &[
            "lifecyclestage",
            "lifecycle",
            "stage",
            "etapa",
            "fase",
            "tahap",
        ],
    ),
    (
        "lead_status",
        &["leadstatus", "status", "estado", "estadodellead"],
    ),
];

/// A header or a value as it is compared: lower case, letters and digits only, accents
/// dropped from the Latin letters the product's languages use ("E-mail" = "email",
/// "Teléfono" = "telefono", "In Progress" = "IN_PROGRESS").
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => Some('a'),
            'é' | 'è' | 'ê' | 'ë' => Some('e'),
            'í' | 'ì' | 'î' | 'ï' => Some('i'),
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => Some('o'),
            'ú' | 'ù' | 'û' | 'ü' => Some('u'),
            'ç' => Some('c'),
            'ñ' => Some('n'),
            c if c.is_alphanumeric() || is_combining_mark(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// Devanagari writes vowels as combining signs: they are part of the word, not punctuation.
fn is_combining_mark(c: char) -> bool {
    ('\u{0900}'..='\u{097F}').contains(&c)
}

/// The field a header names, if one does.
pub fn field_of_header(header: &str) -> Option<&'static str> {
    let folded = fold(header);
    ALIASES
        .iter()
        .find(|(_, names)| names.contains(&folded.as_str()))
        .map(|(field, _)| *field)
}

/// The fields the columns of `header` fill, guessed: each field by its first column only.
pub fn suggested_mapping(header: &[String]) -> Vec<Option<&'static str>> {
    let mut taken = Vec::new();
    header
        .iter()
        .map(|h| {
            let field = field_of_header(h).filter(|f| !taken.contains(f))?;
            taken.push(field);
            Some(field)
        })
        .collect()
}

/// A mapping as the person chose it: one entry per column, comma-separated, a field's key or
/// blank for a column left out (`phone,name,,email`). An unknown field or one chosen twice is
/// `value_invalid`; no phone column is `import_number_column_missing`.
pub fn parse_mapping(raw: &str, columns: usize) -> Result<Vec<Option<&'static str>>, RuleError> {
    let mut out: Vec<Option<&'static str>> = Vec::new();
    for part in raw.split(',') {
        if out.len() >= columns.max(1) {
            return Err(RuleError::ValueInvalid);
        }
        let part = part.trim();
        if part.is_empty() {
            out.push(None);
            continue;
        }
        let field = IMPORT_FIELDS
            .iter()
            .find(|f| **f == part)
            .copied()
            .ok_or(RuleError::ValueInvalid)?;
        if out.contains(&Some(field)) {
            return Err(RuleError::ValueInvalid);
        }
        out.push(Some(field));
    }
    out.resize(columns, None);
    check_mapping(&out)?;
    Ok(out)
}

/// A mapping must read the number: `import_number_column_missing` otherwise.
pub fn check_mapping(mapping: &[Option<&'static str>]) -> Result<(), RuleError> {
    if mapping.contains(&Some("phone")) {
        Ok(())
    } else {
        Err(RuleError::ImportNumberColumnMissing)
    }
}

/// One row read: the contact's key (its number's digits) and the fields its non-blank cells
/// give. A blank cell leaves the field as it is on a contact the organisation has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub contact: String,
    pub fields: Vec<(&'static str, String)>,
}

/// A key of `keys` given as the key or as its name, in any case or punctuation.
fn key_of(keys: &[&'static str], labels: &[&str], text: &str) -> Result<&'static str, RuleError> {
    let folded = fold(text);
    keys.iter()
        .zip(labels)
        .find(|(k, l)| fold(k) == folded || fold(l) == folded)
        .map(|(k, _)| *k)
        .ok_or(RuleError::ValueInvalid)
}

/// A cell an export wrote behind an apostrophe so a spreadsheet would not run it (`'=…`), as
/// it was.
fn unescaped(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest,
        _ => text,
    }
}

/// Reads one row through `mapping`; every refused cell is named by its field.
pub fn parse_row(
    mapping: &[Option<&'static str>],
    cells: &[String],
) -> Result<ImportRow, Vec<(&'static str, RuleError)>> {
    let mut contact = None;
    let mut fields = Vec::new();
    let mut bad = Vec::new();
    for (field, cell) in mapping
        .iter()
        .zip(cells.iter().chain(std::iter::repeat(&String::new())))
    {
        let Some(field) = *field else { continue };
        let text = unescaped(cell.trim());
        match field {
            "phone" => match crate::inbox::chat::ChatRef::from_number(text) {
                Ok(chat) => contact = Some(chat.contact),
                Err(e) => bad.push(("phone", e)),
            },
            _ if text.is_empty() => {}
            "lifecycle_stage" => match key_of(&LIFECYCLE_STAGES, &LIFECYCLE_LABELS, text) {
                Ok(k) => fields.push((field, k.to_owned())),
                Err(e) => bad.push((field, e)),
            },
            "lead_status" => match key_of(&LEAD_STATUSES, &LEAD_STATUS_LABELS, text) {
                Ok(k) => fields.push((field, k.to_owned())),
                Err(e) => bad.push((field, e)),
            },
            _ => match clean_field(field, Some(text)) {
                Ok(Some(v)) => fields.push((field, v)),
                Ok(None) => {}
                Err(e) => bad.push((field, e)),
            },
        }
    }
    match contact {
        Some(contact) if bad.is_empty() => Ok(ImportRow { contact, fields }),
        _ => Err(bad),
    }
}

/// The name of a stage or status key as an export writes it; an unknown key as it is.
pub fn label_of(field: &str, key: &str) -> String {
    let (keys, labels): (&[&str], &[&str]) = match field {
        "lifecycle_stage" => (&LIFECYCLE_STAGES, &LIFECYCLE_LABELS),
        "lead_status" => (&LEAD_STATUSES, &LEAD_STATUS_LABELS),
        _ => (&[], &[]),
    };
    keys.iter()
        .position(|k| *k == key)
        .map_or_else(|| key.to_owned(), |i| labels[i].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| (*c).to_owned()).collect()
    }

    #[test]
    fn headers_in_any_of_the_languages_are_recognised() {
        let header = strings(&[
            "Teléfono",
            "Nome",
            "E-mail",
            "Lifecycle Stage",
            "Lead status",
            "Notes",
            "Mobile",
        ]);
        assert_eq!(
            suggested_mapping(&header),
            [
                Some("phone"),
                Some("name"),
                Some("email"),
                Some("lifecycle_stage"),
                Some("lead_status"),
                None,
                // The number is read from the first column naming it only.
                None,
            ]
        );
        assert_eq!(field_of_header("फ़ोन"), Some("phone"));
        assert_eq!(field_of_header("Número"), Some("phone"));
        assert_eq!(field_of_header("Job Title"), Some("job_title"));
    }

    #[test]
    fn a_chosen_mapping_is_checked_whole() {
        assert_eq!(
            parse_mapping("phone,,email", 4),
            Ok(vec![Some("phone"), None, Some("email"), None])
        );
        assert_eq!(
            parse_mapping("name,email", 2),
            Err(RuleError::ImportNumberColumnMissing)
        );
        assert_eq!(
            parse_mapping("phone,phone", 2),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(
            parse_mapping("phone,password", 2),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(parse_mapping("phone,,,", 2), Err(RuleError::ValueInvalid));
    }

    #[test]
    fn a_row_gives_its_key_and_its_non_blank_fields() {
        let mapping = [
            Some("phone"),
            Some("name"),
            Some("lifecycle_stage"),
            Some("lead_status"),
            None,
        ];
        let row = parse_row(
            &mapping,
            &strings(&[
                "+91 98765 43210",
                " Rhea ",
                "Marketing qualified lead",
                "in progress",
                "x",
            ]),
        )
        .unwrap();
        assert_eq!(row.contact, "919876543210");
        assert_eq!(
            row.fields,
            [
                ("name", "Rhea".to_owned()),
                ("lifecycle_stage", "marketingqualifiedlead".to_owned()),
                ("lead_status", "IN_PROGRESS".to_owned()),
            ]
        );
        // Keys read as well as names; a short row is blank past its end.
        let short = parse_row(&mapping, &strings(&["+5511987654321", "", "customer"])).unwrap();
        assert_eq!(short.fields, [("lifecycle_stage", "customer".to_owned())]);
    }

    #[test]
    fn every_bad_cell_of_a_row_is_named() {
        let mapping = [Some("phone"), Some("email"), Some("lead_status")];
        assert_eq!(
            parse_row(&mapping, &strings(&["98765", "not mail", "Hot"])),
            Err(vec![
                ("phone", RuleError::PhoneInvalid),
                ("email", RuleError::EmailInvalid),
                ("lead_status", RuleError::ValueInvalid),
            ])
        );
        assert!(parse_row(&mapping, &strings(&["", "", ""])).is_err());
        // What an export disarmed reads back as it was.
        let name = [Some("phone"), Some("name")];
        let row = parse_row(&name, &strings(&["+919876543210", "'=SUM(A1)"])).unwrap();
        assert_eq!(row.fields, [("name", "=SUM(A1)".to_owned())]);
        let row = parse_row(&name, &strings(&["+919876543210", "'Rhea"])).unwrap();
        assert_eq!(row.fields, [("name", "'Rhea".to_owned())]);
    }

    #[test]
    fn an_export_names_what_an_import_reads_back() {
        for (i, key) in LIFECYCLE_STAGES.iter().enumerate() {
            let label = label_of("lifecycle_stage", key);
            assert_eq!(label, LIFECYCLE_LABELS[i]);
            assert_eq!(
                key_of(&LIFECYCLE_STAGES, &LIFECYCLE_LABELS, &label),
                Ok(*key)
            );
        }
        for key in LEAD_STATUSES {
            let label = label_of("lead_status", key);
            assert_eq!(key_of(&LEAD_STATUSES, &LEAD_STATUS_LABELS, &label), Ok(key));
        }
        assert_eq!(label_of("lead_status", "CUSTOM"), "CUSTOM");
    }
}
