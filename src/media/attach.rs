//! [`Attachment`]: a file given with the prompt (`run --image/--file`, chat's `/image` and pasted
//! paths), read and checked before the turn starts so bad input fails early with a clear error.

use std::io::Read;
use std::path::Path;

use super::{Error, MAX_INPUT_BYTES, sniff};
use crate::model::MediaKind;

/// What a flag accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// `--image`: PNG, JPEG, GIF or WebP.
    Image,
    /// `--file`: an image, a PDF, or a UTF-8 text file (sent as text).
    Any,
}

/// A file for the next message: media (stored by the session) or text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attachment {
    Media { name: String, bytes: Vec<u8> },
    Text { name: String, text: String },
}

impl Attachment {
    /// Reads `path` (`-`: stdin, which must then not be a terminal) and checks it is what `expect`
    /// takes.
    pub fn read(path: &str, expect: Expect) -> Result<Attachment, Error> {
        let bytes = if path == "-" {
            let mut bytes = Vec::new();
            std::io::stdin()
                .take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|source| Error::Read {
                    path: "stdin".to_owned(),
                    source,
                })?;
            bytes
        } else {
            let size = std::fs::metadata(path)
                .map_err(|source| Error::Read {
                    path: path.to_owned(),
                    source,
                })?
                .len();
            if size > MAX_INPUT_BYTES {
                return Err(Error::TooLarge {
                    name: path.to_owned(),
                    bytes: size,
                    limit: MAX_INPUT_BYTES,
                });
            }
            std::fs::read(path).map_err(|source| Error::Read {
                path: path.to_owned(),
                source,
            })?
        };
        let name = if path == "-" {
            "stdin".to_owned()
        } else {
            Path::new(path)
                .file_name()
                .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
        };
        Attachment::from_bytes(name, bytes, expect)
    }

    /// Checks `bytes` named `name` against `expect`.
    pub fn from_bytes(name: String, bytes: Vec<u8>, expect: Expect) -> Result<Attachment, Error> {
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(Error::TooLarge {
                name,
                bytes: bytes.len() as u64,
                limit: MAX_INPUT_BYTES,
            });
        }
        match (sniff(&bytes), expect) {
            // Its header read (its size), not its pixels: a file cut short is not sent.
            (Some((MediaKind::Image, _)), _) if super::image::dimensions(&bytes).is_none() => {
                Err(Error::BrokenImage { name })
            }
            (Some((MediaKind::Image, _)), _) | (Some((MediaKind::Pdf, _)), Expect::Any) => {
                Ok(Attachment::Media { name, bytes })
            }
            (Some((MediaKind::Pdf, _)), Expect::Image) => Err(Error::NotImage { name }),
            (None, Expect::Any) if !bytes.contains(&0) => match String::from_utf8(bytes) {
                Ok(text) => Ok(Attachment::Text { name, text }),
                Err(_) => Err(Error::NotAttachable { name }),
            },
            (None, Expect::Any) => Err(Error::NotAttachable { name }),
            (None, _) => Err(Error::NotMedia { name }),
        }
    }

    /// The name it was given under.
    pub fn name(&self) -> &str {
        match self {
            Attachment::Media { name, .. } | Attachment::Text { name, .. } => name,
        }
    }

    /// The image and PDF files named in pasted text (what a terminal pastes for a dropped file: a
    /// path, maybe quoted, maybe `file://`, with `\\ ` for spaces), relative ones resolved from
    /// `base`. Only existing files with an image or PDF extension count. Text starting with `/` is
    /// a path only as a whole (else it is a slash command).
    pub fn pasted_paths(text: &str, base: &Path) -> Vec<std::path::PathBuf> {
        let whole = unquote(text.trim()).replace("\\ ", " ");
        let whole = base.join(whole.strip_prefix("file://").unwrap_or(&whole));
        if Attachment::is_media_path(&whole) {
            return vec![whole];
        }
        if text.trim_start().starts_with('/') {
            return Vec::new();
        }
        let mut out = Vec::new();
        for token in text.split_whitespace() {
            let token = unquote(token);
            let path = base.join(token.strip_prefix("file://").unwrap_or(token));
            if Attachment::is_media_path(&path) && !out.contains(&path) {
                out.push(path);
            }
        }
        out
    }

    /// True for an existing file with an image or PDF extension.
    pub fn is_media_path(path: &Path) -> bool {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        matches!(
            ext.as_str(),
            "png" | "jpg" | "jpeg" | "gif" | "webp" | "pdf"
        ) && path.is_file()
    }
}

fn unquote(text: &str) -> &str {
    for q in ['\'', '"'] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_pasted_media_paths() {
        let dir = tempfile::tempdir().unwrap();
        let shot = dir.path().join("my shot.png");
        crate::store::write_atomic(&shot, b"x").unwrap();
        crate::store::write_atomic(&dir.path().join("b.pdf"), b"x").unwrap();
        crate::store::write_atomic(&dir.path().join("c.txt"), b"x").unwrap();
        let quoted = format!("'{}'", shot.display());
        assert_eq!(
            Attachment::pasted_paths(&quoted, dir.path()),
            vec![shot.clone()]
        );
        let escaped = shot.display().to_string().replace(' ', "\\ ");
        assert_eq!(Attachment::pasted_paths(&escaped, dir.path()), vec![shot]);
        assert_eq!(
            Attachment::pasted_paths("what is in b.pdf and c.txt and nope.png?", dir.path()),
            vec![dir.path().join("b.pdf")]
        );
        assert!(Attachment::pasted_paths("/image b.pdf", dir.path()).is_empty());
    }

    #[test]
    fn checks_what_each_flag_takes() {
        let pdf = b"%PDF-1.4\n".to_vec();
        assert!(matches!(
            Attachment::from_bytes("a.pdf".into(), pdf.clone(), Expect::Image),
            Err(Error::NotImage { .. })
        ));
        assert!(matches!(
            Attachment::from_bytes("a.pdf".into(), pdf, Expect::Any),
            Ok(Attachment::Media { .. })
        ));
        assert!(matches!(
            Attachment::from_bytes("n.txt".into(), b"notes".to_vec(), Expect::Any),
            Ok(Attachment::Text { .. })
        ));
        assert!(matches!(
            Attachment::from_bytes("n.txt".into(), b"notes".to_vec(), Expect::Image),
            Err(Error::NotMedia { .. })
        ));
    }
}
