//! The one interface for stored files (knowledge-base PDFs; later quick-reply attachments): put,
//! get and delete by key. Kept in a folder (`knowledge_base.files_dir`); replicas must share it.
//! Keys are made by the server (`kb/<org>/<random>.pdf`), never by a client, so no path from a
//! request reaches the file system.

use std::path::{Path, PathBuf};

#[derive(Clone)]
pub struct Files {
    root: PathBuf,
}

impl Files {
    pub fn new(root: &Path) -> Files {
        Files {
            root: root.to_path_buf(),
        }
    }

    fn path(&self, key: &str) -> std::io::Result<PathBuf> {
        if key
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
        {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "not a file key",
            ));
        }
        Ok(self.root.join(key))
    }

    /// Writes the file whole (to a temporary name, then renamed), so a crash never leaves half a
    /// file under the key.
    pub async fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<()> {
        let path = self.path(key)?;
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        let tmp = path.with_extension("part");
        tokio::fs::write(&tmp, bytes).await?;
        tokio::fs::rename(&tmp, &path).await
    }

    pub async fn get(&self, key: &str) -> std::io::Result<Vec<u8>> {
        tokio::fs::read(self.path(key)?).await
    }

    /// Removes the file; a missing one is not an error.
    pub async fn delete(&self, key: &str) -> std::io::Result<()> {
        match tokio::fs::remove_file(self.path(key)?).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}
