//! CJK segmentation for SQLite full-text indexes: every run of CJK characters becomes its
//! overlapping bigrams.
//!
//! SQLite's `unicode61` tokenizer keeps a whole run of CJK characters as one token, so `压缩` would
//! never match inside `会话压缩策略`, and `trigram` needs three characters while most CJK words are
//! two. So before indexing (and before querying) every CJK run is rewritten as its overlapping
//! bigrams separated by spaces (`会话压缩` → ` 会话 话压 压缩 `); a lone CJK character stands alone
//! between spaces (`第3章` → ` 第 3 章 `), so it is a token of its own. Latin text passes through
//! unchanged for the tokenizer to fold (and, in memory, stem). The same function runs on both
//! sides, so any CJK substring of two or more characters matches.

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

/// `text` with every CJK run replaced by its space-separated bigrams (a lone character stays,
/// between spaces).
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
    if let [one] = run.as_slice() {
        out.push(*one);
        out.push(' ');
    }
    for pair in run.windows(2) {
        out.push(pair[0]);
        out.push(pair[1]);
        out.push(' ');
    }
    run.clear();
}

/// The tokens of `text` as the index sees them: [`segment`]ed, then cut at every character that is
/// neither alphanumeric nor CJK. Case is kept.
pub fn terms(text: &str) -> Vec<String> {
    segment(text)
        .split(|c: char| !(c.is_alphanumeric() || is_cjk(c)))
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_runs_become_bigrams() {
        assert_eq!(segment("会话压缩"), " 会话 话压 压缩 ");
        assert_eq!(segment("用数据库").trim(), "用数 数据 据库");
        assert_eq!(segment("東京タワー").trim(), "東京 京タ タワ ワー");
    }

    #[test]
    fn a_lone_cjk_character_is_a_token_of_its_own() {
        assert_eq!(segment("a 猫 b"), "a  猫  b");
        assert_eq!(segment("第3章"), " 第 3 章 ");
        assert_eq!(segment("fix 文 bug"), "fix  文  bug");
    }

    #[test]
    fn terms_split_at_punctuation_and_keep_bigrams() {
        assert_eq!(terms("rusqlite-0.43"), ["rusqlite", "0", "43"]);
        assert_eq!(terms("What 数据库?"), ["What", "数据", "据库"]);
        assert_eq!(terms("fix文"), ["fix", "文"]);
        assert!(terms("\"*").is_empty());
    }
}
