//! The built-in heuristic classifier: a tier for a prompt without any model call.
//!
//! It scores signals found in the text — length, code, file and tool mentions, multi-step and
//! delegation wording — in English and Chinese, and maps the score to one of PilotDeck's four tiers.
//! It is the offline classifier by default (`router.tokenSaver.scorer: heuristic`): what the router
//! uses when no judge is configured, with `--offline`, and when the judge fails or times out. With
//! `scorer: learned` the learned [`scorer`](super::scorer) picks the tier instead and these signals
//! (and the keyword score, as one of its features) are its `--explain` text; delegation wording
//! stays the complex tier either way. `benches/router_heuristic.rs` measures both.

use std::fmt;

use super::keywords::{
    ACTIONS, CAUSE, CONTINUATIONS, DEEP, DELEGATION, MANY_AGENTS, SCOPE, TOOLISH,
};

/// PilotDeck's tiers, cheapest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// Greetings, confirmations, one-step questions.
    Simple = 0,
    /// One tool call, short generation, one or two files.
    Medium = 1,
    /// Deep single-agent work: multi-file, analysis, multi-step.
    Reasoning = 2,
    /// Sub-agent orchestration or parallel delegation.
    Complex = 3,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::Simple, Tier::Medium, Tier::Reasoning, Tier::Complex];

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Simple => "simple",
            Tier::Medium => "medium",
            Tier::Reasoning => "reasoning",
            Tier::Complex => "complex",
        }
    }

    pub fn parse(text: &str) -> Option<Tier> {
        Tier::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tier and the signals that chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    pub tier: Tier,
    /// Short names of the signals that fired, for `--explain`.
    pub signals: Vec<&'static str>,
}

/// True for a short acknowledgement ("ok", "go on", "继续", "好的") that continues the previous
/// request and should keep its tier.
pub fn is_short_continuation(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() || t.chars().count() > 30 {
        return false;
    }
    let normal: String = t
        .to_lowercase()
        .chars()
        .filter(|c| !matches!(c, '!' | '.' | ',' | '。' | '！' | '，' | '~' | '?' | '？'))
        .collect();
    let normal = normal.trim();
    CONTINUATIONS.contains(&normal)
        || normal
            .split(|c: char| c.is_whitespace())
            .filter(|w| !w.is_empty())
            .all(|w| CONTINUATIONS.contains(&w))
}

fn count(text: &str, words: &[&str]) -> usize {
    words.iter().filter(|w| mentions(text, w)).count()
}

/// True when `text` contains `word`; a Latin-script word must start at a word boundary, so
/// "api" does not fire inside "capital" (it may end anywhere: "test" matches "tests").
pub(super) fn mentions(text: &str, word: &str) -> bool {
    if !word.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return text.contains(word);
    }
    text.match_indices(word).any(|(i, _)| {
        text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != '_')
    })
}

/// Lines that start a numbered or bulleted step (`1.`, `2)`, `- `, `第一步`).
pub(super) fn steps(text: &str) -> usize {
    text.lines()
        .map(str::trim_start)
        .filter(|l| {
            let digits = l.chars().take_while(char::is_ascii_digit).count();
            (digits > 0 && l[digits..].starts_with(['.', ')', '、']))
                || l.starts_with("- ")
                || l.starts_with("* ")
                || l.starts_with('第')
        })
        .count()
}

/// Path-like tokens: `src/main.rs`, `README.md`, `./x`.
pub(super) fn file_mentions(text: &str) -> usize {
    text.split(|c: char| {
        c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | ',' | '，')
    })
    .filter(|w| {
        let w = w.trim_end_matches(['.', ':', ';', '?', '。']);
        let ext = w.rsplit_once('.').map(|(stem, ext)| {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        });
        ext == Some(true) && !w.starts_with("http") && !w.contains("..")
            || (w.contains('/') && w.len() > 2 && !w.starts_with("http"))
    })
    .count()
}

/// Classifies `text` (the latest user message).
pub fn classify(text: &str) -> Classification {
    scored(text).0
}

