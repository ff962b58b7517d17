//! Reading an import file (employees, contacts) into rows of text: CSV (UTF-8, any delimiter the `csv` crate
//! reads with commas) or an XLSX workbook (first sheet), told apart by their first bytes rather
//! than by a name or a content type the browser may get wrong.
//!
//! Every limit is checked before anything is allocated from what the file declares (issue #23:
//! a 1.6 KB sheet declaring the range `A1:XFD1048576` once asked for 549 GB and ended the
//! process). An XLSX is a zip: its directory is checked first — how many entries, each entry's
//! declared and actual inflated size, their total, the compression ratio — and only then does
//! calamine open it; the sheet is then read cell by cell (never as a range sized from its
//! `<dimension>`), with caps on rows, columns and text. XLS (OLE) and ODS files are refused with
//! `import_file_unreadable`: calamine reads neither without building the whole sheet (an XLS
//! range from the cells' bounding box, ODS expanding `number-columns-repeated`), and the web app
//! only offers CSV and XLSX (docs/DECISIONS.md).

use domain::accounts::MAX_IMPORT_ROWS;
use domain::RuleError;
use std::collections::BTreeMap;
use std::io::{Cursor, Read};

/// Entries an XLSX may hold (a plain workbook has about ten).
pub const MAX_ZIP_ENTRIES: usize = 1_000;
/// What one import reads at most: rows, text, and what an XLSX may inflate to, each with the
/// words a refusal says.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Rows past the header.
    pub rows: usize,
    /// Bytes of cell text, all cells together.
    pub text_bytes: usize,
    pub text_refusal: &'static str,
    /// Bytes all of an XLSX's entries may inflate to, together.
    pub inflated_bytes: u64,
    pub inflated_refusal: &'static str,
}

impl Limits {
    /// An employee import (001 §5).
    pub const EMPLOYEES: Limits = Limits {
        rows: MAX_IMPORT_ROWS,
        text_bytes: 10_000_000,
        text_refusal: "the sheet holds more than 10 MB of text",
        inflated_bytes: 50 * 1024 * 1024,
        inflated_refusal: "the file inflates to more than 50 MB",
    };

    /// A contacts import (issue #29): 100 000 rows of the ten fields.
    pub const CONTACTS: Limits = Limits {
        rows: 100_000,
        text_bytes: 40_000_000,
        text_refusal: "the sheet holds more than 40 MB of text",
        inflated_bytes: 200 * 1024 * 1024,
        inflated_refusal: "the file inflates to more than 200 MB",
    };
}

/// How much larger than its compressed form an entry over [`RATIO_FLOOR_BYTES`] may inflate.
pub const MAX_RATIO: u64 = 100;
/// Entries smaller than this inflated are not held to [`MAX_RATIO`] (tiny XML compresses well).
pub const RATIO_FLOOR_BYTES: u64 = 1024 * 1024;
/// Columns a row may use (an employee import reads four, a contacts import ten).
pub const MAX_COLUMNS: usize = 50;
/// Characters one cell may hold.
pub const MAX_CELL_CHARS: usize = 1_000;

/// Why a file is refused: a rule of the import (422 with `fields.file`), or a limit of what the
/// server reads (413 `file_too_large`, with what was too large).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Rule(RuleError),
    TooLarge(&'static str),
}

impl From<RuleError> for Refusal {
    fn from(rule: RuleError) -> Self {
        Refusal::Rule(rule)
    }
}

/// A row of the file: its line as a spreadsheet or editor shows it (1 is the first), and its
/// cells, trimmed.
pub type Row = (usize, Vec<String>);

/// The file's non-blank rows, header first. An unreadable file is `import_file_unreadable`; more
/// than one header and [`MAX_IMPORT_ROWS`] rows `import_too_many_rows`.
pub fn read_rows(bytes: &[u8], limits: Limits) -> Result<Vec<Row>, Refusal> {
    if bytes.is_empty() {
        return Err(RuleError::ImportFileUnreadable.into());
    }
    if bytes.starts_with(b"PK\x03\x04") {
        read_xlsx(bytes, limits)
    } else if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        // XLS (and any other OLE file): not read, see the module's comment.
        Err(RuleError::ImportFileUnreadable.into())
    } else {
        read_csv(bytes, limits)
    }
}

/// Adds one cell's text to `rows`, holding every limit.
struct Sheet {
    rows: BTreeMap<usize, Vec<String>>,
    chars: usize,
    limits: Limits,
}

impl Sheet {
    fn new(limits: Limits) -> Sheet {
        Sheet {
            rows: BTreeMap::new(),
            chars: 0,
            limits,
        }
    }

    /// Checks a cell's text before it is copied.
    fn check(&self, col: usize, text: &str) -> Result<(), Refusal> {
        if col >= MAX_COLUMNS {
            return Err(Refusal::TooLarge("the sheet uses more than 50 columns"));
        }
        // Bytes bound characters from above: only a long cell is counted.
        if text.len() > MAX_CELL_CHARS && text.chars().count() > MAX_CELL_CHARS {
            return Err(Refusal::TooLarge("a cell holds more than 1 000 characters"));
        }
        if self.chars + text.len() > self.limits.text_bytes {
            return Err(Refusal::TooLarge(self.limits.text_refusal));
        }
        Ok(())
    }

