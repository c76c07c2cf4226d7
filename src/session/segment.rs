//! Text segmentation for the full-text index: CJK runs become overlapping bigrams.
//!
//! SQLite's `unicode61` tokenizer treats a whole run of CJK characters as one token, so `压缩` would
//! never match inside `会话压缩策略`; `trigram` cannot match the two-character words most CJK queries
//! are. Indexing every CJK run as its overlapping bigrams (`会话 话压 压缩 缩策 策略`) and turning a
//! CJK query term into the phrase of its bigrams makes any substring of two or more characters match;
//! a one-character term becomes a prefix query. Latin text passes through unchanged (unicode61 folds
//! case and diacritics).

/// True for characters written without spaces between words: CJK ideographs, kana, Hangul.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // hiragana, katakana
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xAC00..=0xD7AF    // Hangul syllables
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0x20000..=0x2FFFF) // CJK extensions B–F
}

/// `text` with every CJK run replaced by its space-separated bigrams.
pub(crate) fn segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut run: Vec<char> = Vec::new();
    for c in text.chars() {
        if is_cjk(c) {
            run.push(c);
            continue;
        }
        flush(&mut out, &mut run);
        out.push(c);
    }
    flush(&mut out, &mut run);
    out
}

fn flush(out: &mut String, run: &mut Vec<char>) {
    match run.len() {
        0 => return,
        1 => out.push(run[0]),
        _ => {
            out.push(' ');
            for pair in run.windows(2) {
                out.push(pair[0]);
                out.push(pair[1]);
                out.push(' ');
            }
        }
    }
    run.clear();
}

/// An FTS5 MATCH expression for a user's query: every whitespace-separated term must match (AND).
/// Terms are quoted, so FTS5 syntax characters in the query are plain text. `None` when the query
/// has no searchable characters.
pub(crate) fn match_expression(query: &str) -> Option<String> {
    let terms: Vec<String> = query
        .split_whitespace()
        .filter_map(|term| {
            let clean: String = term
                .chars()
                .filter(|c| c.is_alphanumeric() || is_cjk(*c))
                .collect();
            if clean.is_empty() {
                return None;
            }
            let cjk: Vec<char> = clean.chars().filter(|c| is_cjk(*c)).collect();
            Some(if cjk.len() == 1 && clean.chars().count() == 1 {
                format!("\"{clean}\"*")
            } else {
                format!("\"{}\"", segment(&clean).trim())
            })
        })
        .collect();
    (!terms.is_empty()).then(|| terms.join(" AND "))
}

/// A one-line excerpt of `text` around the first occurrence of any of `query`'s terms (matched
/// case-insensitively), with the match in `[brackets]`; the start of the text when none is found.
pub(crate) fn snippet(text: &str, query: &str, width: usize) -> String {
    let flat: Vec<char> = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let lower: Vec<char> = flat
        .iter()
        .map(|c| c.to_lowercase().next().unwrap_or(*c))
        .collect();
    let found = query.split_whitespace().find_map(|term| {
        let t: Vec<char> = term.chars().flat_map(char::to_lowercase).collect();
        if t.is_empty() || t.len() > lower.len() {
            return None;
        }
        (0..=lower.len() - t.len())
            .find(|&i| lower[i..i + t.len()] == t[..])
            .map(|i| (i, t.len()))
    });
    let (start, len) = found.unwrap_or((0, 0));
    let from = start.saturating_sub(width / 3);
    let to = (start + len + width * 2 / 3).min(flat.len());
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.extend(&flat[from..start]);
    if len > 0 {
        out.push('[');
        out.extend(&flat[start..start + len]);
        out.push(']');
    }
    out.extend(&flat[start + len..to]);
    if to < flat.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_runs_become_bigrams() {
        assert_eq!(segment("会话压缩"), " 会话 话压 压缩 ");
        assert_eq!(segment("fix 文 bug"), "fix 文 bug");
    }

    #[test]
    fn query_terms_are_quoted_and_cjk_is_a_phrase() {
        assert_eq!(match_expression("压缩 OR").unwrap(), "\"压缩\" AND \"OR\"");
        assert_eq!(match_expression("会话压").unwrap(), "\"会话 话压\"");
        assert_eq!(match_expression("压").unwrap(), "\"压\"*");
        assert_eq!(match_expression("\"*"), None);
    }

    #[test]
    fn snippet_marks_the_match() {
        assert_eq!(snippet("hello big world", "BIG", 9), "…lo [big] world");
        assert_eq!(
            snippet("我们讨论了会话压缩的设计", "压缩", 6),
            "…会话[压缩]的设计"
        );
    }
}
