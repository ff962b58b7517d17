//! The one interface for stored files (knowledge-base PDFs; later quick-reply attachments): put,
//! get and delete by key, in a folder (`files.dir`) or, when one is configured, an S3-compatible
//! bucket (`files.bucket`, through the object_store crate) — the only choice for several
//! replicas without a shared disk. Keys are made by the server (`kb/<org>/<random>.pdf`), never
//! by a client, so no path from a request reaches the file system.
//!
//! [`download_headers`] is how every stored file is served (knowledge-base PDFs, quick-reply and
//! schedule attachments): always an attachment, under a type that cannot run in our origin,
//! with `nosniff`, and a name that can never make the answer fail.

use crate::config::FilesConfig;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, PutPayload};
use secrecy::ExposeSecret;
use std::sync::Arc;

#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
}

impl Files {
    /// The configured store: the bucket when `files.bucket` is set, else the folder (created).
    pub fn from_config(cfg: &FilesConfig) -> anyhow::Result<Files> {
        let store: Arc<dyn ObjectStore> = match &cfg.bucket {
            Some(bucket) => {
                let mut b = AmazonS3Builder::new()
                    .with_bucket_name(bucket)
                    .with_region(&cfg.s3_region)
                    .with_virtual_hosted_style_request(false);
                if let Some(endpoint) = &cfg.s3_endpoint {
                    b = b
                        .with_endpoint(endpoint)
                        .with_allow_http(endpoint.starts_with("http://"));
                }
                if let (Some(id), Some(secret)) = (&cfg.s3_access_key_id, &cfg.s3_secret_access_key)
                {
                    b = b
                        .with_access_key_id(id)
                        .with_secret_access_key(secret.expose_secret());
                }
                Arc::new(b.build()?)
            }
            None => {
                std::fs::create_dir_all(&cfg.dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(&cfg.dir)?)
            }
        };
        Ok(Files { store })
    }

    fn path(key: &str) -> std::io::Result<StorePath> {
        if key
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
        {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "not a file key",
            ));
        }
        StorePath::parse(key).map_err(std::io::Error::other)
    }

    /// Writes the file whole (the folder store writes a temporary file and renames it; a bucket
    /// stores an object only when complete), so a crash never leaves half a file under the key.
    pub async fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.store
            .put(&Self::path(key)?, PutPayload::from(bytes.to_vec()))
            .await
            .map(|_| ())
            .map_err(std::io::Error::other)
    }

    pub async fn get(&self, key: &str) -> std::io::Result<Vec<u8>> {
        let found = self
            .store
            .get(&Self::path(key)?)
            .await
            .map_err(std::io::Error::other)?;
        Ok(found.bytes().await.map_err(std::io::Error::other)?.to_vec())
    }

    /// Removes the file; a missing one is not an error.
    pub async fn delete(&self, key: &str) -> std::io::Result<()> {
        match self.store.delete(&Self::path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(std::io::Error::other(e)),
        }
    }
}

/// Content types a download keeps; anything else (`text/html`, `image/svg+xml`,
/// `text/javascript`, …, which a browser would render or run in our origin) is served as
/// `application/octet-stream`.
const INERT_TYPES: &[&str] = &[
    "application/pdf",
    "application/zip",
    "application/msword",
    "application/vnd.ms-excel",
    "application/vnd.ms-powerpoint",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "audio/aac",
    "audio/mpeg",
    "audio/mp4",
    "audio/ogg",
    "audio/wav",
    "audio/webm",
    "image/bmp",
    "image/gif",
    "image/jpeg",
    "image/png",
    "image/webp",
    "text/csv",
    "text/plain",
    "video/mp4",
    "video/mpeg",
    "video/quicktime",
    "video/webm",
];

/// The headers of a stored file's download: `Content-Type` (the given type when it is inert,
/// else `application/octet-stream`), `Content-Disposition: attachment` with an ASCII-safe
/// `filename` (control characters, quotes, slashes, folders and markup removed) and the real
/// name as RFC 5987 `filename*=UTF-8''…`, and `X-Content-Type-Options: nosniff`. Never fails,
/// whatever the stored name holds.
pub fn download_headers(name: &str, content_type: &str) -> axum::http::HeaderMap {
    file_headers(name, content_type, "attachment")
}

/// As [`download_headers`], but `inline`: for a PDF the browser shows in its own viewer (a
/// citation opens at its page with `#page=N`). The type is still only an inert one, so nothing
/// served this way runs as script in our origin.
pub fn view_headers(name: &str, content_type: &str) -> axum::http::HeaderMap {
    file_headers(name, content_type, "inline")
}

