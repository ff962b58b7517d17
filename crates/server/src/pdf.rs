//! Reading a PDF's text per page (issue #17) with lopdf, under a time and a memory limit.
//! The type is judged by content (`%PDF-` at the start), never by the file's name; a broken,
//! password-protected or text-less (scanned) PDF is refused with its own code.
//!
//! A PDF can ask for far more memory than its size (a few hundred KB of compressed stream can
//! inflate to gigabytes), so the server reads it in a child process — `switchboard pdf-text`,
//! this same binary — that caps its own address space before reading ([`child_main`]) and is
//! killed when the time is up. The server only waits for its answer: a reader that runs out of
//! memory dies alone. Without a reader binary (tests that start the server in-process and set
//! none) the text is read in a blocking task with the time limit only.
//!
//! Bounded before anything is allocated from what the PDF says (issue #23): a PDF with more than
//! `knowledge_base.max_pages` pages or `max_text_chars` characters of text is refused (413
//! `file_too_large`) by the reader itself, the server reads at most that much of the reader's
//! answer, the reader starts with an empty environment (no server secret reaches it), and the
//! caller holds one of `max_concurrent_reads` permits while it reads.

use contract::ErrorCode;
use lopdf::ObjectId;

/// Why a PDF was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PdfRefusal {
    Unreadable,
    Encrypted,
    NoText,
    /// Reading it needed more memory than allowed.
    TooLarge,
    /// Reading it took longer than allowed.
    TooSlow,
    /// It has more pages than allowed.
    TooManyPages,
    /// It holds more text than allowed.
    TooMuchText,
}

impl PdfRefusal {
    pub fn code(self) -> ErrorCode {
        match self {
            PdfRefusal::Unreadable | PdfRefusal::TooLarge | PdfRefusal::TooSlow => {
                ErrorCode::PdfUnreadable
            }
            PdfRefusal::Encrypted => ErrorCode::PdfEncrypted,
            PdfRefusal::NoText => ErrorCode::PdfNoText,
            PdfRefusal::TooManyPages | PdfRefusal::TooMuchText => ErrorCode::FileTooLarge,
        }
    }

    /// The child's word for it on its standard output.
    fn name(self) -> &'static str {
        match self {
            PdfRefusal::Unreadable => "unreadable",
            PdfRefusal::Encrypted => "encrypted",
            PdfRefusal::NoText => "no_text",
            PdfRefusal::TooLarge => "too_large",
            PdfRefusal::TooSlow => "too_slow",
            PdfRefusal::TooManyPages => "too_many_pages",
            PdfRefusal::TooMuchText => "too_much_text",
        }
    }

    fn from_name(name: &str) -> PdfRefusal {
        match name {
            "encrypted" => PdfRefusal::Encrypted,
            "no_text" => PdfRefusal::NoText,
            "too_large" => PdfRefusal::TooLarge,
            "too_many_pages" => PdfRefusal::TooManyPages,
            "too_much_text" => PdfRefusal::TooMuchText,
            _ => PdfRefusal::Unreadable,
        }
    }

    /// What the log and the error message say.
    pub fn describe(self) -> &'static str {
        match self {
            PdfRefusal::Unreadable => "the PDF's text cannot be read",
            PdfRefusal::Encrypted => "the PDF is password-protected",
            PdfRefusal::NoText => "the PDF has no text to read",
            PdfRefusal::TooLarge => "reading the PDF needs more memory than allowed",
            PdfRefusal::TooSlow => "reading the PDF took too long",
            PdfRefusal::TooManyPages => "the PDF has more pages than allowed",
            PdfRefusal::TooMuchText => "the PDF holds more text than allowed",
        }
    }
}

/// How the server reads a PDF's text.
#[derive(Debug, Clone)]
pub struct Reader {
    /// The `switchboard` binary to run `pdf-text` with; none reads in-process.
    pub program: Option<std::path::PathBuf>,
    pub timeout: std::time::Duration,
    pub max_memory_mb: u64,
    pub limits: TextLimits,
}

/// How much of a PDF is read.
#[derive(Debug, Clone, Copy)]
pub struct TextLimits {
    pub max_pages: u32,
    pub max_chars: u64,
}

