//! Media in: images (PNG, JPEG, GIF, WebP) and PDFs given to the agent (`run --image/--file`, chat's
//! `/image` and pasted paths, `read_file` on such a file).
//!
//! Media is kept **by reference**: [`store`] writes the bytes once to
//! `<sessions>/<id>/media/<sha256>.<ext>` and messages (and so transcripts) hold a
//! [`MediaRef`](crate::model::MediaRef), never base64. Just before each model call,
//! [`materialize`] turns the references into what the serving model takes: images fitted to its
//! limits ([`image`]: downscaled and re-encoded with the `image` crate), PDFs as documents for the
//! Anthropic and Responses formats or as extracted text ([`pdf`]) for the others, and a text preview
//! for a model that cannot see images. [`needs_images`] tells the router a request carries images
//! the user gave, so a model without vision is swapped for a fallback that has it.

mod attach;
pub mod image;
mod materialize;
pub mod pdf;
mod store;

pub use attach::{Attachment, Expect};
pub use materialize::{materialize, needs_images};
pub use store::{MediaStore, media_dir_for, session_media_dir};

use crate::model::MediaKind;

/// Largest file taken in as media at all (before any downscaling).
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// What can go wrong taking media in.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "`{name}` is not an image or a PDF (pilotdeck takes PNG, JPEG, GIF, WebP and PDF files)"
    )]
    NotMedia { name: String },
    #[error(
        "`{name}` is not an image, a PDF or UTF-8 text (--file takes PNG, JPEG, GIF, WebP, PDF and \
         text files)"
    )]
    NotAttachable { name: String },
    #[error("`{name}` is a PDF; --image takes PNG, JPEG, GIF and WebP (use --file for PDFs)")]
    NotImage { name: String },
    #[error("`{name}` is not a readable image: its header is damaged or cut short")]
    BrokenImage { name: String },
    #[error("`{name}` is {bytes} bytes; media over {limit} bytes is refused")]
    TooLarge {
        name: String,
        bytes: u64,
        limit: u64,
    },
    #[error("cannot store media in `{path}`: {source}")]
    Store {
        path: String,
        #[source]
        source: crate::store::Error,
    },
    #[error("cannot decode image `{name}`: {source}")]
    Decode {
        name: String,
        #[source]
        source: ::image::ImageError,
    },
    #[error(
        "image `{name}` is {width}x{height} pixels, more than pilotdeck decodes ({} pixels a side, \
         {} megapixels); scale it down first",
        image::MAX_EDGE,
        image::MAX_PIXELS / 1_000_000
    )]
    TooManyPixels {
        name: String,
        width: u32,
        height: u32,
    },
    #[error("cannot shrink image `{name}` under {limit} bytes")]
    CannotFit { name: String, limit: u64 },
    #[error(transparent)]
    Pdf(#[from] pdf::PdfError),
}

/// The kind and media type of `bytes`, from their first bytes (the extension is not trusted).
pub fn sniff(bytes: &[u8]) -> Option<(MediaKind, &'static str)> {
    if bytes.starts_with(b"%PDF-") {
        return Some((MediaKind::Pdf, "application/pdf"));
    }
    let mime = match ::image::guess_format(bytes).ok()? {
        ::image::ImageFormat::Png => "image/png",
        ::image::ImageFormat::Jpeg => "image/jpeg",
        ::image::ImageFormat::Gif => "image/gif",
        ::image::ImageFormat::WebP => "image/webp",
        _ => return None,
    };
    Some((MediaKind::Image, mime))
}

/// The file extension stored media gets for `media_type`.
fn extension(media_type: &str) -> &'static str {
    match media_type {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/gif" => "gif",
        "image/webp" => "webp",
        "application/pdf" => "pdf",
        _ => "bin",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_by_content() {
        assert_eq!(
            sniff(b"%PDF-1.4\n"),
            Some((MediaKind::Pdf, "application/pdf"))
        );
        assert_eq!(
            sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Some((MediaKind::Image, "image/png"))
        );
        assert_eq!(
            sniff(b"GIF89a\x01\0"),
            Some((MediaKind::Image, "image/gif"))
        );
        assert_eq!(sniff(b"just some text"), None);
    }
}
