//! [`MediaStore`]: media files of one session, each named by the SHA-256 of its bytes, so the same
//! image given twice is stored once and a transcript's reference names exactly one content.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::{Error, MAX_INPUT_BYTES, extension, sniff};
use crate::model::{MediaKind, MediaRef};

/// `<sessions>/<id>/media/` for the transcript `<sessions>/<id>.jsonl` (sub-agents' transcripts get
/// their own folder the same way).
pub fn media_dir_for(transcript: &Path) -> PathBuf {
    transcript.with_extension("").join("media")
}

/// The media folder of a session: beside its transcript, else (an ephemeral session) under
/// `fallback` (the project's spilled tool results).
pub fn session_media_dir(transcript: Option<&Path>, fallback: &Path) -> PathBuf {
    match transcript {
        Some(t) => media_dir_for(t),
        None => fallback.join("media"),
    }
}

/// The media folder of one session.
#[derive(Debug, Clone)]
pub struct MediaStore {
    dir: PathBuf,
}

impl MediaStore {
    pub fn new(dir: PathBuf) -> MediaStore {
        MediaStore { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Stores `bytes` (named `name` by whoever gave them) and returns the reference. Fails for
    /// anything but an image or a PDF, and for files over [`MAX_INPUT_BYTES`].
    pub fn put(&self, name: &str, bytes: &[u8]) -> Result<MediaRef, Error> {
        let (media_kind, media_type) = sniff(bytes).ok_or_else(|| Error::NotMedia {
            name: name.to_owned(),
        })?;
        let size = bytes.len() as u64;
        if size > MAX_INPUT_BYTES {
            return Err(Error::TooLarge {
                name: name.to_owned(),
                bytes: size,
                limit: MAX_INPUT_BYTES,
            });
        }
        let sha256 = format!("{:x}", Sha256::digest(bytes));
        let path = self.dir.join(format!("{sha256}.{}", extension(media_type)));
        if std::fs::metadata(&path).map(|m| m.len()).ok() != Some(size) {
            crate::store::write_atomic(&path, bytes).map_err(|source| Error::Store {
                path: path.display().to_string(),
                source,
            })?;
        }
        Ok(MediaRef {
            media_kind,
            media_type: media_type.to_owned(),
            path: path.display().to_string(),
            sha256,
            bytes: size,
            name: name.to_owned(),
        })
    }
}

/// Reads a reference's stored bytes back, checking they are still the ones referenced.
pub(super) fn load(media: &MediaRef) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(&media.path)
        .map_err(|e| format!("its stored copy `{}` cannot be read: {e}", media.path))?;
    let sha = format!("{:x}", Sha256::digest(&bytes));
    if sha != media.sha256 {
        return Err(format!("its stored copy `{}` was changed", media.path));
    }
    Ok(bytes)
}

/// True for references to images.
pub(super) fn is_image(media: &MediaRef) -> bool {
    media.media_kind == MediaKind::Image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_once_by_hash_and_loads_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::new(dir.path().join("media"));
        let pdf = b"%PDF-1.4\n%%EOF\n";
        let a = store.put("a.pdf", pdf).unwrap();
        let b = store.put("b.pdf", pdf).unwrap();
        assert_eq!(a.path, b.path);
        assert!(a.path.ends_with(".pdf"));
        assert_eq!(load(&a).as_deref(), Ok(&pdf[..]));
        assert!(matches!(
            store.put("notes.txt", b"hello"),
            Err(Error::NotMedia { .. })
        ));
    }
}
