//! Fitting an image to a model's limits: kept as it is when its type is taken and it is small
//! enough, else re-encoded (PNG when it has transparency, else JPEG) and, while still too large,
//! downscaled by a quarter per step. Decoding and encoding are the `image` crate's.
//!
//! Memory: an image larger than [`MAX_EDGE`] a side or [`MAX_PIXELS`] in all is refused from its
//! header, before any pixel is decoded (a PNG of a few hundred KB can claim 13000×13000 pixels),
//! the decoder runs under the `image` crate's [`Limits`] as well, and one image is decoded at a
//! time in the process (parallel sub-agents do not multiply the peak).

use std::io::Cursor;
use std::sync::{Mutex, PoisonError};

use image::{DynamicImage, ImageFormat, ImageReader, Limits, imageops::FilterType};

use super::Error;

/// The longest side decoded.
pub const MAX_EDGE: u32 = 16_384;
/// The most pixels decoded (a 48-megapixel photo passes).
pub const MAX_PIXELS: u64 = 50_000_000;
/// What the decoder may allocate.
const MAX_ALLOC: u64 = 320 * 1024 * 1024;
/// Held while an image is decoded and fitted.
static DECODING: Mutex<()> = Mutex::new(());

/// Smallest edge a downscale goes to; an image that does not fit by then is refused.
const MIN_EDGE: u32 = 16;
/// JPEG quality of re-encoded images.
const JPEG_QUALITY: u8 = 85;

/// An image ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    pub bytes: Vec<u8>,
    pub media_type: String,
    /// The image was re-encoded (and maybe downscaled).
    pub changed: bool,
}

/// The width and height of an encoded image, without decoding its pixels.
pub fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
}

/// `bytes` (of type `media_type`) fitted under `max_bytes` in one of `types`; see the module doc.
pub fn fit(
    name: &str,
    bytes: &[u8],
    media_type: &str,
    max_bytes: u64,
    types: &[String],
) -> Result<Fitted, Error> {
    if bytes.len() as u64 <= max_bytes && types.iter().any(|t| t == media_type) {
        return Ok(Fitted {
            bytes: bytes.to_vec(),
            media_type: media_type.to_owned(),
            changed: false,
        });
    }
    let decode = |source| Error::Decode {
        name: name.to_owned(),
        source,
    };
    let _one_at_a_time = DECODING.lock().unwrap_or_else(PoisonError::into_inner);
    let mut img = decode_bounded(name, bytes).map_err(|e| match e {
        Bounded::Large(e) => e,
        Bounded::Decode(e) => decode(e),
    })?;
    let (format, mime) = target(&img, types);
    loop {
        let encoded = encode(&img, format).map_err(decode)?;
        if encoded.len() as u64 <= max_bytes {
            return Ok(Fitted {
                bytes: encoded,
                media_type: mime.to_owned(),
                changed: true,
            });
        }
        let (w, h) = (img.width(), img.height());
        if w.min(h) <= MIN_EDGE {
            return Err(Error::CannotFit {
                name: name.to_owned(),
                limit: max_bytes,
            });
        }
        let (w, h) = ((w * 3 / 4).max(1), (h * 3 / 4).max(1));
        img = img.resize_exact(w, h, FilterType::Triangle);
    }
}

enum Bounded {
    Large(Error),
    Decode(image::ImageError),
}

/// Decodes `bytes` unless the header claims more than the caps, under the decoder limits.
fn decode_bounded(name: &str, bytes: &[u8]) -> Result<DynamicImage, Bounded> {
    if let Some((width, height)) = dimensions(bytes)
        && (width > MAX_EDGE
            || height > MAX_EDGE
            || u64::from(width) * u64::from(height) > MAX_PIXELS)
    {
        return Err(Bounded::Large(Error::TooManyPixels {
            name: name.to_owned(),
            width,
            height,
        }));
    }
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| Bounded::Decode(image::ImageError::IoError(e)))?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_EDGE);
    limits.max_image_height = Some(MAX_EDGE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    reader.decode().map_err(Bounded::Decode)
}

/// PNG for images with transparency (when the model takes PNG), else JPEG when taken, else PNG.
fn target(img: &DynamicImage, types: &[String]) -> (ImageFormat, &'static str) {
    let takes = |t: &str| types.iter().any(|x| x == t);
    if (img.color().has_alpha() && takes("image/png")) || !takes("image/jpeg") {
        (ImageFormat::Png, "image/png")
    } else {
        (ImageFormat::Jpeg, "image/jpeg")
    }
}

fn encode(img: &DynamicImage, format: ImageFormat) -> Result<Vec<u8>, image::ImageError> {
    let mut out = Vec::new();
    if format == ImageFormat::Jpeg {
        let rgb = DynamicImage::ImageRgb8(img.to_rgb8());
        let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
        rgb.write_with_encoder(encoder)?;
    } else {
        img.write_to(&mut Cursor::new(&mut out), format)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_media::noisy_png;

    fn all_types() -> Vec<String> {
        crate::model::catalog::IMAGE_TYPES
            .iter()
            .map(|t| (*t).to_owned())
            .collect()
    }

    #[test]
    fn small_images_pass_unchanged() {
        let png = noisy_png(8, 8);
        let fitted = fit("a.png", &png, "image/png", 1 << 20, &all_types()).unwrap();
        assert!(!fitted.changed);
        assert_eq!(fitted.bytes, png);
    }

    #[test]
    fn large_images_shrink_under_the_limit() {
        let png = noisy_png(600, 400);
        let limit = 40_000;
        assert!(png.len() as u64 > limit);
        let fitted = fit("a.png", &png, "image/png", limit, &all_types()).unwrap();
        assert!(fitted.changed);
        assert!(fitted.bytes.len() as u64 <= limit, "{}", fitted.bytes.len());
        assert_eq!(fitted.media_type, "image/jpeg");
        let (w, h) = dimensions(&fitted.bytes).unwrap();
        assert!(w < 600 && h < 400, "{w}x{h}");
        assert!((f64::from(w) / f64::from(h) - 1.5).abs() < 0.05, "{w}x{h}");
    }

    #[test]
    fn an_image_claiming_too_many_pixels_is_refused_before_decoding() {
        let png = crate::test_media::png_header(13_000, 13_000);
        let err = fit("big.png", &png, "image/png", 1, &all_types()).unwrap_err();
        assert!(
            err.to_string().contains("`big.png` is 13000x13000 pixels"),
            "{err}"
        );
    }

    #[test]
    fn unsupported_types_are_reencoded() {
        let png = noisy_png(8, 8);
        let only_jpeg = vec!["image/jpeg".to_owned()];
        let fitted = fit("a.png", &png, "image/png", 1 << 20, &only_jpeg).unwrap();
        assert_eq!(fitted.media_type, "image/jpeg");
        assert_eq!(
            super::super::sniff(&fitted.bytes).map(|s| s.1),
            Some("image/jpeg")
        );
    }
}
