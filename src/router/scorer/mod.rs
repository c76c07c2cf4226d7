//! The learned scorer: a continuous "needs the strong model" score for a prompt, and the tier the
//! configured thresholds give it — the offline classifier when `router.tokenSaver.scorer: learned`
//! (the default stays the keyword [`heuristic`]; BENCHMARKS.md says why), and then the judge's
//! fallback too.
//!
//! The model is logistic regression over [`features`] of the first [`features::MAX_CHARS`]
//! characters (dense signals, prompt length among them, and optionally hashed word and character
//! n-grams; the committed weights use the dense signals only), with one or two heads, its score
//! blended with the length rule and the keyword score by weights stored in the file ([`blend`]). One head scores the strong model's expected gain directly; two heads estimate
//! P(weak model right) and P(strong model right) and the score is `(P(strong) − P(weak) + 1) / 2`.
//! The weights are compiled into the binary from `weights.bin` (little-endian: the magic `PDRS`,
//! version, dense count, hashed bits (0 = dense features only, and then no n-gram is computed),
//! heads, the default medium and reasoning thresholds, the blend weights of the length rule and the
//! keyword score, then per head its bias and one `f32` per dense feature and hashed bucket); `manifest.json` next to it says how they were trained
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
pub const VERSION: u32 = 3;
/// Bytes before the first head: magic, version, dense, bits, heads, two thresholds, two blend
/// weights.
pub const HEADER: usize = 36;

/// Weights per head (without the bias) for a file whose hashed part has `bits` bits (0 = none).
pub fn dim(bits: u32) -> usize {
    features::DENSE + if bits == 0 { 0 } else { 1 << bits }
}

/// The weight index of feature `i` (from [`features::features`], hashed into
/// [`features::HASH_BITS`] bits) in a table whose hashed part has `bits` bits; `None` for a hashed
/// feature when `bits` is 0.
pub fn slot(i: u32, bits: u32) -> Option<usize> {
    let dense = features::DENSE as u32;
    if i < dense {
        Some(i as usize)
    } else if bits == 0 {
        None
    } else {
        Some((dense + ((i - dense) & ((1 << bits) - 1))) as usize)
    }
}

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

/// The number of heads (1 or 2) and hashed bits when the compiled-in weights have a layout this
/// build reads.
fn layout() -> Option<(usize, u32)> {
    let heads = int(16)? as usize;
    let bits = int(12)?;
    (WEIGHTS.get(..4) == Some(MAGIC.as_slice())
        && int(4) == Some(VERSION)
        && int(8) == Some(features::DENSE as u32)
        && bits <= features::HASH_BITS
        && matches!(heads, 1 | 2)
        && WEIGHTS.len() == HEADER + heads * (4 + dim(bits) * 4))
        .then_some((heads, bits))
}

/// True when the compiled-in weights have this build's layout.
pub fn weights_ok() -> bool {
    layout().is_some()
}

/// The default thresholds stored with the weights.
pub fn default_thresholds() -> Option<Thresholds> {
    layout()?;
    Some(Thresholds {
        medium: f64::from(float(20)?),
        reasoning: f64::from(float(24)?),
    })
}

/// The raw logit for a feature vector under weights `w` (the bias first, then one per slot) in a
/// table with `bits` hashed bits (see [`slot`]).
pub fn logit(bias: f32, weight: impl Fn(usize) -> f32, bits: u32, features: &[(u32, f32)]) -> f32 {
    bias + features
        .iter()
        .filter_map(|(i, v)| Some(weight(slot(*i, bits)?) * v))
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

/// The final score: the model's score `model` blended with the length rule (`length` of the whole
/// prompt's log-length feature, capped at 1) and the heuristic (`keywords` of its keyword-score
/// feature), as stored in the weights file; both weights 0 leave the model's score.
pub fn blend(model: f64, features: &[(u32, f32)], length: f32, keywords: f32) -> f64 {
    let value = |at: usize| {
        features
            .iter()
            .find(|(i, _)| *i as usize == at)
            .map_or(0.0, |(_, v)| f64::from(*v))
    };
    let (l, k) = (f64::from(length), f64::from(keywords));
    (1.0 - l - k) * model
        + l * value(features::LOG_BYTES).min(1.0)
        + k * value(features::KEYWORD_SCORE)
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

/// The score of `text` under the compiled-in weights (the hashed features are computed only when
/// the weights have a hashed part).
fn score_text(text: &str, follow_up: u32, keyword_score: i32) -> Option<f64> {
    let (heads, bits) = layout()?;
    let f = features::features(text, follow_up, keyword_score, bits > 0);
    let logits: Vec<f32> = (0..heads)
        .map(|h| {
            let base = HEADER + h * (4 + dim(bits) * 4);
            let bias = float(base).unwrap_or(0.0);
            logit(bias, |i| float(base + 4 + i * 4).unwrap_or(0.0), bits, &f)
        })
        .collect();
    Some(blend(combine(&logits), &f, float(28)?, float(32)?))
}

/// The score (0..1, higher = needs the strong model) of `text`; `follow_up` is the number of
/// earlier user turns. `None` when the compiled-in weights do not fit this build.
pub fn score(text: &str, follow_up: u32) -> Option<f64> {
    score_text(text, follow_up, heuristic::scored(features::head(text)).1)
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
    let score = score_text(text, follow_up, keyword_score);
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

    /// The prompts of `fixture.tsv` labelled `label`.
    fn prompts(label: &str) -> Vec<&'static str> {
        include_str!("fixture.tsv")
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .filter(|(l, _)| *l == label)
            .map(|(_, p)| p)
            .collect()
    }

    #[test]
    fn scores_are_deterministic_and_rank_hard_above_easy() {
        let score = |p: &str| score(p, 0).unwrap();
        let (easy, hard) = (prompts("easy"), prompts("hard"));
        assert_eq!((easy.len(), hard.len()), (7, 5));
        for p in easy.iter().chain(&hard) {
            assert_eq!(score(p).to_bits(), score(p).to_bits(), "{p}");
        }
        let easiest_hard = hard
            .iter()
            .map(|p| (score(p), *p))
            .fold((2.0, ""), |a, b| if b.0 < a.0 { b } else { a });
        let hardest_easy = easy
            .iter()
            .map(|p| (score(p), *p))
            .fold((-1.0, ""), |a, b| if b.0 > a.0 { b } else { a });
        assert!(
            easiest_hard.0 > hardest_easy.0,
            "hard {easiest_hard:?} <= easy {hardest_easy:?}"
        );
        // Under the default thresholds (chosen on agent prompts) no easy prompt is a strong tier
        // and no hard one is simple.
        for p in &easy {
            assert!(classify(p, 0, None).tier < Tier::Reasoning, "{p}");
        }
        for p in &hard {
            assert!(classify(p, 0, None).tier > Tier::Simple, "{p}");
        }
    }
}
