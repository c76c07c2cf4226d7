//! The learned scorer: a continuous "needs the strong model" score for a prompt, and the tier the
//! configured thresholds give it — the offline classifier when `router.tokenSaver.scorer: learned`
//! (the default stays the keyword [`heuristic`]; BENCHMARKS.md says why), and then the judge's
//! fallback too.
//!
//! The model is logistic regression over [`features`] (hashed word and character n-grams of the
//! first [`features::MAX_CHARS`] characters plus dense signals, prompt length among them), with one
//! or two heads. One head scores the strong model's expected gain directly; two heads estimate
//! P(weak model right) and P(strong model right) and the score is `(P(strong) − P(weak) + 1) / 2`.
//! The weights are compiled into the binary from `weights.bin` (little-endian: the magic `PDRS`,
//! version, dense count, hash bits, heads, the default medium and reasoning thresholds, then per
//! head its bias and one `f32` per feature); `manifest.json` next to it says how they were trained
//! (data, split, features, seed, metrics) and holds their sha256, which a test checks. Rebuild
//! both with `cargo run --example train_router -- --data <routellm dir>`.
//!
//! Tiers: delegation wording still means [`Tier::Complex`] (orchestration is not difficulty);
//! otherwise score ≥ `reasoning` → [`Tier::Reasoning`], ≥ `medium` → [`Tier::Medium`], else
//! [`Tier::Simple`]. The thresholds come from `router.tokenSaver.thresholds` (set by `router
//! calibrate`), else the defaults in the weights file. The heuristic's keyword signals are the
//! explanation `--explain` prints.

pub mod features;

use serde::Serialize;

use super::heuristic::{self, Tier};
use crate::config::ScorerChoice;

/// The compiled-in weights.
pub const WEIGHTS: &[u8] = include_bytes!("weights.bin");
/// The manifest describing [`WEIGHTS`].
pub const MANIFEST: &str = include_str!("manifest.json");
/// The weights file's magic bytes.
pub const MAGIC: &[u8; 4] = b"PDRS";
/// The weights file's format version.
pub const VERSION: u32 = 2;
/// Bytes before the first head: magic, version, dense, bits, heads, two thresholds.
pub const HEADER: usize = 28;
/// Bytes of one head: its bias and one weight per feature.
pub const HEAD_BYTES: usize = 4 + features::DIM * 4;

/// Score cut-offs for the medium and reasoning tiers (`router.tokenSaver.thresholds`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Thresholds {
    pub medium: f64,
    pub reasoning: f64,
}

/// A tier with its score and the keyword signals that explain it.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    pub tier: Tier,
    /// 0..1; `None` from the heuristic, or when the weights could not be read.
    pub score: Option<f64>,
    pub signals: Vec<&'static str>,
}

fn word(offset: usize) -> Option<[u8; 4]> {
    WEIGHTS.get(offset..offset + 4)?.try_into().ok()
}

fn float(offset: usize) -> Option<f32> {
    word(offset).map(f32::from_le_bytes)
}

fn int(offset: usize) -> Option<u32> {
    word(offset).map(u32::from_le_bytes)
}

/// The number of heads (1 or 2) when the compiled-in weights have this build's layout.
fn heads() -> Option<usize> {
    let heads = int(16)? as usize;
    (WEIGHTS.get(..4) == Some(MAGIC.as_slice())
        && int(4) == Some(VERSION)
        && int(8) == Some(features::DENSE as u32)
        && int(12) == Some(features::HASH_BITS)
        && matches!(heads, 1 | 2)
        && WEIGHTS.len() == HEADER + heads * HEAD_BYTES)
        .then_some(heads)
}

/// True when the compiled-in weights have this build's layout.
pub fn weights_ok() -> bool {
    heads().is_some()
}

/// The default thresholds stored with the weights.
pub fn default_thresholds() -> Option<Thresholds> {
    heads()?;
    Some(Thresholds {
        medium: f64::from(float(20)?),
        reasoning: f64::from(float(24)?),
    })
}

/// The raw logit for a feature vector under weights `w` (the bias first, then one per feature).
pub fn logit(bias: f32, weight: impl Fn(usize) -> f32, features: &[(u32, f32)]) -> f32 {
    bias + features
        .iter()
        .map(|(i, v)| weight(*i as usize) * v)
        .sum::<f32>()
}

/// The score from the heads' logits: one head is the score's own logit; two are P(weak right) and
/// P(strong right), and the score is their difference mapped to 0..1.
pub fn combine(logits: &[f32]) -> f64 {
    match logits {
        [weak, strong] => f64::from((sigmoid(*strong) - sigmoid(*weak) + 1.0) / 2.0),
        [z, ..] => f64::from(sigmoid(*z)),
        [] => 0.5,
    }
}

/// Checks `weights` against the sha256 that `manifest` (JSON) records for them.
pub fn verify(weights: &[u8], manifest: &str) -> Result<(), String> {
    use sha2::{Digest, Sha256};
    let manifest: serde_json::Value =
        serde_json::from_str(manifest).map_err(|e| format!("manifest.json: {e}"))?;
    let want = manifest["sha256"]
        .as_str()
        .ok_or("manifest.json has no sha256")?;
    let got = format!("{:x}", Sha256::digest(weights));
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "weights.bin has sha256 {got}, the manifest says {want}; retrain with examples/train_router.rs"
        ))
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The score of a feature vector under the compiled-in weights.
fn score_features(f: &[(u32, f32)]) -> Option<f64> {
    let heads = heads()?;
    let logits: Vec<f32> = (0..heads)
        .map(|h| {
            let base = HEADER + h * HEAD_BYTES;
            let bias = float(base).unwrap_or(0.0);
            logit(bias, |i| float(base + 4 + i * 4).unwrap_or(0.0), f)
        })
        .collect();
    Some(combine(&logits))
}

