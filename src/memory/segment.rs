//! Memory's full-text queries: which words of a request are searched for, and the FTS5 expression
//! that searches for them. Notes and queries are segmented by [`crate::text::segment`], so a CJK word
//! of two characters matches any note containing it.

/// English question words, auxiliaries and fillers dropped from queries: FTS5 has no stop-word
/// list of its own. Besides the usual function words, the words a question is phrased with rather
/// than about ("how *many*", "*recently*", "what did she *say*", "*one* *thing*", and
/// [`PHRASE_HEADS`] before "of"): a note using them is not more relevant (LoCoMo dev split session
/// R@5 0.899 → 0.904, see BENCHMARKS.md `### locomo`, stop 41).
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "ever",
    "few",
    "for",
    "from",
    "further",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "me",
    "might",
    "more",
    "most",
    "must",
    "my",
    "myself",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "on",
    "once",
    "only",
    "or",
    "other",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "same",
    "shall",
    "she",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "up",
    "very",
    "was",
    "we",
    "were",
    "what",
    "whatever",
    "when",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
    "recently",
    "likely",
    "many",
    "much",
    "describe",
    "mention",
    "mentioned",
    "say",
    "said",
    "one",
    "ones",
    "thing",
    "things",
    "something",
    "s",
    "t",
    "d",
    "ll",
    "m",
    "re",
    "ve",
    "don",
    "didn",
    "doesn",
    "isn",
    "wasn",
];

/// Words dropped only when "of" follows: "what *kind* of art" asks about art, while a "type error"
/// or a "sort order" is what a note is about.
const PHRASE_HEADS: &[&str] = &["kind", "kinds", "type", "types", "sort", "sorts"];

/// Chinese and Japanese question words and fillers (bigrams, as [`crate::text::terms`] cuts them).
const CJK_STOP_WORDS: &[&str] = &[
    "什么", "怎么", "怎样", "哪里", "哪个", "哪些", "为什", "多少", "是否", "是不", "不是", "我们",
    "你们", "他们", "她们", "这个", "那个", "这些", "那些", "一个", "有没", "没有", "可以", "一下",
    "请问", "知道", "いつ", "なに", "なん", "どこ", "だれ", "どう", "どの", "です", "ます", "でし",
    "まし", "した", "して", "ため", "こと", "もの",
];

/// Single CJK characters that are particles or fillers, and bigrams containing them at a word edge.
const CJK_PARTICLES: &str = "的了吗呢吧啊么是在和与及也都就还把被给从对呀嘛";

/// True for hiragana: in a query, kana next to a kanji is an inflection or a particle.
fn is_hiragana(c: char) -> bool {
    ('\u{3040}'..='\u{309F}').contains(&c)
}

/// True when a query term carries no meaning of its own: an English stop word, a Chinese or
/// Japanese question word, a bigram straddling a particle, or a lone particle. With `kanji` (the
/// query has CJK words written in kanji or katakana) every term with hiragana is one.
fn is_stop(term: &str, kanji: bool) -> bool {
    if STOP_WORDS.contains(&term) || CJK_STOP_WORDS.contains(&term) {
        return true;
    }
    let chars: Vec<char> = term.chars().collect();
    if !chars.iter().any(|c| crate::text::is_cjk(*c)) {
        return false;
    }
    if kanji && chars.iter().any(|c| is_hiragana(*c)) {
        return true;
    }
    match chars.as_slice() {
        [one] => CJK_PARTICLES.contains(*one) || is_hiragana(*one),
        [a, b] => {
            CJK_PARTICLES.contains(*a)
                || CJK_PARTICLES.contains(*b)
                || is_hiragana(*a) != is_hiragana(*b)
        }
        _ => false,
    }
}

/// The distinct search terms of a query: lowercased Latin words and CJK bigrams (the tokens
/// [`crate::text::terms`] finds), without stop words, question words and particles. Empty for a
/// query of stop words only.
pub fn query_terms(query: &str) -> Vec<String> {
    let kanji = query
        .chars()
        .any(|c| crate::text::is_cjk(c) && !is_hiragana(c));
    let words: Vec<String> = (crate::text::terms(query).into_iter())
        .map(|t| t.chars().flat_map(char::to_lowercase).collect())
        .collect();
    let mut terms: Vec<String> = Vec::new();
    for (i, term) in words.iter().enumerate() {
        let phrase_head =
            PHRASE_HEADS.contains(&term.as_str()) && words.get(i + 1).is_some_and(|n| n == "of");
        if !phrase_head && !is_stop(term, kanji) && !terms.contains(term) {
            terms.push(term.clone());
        }
    }
    terms
}

/// True when `word` (lowercased) is a stop word: left out of feedback terms.
pub(super) fn is_stop_word(word: &str) -> bool {
    is_stop(word, false)
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
        assert_eq!(
            query_terms("上周的数据库是什么？"),
            ["上周", "数据", "据库"]
        );
        assert_eq!(query_terms("東京の会議はいつですか"), ["東京", "会議"]);
        assert_eq!(
            query_terms("What kinds of art has Caroline made recently?"),
            ["art", "caroline", "made"]
        );
    }

    #[test]
    fn a_query_of_stop_words_only_has_no_terms() {
        assert!(query_terms("what did you do?").is_empty());
        assert!(query_terms("What kind of thing did she say recently?").is_empty());
        assert_eq!(
            query_terms("a type error in the sort order"),
            ["type", "error", "sort", "order"]
        );
        assert!(query_terms("什么是").is_empty());
        assert!(match_expression(&query_terms("Why would it?")).is_none());
    }
}
