//! The scorer's features: what [`features`] extracts from a prompt, shared by the product and the
//! trainer (`examples/train_router.rs`), so training and routing see the very same numbers.
//!
//! Two kinds, in one sparse vector indexed into the weight table:
//! - **dense** features at `0..DENSE` ([`DENSE_NAMES`]): length, CJK share, code, math and formula
//!   density, numbers and written-out operations, quantity wording, questions, constraints,
//!   requested output size, tool need, answer options (count, length, numeric), negated questions,
//!   sentences and reading level (words per sentence, long words, syllables per word), follow-up
//!   position, and the heuristic's keyword signals and score — each scaled to about `0..1`;
//! - **hashed** features at `DENSE..DENSE + BUCKETS`: lower-cased word unigrams and bigrams (each
//!   CJK character is a word) and character 3- and 4-grams, hashed with FNV-1a, each group scaled
//!   by `1/sqrt(count)` so long prompts do not dominate. A weights file may use fewer bits (or none)
//!   than [`HASH_BITS`]; the scorer folds the indices into its table (`scorer::slot`).
//!
//! Only the first [`MAX_CHARS`] characters are read (the whole prompt's byte length is one dense
//! feature, so length still counts), which bounds the time per decision.

use super::super::heuristic;
use super::super::keywords::{DEEP, TOOLISH};

/// log2 of the hashed buckets.
pub const HASH_BITS: u32 = 15;
/// Hashed buckets.
pub const BUCKETS: usize = 1 << HASH_BITS;
/// Characters of the prompt that are read.
pub const MAX_CHARS: usize = 2000;

/// The dense features, in index order.
pub const DENSE_NAMES: [&str; 31] = [
    "log_chars",
    "log_words",
    "cjk_share",
    "digit_share",
    "math_symbol_density",
    "formula_markers",
    "code_density",
    "log_numbers",
    "log_questions",
    "log_constraints",
    "output_size_wording",
    "log_tool_wording",
    "log_follow_up",
    "multiple_choice",
    "log_lines",
    "mean_word_length",
    "uppercase_share",
    "deep_wording",
    "log_file_mentions",
    "log_steps",
    "keyword_score",
    "log_bytes_whole_prompt",
    "log_sentences",
    "words_per_sentence",
    "long_word_share",
    "syllables_per_word",
    "log_quantity_cues",
    "log_operations",
    "negated_question",
    "log_option_length",
    "numeric_options",
];
/// The index of the heuristic's keyword score among the dense features.
pub const KEYWORD_SCORE: usize = 20;
/// The index of the whole prompt's log length among the dense features.
pub const LOG_BYTES: usize = 21;
/// Number of dense features.
pub const DENSE: usize = DENSE_NAMES.len();
/// Length of the weight vector (without the bias).
pub const DIM: usize = DENSE + BUCKETS;

const CONSTRAINTS: &[&str] = &[
    "must",
    "should",
    "exactly",
    "at least",
    "at most",
    "no more than",
    "without",
    "only",
    "ensure",
    "make sure",
    "do not",
    "don't",
    "each",
    "every",
    "format",
    "必须",
    "不要",
    "至少",
    "最多",
    "只能",
    "确保",
    "每个",
];
const LONG_OUTPUT: &[&str] = &[
    "essay",
    "detailed",
    "in detail",
    "explain",
    "describe",
    "write",
    "compose",
    "draft",
    "step by step",
    "step-by-step",
    "outline",
    "story",
    "paragraphs",
    "详细",
    "解释",
    "写",
    "步骤",
    "文章",
];
const SHORT_OUTPUT: &[&str] = &[
    "one word",
    "briefly",
    "short",
    "yes or no",
    "true or false",
    "answer:",
    "简短",
    "一句话",
];

const QUANTITY: &[&str] = &[
    "percent",
    "%",
    "total",
    "per",
    "twice",
    "half",
    "remaining",
    "left",
    "more than",
    "less than",
    "how many",
    "how much",
    "average",
    "ratio",
    "times",
    "each",
    "every",
    "多少",
    "几",
    "每",
    "一共",
    "剩",
];
const NEGATION: &[&str] = &[
    "not",
    "except",
    "false",
    "incorrect",
    "least",
    "不是",
    "错误",
];

/// Vowel groups in a latin word: a rough syllable count for a reading-level signal.
fn syllables(word: &str) -> usize {
    let mut n = 0;
    let mut vowel = false;
    for c in word.chars() {
        let v = matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y');
        n += usize::from(v && !vowel);
        vowel = v;
    }
    n.max(1)
}

/// Arithmetic operations written out: a digit, an operator, a digit (`3 + 4`, `2x5`, `16-3`).
fn operations(text: &str) -> usize {
    let cs: Vec<char> = text.chars().filter(|c| *c != ' ').collect();
    cs.windows(3)
        .filter(|w| {
            w[0].is_ascii_digit()
                && matches!(w[1], '+' | '-' | '*' | '/' | '×' | '÷' | 'x' | '^' | '=')
                && (w[2].is_ascii_digit() || w[2] == '(')
        })
        .count()
}