/// The classification and the keyword score behind it (delegation counts as 8).
pub(super) fn scored(text: &str) -> (Classification, i32) {
    let lower = text.to_lowercase();
    let chars = text.chars().count();
    let cjk = text
        .chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
        .count();
    // A CJK character carries about as much as a short English word.
    let size = chars + cjk * 2;
    let mut signals = Vec::new();
    let agents = mentions(&lower, "agent") || lower.contains("代理") || lower.contains("worker");
    let delegation =
        count(&lower, DELEGATION) + usize::from(agents && count(&lower, MANY_AGENTS) > 0);
    if delegation > 0 {
        signals.push("delegation wording");
        return (
            Classification {
                tier: Tier::Complex,
                signals,
            },
            8,
        );
    }
    let deep = count(&lower, DEEP);
    let tool = count(&lower, TOOLISH);
    let files = file_mentions(text);
    let code = text.contains("```") || lower.contains("fn ") || lower.contains("def ");
    let steps = steps(text);
    let mut score = 0i32;
    if deep > 0 {
        signals.push("multi-step or analysis wording");
        score += 3;
    }
    if tool > 0 {
        signals.push("tool or code wording");
        score += 1 + i32::from(tool >= 3);
    }
    if files > 0 {
        signals.push("file mentions");
        score += 1 + i32::from(files >= 3) * 2;
    }
    if code {
        signals.push("code");
        score += 1;
    }
    if steps >= 3 {
        signals.push("numbered steps");
        score += 2;
    }
    let actions = count(&lower, ACTIONS);
    if actions >= 3 {
        signals.push("several actions");
        score += 2;
    }
    if count(&lower, SCOPE) > 0 && actions >= 2 {
        signals.push("code-base-wide scope");
        score += 2;
    }
    if count(&lower, CAUSE) > 0 {
        signals.push("asks for a cause");
        score += 2;
    }
    if size > 1200 {
        signals.push("long prompt");
        score += 2;
    } else if size > 300 {
        signals.push("medium-length prompt");
        score += 1;
    }
    let tier = match score {
        i32::MIN..=0 => Tier::Simple,
        1..=2 => Tier::Medium,
        _ => Tier::Reasoning,
    };
    if signals.is_empty() {
        signals.push("short, no code or tool wording");
    }
    (Classification { tier, signals }, score)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tier(text: &str) -> Tier {
        classify(text).tier
    }

    #[test]
    fn english_prompts() {
        assert_eq!(tier("hi there"), Tier::Simple);
        assert_eq!(tier("thanks!"), Tier::Simple);
        assert_eq!(tier("what is the capital of France?"), Tier::Simple);
        assert_eq!(tier("fix the typo in README.md"), Tier::Medium);
        assert_eq!(
            tier("write a function that reverses a string"),
            Tier::Medium
        );
        assert_eq!(
            tier(
                "refactor the storage layer across src/store/db.rs, src/store/jsonl.rs and src/session/index.rs, then run the tests"
            ),
            Tier::Reasoning
        );
        assert_eq!(
            tier(
                "investigate why the integration tests deadlock under load and find the root cause"
            ),
            Tier::Reasoning
        );
        assert_eq!(
            tier("spawn subagents to update each crate in parallel"),
            Tier::Complex
        );
    }

    #[test]
    fn chinese_prompts() {
        assert_eq!(tier("你好"), Tier::Simple);
        assert_eq!(tier("谢谢"), Tier::Simple);
        assert_eq!(tier("修复 src/main.rs 里的报错"), Tier::Medium);
        assert_eq!(tier("帮我写一个函数，计算斐波那契数列"), Tier::Medium);
        assert_eq!(
            tier("重构整个项目的存储层，分析性能瓶颈并逐步迁移到新的架构"),
            Tier::Reasoning
        );
        assert_eq!(tier("把这三个模块分派给子代理并行处理"), Tier::Complex);
    }

    #[test]
    fn continuations() {
        for yes in ["ok", "OK.", "go on", "Continue!", "继续", "好的", "lgtm"] {
            assert!(is_short_continuation(yes), "{yes}");
        }
        for no in [
            "ok, now rewrite the parser",
            "继续重构存储层并补充测试用例，然后提交",
            "",
            "what next?",
        ] {
            assert!(!is_short_continuation(no), "{no}");
        }
    }

    #[test]
    fn file_mentions_are_found() {
        assert_eq!(file_mentions("see src/main.rs and Cargo.toml."), 2);
        assert_eq!(file_mentions("version 1.2 of the thing"), 0);
    }
}
