//! The one interface for stored files (knowledge-base PDFs; later quick-reply attachments): put,
//! get and delete by key, in a folder (`files.dir`) or, when one is configured, an S3-compatible
//! bucket (`files.bucket`, through the object_store crate) — the only choice for several
//! replicas without a shared disk. Keys are made by the server (`kb/<org>/<random>.pdf`), never
//! by a client, so no path from a request reaches the file system.

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
