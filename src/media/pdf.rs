//! PDF to text for models that take no documents (and for web pages that are PDFs), with `lopdf`.
//! Text is extracted page by page up to a page limit; a page whose text cannot be extracted (a
//! scanned image, an unsupported font encoding) is marked, not fatal.

/// Bytes one page's content may decompress to (a zip bomb stops here).
const MAX_PAGE_CONTENT_BYTES: usize = 32 * 1024 * 1024;

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
/// end says how many pages were left out.
pub fn pdf_to_text(bytes: &[u8], max_pages: usize) -> Result<String, PdfError> {
    let doc = load(bytes)?;
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let mut out = String::new();
    for &number in pages.iter().take(max_pages) {
        let chunks = doc.extract_text_chunks_with_limit(&[number], MAX_PAGE_CONTENT_BYTES);
        let mut page = String::new();
        let mut failed = false;
        for chunk in chunks {
            match chunk {
                Ok(text) => page.push_str(&text),
                Err(_) => failed = true,
            }
        }
        if !out.is_empty() {
            out.push('\n');
        }
        if failed && page.trim().is_empty() {
            out.push_str(&format!("[page {number}: no extractable text]\n"));
        } else {
            out.push_str(page.trim_end());
            out.push('\n');
        }
    }
    if pages.len() > max_pages {
        out.push_str(&format!(
            "\n[{} more pages not shown; the PDF has {}]\n",
            pages.len() - max_pages,
            pages.len()
        ));
    }
    Ok(out)
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
    fn garbage_is_a_parse_error() {
        assert!(matches!(
            pdf_to_text(b"%PDF-1.4 nothing here", 5),
            Err(PdfError::Parse(_))
        ));
    }
}