fn file_headers(name: &str, content_type: &str, disposition: &str) -> axum::http::HeaderMap {
    use axum::http::{header, HeaderValue};
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let kind = INERT_TYPES
        .iter()
        .find(|t| **t == essence)
        .copied()
        .unwrap_or("application/octet-stream");
    let real = real_name(name);
    let disposition = format!(
        "{disposition}; filename=\"{}\"; filename*=UTF-8''{}",
        ascii_name(&real),
        percent_encode(&real)
    );
    let mut headers = axum::http::HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&disposition).unwrap_or(if disposition.starts_with("inline") {
            HeaderValue::from_static("inline")
        } else {
            HeaderValue::from_static("attachment")
        }),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers
}

/// An uploaded file's name as it is stored: control characters removed, trimmed, at most 255
/// characters (what a name shows and serves as is then [`download_headers`]'s business).
pub fn stored_name(name: &str) -> String {
    let clean: String = name.chars().filter(|c| !c.is_control()).collect();
    clean.trim().chars().take(255).collect()
}

/// The name's last part (no folder, no `..`), without control characters, at most 200
/// characters; `download` when nothing is left.
fn real_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = last.chars().filter(|c| !c.is_control()).take(200).collect();
    let clean = clean.trim().trim_start_matches('.').trim();
    if clean.is_empty() {
        "download".to_owned()
    } else {
        clean.to_owned()
    }
}

/// `name` in the characters any browser reads in a quoted `filename`: letters, digits, space
/// and `.-_()+,`; everything else (quotes, `<>`, non-ASCII…) becomes `_`.
fn ascii_name(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || " .-_()+,".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let ascii = ascii.trim().trim_start_matches('.').to_owned();
    if ascii.is_empty() {
        "download".to_owned()
    } else {
        ascii
    }
}

/// RFC 5987's `value-chars`: `attr-char`s as they are, every other UTF-8 byte as `%XX`.
fn percent_encode(name: &str) -> String {
    let mut out = String::with_capacity(name.len() * 3);
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_name_keeps_no_control_characters_and_at_most_255_characters() {
        assert_eq!(stored_name("  price\u{1}\nlist\t.pdf "), "pricelist.pdf");
        assert_eq!(stored_name(&"é".repeat(300)).chars().count(), 255);
        assert_eq!(stored_name("../<b>Preços</b>.pdf"), "../<b>Preços</b>.pdf");
    }

    fn disposition(name: &str) -> String {
        download_headers(name, "application/pdf")["content-disposition"]
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn a_download_is_an_attachment_with_a_safe_name_and_the_real_one_encoded() {
        assert_eq!(
            disposition("Price list 2026.pdf"),
            "attachment; filename=\"Price list 2026.pdf\"; filename*=UTF-8''Price%20list%202026.pdf"
        );
        assert_eq!(
            disposition("Preços \"<b>novos\".pdf"),
            "attachment; filename=\"Pre_os __b_novos_.pdf\"; filename*=UTF-8''Pre%C3%A7os%20%22%3Cb%3Enovos%22.pdf"
        );
    }

    #[test]
    fn control_characters_folders_and_dots_never_reach_the_header() {
        for name in [
            "bad\r\nSet-Cookie: x.pdf",
            "../../etc/passwd",
            "a\0b.pdf",
            "..",
            "\u{7f}",
        ] {
            let d = disposition(name);
            assert!(d.starts_with("attachment; filename=\""), "{d}");
            assert!(!d.contains(['\r', '\n', '\0', '/']), "{d}");
            assert!(!d.contains("\"..") && !d.contains("''.."), "{d}");
        }
        assert!(disposition("../../etc/passwd").contains("filename=\"passwd\""));
        assert!(disposition("..").contains("filename=\"download\""));
    }

    #[test]
    fn a_type_a_browser_would_run_is_served_as_bytes_with_nosniff() {
        for kind in [
            "text/html",
            "text/javascript",
            "image/svg+xml",
            "nonsense\n",
        ] {
            let h = download_headers("x", kind);
            assert_eq!(h["content-type"], "application/octet-stream");
            assert_eq!(h["x-content-type-options"], "nosniff");
        }
        assert_eq!(
            download_headers("x.png", "IMAGE/PNG; charset=x")["content-type"],
            "image/png"
        );
    }
}