    fn put(&mut self, line: usize, col: usize, text: &str) -> Result<(), Refusal> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(());
        }
        self.check(col, text)?;
        if !self.rows.contains_key(&line) && self.rows.len() > self.limits.rows {
            return Err(RuleError::ImportTooManyRows.into());
        }
        self.chars += text.len();
        let cells = self.rows.entry(line).or_default();
        if cells.len() <= col {
            cells.resize(col + 1, String::new());
        }
        cells[col] = text.to_owned();
        Ok(())
    }

    fn rows(self) -> Vec<Row> {
        self.rows.into_iter().collect()
    }
}

fn read_csv(bytes: &[u8], limits: Limits) -> Result<Vec<Row>, Refusal> {
    let text = std::str::from_utf8(bytes).map_err(|_| RuleError::ImportFileUnreadable)?;
    if text.contains('\0') {
        return Err(RuleError::ImportFileUnreadable.into());
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut sheet = Sheet::new(limits);
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|_| RuleError::ImportFileUnreadable)?;
        for (col, cell) in record.iter().enumerate() {
            sheet.put(i + 1, col, cell)?;
        }
    }
    Ok(sheet.rows())
}

/// Shared strings an XLSX may declare (calamine reserves room for `uniqueCount` of them up
/// front: `uniqueCount="10000000000"` alone asked for 240 GB).
pub const MAX_SHARED_STRINGS: usize = 1_000_000;

/// The entry count the zip's end record declares, read before the zip crate sizes its directory
/// from it; `0xFFFF` means ZIP64, which no employee sheet needs.
fn declared_entries(bytes: &[u8]) -> Option<usize> {
    // The end record is the last 22 bytes, unless a comment (at most 64 KB) follows it.
    let from = bytes.len().saturating_sub(22 + 65_535);
    let at = bytes[from..].windows(4).rposition(|w| w == b"PK\x05\x06")? + from;
    let count = bytes.get(at + 10..at + 12)?;
    Some(usize::from(u16::from_le_bytes([count[0], count[1]])))
}

/// How calamine names a part: `\` as `/`, any case.
fn normalized(name: &str) -> String {
    name.replace('\\', "/").to_ascii_lowercase()
}

/// Checks an XLSX's zip before calamine inflates it: entries, declared sizes, their total and
/// ratio, then each entry inflated through a counter that stops past its declared size (a lying
/// header is caught here, not in calamine), and the shared strings' declared count. Anything but
/// an XLSX workbook (ODS, XLSB, any other zip) is unreadable.
fn check_zip(bytes: &[u8], limits: Limits) -> Result<(), Refusal> {
    let unreadable = || Refusal::Rule(RuleError::ImportFileUnreadable);
    match declared_entries(bytes) {
        None => return Err(unreadable()),
        Some(n) if n > MAX_ZIP_ENTRIES => {
            return Err(Refusal::TooLarge("the file holds too many parts"))
        }
        Some(_) => {}
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    if zip.len() > MAX_ZIP_ENTRIES {
        return Err(Refusal::TooLarge("the file holds too many parts"));
    }
    let mut declared_total: u64 = 0;
    let mut workbook = false;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(|_| unreadable())?;
        let size = entry.size();
        declared_total = declared_total.saturating_add(size);
        if declared_total > limits.inflated_bytes {
            return Err(Refusal::TooLarge(limits.inflated_refusal));
        }
        if size > RATIO_FLOOR_BYTES && size / entry.compressed_size().max(1) > MAX_RATIO {
            return Err(Refusal::TooLarge(
                "the file is compressed suspiciously well",
            ));
        }
        workbook |= normalized(entry.name()) == "xl/workbook.xml";
    }
    if !workbook {
        return Err(unreadable());
    }
    let mut sink = [0u8; 16 * 1024];
    let mut strings = None;
    for i in 0..zip.len() {
        let entry = zip.by_index(i).map_err(|_| unreadable())?;
        if normalized(entry.name()) == "xl/sharedstrings.xml" {
            strings = Some(i);
        }
        let declared = entry.size();
        let mut counted: u64 = 0;
        let mut limited = entry.take(declared.saturating_add(1));
        loop {
            let n = limited.read(&mut sink).map_err(|_| unreadable())?;
            if n == 0 {
                break;
            }
            counted += n as u64;
        }
        if counted > declared {
            return Err(Refusal::TooLarge(
                "a part of the file is larger than it says",
            ));
        }
    }
    if let Some(i) = strings {
        let entry = zip.by_index(i).map_err(|_| unreadable())?;
        if declared_strings(entry).map_err(|_| unreadable())? > MAX_SHARED_STRINGS {
            return Err(Refusal::TooLarge("the file declares too many texts"));
        }
    }
    Ok(())
}

