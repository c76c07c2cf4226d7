//! Thresholds from a wanted strong-call share, and the spend a tier mix projects: the library side
//! of `pilotdeck router calibrate` and `router eval`.
//!
//! "Strong" tiers are reasoning and complex. Calibration scores the user's past prompts with the
//! scorer and puts the reasoning threshold where the wanted share of them (counting delegation
//! prompts, which are complex whatever their score) reaches it; the medium threshold sits where
//! half of the remaining prompts would be medium or above. Spend is projected per prompt with the
//! catalog (or `router.stats.modelPricing`) price of the tier's model, about 4 characters per
//! input token (1 per CJK character) and [`ASSUMED_OUTPUT_TOKENS`] output tokens.

use serde::Serialize;

use super::heuristic::Tier;
use super::runtime::Router;
use super::scorer::Thresholds;
use crate::model::Usage;

/// Output tokens assumed per request when projecting spend.
pub const ASSUMED_OUTPUT_TOKENS: u64 = 500;

/// One scored prompt: its score and whether delegation wording makes it complex regardless.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    pub score: f64,
    pub complex: bool,
}

/// Thresholds that send `share` (0..1) of `prompts` to the strong tiers. `None` for no prompts.
pub fn thresholds_for_share(prompts: &[Scored], share: f64) -> Option<Thresholds> {
    if prompts.is_empty() {
        return None;
    }
    let share = share.clamp(0.0, 1.0);
    let mut free: Vec<f64> = prompts
        .iter()
        .filter(|p| !p.complex)
        .map(|p| p.score)
        .collect();
    free.sort_by(|a, b| b.total_cmp(a));
    let complex = prompts.len() - free.len();
    let cut = |k: usize| -> f64 {
        match (k.checked_sub(1).and_then(|i| free.get(i)), free.get(k)) {
            (None, Some(first)) => (first + 1e-9).min(1.0),
            (Some(last), Some(next)) => (last + next) / 2.0,
            (Some(last), None) => (last - 1e-9).max(0.0),
            (None, None) => 1.0,
        }
    };
    let strong = ((share * prompts.len() as f64).round() as usize).saturating_sub(complex);
    let strong = strong.min(free.len());
    let medium = strong + (free.len() - strong).div_ceil(2);
    let reasoning = cut(strong);
    Some(Thresholds {
        medium: cut(medium).min(reasoning),
        reasoning,
    })
}

/// Projected spend of a tier mix against sending everything to the strong tier's model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spend {
    /// The reasoning tier's model (the all-strong baseline).
    pub strong_model: String,
    pub routed_usd: f64,
    pub all_strong_usd: f64,
    /// `1 - routed / all_strong`.
    pub saving: f64,
    pub assumed_output_tokens: u64,
}

fn usage(prompt: &str) -> Usage {
    let cjk = prompt
        .chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
        .count();
    let other = prompt.chars().count() - cjk;
    Usage {
        input_tokens: (other / 4 + cjk) as u64 + 1,
        output_tokens: ASSUMED_OUTPUT_TOKENS,
        ..Usage::default()
    }
}

/// The spend of routing each prompt to its tier's model, with the router's prices. `None` without a
/// token saver or when a model involved has no known price.
pub fn project_spend(router: &Router, routed: &[(&str, Tier)]) -> Option<Spend> {
    let saver = router.settings().token_saver.as_ref()?;
    let strong = saver.nearest(Tier::Reasoning)?.model.clone();
    let mut routed_usd = 0.0;
    let mut all_strong_usd = 0.0;
    for (prompt, tier) in routed {
        let u = usage(prompt);
        routed_usd += router.cost(&saver.nearest(*tier)?.model, &u)?;
        all_strong_usd += router.cost(&strong, &u)?;
    }
    Some(Spend {
        strong_model: strong.to_string(),
        routed_usd,
        all_strong_usd,
        saving: if all_strong_usd > 0.0 {
            1.0 - routed_usd / all_strong_usd
        } else {
            0.0
        },
        assumed_output_tokens: ASSUMED_OUTPUT_TOKENS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_is_hit_with_complex_prompts_counted() {
        let mut prompts: Vec<Scored> = (0..100)
            .map(|i| Scored {
                score: f64::from(i) / 100.0,
                complex: i % 25 == 0,
            })
            .collect();
        let t = thresholds_for_share(&prompts, 0.3).unwrap();
        let strong = prompts
            .iter()
            .filter(|p| p.complex || p.score >= t.reasoning)
            .count();
        assert_eq!(strong, 30);
        assert!(t.medium < t.reasoning);
        prompts.truncate(1);
        assert!(thresholds_for_share(&[], 0.3).is_none());
        let t = thresholds_for_share(&prompts, 0.0).unwrap();
        assert!(prompts.iter().all(|p| p.complex || p.score < t.reasoning));
    }
}
