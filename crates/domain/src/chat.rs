//! The knowledge-base chat's input rules (000 §2, §5, §9): which attachments are accepted and
//! when the Send button does anything.

use serde::{Deserialize, Serialize};

use crate::RuleError;

/// 000 §9: 'Chat attachment: at most 15728640 bytes (15 MB), PDF only'.
pub const MAX_ATTACHMENT_BYTES: u64 = 15_728_640;

/// Input of the `chat_attachment` rule: what the browser's `File` says.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AttachmentInput {
    pub name: String,
    /// `File.type`; browsers send an empty string when they do not know.
    pub mime_type: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub size: u64,
}

/// An accepted attachment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub name: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub size: u64,
}

/// 000 §5: 'only PDF, at most 15 MB, else the alert 'Only PDF files up to 15MB are supported.''
///
/// PDF means the MIME type `application/pdf` (case and parameters ignored). When the browser
/// gives no type or the generic `application/octet-stream`, a name ending in `.pdf` (any case)
/// decides. Any other declared type is refused even with a `.pdf` name. An empty file is not a
/// PDF. 15 MB is 15 728 640 bytes, inclusive.
pub fn check_attachment(input: &AttachmentInput) -> Result<Attachment, RuleError> {
    let mime = input
        .mime_type
        .as_deref()
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let name = input.name.trim();
    let pdf_name = name.len() > 4
        && name
            .get(name.len() - 4..)
            .is_some_and(|ext| ext.eq_ignore_ascii_case(".pdf"));
    let is_pdf = match mime.as_str() {
        "application/pdf" => true,
        "" | "application/octet-stream" => pdf_name,
        _ => false,
    };
    if !is_pdf || input.size == 0 || input.size > MAX_ATTACHMENT_BYTES {
        return Err(RuleError::AttachmentNotSupported);
    }
    Ok(Attachment {
        name: name.to_string(),
        size: input.size,
    })
}

/// Input of the `may_send_message` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendInput {
    pub text: String,
    pub has_attachment: Option<bool>,
}

/// 000 §5: 'Sending empty input is ignored.' Text of only whitespace is empty; an attached file
/// is something to send even without text.
pub fn may_send_message(input: &SendInput) -> bool {
    !input.text.trim().is_empty() || input.has_attachment.unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, mime: Option<&str>, size: u64) -> Result<Attachment, RuleError> {
        check_attachment(&AttachmentInput {
            name: name.into(),
            mime_type: mime.map(Into::into),
            size,
        })
    }

    #[test]
    fn pdfs_up_to_15_mb_are_accepted() {
        // 000 §9: 'at most 15728640 bytes (15 MB), PDF only'
        assert!(file("guide.pdf", Some("application/pdf"), 15_728_640).is_ok());
        assert!(file("guide", Some("Application/PDF; charset=binary"), 1).is_ok());
        assert!(file("GUIDE.PDF", Some(""), 10).is_ok());
        assert!(file("guide.pdf", Some("application/octet-stream"), 10).is_ok());
    }

    #[test]
    fn other_files_and_big_ones_get_the_pdf_message() {
        // 000 §5: 'else the alert 'Only PDF files up to 15MB are supported.' and the file is not uploaded'
        let no = Err(RuleError::AttachmentNotSupported);
        assert_eq!(file("guide.pdf", Some("application/pdf"), 15_728_641), no);
        assert_eq!(file("photo.png", Some("image/png"), 10), no);
        assert_eq!(file("fake.pdf", Some("image/png"), 10), no);
        assert_eq!(file("notes.txt", None, 10), no);
        assert_eq!(file(".pdf", None, 10), no);
        assert_eq!(file("empty.pdf", Some("application/pdf"), 0), no);
    }

    #[test]
    fn blank_messages_are_not_sent() {
        // 000 §5: 'Sending empty input is ignored.'
        let send = |t: &str, a: Option<bool>| {
            may_send_message(&SendInput {
                text: t.into(),
                has_attachment: a,
            })
        };
        assert!(!send("", None));
        assert!(!send(" \n\t ", Some(false)));
        assert!(send(" hi ", None));
        assert!(send("", Some(true)));
    }
}
