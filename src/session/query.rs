//! Session search's queries and results: the FTS5 expression for what the user typed, and the
//! one-line snippet shown for a hit.
//!
//! Passages are indexed segmented by [`crate::text::segment`] (CJK runs as overlapping bigrams), so
//! a CJK query term becomes the phrase of its bigrams and any substring of two or more characters
//! matches; a one-character term becomes a prefix query. Latin text passes through unchanged
//! (unicode61 folds case and diacritics).

use crate::text::is_cjk;

/// An FTS5 MATCH expression for a user's query: every whitespace-separated term must match (AND).
/// Terms are quoted, so FTS5 syntax characters in the query are plain text. `None` when the query
/// has no searchable characters.
pub(crate) fn match_expression(query: &str) -> Option<String> {
    let terms: Vec<String> = query
        .split_whitespace()
        .filter_map(|term| {
            // `rusqlite-0.43` is the phrase `rusqlite 0 43` to unicode61; quotes are dropped.
            let tokens = crate::text::terms(term);
            match tokens.as_slice() {
                [] => None,
                [one] if one.chars().count() == 1 && one.chars().all(is_cjk) => {
                    Some(format!("\"{one}\"*"))
                }
                _ => Some(format!("\"{}\"", tokens.join(" "))),
            }
        })
        .collect();
    (!terms.is_empty()).then(|| terms.join(" AND "))
}

/// A one-line excerpt of `text` around the first occurrence of any of `query`'s terms (matched
/// case-insensitively), with every occurrence of a term in it in `[brackets]`; the start of the text
/// when none is found.
pub(crate) fn snippet(text: &str, query: &str, width: usize) -> String {
    let flat: Vec<char> = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let lower: Vec<char> = flat
        .iter()
        .map(|c| c.to_lowercase().next().unwrap_or(*c))
        .collect();
    let terms: Vec<Vec<char>> = query
        .split_whitespace()
        .map(|term| {
            term.chars()
                .flat_map(char::to_lowercase)
                .collect::<Vec<char>>()
        })
        .filter(|t| !t.is_empty())
        .collect();
    // The longest term that occurs at `i`.
    let term_at = |i: usize| {
        (terms.iter())
            .filter(|t| lower.get(i..i + t.len()) == Some(&t[..]))
            .map(Vec::len)
            .max()
    };
    let start = (0..lower.len())
        .find(|&i| term_at(i).is_some())
        .unwrap_or(0);
    let from = start.saturating_sub(width / 3);
    let to = (start + width).min(flat.len());
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    let mut i = from;
    while i < to {
        match term_at(i).filter(|len| i + len <= to) {
            Some(len) => {
                out.push('[');
                out.extend(&flat[i..i + len]);
                out.push(']');
                i += len;
            }
            None => {
                out.push(flat[i]);
                i += 1;
            }
        }
    }
    if to < flat.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_terms_are_quoted_and_cjk_is_a_phrase() {
        assert_eq!(match_expression("压缩 OR").unwrap(), "\"压缩\" AND \"OR\"");
        assert_eq!(match_expression("会话压").unwrap(), "\"会话 话压\"");
        assert_eq!(match_expression("压").unwrap(), "\"压\"*");
        assert_eq!(match_expression("\"*"), None);
        assert_eq!(
            match_expression("rusqlite-0.43").unwrap(),
            "\"rusqlite 0 43\""
        );
    }

    #[test]
    fn snippet_marks_the_match() {
        assert_eq!(snippet("hello big world", "BIG", 9), "…lo [big] world");
        assert_eq!(
            snippet(
                "turn one borrow checker and the Borrow rules",
                "borrow checker",
                60
            ),
            "turn one [borrow] [checker] and the [Borrow] rules"
        );
        assert_eq!(
            snippet("我们讨论了会话压缩的设计", "压缩", 6),
            "…会话[压缩]的设计"
        );
    }
}
