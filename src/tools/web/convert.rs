//! A fetched body as text for the model: HTML as markdown (`htmd`, a turndown-style converter, with
//! scripts, styles and other non-content elements left out), PDFs as their text
//! (`crate::media::pdf`), text types as they are, anything else refused as binary. Text is decoded
//! from the charset the page declares (its Content-Type's `charset`, else for HTML a `<meta>`
//! charset near its start, else a byte-order mark), UTF-8 when it declares none.

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

/// Converts `body` by its content type (the media type, lowercase, without parameters) and the
/// `charset` its Content-Type gave; `complete` is false when the size cap cut the body short.
pub(super) fn convert(
    url: &str,
    content_type: &str,
    charset: Option<&str>,
    body: &[u8],
    complete: bool,
) -> Result<Converted, WebError> {
    let text = |html: bool| decode(body, charset, html);
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
            text: html_to_markdown(&text(true)),
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
            text: text(false),
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

/// `body` as text in the encoding `charset` names, else (`html`) one a `<meta>` near the start
/// names, else UTF-8 (a byte-order mark wins over all of them); what does not decode becomes
/// U+FFFD.
fn decode(body: &[u8], charset: Option<&str>, html: bool) -> String {
    let declared = charset
        .or_else(|| html.then(|| meta_charset(body)).flatten())
        .and_then(|label| encoding_rs::Encoding::for_label(label.trim().as_bytes()))
        .unwrap_or(encoding_rs::UTF_8);
    declared.decode(body).0.into_owned()
}

/// The charset an HTML page's `<meta charset="…">` or `<meta http-equiv="Content-Type"
/// content="…; charset=…">` names in its first 1024 bytes.
fn meta_charset(body: &[u8]) -> Option<&str> {
    let head = &body[..body.len().min(1024)];
    let lower = head.to_ascii_lowercase();
    let at = lower.windows(8).position(|w| w == b"charset=")? + 8;
    let rest = &head[at..];
    let rest = rest
        .strip_prefix(b"\"")
        .or_else(|| rest.strip_prefix(b"'"))
        .unwrap_or(rest);
    let end = rest
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':')))
        .unwrap_or(rest.len());
    std::str::from_utf8(&rest[..end])
        .ok()
        .filter(|l| !l.is_empty())
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
        let md = convert("u", "text/html", None, html.as_bytes(), true).unwrap();
        assert_eq!(md.form, "markdown");
        assert!(md.text.starts_with("# Title"), "{}", md.text);
        assert!(md.text.contains("**bold**"));
        assert!(md.text.contains("[a link](https://example.com/x)"));
        assert!(md.text.contains("one") && md.text.contains("two"));
        assert!(!md.text.contains("alert") && !md.text.contains("p{}"));
    }

    #[test]
    fn text_passes_binary_is_refused() {
        let json = convert("u", "application/json", None, b"{\"a\":1}", true).unwrap();
        assert_eq!((json.text.as_str(), json.form), ("{\"a\":1}", "text"));
        let sniffed = convert("u", "", None, b"<!DOCTYPE html><p>hi</p>", true).unwrap();
        assert_eq!(sniffed.form, "markdown");
        let err = convert("u", "image/png", None, b"\x89PNG\0\0", true)
            .err()
            .unwrap();
        assert!(err.to_string().contains("image/png"), "{err}");
    }
}
