//! PDF to text for models that take no documents (and for web pages that are PDFs), with `lopdf`.
//! Text is extracted page by page up to a page limit; a page whose text cannot be extracted (a
//! scanned image, an unsupported font encoding) is marked, not fatal.
//!
//! Bombs: loading decompresses the object streams (compressed objects) and keeps what they hold:
//! each may decompress to [`MAX_LOAD_STREAM_BYTES`] and all of them together to
//! [`MAX_LOAD_TOTAL_BYTES`] ([`load`] charges each object stream before `lopdf` decompresses it;
//! past the total the PDF is refused with [`PdfError::TooLarge`]). A page's content may decompress
//! to [`MAX_PAGE_CONTENT_BYTES`], the whole document's pages together to
//! [`MAX_TOTAL_CONTENT_BYTES`] (pages may share one content stream, so each page is charged for
//! what it decompresses), and the text is cut at [`MAX_TEXT_BYTES`]; past a cap the rest is left
//! out with a note. So the work and memory of one PDF are bounded whoever calls. (An encrypted PDF
//! is loaded by `lopdf` without the per-load charge: only [`MAX_LOAD_STREAM_BYTES`] bounds each of
//! its object streams.)

use std::cell::Cell;

use lopdf::{DecompressError, Object, ObjectId};

/// Bytes one object or cross-reference stream may decompress to while a PDF is loaded (`lopdf`'s
/// default, 256 MiB, is far above what real ones need: they hold small dictionaries).
const MAX_LOAD_STREAM_BYTES: usize = 16 * 1024 * 1024;
/// Bytes all object streams of a PDF together may decompress to while it is loaded: what they hold
/// is kept in memory, so without this many streams each under [`MAX_LOAD_STREAM_BYTES`] add up to
/// gigabytes. Real PDFs need a few MiB.
const MAX_LOAD_TOTAL_BYTES: usize = 64 * 1024 * 1024;
/// Bytes one page's content may decompress to.
const MAX_PAGE_CONTENT_BYTES: usize = 8 * 1024 * 1024;
/// Bytes all pages' content together may decompress to.
const MAX_TOTAL_CONTENT_BYTES: usize = 32 * 1024 * 1024;
/// Bytes of text one PDF gives at most.
pub const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;

/// Why a PDF gave no text.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("not a readable PDF: {0}")]
    Parse(String),
    #[error("the PDF is encrypted")]
    Encrypted,
    #[error("the PDF's compressed objects decompress to more than {} MiB", MAX_LOAD_TOTAL_BYTES >> 20)]
    TooLarge,
}

/// The number of pages of a PDF.
pub fn page_count(bytes: &[u8]) -> Result<usize, PdfError> {
    Ok(load(bytes)?.get_pages().len())
}

/// The text of the first `max_pages` pages of a PDF, pages separated by a blank line; a note at the
/// end says how many pages (or how much text) were left out.
pub fn pdf_to_text(bytes: &[u8], max_pages: usize) -> Result<String, PdfError> {
    let doc = load(bytes)?;
    let pages: Vec<(u32, lopdf::ObjectId)> = doc.get_pages().into_iter().collect();
    let mut out = String::new();
    let mut budget = MAX_TOTAL_CONTENT_BYTES;
    let mut cut = None;
    for (index, &(number, id)) in pages.iter().take(max_pages).enumerate() {
        // Decompressed once to charge the page against the document's budget; a page past it
        // ends the text.
        let limit = MAX_PAGE_CONTENT_BYTES.min(budget);
        let size = match doc.get_page_content_with_limit(id, limit) {
            Ok(content) => content.len(),
            Err(lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded {
                ..
            })) if limit < MAX_PAGE_CONTENT_BYTES => {
                cut = Some(format!(
                    "\n[the text stops before page {number}: the PDF's pages decompress to more \
                     than {} MiB; {} pages not shown]\n",
                    MAX_TOTAL_CONTENT_BYTES >> 20,
                    pages.len() - index
                ));
                break;
            }
            // Charged what it may have decompressed before the limit stopped it.
            Err(lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded {
                ..
            })) => limit,
            Err(_) => 0,
        };
        budget = budget.saturating_sub(size);
        let page = page_text(&doc, number);
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&page);
        if out.len() > MAX_TEXT_BYTES {
            let mut end = MAX_TEXT_BYTES;
            while !out.is_char_boundary(end) {
                end -= 1;
            }
            out.truncate(end);
            cut = Some(format!(
                "\n[the text is cut at {} MiB, in page {number}; {} more pages not shown]\n",
                MAX_TEXT_BYTES >> 20,
                pages.len() - index - 1
            ));
            break;
        }
    }
    if let Some(note) = cut {
        out.push_str(&note);
    } else if pages.len() > max_pages {
        out.push_str(&format!(
            "\n[{} more pages not shown; the PDF has {}]\n",
            pages.len() - max_pages,
            pages.len()
        ));
    }
    Ok(out)
}