/// The score (0..1, higher = needs the strong model) of `text`; `follow_up` is the number of
/// earlier user turns. `None` when the compiled-in weights do not fit this build.
pub fn score(text: &str, follow_up: u32) -> Option<f64> {
    score_features(&features::of(text, follow_up))
}

/// The tier a score gives under `t` (delegation aside).
pub fn tier_for(score: f64, t: Thresholds) -> Tier {
    if score >= t.reasoning {
        Tier::Reasoning
    } else if score >= t.medium {
        Tier::Medium
    } else {
        Tier::Simple
    }
}

/// Classifies `text` with the learned scorer: its tier under `thresholds` (else the defaults),
/// Complex for delegation wording, and the heuristic's signals (on the same first
/// [`features::MAX_CHARS`] characters) as the explanation.
pub fn classify(text: &str, follow_up: u32, thresholds: Option<Thresholds>) -> Scored {
    let (keywords, keyword_score) = heuristic::scored(features::head(text));
    let score = score_features(&features::features(text, follow_up, keyword_score));
    let tier = match (score, thresholds.or_else(default_thresholds)) {
        _ if keywords.tier == Tier::Complex => Tier::Complex,
        (Some(s), Some(t)) => tier_for(s, t),
        _ => keywords.tier,
    };
    Scored {
        tier,
        score,
        signals: keywords.signals,
    }
}

/// Classifies `text` with the chosen offline classifier (`router.tokenSaver.scorer`).
pub fn classify_with(
    choice: ScorerChoice,
    text: &str,
    follow_up: u32,
    thresholds: Option<Thresholds>,
) -> Scored {
    match choice {
        ScorerChoice::Learned => classify(text, follow_up, thresholds),
        ScorerChoice::Heuristic => {
            let c = heuristic::classify(text);
            Scored {
                tier: c.tier,
                score: None,
                signals: c.signals,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_weights_fit_this_build() {
        assert!(weights_ok());
        let t = default_thresholds().unwrap();
        assert!(0.0 < t.medium && t.medium < t.reasoning && t.reasoning < 1.0);
    }

    #[test]
    fn the_weights_match_the_manifest_hash() {
        verify(WEIGHTS, MANIFEST).unwrap();
        let on_disk = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/router/scorer/weights.bin"),
        )
        .unwrap();
        verify(&on_disk, MANIFEST).unwrap();
        let mut edited = WEIGHTS.to_vec();
        edited[HEADER + 7] ^= 1;
        assert_ne!(edited, WEIGHTS);
        let err = verify(&edited, MANIFEST).unwrap_err();
        assert!(err.contains("the manifest says"), "{err}");
    }

    #[test]
    fn tiers_follow_the_thresholds() {
        let t = Thresholds {
            medium: 0.3,
            reasoning: 0.6,
        };
        assert_eq!(tier_for(0.1, t), Tier::Simple);
        assert_eq!(tier_for(0.3, t), Tier::Medium);
        assert_eq!(tier_for(0.9, t), Tier::Reasoning);
        let c = classify(
            "spawn subagents to update each crate in parallel",
            0,
            Some(t),
        );
        assert_eq!(c.tier, Tier::Complex);
    }

    #[test]
    fn the_heuristic_choice_is_the_keyword_tier_without_a_score() {
        let text = "refactor src/a.rs and src/b.rs, then run the tests";
        let h = classify_with(ScorerChoice::Heuristic, text, 0, None);
        assert_eq!(h.tier, heuristic::classify(text).tier);
        assert_eq!(h.score, None);
        let l = classify_with(ScorerChoice::Learned, text, 0, None);
        assert_eq!(l.score, score(text, 0));
        assert!(l.score.is_some());
    }
}

#[cfg(test)]
mod fixture {
    use super::*;

    const EASY: &[&str] = &[
        "hi there",
        "thanks!",
        "ok, sounds good",
        "what is the capital of France?",
        "你好",
        "谢谢",
        "今天星期几？",
    ];
    const HARD: &[&str] = &[
        "refactor the storage layer across src/store/db.rs, src/store/jsonl.rs and src/session/index.rs, then run the tests",
        "investigate why the integration tests deadlock under load and find the root cause",
        "Design a migration plan for the database schema: analyse the current tables, write the migration scripts, update every query in the code base and add tests for each step.",
        "重构整个项目的存储层，分析性能瓶颈并逐步迁移到新的架构",
        "调查集成测试在高负载下死锁的原因，找到根本原因并修复，然后补充测试",
    ];

    #[test]
    fn scores_are_deterministic_and_rank_hard_above_easy() {
        let score = |p: &str| score(p, 0).unwrap();
        for p in EASY.iter().chain(HARD) {
            assert_eq!(score(p).to_bits(), score(p).to_bits(), "{p}");
        }
        let easiest_hard = HARD
            .iter()
            .map(|p| (score(p), *p))
            .fold((2.0, ""), |a, b| if b.0 < a.0 { b } else { a });
        let hardest_easy = EASY
            .iter()
            .map(|p| (score(p), *p))
            .fold((-1.0, ""), |a, b| if b.0 > a.0 { b } else { a });
        assert!(
            easiest_hard.0 > hardest_easy.0,
            "hard {easiest_hard:?} <= easy {hardest_easy:?}"
        );
        // Under the default thresholds (chosen on agent prompts) no easy prompt is a strong tier
        // and no hard one is simple.
        for p in EASY {
            assert!(classify(p, 0, None).tier < Tier::Reasoning, "{p}");
        }
        for p in HARD {
            assert!(classify(p, 0, None).tier > Tier::Simple, "{p}");
        }
    }
}
