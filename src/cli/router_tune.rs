//! `pilotdeck router eval` and `pilotdeck router calibrate`: how well the offline classifiers route
//! a labelled file, and learned-scorer thresholds fitted to the user's own past prompts.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::{Context, Outcome, UsageError};
use crate::config::{ModelRef, ScorerChoice};
use crate::router::calibrate::{self, Scored, Spend};
use crate::router::eval::{self, Curve};
use crate::router::scorer::{self, Thresholds};
use crate::router::{Router, Tier, heuristic};
use crate::session::{self, Record, Scope, Transcript};

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// JSONL, one `{prompt, weak_ok|weak_score, strong_ok|strong_score[, follow_up]}` a line
    file: PathBuf,
}

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Share of past prompts (0..1) that should go to the strong tiers (reasoning, complex)
    #[arg(long, value_name = "SHARE")]
    strong_share: f64,
    /// Only prompts from this recent period: 7d, 30d, …
    #[arg(long, value_name = "DURATION", value_parser = super::args::parse_duration)]
    since: Option<Duration>,
    /// Print the thresholds without writing them to the config file
    #[arg(long)]
    dry_run: bool,
}

/// `router eval --json`.
#[derive(Debug, Serialize)]
struct EvalReport {
    prompts: usize,
    /// Mean quality if every prompt went to the weak / strong model.
    all_weak: f64,
    all_strong: f64,
    /// The configured offline classifier (`router.tokenSaver.scorer`), whose tiers follow.
    scorer: ScorerChoice,
    /// The learned scorer's score, the heuristic's tier (as 0..3), prompt length, random order.
    learned: Option<Curve>,
    heuristic: Option<Curve>,
    length: Option<Curve>,
    random: Curve,
    /// The learned scorer's thresholds (configured, else its defaults).
    thresholds: Thresholds,
    /// Prompts per tier from the configured classifier.
    tiers: BTreeMap<&'static str, usize>,
    strong_share: f64,
    spend: Option<Spend>,
}

/// `router calibrate --json`.
#[derive(Debug, Serialize)]
struct Calibrated {
    prompts: usize,
    requested_share: f64,
    strong_share: f64,
    /// The configured offline classifier; the thresholds act only with `learned`.
    scorer: ScorerChoice,
    thresholds: Thresholds,
    tiers: BTreeMap<&'static str, usize>,
    spend: Option<Spend>,
    /// The config file written; `None` with `--dry-run`.
    written: Option<PathBuf>,
}

fn choice(router: Option<&Router>) -> ScorerChoice {
    router
        .and_then(|r| r.settings().token_saver.as_ref())
        .map_or(ScorerChoice::default(), |s| s.scorer)
}

fn thresholds(router: Option<&Router>) -> anyhow::Result<Thresholds> {
    router
        .and_then(|r| r.settings().token_saver.as_ref())
        .and_then(|s| s.thresholds)
        .or_else(scorer::default_thresholds)
        .ok_or_else(|| anyhow::anyhow!("the compiled-in scorer weights do not fit this build"))
}

