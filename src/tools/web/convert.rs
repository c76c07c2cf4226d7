//! A fetched body as text for the model: HTML as markdown (`htmd`, a turndown-style converter, with
//! scripts, styles and other non-content elements left out), PDFs as their text
//! (`crate::media::pdf`), text types as they are, anything else refused as binary.

use super::WebError;

/// What the body became.
pub(super) struct Converted {
    pub(super) text: String,
    /// `markdown` or `text`.
    pub(super) form: &'static str,
}

/// Elements that carry no readable content.
const SKIPPED: &[&str] = &[
    "head", "script", "style", "noscript", "template", "iframe", "svg", "canvas", "object",
    "embed", "form", "button", "input", "select", "textarea",
];

/// Pages of a PDF turned into text at most.
const MAX_PDF_PAGES: usize = 100;

/// Converts `body` by its content type (the media type, lowercase, without parameters);
/// `complete` is false when the size cap cut the body short.
pub(super) fn convert(
    url: &str,
    content_type: &str,
    body: &[u8],
    complete: bool,
) -> Result<Converted, WebError> {
    let text = || String::from_utf8_lossy(body).into_owned();
    if content_type == "application/pdf" || body.starts_with(b"%PDF-") {
        let pdf_error = |message: String| WebError::Pdf {
            url: url.to_owned(),
            message,
        };
        if !complete {
            return Err(pdf_error(
                "it is larger than tools.webFetch.maxBytes, and a cut PDF cannot be read"
                    .to_owned(),
            ));
        }
        let text = crate::media::pdf::pdf_to_text(body, MAX_PDF_PAGES)
            .map_err(|e| pdf_error(e.to_string()))?;
        return Ok(Converted {
            text,
            form: "text extracted from the PDF",
        });
    }
    let sniffed_html = content_type.is_empty() && looks_like_html(body);
    if matches!(content_type, "text/html" | "application/xhtml+xml") || sniffed_html {
        return Ok(Converted {
            text: html_to_markdown(&text()),
            form: "markdown",
        });
    }
    let texty = content_type.starts_with("text/")
        || content_type.ends_with("+json")
        || content_type.ends_with("+xml")
        || matches!(
            content_type,
            "application/json"
                | "application/xml"
                | "application/javascript"
                | "application/x-javascript"
                | "application/x-yaml"
                | "application/yaml"
                | "application/toml"
        );
    let untyped_text = content_type.is_empty() && !body.contains(&0);
    if texty || untyped_text {
        return Ok(Converted {
            text: text(),
            form: "text",
        });
    }
    Err(WebError::Binary {
        url: url.to_owned(),
        content_type: if content_type.is_empty() {
            "binary".to_owned()
        } else {
            content_type.to_owned()
        },
        bytes: body.len(),
    })
}

fn looks_like_html(body: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&body[..body.len().min(512)]).to_ascii_lowercase();
    let head = head.trim_start();
    head.starts_with("<!doctype html") || head.starts_with("<html")
}

/// Readable markdown of an HTML page; a page the converter cannot read falls back to its text.
pub(super) fn html_to_markdown(html: &str) -> String {
    let converter = htmd::HtmlToMarkdown::builder()
        .skip_tags(SKIPPED.to_vec())
        .build();
    match converter.convert(html) {
        Ok(markdown) => collapse_blank_lines(&markdown),
        Err(_) => html.to_owned(),
    }
}

/// At most one blank line in a row, and no trailing spaces at line ends except markdown's two.
fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
            out.push('\n');
            continue;
        }
        blank = 0;
        out.push_str(line);
        out.push('\n');
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_markdown_without_scripts_or_styles() {
        let html = "<html><head><title>T</title><style>p{}</style></head><body>\
                    <h1>Title</h1><script>alert(1)</script><p>Some <b>bold</b> text and \
                    <a href=\"https://example.com/x\">a link</a>.</p><ul><li>one</li><li>two</li></ul>\
                    </body></html>";
        let md = convert("u", "text/html", html.as_bytes(), true).unwrap();
        assert_eq!(md.form, "markdown");
        assert!(md.text.starts_with("# Title"), "{}", md.text);
        assert!(md.text.contains("**bold**"));
        assert!(md.text.contains("[a link](https://example.com/x)"));
        assert!(md.text.contains("one") && md.text.contains("two"));
        assert!(!md.text.contains("alert") && !md.text.contains("p{}"));
    }

    #[test]
    fn text_passes_binary_is_refused() {
        let json = convert("u", "application/json", b"{\"a\":1}", true).unwrap();
        assert_eq!((json.text.as_str(), json.form), ("{\"a\":1}", "text"));
        let sniffed = convert("u", "", b"<!DOCTYPE html><p>hi</p>", true).unwrap();
        assert_eq!(sniffed.form, "markdown");
        let err = convert("u", "image/png", b"\x89PNG\0\0", true)
            .err()
            .unwrap();
        assert!(err.to_string().contains("image/png"), "{err}");
    }
}
