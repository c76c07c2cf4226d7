//! Memory's full-text queries: which words of a request are searched for, and the FTS5 expression
//! that searches for them. Notes and queries are segmented by [`crate::text::segment`], so a CJK word
//! of two characters matches any note containing it.

/// Question words and fillers dropped from queries: FTS5 has no stop-word list of its own.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "am", "an", "and", "any", "are", "as", "at", "be", "been",
    "before", "but", "by", "can", "could", "did", "do", "does", "for", "from", "had", "has",
    "have", "he", "her", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "me",
    "my", "of", "on", "or", "our", "she", "so", "than", "that", "the", "their", "them", "then",
    "there", "they", "this", "to", "was", "we", "were", "what", "when", "where", "which", "who",
    "whom", "why", "will", "with", "would", "you", "your",
];

/// The distinct search terms of a query: lowercased Latin words without stop words, and CJK bigrams
/// (the tokens [`crate::text::terms`] finds).
pub fn query_terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for term in crate::text::terms(query) {
        let term: String = term.chars().flat_map(char::to_lowercase).collect();
        if !STOP_WORDS.contains(&term.as_str()) && !terms.contains(&term) {
            terms.push(term);
        }
    }
    terms
}

/// An FTS5 `MATCH` expression: the terms quoted and joined with OR; `None` when nothing is left.
pub(super) fn match_expression(terms: &[String]) -> Option<String> {
    if terms.is_empty() {
        return None;
    }
    let quoted: Vec<String> = terms
        .iter()
        .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
        .collect();
    Some(quoted.join(" OR "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_terms_drop_stop_words_and_split_cjk() {
        assert_eq!(
            query_terms("What is the 数据库 schema?"),
            ["数据", "据库", "schema"]
        );
    }
}