/// The configured router; `None` when no model is configured at all (then there are no tier
/// models to price, and the scorer's default thresholds apply).
fn router(ctx: &Context) -> anyhow::Result<Option<Router>> {
    let home = ctx.home()?;
    let config = ctx.load_config(None)?.config;
    let default_model = config.agent.model.as_deref().and_then(ModelRef::parse);
    match Router::new(&home, &config, default_model.as_ref(), None) {
        Ok(r) => Ok(Some(r)),
        Err(crate::router::Error::NoModel) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

fn mix(tiers: &[Tier]) -> (BTreeMap<&'static str, usize>, f64) {
    let mut out = BTreeMap::new();
    for t in tiers {
        *out.entry(t.as_str()).or_insert(0) += 1;
    }
    let strong = tiers.iter().filter(|t| **t >= Tier::Reasoning).count();
    (out, strong as f64 / tiers.len().max(1) as f64)
}

fn curve_line(name: &str, c: Option<&Curve>) -> String {
    match c {
        Some(c) => format!(
            "{name:<9} APGR {:.3}   strong share for 50% of the gap {:>5.1}%, for 80% {:>5.1}%",
            c.apgr,
            c.share_for_50 * 100.0,
            c.share_for_80 * 100.0
        ),
        None => format!("{name:<9} no gap to recover (the strong model is not better overall)"),
    }
}

fn spend_line(s: Option<&Spend>) -> String {
    match s {
        Some(s) => format!(
            "projected spend ${:.4} vs ${:.4} all on {} ({:.0}% saved; {} output tokens assumed per request)",
            s.routed_usd,
            s.all_strong_usd,
            s.strong_model,
            s.saving * 100.0,
            s.assumed_output_tokens
        ),
        None => "projected spend: unknown (no token saver tiers, or a tier model without a price)"
            .to_owned(),
    }
}

pub(super) fn eval(ctx: &Context, args: &EvalArgs) -> anyhow::Result<Outcome> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| UsageError(format!("{}: {e}", args.file.display())))?;
    let items = eval::parse_jsonl(&text)
        .map_err(|e| UsageError(format!("{}: {e}", args.file.display())))?;
    if items.is_empty() {
        return Err(UsageError(format!("{}: no labelled prompts", args.file.display())).into());
    }
    let router = router(ctx)?;
    let t = thresholds(router.as_ref())?;
    let choice = choice(router.as_ref());
    let learned: Vec<scorer::Scored> = items
        .iter()
        .map(|i| scorer::classify(&i.prompt, i.follow_up, Some(t)))
        .collect();
    let keyword_tiers: Vec<Tier> = items
        .iter()
        .map(|i| heuristic::classify(&i.prompt).tier)
        .collect();
    let scores: Vec<f64> = learned.iter().map(|c| c.score.unwrap_or(0.0)).collect();
    let keyword_scores: Vec<f64> = keyword_tiers.iter().map(|t| *t as u8 as f64).collect();
    let tiers: Vec<Tier> = match choice {
        ScorerChoice::Learned => learned.iter().map(|c| c.tier).collect(),
        ScorerChoice::Heuristic => keyword_tiers,
    };
    let (tier_mix, strong_share) = mix(&tiers);
    let routed: Vec<(&str, Tier)> = items
        .iter()
        .zip(&tiers)
        .map(|(i, t)| (i.prompt.as_str(), *t))
        .collect();
    let n = items.len() as f64;
    let report = EvalReport {
        prompts: items.len(),
        all_weak: items.iter().map(|i| i.weak).sum::<f64>() / n,
        all_strong: items.iter().map(|i| i.strong).sum::<f64>() / n,
        scorer: choice,
        learned: eval::curve(&items, &scores),
        heuristic: eval::curve(&items, &keyword_scores),
        length: eval::curve(&items, &eval::length_scores(&items)),
        random: eval::random_curve(),
        thresholds: t,
        tiers: tier_mix,
        strong_share,
        spend: router
            .as_ref()
            .and_then(|r| calibrate::project_spend(r, &routed)),
    };
    if ctx.out.json {
        ctx.out.json(&report)?;
        return Ok(Outcome::Success);
    }
    ctx.out.line(&format!(
        "{} prompts; mean quality all-weak {:.3}, all-strong {:.3}",
        report.prompts, report.all_weak, report.all_strong
    ))?;
    ctx.out
        .line(&curve_line("learned", report.learned.as_ref()))?;
    ctx.out
        .line(&curve_line("heuristic", report.heuristic.as_ref()))?;
    ctx.out
        .line(&curve_line("length", report.length.as_ref()))?;
    ctx.out.line(&curve_line("random", Some(&report.random)))?;
    let at = match choice {
        ScorerChoice::Learned => format!(
            "learned scorer at thresholds medium {:.3}, reasoning {:.3}",
            t.medium, t.reasoning
        ),
        ScorerChoice::Heuristic => "heuristic (router.tokenSaver.scorer)".to_owned(),
    };
    ctx.out.line(&format!(
        "tiers from the {at}: {} ({:.1}% strong)",
        tier_text(&report.tiers),
        strong_share * 100.0
    ))?;
    ctx.out.line(&spend_line(report.spend.as_ref()))?;
    Ok(Outcome::Success)
}

