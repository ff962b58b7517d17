//! Reading a PDF's text per page (issue #17) with lopdf, in a blocking task under a time limit.
//! The type is judged by content (`%PDF-` at the start), never by the file's name; a broken,
//! password-protected or text-less (scanned) PDF is refused with its own code.

use contract::ErrorCode;

/// Why a PDF was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PdfRefusal {
    Unreadable,
    Encrypted,
    NoText,
}

impl PdfRefusal {
    pub fn code(self) -> ErrorCode {
        match self {
            PdfRefusal::Unreadable => ErrorCode::PdfUnreadable,
            PdfRefusal::Encrypted => ErrorCode::PdfEncrypted,
            PdfRefusal::NoText => ErrorCode::PdfNoText,
        }
    }
}

/// Whether `bytes` start like a PDF (the header may follow up to 1 KB of junk, as readers allow).
pub fn looks_like_pdf(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(1024)]
        .windows(5)
        .any(|w| w == b"%PDF-")
}

/// The text of every page, in order (page 1 first).
pub fn page_texts(bytes: &[u8]) -> Result<Vec<String>, PdfRefusal> {
    if !looks_like_pdf(bytes) {
        return Err(PdfRefusal::Unreadable);
    }
    let doc = lopdf::Document::load_mem(bytes).map_err(|_| PdfRefusal::Unreadable)?;
    if doc.is_encrypted() {
        return Err(PdfRefusal::Encrypted);
    }
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    if pages.is_empty() {
        return Err(PdfRefusal::Unreadable);
    }
    let texts: Vec<String> = pages
        .iter()
        .map(|p| doc.extract_text(&[*p]).unwrap_or_default())
        .collect();
    if texts.iter().all(|t| t.trim().is_empty()) {
        return Err(PdfRefusal::NoText);
    }
    Ok(texts)
}
