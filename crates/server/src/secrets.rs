//! Integration secrets at rest: API keys, LeadSquared secret keys, OAuth access and refresh
//! tokens and webhook tokens are stored only as AES-256-GCM ciphertext (`v1:` + base64 of a
//! random 96-bit nonce and the sealed bytes). The key comes from the configuration or from a key
//! file generated on first start with mode 0600.
//!
//! Architecture invariant: nothing in this module logs, formats or returns a plaintext secret
//! except `open`, whose callers only hand the value to a provider.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;
use secrecy::ExposeSecret;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::Path;
use std::sync::Arc;

const PREFIX: &str = "v1:";
const NONCE_LEN: usize = 12;

#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    #[error("the secret key must be base64 of 32 bytes")]
    BadKey,
    #[error("the secret key file {0}: {1}")]
    KeyFile(String, std::io::Error),
    #[error("a stored secret could not be decrypted (wrong key or damaged data)")]
    Undecryptable,
}

/// Seals and opens secrets with the configured key. Cheap to clone.
#[derive(Clone)]
pub struct Vault {
    cipher: Arc<Aes256Gcm>,
}

impl std::fmt::Debug for Vault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Vault(..)")
    }
}

impl Vault {
    /// The vault of `config`: `secret_key` when set, else the key file (created when missing).
    pub fn from_config(config: &crate::config::Config) -> Result<Vault, VaultError> {
        let encoded = match &config.secret_key {
            Some(k) => k.expose_secret().trim().to_owned(),
            None => read_or_create_key_file(&config.secret_key_file)?,
        };
        Vault::from_base64(&encoded)
    }

    pub fn from_base64(encoded: &str) -> Result<Vault, VaultError> {
        let bytes = STANDARD
            .decode(encoded.trim())
            .map_err(|_| VaultError::BadKey)?;
        if bytes.len() != 32 {
            return Err(VaultError::BadKey);
        }
        let key = Key::<Aes256Gcm>::from_slice(&bytes);
        Ok(Vault {
            cipher: Arc::new(Aes256Gcm::new(key)),
        })
    }

    /// A new random key, base64 (what the key file holds).
    pub fn generate_key() -> String {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        STANDARD.encode(key)
    }

    /// Encrypts `plain` under a fresh random nonce.
    pub fn seal(&self, plain: &[u8]) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        // Encryption with a valid key and nonce length cannot fail (aead's error is for
        // buffers past GCM's 64 GiB limit).
        let sealed = self
            .cipher
            .encrypt(Nonce::from_slice(&nonce), plain)
            .unwrap_or_default();
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{PREFIX}{}", STANDARD.encode(out))
    }

    /// Decrypts what `seal` produced.
    pub fn open(&self, sealed: &str) -> Result<Vec<u8>, VaultError> {
        let raw = sealed
            .strip_prefix(PREFIX)
            .and_then(|b| STANDARD.decode(b).ok())
            .filter(|b| b.len() > NONCE_LEN)
            .ok_or(VaultError::Undecryptable)?;
        let (nonce, body) = raw.split_at(NONCE_LEN);
        self.cipher
            .decrypt(Nonce::from_slice(nonce), body)
            .map_err(|_| VaultError::Undecryptable)
    }

    /// Seals a value as JSON.
    pub fn seal_json<T: Serialize>(&self, value: &T) -> String {
        self.seal(&serde_json::to_vec(value).unwrap_or_default())
    }

    /// Opens a value sealed by `seal_json`.
    pub fn open_json<T: DeserializeOwned>(&self, sealed: &str) -> Result<T, VaultError> {
        serde_json::from_slice(&self.open(sealed)?).map_err(|_| VaultError::Undecryptable)
    }
}

fn read_or_create_key_file(path: &Path) -> Result<String, VaultError> {
    let err = |e| VaultError::KeyFile(path.display().to_string(), e);
    match std::fs::read_to_string(path) {
        Ok(text) => return Ok(text),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(err(e)),
        Err(_) => {}
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let key = Vault::generate_key();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(mut f) => {
            use std::io::Write;
            f.write_all(key.as_bytes()).map_err(err)?;
            f.sync_all().map_err(err)?;
            tracing::info!(path = %path.display(), "generated the key that encrypts integration secrets");
            Ok(key)
        }
        // Another process created it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::read_to_string(path).map_err(err)
        }
        Err(e) => Err(err(e)),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_with_its_key_only_and_never_contains_the_plaintext() {
        let vault = Vault::from_base64(&Vault::generate_key()).unwrap();
        let sealed = vault.seal(b"fd-api-key-123");
        assert!(sealed.starts_with("v1:"));
        assert!(!sealed.contains("fd-api-key-123"));
        assert_ne!(vault.seal(b"fd-api-key-123"), sealed, "nonces differ");
        assert_eq!(vault.open(&sealed).unwrap(), b"fd-api-key-123");
        let other = Vault::from_base64(&Vault::generate_key()).unwrap();
        assert!(other.open(&sealed).is_err());
        assert!(vault.open("v1:AAAA").is_err());
        assert!(Vault::from_base64("c2hvcnQ=").is_err());
    }

    #[test]
    fn the_key_file_is_created_once_with_owner_only_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data/secret.key");
        let first = read_or_create_key_file(&path).unwrap();
        let second = read_or_create_key_file(&path).unwrap();
        assert_eq!(first, second);
        assert!(Vault::from_base64(&first).is_ok());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