fn tier_text(tiers: &BTreeMap<&'static str, usize>) -> String {
    Tier::ALL
        .iter()
        .map(|t| format!("{} {}", t.as_str(), tiers.get(t.as_str()).unwrap_or(&0)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The user's past prompts (`(text, earlier user turns)`), newer than `since`.
fn past_prompts(ctx: &Context, since: Option<Duration>) -> anyhow::Result<Vec<(String, u32)>> {
    let home = ctx.home()?;
    let cutoff = since
        .and_then(|d| chrono::Duration::from_std(d).ok())
        .map(|d| chrono::Utc::now() - d);
    let mut out = Vec::new();
    for s in session::list(&home, &Scope::All, usize::MAX)? {
        if cutoff.is_some_and(|c| s.updated_at < c) {
            continue;
        }
        for r in Transcript::open(s.path.clone()).read()? {
            if let Record::User { turn, message, at } = r
                && cutoff.is_none_or(|c| at >= c)
            {
                out.push((message.text(), turn.saturating_sub(1)));
            }
        }
    }
    Ok(out)
}

pub(super) fn calibrate(ctx: &Context, args: &CalibrateArgs) -> anyhow::Result<Outcome> {
    if !(0.0..=1.0).contains(&args.strong_share) {
        return Err(UsageError(format!(
            "--strong-share {} is not a share between 0 and 1 (e.g. 0.3)",
            args.strong_share
        ))
        .into());
    }
    let prompts = past_prompts(ctx, args.since)?;
    let classified: Vec<scorer::Scored> = prompts
        .iter()
        .map(|(p, f)| scorer::classify(p, *f, None))
        .collect();
    let scored: Vec<Scored> = classified
        .iter()
        .map(|c| Scored {
            score: c.score.unwrap_or(0.0),
            complex: c.tier == Tier::Complex,
        })
        .collect();
    let Some(t) = calibrate::thresholds_for_share(&scored, args.strong_share) else {
        return Err(UsageError(
            "no past prompts in the session transcripts (in that period); nothing to calibrate on"
                .to_owned(),
        )
        .into());
    };
    let tiers: Vec<Tier> = classified
        .iter()
        .map(|c| match c.tier {
            Tier::Complex => Tier::Complex,
            _ => scorer::tier_for(c.score.unwrap_or(0.0), t),
        })
        .collect();
    let (tier_mix, strong_share) = mix(&tiers);
    let routed: Vec<(&str, Tier)> = prompts
        .iter()
        .zip(&tiers)
        .map(|((p, _), t)| (p.as_str(), *t))
        .collect();
    let router = router(ctx)?;
    let spend = router
        .as_ref()
        .and_then(|r| calibrate::project_spend(r, &routed));
    let written = if args.dry_run {
        None
    } else {
        let home = ctx.home()?;
        let (file, _) = crate::config::home_config_path(&home, ctx.global.config.as_deref());
        super::router_yaml::set_thresholds(&file, t)?;
        Some(file)
    };
    let report = Calibrated {
        prompts: prompts.len(),
        requested_share: args.strong_share,
        strong_share,
        thresholds: t,
        tiers: tier_mix,
        scorer: choice(router.as_ref()),
        spend,
        written,
    };
    if ctx.out.json {
        ctx.out.json(&report)?;
        return Ok(Outcome::Success);
    }
    ctx.out.line(&format!(
        "{} past prompts: thresholds medium {:.4}, reasoning {:.4} → {} ({:.1}% strong)",
        report.prompts,
        t.medium,
        t.reasoning,
        tier_text(&report.tiers),
        strong_share * 100.0
    ))?;
    ctx.out.line(&spend_line(report.spend.as_ref()))?;
    match &report.written {
        Some(f) => ctx.out.line(&format!(
            "wrote router.tokenSaver.thresholds to {}",
            f.display()
        ))?,
        None => ctx.out.line("--dry-run: nothing written")?,
    }
    if report.scorer == ScorerChoice::Heuristic {
        ctx.out.line(
            "router.tokenSaver.scorer is heuristic: the thresholds take effect with `scorer: learned`",
        )?;
    }
    Ok(Outcome::Success)
}