fn fnv(seed: u32, parts: &[&str]) -> u32 {
    let mut h: u32 = 0x811c_9dc5 ^ seed.wrapping_mul(0x0100_0193);
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h = (h ^ 0x1f).wrapping_mul(0x0100_0193);
        }
        for b in p.bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }
    h
}

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
        || ('\u{3040}'..='\u{30ff}').contains(&c)
        || ('\u{ac00}'..='\u{d7af}').contains(&c)
}

/// The words of lower-cased text: runs of alphanumerics, each CJK character on its own.
fn words(lower: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in lower.char_indices() {
        if is_cjk(c) {
            if let Some(s) = start.take() {
                out.push(&lower[s..i]);
            }
            out.push(&lower[i..i + c.len_utf8()]);
        } else if c.is_alphanumeric() || c == '_' {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push(&lower[s..i]);
        }
    }
    if let Some(s) = start {
        out.push(&lower[s..]);
    }
    out
}

/// The first [`MAX_CHARS`] characters of `text`: all the scorer reads.
pub fn head(text: &str) -> &str {
    match text.char_indices().nth(MAX_CHARS) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

fn ln1p(x: usize) -> f32 {
    (x as f32).ln_1p()
}

fn push_group(out: &mut Vec<(u32, f32)>, hashes: &[u32]) {
    if hashes.is_empty() {
        return;
    }
    let v = 1.0 / (hashes.len() as f32).sqrt();
    out.extend(
        hashes
            .iter()
            .map(|h| (DENSE as u32 + (h & (BUCKETS as u32 - 1)), v)),
    );
}

/// The dense feature values of `text`; `follow_up` is the number of earlier user turns and
/// `keyword_score` the heuristic's score of [`head`]`(text)`.
pub fn dense(text: &str, follow_up: u32, keyword_score: i32) -> [f32; DENSE] {
    let whole = text.len();
    let text = head(text);
    let lower = text.to_lowercase();
    let ws = words(&lower);
    let chars = text.chars().count().max(1);
    let mut cjk = 0usize;
    let mut digits = 0usize;
    let mut math = 0usize;
    let mut formula = 0usize;
    let mut upper = 0usize;
    let mut questions = 0usize;
    for c in text.chars() {
        cjk += usize::from(is_cjk(c));
        digits += usize::from(c.is_ascii_digit());
        upper += usize::from(c.is_uppercase());
        math += usize::from(matches!(
            c,
            '+' | '*'
                | '/'
                | '='
                | '^'
                | '<'
                | '>'
                | '≤'
                | '≥'
                | '∑'
                | '∫'
                | '√'
                | 'π'
                | '×'
                | '÷'
        ));
        formula += usize::from(matches!(c, '\\' | '$' | '_' | '{' | '}'));
        questions += usize::from(matches!(c, '?' | '？'));
    }
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let code_lines = lines
        .iter()
        .filter(|l| {
            l.ends_with([';', '{', '}'])
                || [
                    "def ", "fn ", "class ", "import ", "#include", "return ", "let ", "const ",
                ]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .count();
    let fences = usize::from(text.contains("```"));
    // Answer options: lines `A.`…`E.` or `A)`…`E)`, their text after the marker.
    let options: Vec<&str> = lines
        .iter()
        .filter(|l| {
            let b = l.as_bytes();
            b.len() >= 2 && matches!(b[0], b'A'..=b'E') && matches!(b[1], b'.' | b')')
        })
        .map(|l| l.get(2..).unwrap_or("").trim())
        .collect();
    let choices = options.len();
    let numbers = ws
        .iter()
        .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    let word_chars: usize = ws.iter().map(|w| w.chars().count()).sum();
    let count = |list: &[&str]| {
        list.iter()
            .filter(|w| heuristic::mentions(&lower, w))
            .count()
    };
    let mut f = [0.0f32; DENSE];
    f[0] = ln1p(chars) / 8.0;
    f[1] = ln1p(ws.len()) / 7.0;
    f[2] = cjk as f32 / chars as f32;
    f[3] = (digits as f32 / chars as f32 * 5.0).min(1.0);
    f[4] = (math as f32 / chars as f32 * 20.0).min(1.0);
    f[5] = (formula as f32 / chars as f32 * 20.0).min(1.0);
    f[6] = (code_lines as f32 / lines.len().max(1) as f32 + fences as f32).min(1.0);
    f[7] = ln1p(numbers) / 4.0;
    f[8] = ln1p(questions) / 2.0;
    f[9] = ln1p(count(CONSTRAINTS)) / 2.0;
    f[10] = (ln1p(count(LONG_OUTPUT)) - ln1p(count(SHORT_OUTPUT))) / 2.0;
    f[11] = ln1p(count(TOOLISH)) / 2.0;
    f[12] = ln1p(follow_up as usize) / 2.0;
    f[13] = f32::from(choices >= 2);
    f[14] = ln1p(lines.len()) / 4.0;
    f[15] = (word_chars as f32 / ws.len().max(1) as f32 / 10.0).min(1.5);
    f[16] = (upper as f32 / chars as f32 * 5.0).min(1.0);
    f[17] = f32::from(count(DEEP) > 0);
    f[18] = ln1p(heuristic::file_mentions(text)) / 2.0;
    f[19] = ln1p(heuristic::steps(text)) / 2.0;
    f[KEYWORD_SCORE] = keyword_score.clamp(0, 8) as f32 / 8.0;
    f[LOG_BYTES] = ln1p(whole) / 8.0;
    let sentences = text
        .split_terminator(['.', '?', '!', '。', '？', '！', '\n'])
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .count()
        .max(1);
    let latin: Vec<&&str> = ws
        .iter()
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))
        .collect();
    let n_latin = latin.len().max(1) as f32;
    f[22] = ln1p(sentences) / 4.0;
    f[23] = (ws.len() as f32 / sentences as f32 / 30.0).min(2.0);
    f[24] = latin.iter().filter(|w| w.len() >= 9).count() as f32 / n_latin * 3.0;
    f[25] = latin.iter().map(|w| syllables(w)).sum::<usize>() as f32 / n_latin / 3.0;
    f[26] = ln1p(count(QUANTITY)) / 2.0;
    f[27] = ln1p(operations(text)) / 2.0;
    f[28] = f32::from(count(NEGATION) > 0);
    if choices >= 2 {
        let mean = options.iter().map(|o| o.chars().count()).sum::<usize>() / options.len();
        f[29] = ln1p(mean) / 5.0;
        f[30] = options
            .iter()
            .filter(|o| o.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '$' | '-' | '.')))
            .count() as f32
            / options.len() as f32;
    }
    f
}