/// The `uniqueCount` of the shared strings' `<sst>` element, found as calamine finds it (the
/// first start element named `sst`); 0 without one.
fn declared_strings(part: impl Read) -> Result<usize, quick_xml::Error> {
    use quick_xml::events::Event;
    let mut xml = quick_xml::Reader::from_reader(std::io::BufReader::new(part));
    xml.config_mut().check_end_names = false;
    xml.config_mut().check_comments = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match xml.read_event_into(&mut buf)? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"sst" => {
                for a in e.attributes().flatten() {
                    if a.key.as_ref() == b"uniqueCount" {
                        let digits = std::str::from_utf8(&a.value).unwrap_or_default();
                        return Ok(if digits.bytes().all(|b| b.is_ascii_digit()) {
                            digits.parse().unwrap_or(usize::MAX)
                        } else {
                            0
                        });
                    }
                }
                return Ok(0);
            }
            Event::Eof => return Ok(0),
            _ => {}
        }
    }
}

fn read_xlsx(bytes: &[u8], limits: Limits) -> Result<Vec<Row>, Refusal> {
    use calamine::{DataRef, Reader};
    let unreadable = || Refusal::Rule(RuleError::ImportFileUnreadable);
    check_zip(bytes, limits)?;
    let mut book: calamine::Xlsx<_> =
        calamine::Xlsx::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let first = book.sheet_names().first().cloned().ok_or_else(unreadable)?;
    let mut cells = book
        .worksheet_cells_reader(&first)
        .map_err(|_| unreadable())?;
    let mut sheet = Sheet::new(limits);
    while let Some(cell) = cells.next_cell().map_err(|_| unreadable())? {
        let (row, col) = cell.get_position();
        let (line, col) = (row as usize + 1, col as usize);
        match cell.get_value() {
            DataRef::Empty => {}
            DataRef::SharedString(s) => sheet.put(line, col, s)?,
            DataRef::String(s) => sheet.put(line, col, s)?,
            // A number typed into a cell comes back as a float: 919812345678.0.
            DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e17 => {
                sheet.put(line, col, &format!("{}", *f as i64))?;
            }
            other => {
                let text = calamine::Data::from(other.clone()).to_string();
                sheet.put(line, col, &text)?;
            }
        }
    }
    Ok(sheet.rows())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(rows: &[Row]) -> Vec<Vec<String>> {
        rows.iter().map(|(_, c)| c.clone()).collect()
    }

    #[test]
    fn a_csv_with_quotes_and_a_byte_order_mark_is_read() {
        let rows = read_rows(
            "\u{feff}number,name\n+919812345678,\"Sharma, Priya\"\n".as_bytes(),
            Limits::EMPLOYEES,
        )
        .unwrap();
        assert_eq!(cells(&rows)[1], ["+919812345678", "Sharma, Priya"]);
        assert_eq!(rows[1].0, 2);
    }

    #[test]
    fn binary_or_broken_files_are_unreadable() {
        let unreadable = Err(Refusal::Rule(RuleError::ImportFileUnreadable));
        assert_eq!(read_rows(b"", Limits::EMPLOYEES), unreadable);
        assert_eq!(
            read_rows(&[0xff, 0xfe, 0x00, 0x41], Limits::EMPLOYEES),
            unreadable
        );
        assert_eq!(
            read_rows(b"PK\x03\x04 this is not a zip", Limits::EMPLOYEES),
            unreadable
        );
        assert_eq!(read_rows(b"number\0\n1", Limits::EMPLOYEES), unreadable);
        assert_eq!(
            read_rows(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1], Limits::EMPLOYEES),
            unreadable
        );
    }

    #[test]
    fn an_unclosed_quote_reads_as_one_cell_that_the_row_rules_then_refuse() {
        let rows = read_rows(b"number\n\"+91981234,unclosed", Limits::EMPLOYEES).unwrap();
        assert_eq!(cells(&rows)[1], ["+91981234,unclosed"]);
    }

    #[test]
    fn a_csv_past_the_limits_is_refused() {
        let wide = format!("{}\n", vec!["a"; MAX_COLUMNS + 1].join(","));
        assert!(matches!(
            read_rows(wide.as_bytes(), Limits::EMPLOYEES),
            Err(Refusal::TooLarge(_))
        ));
        let long = format!("number\n{}\n", "x".repeat(MAX_CELL_CHARS + 1));
        assert!(matches!(
            read_rows(long.as_bytes(), Limits::EMPLOYEES),
            Err(Refusal::TooLarge(_))
        ));
        let many = "1\n".repeat(MAX_IMPORT_ROWS + 2);
        assert_eq!(
            read_rows(many.as_bytes(), Limits::EMPLOYEES),
            Err(Refusal::Rule(RuleError::ImportTooManyRows))
        );
        let enough = "1\n".repeat(MAX_IMPORT_ROWS + 1);
        assert_eq!(
            read_rows(enough.as_bytes(), Limits::EMPLOYEES)
                .unwrap()
                .len(),
            MAX_IMPORT_ROWS + 1
        );
    }
}
