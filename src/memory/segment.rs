//! Text segmentation for the full-text index, so Chinese and Japanese are searchable by words of two
//! characters.
//!
//! SQLite's `unicode61` tokenizer keeps a whole run of CJK characters as one token, and `trigram`
//! needs three characters, while most CJK words are two. So before indexing (and before querying)
//! every run of CJK characters is rewritten as its overlapping bigrams separated by spaces
//! ("数据库" → "数据 据库"); Latin text passes through for `porter unicode61` to stem. The same
//! function runs on both sides, so a 2-character query word matches any note containing it.

/// Question words and fillers dropped from queries: FTS5 has no stop-word list of its own.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "am", "an", "and", "any", "are", "as", "at", "be", "been",
    "before", "but", "by", "can", "could", "did", "do", "does", "for", "from", "had", "has",
    "have", "he", "her", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "me",
    "my", "of", "on", "or", "our", "she", "so", "than", "that", "the", "their", "them", "then",
    "there", "they", "this", "to", "was", "we", "were", "what", "when", "where", "which", "who",
    "whom", "why", "will", "with", "would", "you", "your",
];

/// Whether `c` belongs to a script written without spaces (Han, kana, Hangul).
pub(super) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // hiragana, katakana
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xAC00..=0xD7AF    // Hangul syllables
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0x20000..=0x2FFFF) // CJK extensions B+
}

/// `text` with every CJK run replaced by its space-separated bigrams (a lone character stays).
pub fn segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut run: Vec<char> = Vec::new();
    for c in text.chars() {
        if is_cjk(c) {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

fn flush(run: &mut Vec<char>, out: &mut String) {
    if run.is_empty() {
        return;
    }
    out.push(' ');
    for token in bigrams(run) {
        out.push_str(&token);
        out.push(' ');
    }
    run.clear();
}

fn bigrams(run: &[char]) -> Vec<String> {
    if run.len() == 1 {
        return vec![run[0].to_string()];
    }
    run.windows(2).map(|w| w.iter().collect()).collect()
}

/// The distinct search terms of a query: lowercased Latin words without stop words, and CJK bigrams.
pub fn query_terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    let mut push = |t: String| {
        if !terms.contains(&t) {
            terms.push(t);
        }
    };
    let mut word = String::new();
    let mut run: Vec<char> = Vec::new();
    for c in query.chars().chain(std::iter::once(' ')) {
        if is_cjk(c) {
            take_word(&mut word, &mut push);
            run.push(c);
        } else {
            if !run.is_empty() {
                bigrams(&run).into_iter().for_each(&mut push);
                run.clear();
            }
            if c.is_alphanumeric() {
                word.extend(c.to_lowercase());
            } else {
                take_word(&mut word, &mut push);
            }
        }
    }
    terms
}

fn take_word(word: &mut String, push: &mut impl FnMut(String)) {
    if !word.is_empty() && !STOP_WORDS.contains(&word.as_str()) {
        push(std::mem::take(word));
    }
    word.clear();
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
    fn cjk_runs_become_bigrams() {
        assert_eq!(segment("用数据库").trim(), "用数 数据 据库");
        assert_eq!(segment("a 猫 b"), "a  猫  b");
        assert_eq!(segment("東京タワー").trim(), "東京 京タ タワ ワー");
    }

    #[test]
    fn query_terms_drop_stop_words_and_split_cjk() {
        assert_eq!(
            query_terms("What is the 数据库 schema?"),
            ["数据", "据库", "schema"]
        );
    }
}
