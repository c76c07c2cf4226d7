//! The content-addressed store: `blobs/<first 2 hex>/<sha256 hex>`, each content once.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Error;
use crate::store;

/// A blob younger than this is never collected: another process may have just stored it for a
/// manifest line it has not appended yet. Reusing a blob refreshes its time for the same reason.
const GRACE: Duration = Duration::from_secs(3600);

/// The SHA-256 of a content, lowercase hex.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ContentHash(pub String);

impl ContentHash {
    pub fn of(bytes: &[u8]) -> ContentHash {
        use std::fmt::Write as _;
        let digest = Sha256::digest(bytes);
        let mut hex = String::with_capacity(64);
        for b in digest {
            let _ = write!(hex, "{b:02x}");
        }
        ContentHash(hex)
    }
}

impl std::fmt::Display for ContentHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The blob directory of one project.
#[derive(Debug, Clone)]
pub struct Blobs {
    dir: PathBuf,
}

impl Blobs {
    pub fn new(dir: PathBuf) -> Blobs {
        Blobs { dir }
    }

    fn path(&self, hash: &ContentHash) -> PathBuf {
        let prefix = hash.0.get(..2).unwrap_or("00");
        self.dir.join(prefix).join(&hash.0)
    }

    /// Stores `bytes` (once) and returns their hash.
    pub fn put(&self, bytes: &[u8]) -> Result<ContentHash, Error> {
        let hash = ContentHash::of(bytes);
        let path = self.path(&hash);
        let reused = std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(SystemTime::now()));
        if reused.is_err() {
            store::write_atomic(&path, bytes)?;
        }
        Ok(hash)
    }

    /// The content of `hash`, checked against it; `restoring` names the file for the error.
    pub fn get(&self, hash: &ContentHash, restoring: &Path) -> Result<Vec<u8>, Error> {
        let missing = || Error::MissingBlob {
            hash: hash.0.clone(),
            path: restoring.to_owned(),
        };
        let bytes = std::fs::read(self.path(hash)).map_err(|_| missing())?;
        if ContentHash::of(&bytes) != *hash {
            return Err(missing());
        }
        Ok(bytes)
    }

    /// Removes every blob not in `live` and older than the grace period; returns how many.
    pub fn collect_garbage(&self, live: &HashSet<ContentHash>) -> Result<usize, Error> {
        let mut removed = 0;
        let Ok(prefixes) = std::fs::read_dir(&self.dir) else {
            return Ok(0);
        };
        let now = SystemTime::now();
        for prefix in prefixes.filter_map(Result::ok) {
            let Ok(entries) = std::fs::read_dir(prefix.path()) else {
                continue;
            };
            for entry in entries.filter_map(Result::ok) {
                let name = entry.file_name().to_string_lossy().into_owned();
                if live.contains(&ContentHash(name)) {
                    continue;
                }
                let young = entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| now.duration_since(t).unwrap_or_default() < GRACE);
                if young {
                    continue;
                }
                let path = entry.path();
                std::fs::remove_file(&path).map_err(|e| Error::io("remove", &path, e))?;
                removed += 1;
            }
        }
        Ok(removed)
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "the test damages a blob directly"
)]
mod tests {
    use super::*;

    #[test]
    fn a_content_is_stored_once_and_read_back_checked() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = Blobs::new(dir.path().join("blobs"));
        let a = blobs.put(b"hello").unwrap();
        let b = blobs.put(b"hello").unwrap();
        assert_eq!(a, b);
        assert_eq!(blobs.get(&a, Path::new("x")).unwrap(), b"hello");
        let files: Vec<_> = walk(&dir.path().join("blobs"));
        assert_eq!(files.len(), 1);
        std::fs::write(&files[0], b"damaged").unwrap();
        assert!(matches!(
            blobs.get(&a, Path::new("x")),
            Err(Error::MissingBlob { .. })
        ));
    }

    #[test]
    fn garbage_collection_keeps_live_and_young_blobs() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = Blobs::new(dir.path().join("blobs"));
        let live = blobs.put(b"live").unwrap();
        let dead = blobs.put(b"dead").unwrap();
        let young = blobs.put(b"young").unwrap();
        let old = SystemTime::now() - 2 * GRACE;
        for h in [&live, &dead] {
            std::fs::File::options()
                .write(true)
                .open(blobs.path(h))
                .unwrap()
                .set_modified(old)
                .unwrap();
        }
        let removed = blobs
            .collect_garbage(&HashSet::from([live.clone()]))
            .unwrap();
        assert_eq!(removed, 1);
        assert!(blobs.path(&live).exists());
        assert!(!blobs.path(&dead).exists());
        assert!(blobs.path(&young).exists());
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .unwrap()
            .flat_map(|p| std::fs::read_dir(p.unwrap().path()).unwrap())
            .map(|e| e.unwrap().path())
            .collect()
    }
}
