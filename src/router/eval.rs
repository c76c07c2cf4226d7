//! Routing quality on labelled prompts: APGR and the baselines `router eval` reports.
//!
//! A labelled prompt has a weak-model and a strong-model result (`weak_ok`/`strong_ok` as 0/1, or
//! judge scores `weak_score`/`strong_score`). Sending the `k` highest-scored prompts to the strong
//! model recovers part of the gap between all-weak and all-strong quality; the
//! performance-gap-recovered curve plots that part against the strong-call share `k/n`, and
//! **APGR** is the area under it (0.5 = random routing, 1 = perfect). Tied scores are one step: the
//! curve is a straight line across a tie, which is what random order within the tie gives on
//! average. The random baseline's APGR is exactly 0.5 in expectation; the length baseline scores a
//! prompt by its character count.

use serde::{Deserialize, Serialize};

/// One labelled prompt.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Labeled {
    pub prompt: String,
    /// Earlier user turns (0 = the first message).
    #[serde(default)]
    pub follow_up: u32,
    pub weak: f64,
    pub strong: f64,
}

#[derive(Deserialize)]
struct Line {
    prompt: String,
    #[serde(default)]
    follow_up: u32,
    weak_ok: Option<Flag>,
    weak_score: Option<f64>,
    strong_ok: Option<Flag>,
    strong_score: Option<f64>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Flag {
    Bool(bool),
    Number(f64),
}

impl Flag {
    fn value(&self) -> f64 {
        match self {
            Flag::Bool(b) => f64::from(u8::from(*b)),
            Flag::Number(n) => *n,
        }
    }
}

/// Parses JSONL `{prompt, weak_ok|weak_score, strong_ok|strong_score[, follow_up]}`; blank lines are
/// skipped. The error names the line.
pub fn parse_jsonl(text: &str) -> Result<Vec<Labeled>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let l: Line = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        let pick = |ok: &Option<Flag>, score: Option<f64>, which: &str| {
            ok.as_ref()
                .map(Flag::value)
                .or(score)
                .ok_or_else(|| format!("line {}: needs {which}_ok or {which}_score", n + 1))
        };
        out.push(Labeled {
            weak: pick(&l.weak_ok, l.weak_score, "weak")?,
            strong: pick(&l.strong_ok, l.strong_score, "strong")?,
            prompt: l.prompt,
            follow_up: l.follow_up,
        });
    }
    Ok(out)
}

/// The performance-gap-recovered curve of one router.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Curve {
    /// Area under the curve.
    pub apgr: f64,
    /// The smallest strong-call share that recovers half of the gap.
    pub share_for_50: f64,
    /// The smallest strong-call share that recovers 80% of the gap.
    pub share_for_80: f64,
}

/// The curve of routing `items` by `scores` (higher = strong first). `None` when the strong model
/// is not better than the weak one overall (no gap to recover) or the lengths differ.
pub fn curve(items: &[Labeled], scores: &[f64]) -> Option<Curve> {
    if items.len() != scores.len() || items.is_empty() {
        return None;
    }
    let n = items.len() as f64;
    let gap: f64 = items.iter().map(|i| i.strong - i.weak).sum();
    if gap <= 0.0 {
        return None;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]));
    let mut points = vec![(0.0f64, 0.0f64)];
    let mut gained = 0.0;
    let mut k = 0usize;
    while k < order.len() {
        let s = scores[order[k]];
        while k < order.len() && scores[order[k]].total_cmp(&s).is_eq() {
            gained += items[order[k]].strong - items[order[k]].weak;
            k += 1;
        }
        points.push((k as f64 / n, gained / gap));
    }
    let apgr = points
        .windows(2)
        .map(|w| (w[1].0 - w[0].0) * (w[0].1 + w[1].1) / 2.0)
        .sum();
    let share_for = |target: f64| {
        points
            .windows(2)
            .find(|w| w[1].1 >= target)
            .map(|w| {
                let (x0, y0, x1, y1) = (w[0].0, w[0].1, w[1].0, w[1].1);
                if y1 - y0 <= f64::EPSILON || y0 >= target {
                    x0.max(if y0 >= target { x0 } else { x1 })
                } else {
                    x0 + (target - y0) / (y1 - y0) * (x1 - x0)
                }
            })
            .unwrap_or(1.0)
    };
    Some(Curve {
        apgr,
        share_for_50: share_for(0.5),
        share_for_80: share_for(0.8),
    })
}

/// The random router's curve: APGR 0.5 and shares 0.5/0.8, exactly, in expectation.
pub fn random_curve() -> Curve {
    Curve {
        apgr: 0.5,
        share_for_50: 0.5,
        share_for_80: 0.8,
    }
}

/// The length baseline's scores: the prompt's character count.
pub fn length_scores(items: &[Labeled]) -> Vec<f64> {
    items
        .iter()
        .map(|i| i.prompt.chars().count() as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(weak: f64, strong: f64) -> Labeled {
        Labeled {
            prompt: String::new(),
            follow_up: 0,
            weak,
            strong,
        }
    }

    #[test]
    fn perfect_and_constant_routers() {
        // Gains 1, 0, 0, -1 → gap 0; no curve.
        assert_eq!(curve(&[item(0.0, 1.0), item(1.0, 0.0)], &[1.0, 0.0]), None);
        let items = [
            item(0.0, 1.0),
            item(1.0, 1.0),
            item(1.0, 1.0),
            item(0.0, 0.0),
        ];
        let perfect = curve(&items, &[3.0, 2.0, 1.0, 0.0]).unwrap();
        // Points (0,0) (.25,1) (.5,1) (.75,1) (1,1): area 0.125 + 0.75.
        assert!((perfect.apgr - 0.875).abs() < 1e-12);
        assert!((perfect.share_for_50 - 0.125).abs() < 1e-12);
        let flat = curve(&items, &[1.0; 4]).unwrap();
        assert!((flat.apgr - 0.5).abs() < 1e-12);
        assert!((flat.share_for_80 - 0.8).abs() < 1e-12);
    }

    #[test]
    fn parses_both_label_kinds() {
        let got = parse_jsonl(
            "{\"prompt\":\"a\",\"weak_ok\":false,\"strong_ok\":true}\n\n{\"prompt\":\"b\",\"weak_score\":3,\"strong_score\":9,\"follow_up\":1}\n",
        )
        .unwrap();
        assert_eq!((got[0].weak, got[0].strong), (0.0, 1.0));
        assert_eq!(
            (got[1].weak, got[1].strong, got[1].follow_up),
            (3.0, 9.0, 1)
        );
        let err = parse_jsonl("{\"prompt\":\"a\",\"weak_ok\":true}").unwrap_err();
        assert!(err.contains("line 1") && err.contains("strong_ok"), "{err}");
    }
}
