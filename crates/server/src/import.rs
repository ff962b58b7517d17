//! Reading an employee import file into rows of text: CSV (UTF-8, any delimiter the `csv` crate
//! reads with commas) or a spreadsheet (XLSX, and XLS/ODS, first sheet), told apart by their
//! first bytes rather than by a name or a content type the browser may get wrong.

use domain::RuleError;
use std::io::Cursor;

/// The file's rows, header first, each cell trimmed. An unreadable file is
/// `import_file_unreadable`.
pub fn read_rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, RuleError> {
    if bytes.is_empty() {
        return Err(RuleError::ImportFileUnreadable);
    }
    let zip = bytes.starts_with(b"PK\x03\x04");
    let ole = bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]);
    if zip || ole {
        read_spreadsheet(bytes)
    } else {
        read_csv(bytes)
    }
}

fn read_csv(bytes: &[u8]) -> Result<Vec<Vec<String>>, RuleError> {
    let text = std::str::from_utf8(bytes).map_err(|_| RuleError::ImportFileUnreadable)?;
    if text.contains('\0') {
        return Err(RuleError::ImportFileUnreadable);
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|_| RuleError::ImportFileUnreadable)?;
        rows.push(record.iter().map(|c| c.trim().to_owned()).collect());
    }
    Ok(rows)
}

fn read_spreadsheet(bytes: &[u8]) -> Result<Vec<Vec<String>>, RuleError> {
    use calamine::{Data, Reader};
    let mut book = calamine::open_workbook_auto_from_rs(Cursor::new(bytes))
        .map_err(|_| RuleError::ImportFileUnreadable)?;
    let range = book
        .worksheet_range_at(0)
        .ok_or(RuleError::ImportFileUnreadable)?
        .map_err(|_| RuleError::ImportFileUnreadable)?;
    Ok(range
        .rows()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    // A number typed into a cell comes back as a float: 919812345678.0.
                    Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e17 => {
                        format!("{}", *f as i64)
                    }
                    other => other.to_string().trim().to_owned(),
                })
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_with_quotes_and_a_byte_order_mark_is_read() {
        let rows =
            read_rows("\u{feff}number,name\n+919812345678,\"Sharma, Priya\"\n".as_bytes()).unwrap();
        assert_eq!(rows[1], ["+919812345678", "Sharma, Priya"]);
    }

    #[test]
    fn binary_or_broken_files_are_unreadable() {
        assert_eq!(read_rows(b""), Err(RuleError::ImportFileUnreadable));
        assert_eq!(
            read_rows(&[0xff, 0xfe, 0x00, 0x41]),
            Err(RuleError::ImportFileUnreadable)
        );
        assert_eq!(
            read_rows(b"PK\x03\x04 this is not a zip"),
            Err(RuleError::ImportFileUnreadable)
        );
        assert_eq!(
            read_rows(b"number\0\n1"),
            Err(RuleError::ImportFileUnreadable)
        );
    }

    #[test]
    fn an_unclosed_quote_reads_as_one_cell_that_the_row_rules_then_refuse() {
        let rows = read_rows(b"number\n\"+91981234,unclosed").unwrap();
        assert_eq!(rows[1], ["+91981234,unclosed"]);
    }
}