/// One page's text, or a mark when it has none that can be extracted.
fn page_text(doc: &lopdf::Document, number: u32) -> String {
    let chunks = doc.extract_text_chunks_with_limit(&[number], MAX_PAGE_CONTENT_BYTES);
    let mut page = String::new();
    let mut failed = false;
    for chunk in chunks {
        match chunk {
            Ok(text) => page.push_str(&text),
            Err(_) => failed = true,
        }
        if page.len() > MAX_TEXT_BYTES {
            break;
        }
    }
    if failed && page.trim().is_empty() {
        format!("[page {number}: no extractable text]\n")
    } else {
        format!("{}\n", page.trim_end())
    }
}

thread_local! {
    /// What the object streams of the PDF [`load`] is loading on this thread may still decompress
    /// to; `None` once they went past [`MAX_LOAD_TOTAL_BYTES`].
    static LOAD_BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Loads a PDF with its object streams charged against [`MAX_LOAD_TOTAL_BYTES`] (`lopdf` loads on
/// the calling thread: its `rayon` feature is off).
fn load(bytes: &[u8]) -> Result<lopdf::Document, PdfError> {
    let doc = load_charged(bytes, false)?;
    // A filtered load does not rebuild a page tree it cannot read; the rebuilt load does.
    let doc = if doc.get_pages().is_empty() {
        load_charged(bytes, true).unwrap_or(doc)
    } else {
        doc
    };
    if doc.is_encrypted() {
        return Err(PdfError::Encrypted);
    }
    Ok(doc)
}

fn load_charged(bytes: &[u8], reconstruct: bool) -> Result<lopdf::Document, PdfError> {
    let options = lopdf::LoadOptions {
        filter: Some(charge_object_streams),
        max_decompressed_size: Some(MAX_LOAD_STREAM_BYTES),
        force_reconstruct: reconstruct,
        ..lopdf::LoadOptions::default()
    };
    LOAD_BUDGET.set(Some(MAX_LOAD_TOTAL_BYTES));
    let loaded = lopdf::Document::load_mem_with_options(bytes, options);
    let left = LOAD_BUDGET.replace(None);
    match loaded {
        Err(lopdf::Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => {
            Err(PdfError::TooLarge)
        }
        Err(e) => Err(PdfError::Parse(e.to_string())),
        Ok(_) if left.is_none() => Err(PdfError::TooLarge),
        Ok(doc) => Ok(doc),
    }
}

/// The load filter: an object stream is decompressed here first and charged against
/// [`LOAD_BUDGET`]; one past it is left out (`None`), and so is every one after it, so `lopdf`
/// never decompresses them. Every other object is kept as it is.
fn charge_object_streams(id: ObjectId, object: &mut Object) -> Option<(ObjectId, Object)> {
    if let Object::Stream(stream) = &*object
        && stream.dict.has_type(b"ObjStm")
    {
        let left = LOAD_BUDGET.get()?;
        match stream.get_plain_content_with_limit(left.min(MAX_LOAD_STREAM_BYTES)) {
            Ok(content) => LOAD_BUDGET.set(Some(left.saturating_sub(content.len()))),
            Err(lopdf::Error::Decompress(DecompressError::MemoryLimitExceeded { .. }))
                if left < MAX_LOAD_STREAM_BYTES =>
            {
                LOAD_BUDGET.set(None);
                return None;
            }
            // `lopdf` meets the same error and reports it as it does.
            Err(_) => {}
        }
    }
    // The value returned replaces an object from an object stream; a top-level one is kept in
    // place, so returning a copy serves both.
    Some((id, object.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_media::{encrypted_pdf, text_pdf};

    #[test]
    fn a_pdf_any_reader_may_open_is_read_and_a_locked_one_is_refused() {
        let open = encrypted_pdf(&["Quarterly revenue grew"], "");
        let text = pdf_to_text(&open, 5).unwrap();
        assert!(text.contains("Quarterly revenue grew"), "{text}");
        let locked = encrypted_pdf(&["Quarterly revenue grew"], "secret");
        assert!(matches!(pdf_to_text(&locked, 5), Err(PdfError::Encrypted)));
    }

    #[test]
    fn extracts_the_text_of_the_first_pages() {
        let pdf = text_pdf(&["Hello page one", "Second page here", "Third page"]);
        assert_eq!(page_count(&pdf).unwrap(), 3);
        let text = pdf_to_text(&pdf, 2).unwrap();
        assert!(text.contains("Hello page one"), "{text}");
        assert!(text.contains("Second page here"), "{text}");
        assert!(!text.contains("Third page"), "{text}");
        assert!(
            text.contains("1 more pages not shown; the PDF has 3"),
            "{text}"
        );
    }

    #[test]
    fn pages_sharing_a_bomb_stop_at_the_text_and_content_caps() {
        // The text cap: one 3 MiB string shown on 8 pages.
        let pdf = crate::test_media::bomb_pdf(8, &"A".repeat(3 << 20), 0);
        assert!(pdf.len() < 100_000, "{}", pdf.len());
        let text = pdf_to_text(&pdf, 100).unwrap();
        assert!(text.len() < MAX_TEXT_BYTES + 200, "{}", text.len());
        assert!(
            text.ends_with("[the text is cut at 2 MiB, in page 1; 7 more pages not shown]\n"),
            "{}",
            &text[text.len() - 100..]
        );
        // The content cap: little text, 6 MiB of content per page.
        let pdf = crate::test_media::bomb_pdf(8, "tiny", 6 << 20);
        let text = pdf_to_text(&pdf, 100).unwrap();
        assert_eq!(text.matches("tiny").count(), 5, "{text}");
        assert!(
            text.contains("[the text stops before page 6: the PDF's pages decompress to more than 32 MiB; 3 pages not shown]"),
            "{text}"
        );
    }

    #[test]
    fn object_streams_past_the_load_total_are_refused() {
        // 16 object streams of 8 MiB each: 128 MiB kept while loading, past the 64 MiB total.
        let pdf = crate::test_media::object_stream_bomb_pdf(16, 8 << 20);
        assert!(pdf.len() < 1 << 20, "{}", pdf.len());
        for result in [page_count(&pdf).map(drop), pdf_to_text(&pdf, 10).map(drop)] {
            let err = result.unwrap_err();
            assert!(matches!(err, PdfError::TooLarge), "{err:?}");
            assert_eq!(
                err.to_string(),
                "the PDF's compressed objects decompress to more than 64 MiB"
            );
        }
        // Under the total the PDF loads.
        let pdf = crate::test_media::object_stream_bomb_pdf(4, 1 << 20);
        assert_eq!(page_count(&pdf).unwrap(), 1);
    }

    #[test]
    fn garbage_is_a_parse_error() {
        assert!(matches!(
            pdf_to_text(b"%PDF-1.4 nothing here", 5),
            Err(PdfError::Parse(_))
        ));
    }
}