impl TextLimits {
    /// The most bytes the reader's JSON answer may take: every character escaped (`\u001f`),
    /// plus the punctuation of every page.
    fn answer_bytes(self) -> u64 {
        self.max_chars
            .saturating_mul(6)
            .saturating_add(u64::from(self.max_pages).saturating_mul(8))
            .saturating_add(64 * 1024)
    }
}

impl Reader {
    /// The configured reader: `knowledge_base.pdf_reader`, else this process's own binary when
    /// it is `switchboard` (a test harness running the server in-process reads in-process).
    pub fn from_config(cfg: &crate::config::KnowledgeBaseConfig) -> Reader {
        let program = cfg
            .pdf_reader
            .as_ref()
            .map(std::path::PathBuf::from)
            .or_else(|| {
                std::env::current_exe()
                    .ok()
                    .filter(|p| p.file_stem().is_some_and(|s| s == "switchboard"))
            });
        Reader {
            program,
            timeout: std::time::Duration::from_millis(cfg.extract_timeout_ms),
            max_memory_mb: cfg.extract_memory_mb,
            limits: TextLimits {
                max_pages: cfg.max_pages,
                max_chars: cfg.max_text_chars,
            },
        }
    }

    /// The text of every page, read under the time limit (and the memory limit when a reader
    /// program is set).
    pub async fn page_texts(&self, bytes: axum::body::Bytes) -> Result<Vec<String>, PdfRefusal> {
        match &self.program {
            Some(program) => self.in_child(program, &bytes).await,
            None => {
                let limits = self.limits;
                let reading = tokio::task::spawn_blocking(move || page_texts(&bytes, limits));
                match tokio::time::timeout(self.timeout, reading).await {
                    Ok(Ok(result)) => result,
                    Ok(Err(_)) => Err(PdfRefusal::Unreadable),
                    Err(_) => Err(PdfRefusal::TooSlow),
                }
            }
        }
    }

    async fn in_child(
        &self,
        program: &std::path::Path,
        bytes: &[u8],
    ) -> Result<Vec<String>, PdfRefusal> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut child = tokio::process::Command::new(program)
            // The reader needs no environment: no secret of the server reaches it.
            .env_clear()
            .arg("pdf-text")
            .arg("--max-memory-mb")
            .arg(self.max_memory_mb.to_string())
            .arg("--max-pages")
            .arg(self.limits.max_pages.to_string())
            .arg("--max-text-chars")
            .arg(self.limits.max_chars.to_string())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                tracing::error!(error = %e, program = %program.display(), "the PDF reader did not start");
                PdfRefusal::Unreadable
            })?;
        let mut stdin = child.stdin.take().ok_or(PdfRefusal::Unreadable)?;
        let stdout = child.stdout.take().ok_or(PdfRefusal::Unreadable)?;
        let limit = self.limits.answer_bytes();
        let run = async {
            let write = async {
                // A reader that dies early closes its input: what it says then is the answer.
                let _ = stdin.write_all(bytes).await;
                drop(stdin);
            };
            // At most one byte more than the largest answer allowed is read.
            let read = async {
                let mut out = Vec::new();
                stdout
                    .take(limit.saturating_add(1))
                    .read_to_end(&mut out)
                    .await
                    .map(|_| out)
            };
            let ((), out) = tokio::join!(write, read);
            let out = out.map_err(|_| PdfRefusal::Unreadable)?;
            if out.len() as u64 > limit {
                // Dropping the child kills it (kill_on_drop).
                return Err(PdfRefusal::TooMuchText);
            }
            let status = child.wait().await.map_err(|_| PdfRefusal::Unreadable)?;
            Ok((status, out))
        };
        let (status, stdout) = match tokio::time::timeout(self.timeout, run).await {
            Ok(result) => result?,
            // Dropping the future kills the child (kill_on_drop).
            Err(_) => return Err(PdfRefusal::TooSlow),
        };
        if !status.success() {
            // Out of memory aborts the reader: nothing else makes it fail without an answer.
            return Err(PdfRefusal::TooLarge);
        }
        let answer: ChildAnswer =
            serde_json::from_slice(&stdout).map_err(|_| PdfRefusal::Unreadable)?;
        match answer {
            ChildAnswer {
                pages: Some(pages), ..
            } => Ok(pages),
            ChildAnswer { refused, .. } => Err(PdfRefusal::from_name(
                refused.as_deref().unwrap_or_default(),
            )),
        }
    }
}