/// The sparse feature vector of `text` (see [`features`]), the keyword score computed here.
pub fn of(text: &str, follow_up: u32) -> Vec<(u32, f32)> {
    features(text, follow_up, heuristic::scored(head(text)).1, true)
}

/// The sparse feature vector of `text` as `(index, value)` pairs; indices may repeat (values add).
/// `keyword_score` is the heuristic's score of [`head`]`(text)`.
/// Without `hashed` only the dense features are computed.
pub fn features(text: &str, follow_up: u32, keyword_score: i32, hashed: bool) -> Vec<(u32, f32)> {
    let mut out: Vec<(u32, f32)> = dense(text, follow_up, keyword_score)
        .iter()
        .enumerate()
        .filter(|(_, v)| **v != 0.0)
        .map(|(i, v)| (i as u32, *v))
        .collect();
    if !hashed {
        return out;
    }
    let lower = head(text).to_lowercase();
    let ws = words(&lower);
    let mut hashes: Vec<u32> = ws.iter().map(|w| fnv(1, &[w])).collect();
    hashes.extend(ws.windows(2).map(|p| fnv(2, p)));
    push_group(&mut out, &hashes);
    let squeezed: Vec<char> = {
        let mut v = Vec::with_capacity(lower.len());
        let mut space = true;
        for c in lower.chars() {
            let s = c.is_whitespace();
            if !(s && space) {
                v.push(if s { ' ' } else { c });
            }
            space = s;
        }
        v
    };
    let mut buf = [0u8; 16];
    let mut grams = Vec::with_capacity(squeezed.len() * 2);
    for n in [3usize, 4] {
        for w in squeezed.windows(n) {
            let mut h: u32 = 0x811c_9dc5 ^ (n as u32).wrapping_mul(0x9e37_79b9);
            for c in w {
                for b in c.encode_utf8(&mut buf).bytes() {
                    h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
                }
            }
            grams.push(h);
        }
    }
    push_group(&mut out, &grams);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_latin_runs_and_cjk_characters() {
        assert_eq!(
            words("fix src/main.rs 里的报错"),
            ["fix", "src", "main", "rs", "里", "的", "报", "错"]
        );
    }

    #[test]
    fn indices_stay_inside_the_table() {
        let f = features("What is 2+2? 请解释。\n```\nfn main() {}\n```", 3, 2, true);
        assert!(f.iter().all(|(i, _)| (*i as usize) < DIM));
        assert!(f.iter().any(|(i, _)| (*i as usize) >= DENSE));
        let d = dense("A. one\nB. two\nAnswer:", 0, 0);
        assert_eq!(d[13], 1.0);
        let long = "word ".repeat(MAX_CHARS);
        assert_eq!(head(&long).len(), MAX_CHARS);
        assert!(dense(&long, 0, 0)[LOG_BYTES] > dense(head(&long), 0, 0)[LOG_BYTES]);
        assert_eq!(DENSE_NAMES[LOG_BYTES], "log_bytes_whole_prompt");
        assert_eq!(DENSE_NAMES[KEYWORD_SCORE], "keyword_score");
    }
}
