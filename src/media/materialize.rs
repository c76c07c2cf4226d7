//! From references to what the serving model takes, just before a request; see the module doc of
//! [`crate::media`]. Nothing here fails a request: media that cannot be sent becomes a line of text
//! saying why.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::image::{Fitted, dimensions, fit};
use super::pdf::{page_count, pdf_to_text};
use super::store::{is_image, load};
use crate::config::Protocol;
use crate::model::catalog::ModelInfo;
use crate::model::{
    ContentBlock, Document, ImageSource, MediaKind, MediaRef, Message, Role, ToolResultContent,
};

/// Entries kept in the conversion cache before it is emptied.
const CACHE_ENTRIES: usize = 64;

/// Whether the user gave images in `messages` (images a tool returned do not count: a model
/// without vision gets a text preview of those).
pub fn needs_images(messages: &[Message]) -> bool {
    messages.iter().filter(|m| m.role == Role::User).any(|m| {
        m.content
            .iter()
            .any(|b| matches!(b, ContentBlock::MediaReference(r) if is_image(r)))
    })
}

/// Replaces every media reference in `messages` with what the model of `info`, spoken over
/// `protocol`, takes. The newest `maxImagesPerRequest` images are sent; older ones become text.
pub fn materialize(messages: &mut [Message], info: &ModelInfo, protocol: Protocol) {
    let mut images_left = info.media.max_images;
    for message in messages.iter_mut().rev() {
        for block in message.content.iter_mut().rev() {
            match block {
                ContentBlock::MediaReference(media) => {
                    *block = match convert(media, info, protocol, &mut images_left) {
                        Converted::Image(source) => ContentBlock::Image { source },
                        Converted::Document(doc) => ContentBlock::Document(doc),
                        Converted::Text(text) => ContentBlock::Text { text },
                    };
                }
                ContentBlock::ToolResult { content, .. } => {
                    for part in content.iter_mut().rev() {
                        if let ToolResultContent::MediaReference(media) = part {
                            *part = match convert(media, info, protocol, &mut images_left) {
                                Converted::Image(source) => ToolResultContent::Image { source },
                                Converted::Document(doc) => ToolResultContent::Document(doc),
                                Converted::Text(text) => ToolResultContent::Text { text },
                            };
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

enum Converted {
    Image(ImageSource),
    Document(Document),
    Text(String),
}

fn convert(
    media: &MediaRef,
    info: &ModelInfo,
    protocol: Protocol,
    images_left: &mut u32,
) -> Converted {
    let bytes = match load(media) {
        Ok(b) => b,
        Err(why) => return not_sent(media, &why),
    };
    match media.media_kind {
        MediaKind::Image if !info.supports_images => Converted::Text(image_preview(media, &bytes)),
        MediaKind::Image if *images_left == 0 => not_sent(
            media,
            &format!(
                "over this model's {} images per request (multimodal.maxImagesPerRequest)",
                info.media.max_images
            ),
        ),
        MediaKind::Image => {
            *images_left -= 1;
            match fitted(media, &bytes, info) {
                Ok(f) => Converted::Image(ImageSource::Base64 {
                    media_type: f.media_type,
                    data: STANDARD.encode(&f.bytes),
                }),
                Err(e) => not_sent(media, &e.to_string()),
            }
        }
        MediaKind::Pdf => pdf(media, &bytes, info, protocol),
    }
}

/// A PDF as a document when the model and format take it and it is within the limits, else its
/// text.
fn pdf(media: &MediaRef, bytes: &[u8], info: &ModelInfo, protocol: Protocol) -> Converted {
    let max_pages = info.media.max_pdf_pages as usize;
    let pages = page_count(bytes).ok();
    let documents = matches!(protocol, Protocol::Anthropic | Protocol::OpenAiResponses);
    if info.media.pdf
        && documents
        && media.bytes <= info.media.max_pdf_bytes
        && pages.is_some_and(|p| p <= max_pages)
    {
        return Converted::Document(Document {
            media_type: media.media_type.clone(),
            data: STANDARD.encode(bytes),
            name: media.name.clone(),
            text: String::new(),
        });
    }
    let key = format!("pdf:{}:{max_pages}", media.sha256);
    let text = cached(&key, || {
        pdf_to_text(bytes, max_pages)
            .map(|t| t.into_bytes())
            .map_err(|e| e.to_string())
    });
    match text {
        Ok(text) => Converted::Text(format!(
            "[PDF {}, {} pages, as extracted text]\n{}",
            media.name,
            pages.map_or_else(|| "?".to_owned(), |p| p.to_string()),
            String::from_utf8_lossy(&text)
        )),
        Err(e) => not_sent(media, &e),
    }
}

/// The text the model gets for media that cannot be sent, saying why; the person running
/// pilotdeck is told too (a warning on stderr, once per file and reason in a process, as every
/// request of the conversation carries the file again).
fn not_sent(media: &MediaRef, why: &str) -> Converted {
    static WARNED: OnceLock<Mutex<std::collections::HashSet<String>>> = OnceLock::new();
    let first = WARNED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(format!("{}:{why}", media.sha256));
    if first {
        tracing::warn!(
            "{} {} was not sent to the model: {why}",
            media.media_kind.as_str(),
            crate::terminal::inert_line(&media.name)
        );
    }
    Converted::Text(format!("{} not sent: {why}", media.placeholder()))
}

/// What a model without vision is told about an image.
fn image_preview(media: &MediaRef, bytes: &[u8]) -> String {
    let size = dimensions(bytes).map_or_else(String::new, |(w, h)| format!("{w}x{h} pixels, "));
    format!(
        "[image {}: {size}{}, {} bytes. This model cannot see images; it was not sent.]",
        media.name, media.media_type, media.bytes
    )
}

fn fitted(media: &MediaRef, bytes: &[u8], info: &ModelInfo) -> Result<Fitted, String> {
    let limits = &info.media;
    let key = format!(
        "img:{}:{}:{}",
        media.sha256,
        limits.max_image_bytes,
        limits.image_types.join(",")
    );
    let mut media_type = media.media_type.clone();
    let out = cached(&key, || {
        let f = fit(
            &media.name,
            bytes,
            &media.media_type,
            limits.max_image_bytes,
            &limits.image_types,
        )
        .map_err(|e| e.to_string())?;
        Ok(f.bytes)
    })?;
    if let Some((_, sniffed)) = super::sniff(&out) {
        sniffed.clone_into(&mut media_type);
    }
    let changed = out != bytes;
    Ok(Fitted {
        bytes: out,
        media_type,
        changed,
    })
}

type Cache = Mutex<HashMap<String, Vec<u8>>>;

/// Conversions are repeated for every model call of a conversation: the last results are kept in
/// memory (bounded; emptied when full).
fn cached(key: &str, make: impl FnOnce() -> Result<Vec<u8>, String>) -> Result<Vec<u8>, String> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    if let Some(hit) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(key)
    {
        return Ok(hit.clone());
    }
    let value = make()?;
    let mut map = cache.lock().unwrap_or_else(PoisonError::into_inner);
    if map.len() >= CACHE_ENTRIES {
        map.clear();
    }
    map.insert(key.to_owned(), value.clone());
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::MediaStore;
    use crate::model::catalog::model_info;
    use crate::test_media::{noisy_png, text_pdf};

    fn with_media(store: &MediaStore, files: &[(&str, Vec<u8>)]) -> Vec<Message> {
        files
            .iter()
            .map(|(name, bytes)| Message {
                role: Role::User,
                content: vec![ContentBlock::MediaReference(
                    store.put(name, bytes).unwrap(),
                )],
            })
            .collect()
    }

    #[test]
    fn only_the_newest_images_within_the_limit_are_sent() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::new(dir.path().to_owned());
        let mut messages = with_media(
            &store,
            &[("old.png", noisy_png(4, 4)), ("new.png", noisy_png(5, 5))],
        );
        assert!(needs_images(&messages));
        let mut info = model_info(Protocol::Anthropic, "claude-sonnet-4-5", None);
        info.media.max_images = 1;
        materialize(&mut messages, &info, Protocol::Anthropic);
        assert!(matches!(
            &messages[0].content[0],
            ContentBlock::Text { text } if text.contains("old.png") && text.contains("maxImagesPerRequest")
        ));
        assert!(matches!(messages[1].content[0], ContentBlock::Image { .. }));
    }

    #[test]
    fn pdfs_over_the_page_limit_go_as_text() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::new(dir.path().to_owned());
        let pdf = text_pdf(&["alpha page", "beta page"]);
        let mut info = model_info(Protocol::Anthropic, "claude-sonnet-4-5", None);
        let mut messages = with_media(&store, &[("a.pdf", pdf.clone())]);
        materialize(&mut messages, &info, Protocol::Anthropic);
        assert!(matches!(messages[0].content[0], ContentBlock::Document(_)));
        info.media.max_pdf_pages = 1;
        let mut messages = with_media(&store, &[("a.pdf", pdf)]);
        assert!(!needs_images(&messages));
        materialize(&mut messages, &info, Protocol::Anthropic);
        let ContentBlock::Text { text } = &messages[0].content[0] else {
            panic!("{:?}", messages[0].content[0]);
        };
        assert!(
            text.contains("alpha page") && !text.contains("beta page"),
            "{text}"
        );
    }

    #[test]
    fn a_changed_stored_copy_is_not_sent() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::new(dir.path().to_owned());
        let mut messages = with_media(&store, &[("a.png", noisy_png(4, 4))]);
        let ContentBlock::MediaReference(media) = &messages[0].content[0] else {
            unreachable!()
        };
        crate::store::write_atomic(std::path::Path::new(&media.path), b"tampered").unwrap();
        let info = model_info(Protocol::OpenAi, "gpt-4.1", None);
        materialize(&mut messages, &info, Protocol::OpenAi);
        assert!(matches!(
            &messages[0].content[0],
            ContentBlock::Text { text } if text.contains("was changed")
        ));
    }
}