/// What `switchboard pdf-text` writes: the pages, or why not.
#[derive(serde::Serialize, serde::Deserialize)]
struct ChildAnswer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pages: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<String>,
}

/// `switchboard pdf-text --max-memory-mb N --max-pages P --max-text-chars C`: caps this
/// process's address space at N MB more than it has mapped at start, reads a PDF from standard input and writes its pages' text
/// (or why not) as JSON to standard output. Running out of memory aborts the process, which the
/// server reads as too large.
pub fn child_main(max_memory_mb: u64, limits: TextLimits) -> std::process::ExitCode {
    use std::io::{Read, Write};
    // N MB on top of what is mapped already (the binary, the runtime's threads): the budget is
    // the reading's, whatever the build's size.
    let mapped_kb = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmSize:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .unwrap_or(0);
    let limit = mapped_kb
        .saturating_mul(1024)
        .saturating_add(max_memory_mb.saturating_mul(1024 * 1024));
    if nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_AS, limit, limit).is_err()
    {
        return std::process::ExitCode::from(3);
    }
    let mut bytes = Vec::new();
    if std::io::stdin().read_to_end(&mut bytes).is_err() {
        return std::process::ExitCode::from(4);
    }
    let answer = match page_texts(&bytes, limits) {
        Ok(pages) => ChildAnswer {
            pages: Some(pages),
            refused: None,
        },
        Err(r) => ChildAnswer {
            pages: None,
            refused: Some(r.name().to_owned()),
        },
    };
    let Ok(json) = serde_json::to_vec(&answer) else {
        return std::process::ExitCode::from(5);
    };
    let mut out = std::io::stdout().lock();
    if out.write_all(&json).and_then(|()| out.flush()).is_err() {
        return std::process::ExitCode::from(6);
    }
    std::process::ExitCode::SUCCESS
}

/// Whether `bytes` start like a PDF (the header may follow up to 1 KB of junk, as readers allow).
pub fn looks_like_pdf(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(1024)]
        .windows(5)
        .any(|w| w == b"%PDF-")
}

/// The text of every page, in order (page 1 first): refused past `limits` before the next page
/// is read.
pub fn page_texts(bytes: &[u8], limits: TextLimits) -> Result<Vec<String>, PdfRefusal> {
    if !looks_like_pdf(bytes) {
        return Err(PdfRefusal::Unreadable);
    }
    let doc = lopdf::Document::load_mem(bytes).map_err(|_| PdfRefusal::Unreadable)?;
    if doc.is_encrypted() {
        return Err(PdfRefusal::Encrypted);
    }
    let pages: Vec<ObjectId> = doc.get_pages().values().copied().collect();
    if pages.is_empty() {
        return Err(PdfRefusal::Unreadable);
    }
    if pages.len() as u64 > u64::from(limits.max_pages) {
        return Err(PdfRefusal::TooManyPages);
    }
    let mut texts = Vec::with_capacity(pages.len());
    let mut chars: u64 = 0;
    for p in pages {
        let text = crate::pdf_text::page_text(&doc, p);
        chars = chars.saturating_add(text.chars().count() as u64);
        if chars > limits.max_chars {
            return Err(PdfRefusal::TooMuchText);
        }
        texts.push(text);
    }
    if texts.iter().all(|t| t.trim().is_empty()) {
        return Err(PdfRefusal::NoText);
    }
    Ok(texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_four_million_word_pdf_is_refused_under_the_default_caps_and_a_short_one_read() {
        let cfg = crate::config::KnowledgeBaseConfig::default();
        let limits = TextLimits {
            max_pages: cfg.max_pages,
            max_chars: cfg.max_text_chars,
        };
        let huge = testkit::pdf::many_words(200, 20_000);
        assert_eq!(page_texts(&huge, limits), Err(PdfRefusal::TooMuchText));
        let short = testkit::pdf::many_words(3, 100);
        assert_eq!(page_texts(&short, limits).map(|p| p.len()), Ok(3));
        let few_pages = TextLimits {
            max_pages: 2,
            ..limits
        };
        assert_eq!(page_texts(&short, few_pages), Err(PdfRefusal::TooManyPages));
    }
}
