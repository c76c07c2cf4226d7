//! PDF to text for models that take no documents (and for web pages that are PDFs), with `lopdf`.
//! Text is extracted page by page up to a page limit; a page whose text cannot be extracted (a
//! scanned image, an unsupported font encoding) is marked, not fatal.
//!
//! Bombs: a page's content may decompress to [`MAX_PAGE_CONTENT_BYTES`], the whole document's
//! pages together to [`MAX_TOTAL_CONTENT_BYTES`] (pages may share one content stream, so each page
//! is charged for what it decompresses), and the text is cut at [`MAX_TEXT_BYTES`]; past a cap the
//! rest is left out with a note. So the work and memory of one PDF are bounded whoever calls.

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

fn load(bytes: &[u8]) -> Result<lopdf::Document, PdfError> {
    let doc = lopdf::Document::load_mem(bytes).map_err(|e| PdfError::Parse(e.to_string()))?;
    if doc.is_encrypted() {
        return Err(PdfError::Encrypted);
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_media::text_pdf;

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
    fn garbage_is_a_parse_error() {
        assert!(matches!(
            pdf_to_text(b"%PDF-1.4 nothing here", 5),
            Err(PdfError::Parse(_))
        ));
    }
}
