//! `pilotdeck router decide` and `pilotdeck router stats`: the routing decision for a prompt, and
//! the spend recorded in `<home>/router/stats.jsonl`.

use std::time::Duration;

use clap::{Args, Subcommand};
use tokio_util::sync::CancellationToken;

use super::{Context, Outcome};
use crate::router::{self, DecideOptions, Decision, StatsOptions, StatsReport, StatsRow};

#[derive(Debug, Subcommand)]
pub enum RouterCommand {
    /// Print which tier and model a prompt would be routed to
    ///
    /// Runs the same decision chain as `run` (explicit → scenario → sticky → judge or heuristic →
    /// default tier) with the same config and sticky state. Records nothing but a judge call's cost.
    Decide(DecideArgs),
    /// Total the recorded spend by model and tier, and the saving against the baseline model
    Stats(StatsArgs),
    /// Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines
    ///
    /// FILE is JSONL, one `{prompt, weak_ok|weak_score, strong_ok|strong_score[, follow_up]}` a
    /// line. APGR is the area under the performance-gap-recovered curve (0.5 = random, 1 = perfect),
    /// for the learned scorer, the heuristic's tiers, prompt length and random order.
    Eval(super::router_tune::EvalArgs),
    /// Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers
    ///
    /// Scores the user prompts in your session transcripts with the learned scorer, writes the
    /// thresholds to the home config file and prints the projected spend against sending everything
    /// to the reasoning tier's model. They act when router.tokenSaver.scorer is `learned`.
    Calibrate(super::router_tune::CalibrateArgs),
}

#[derive(Debug, Args)]
pub struct DecideArgs {
    /// The prompt; `-` or nothing reads it from stdin
    prompt: Option<String>,
    /// Decide as a request of this session (sticky tier, short continuations)
    #[arg(long, value_name = "ID")]
    session: Option<String>,
    /// Never call the judge model; use the offline classifier (router.tokenSaver.scorer)
    #[arg(long)]
    offline: bool,
    /// Also print the classifier signals, the judge call and the fallback chain
    #[arg(long)]
    explain: bool,
    /// Decide as if -m provider/model were given
    #[arg(short, long, value_name = "MODEL")]
    model: Option<String>,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only calls in this recent period: 90s, 10m, 2h, 7d
    #[arg(long, value_name = "DURATION", value_parser = super::args::parse_duration)]
    since: Option<Duration>,
}

pub(super) async fn run(ctx: &Context, cmd: RouterCommand) -> anyhow::Result<Outcome> {
    match cmd {
        RouterCommand::Decide(args) => decide(ctx, args).await,
        RouterCommand::Stats(args) => stats(ctx, &args),
        RouterCommand::Eval(args) => super::router_tune::eval(ctx, &args),
        RouterCommand::Calibrate(args) => super::router_tune::calibrate(ctx, &args),
    }
}

async fn decide(ctx: &Context, args: DecideArgs) -> anyhow::Result<Outcome> {
    let text = super::run::read_prompt(args.prompt.as_deref())?;
    let home = ctx.home()?;
    let loaded = ctx.load_config(None)?;
    let explicit = match &args.model {
        // As `run -m`: a model the configuration cannot reach is a usage error.
        Some(m) => Some(
            loaded
                .config
                .resolve_model(m)
                .map_err(|e| super::UsageError(e.to_string()))?
                .0,
        ),
        None => None,
    };
    let opts = DecideOptions {
        session: args.session.clone(),
        turn: None,
        text,
        explicit,
        offline: args.offline,
        ..DecideOptions::default()
    };
    let decision =
        router::decide_once(&home, &loaded.config, &opts, &CancellationToken::new()).await?;
    if ctx.out.json {
        ctx.out.json(&decision)?;
    } else {
        ctx.out
            .line(&crate::terminal::inert(&human(&decision, args.explain)))?;
    }
    Ok(Outcome::Success)
}

fn human(d: &Decision, explain: bool) -> String {
    let mut s = format!(
        "{}\t{}/{}\t{}: {}",
        d.tier.as_deref().unwrap_or("-"),
        d.provider,
        d.model,
        d.resolved_from.as_str(),
        d.reason
    );
    if explain {
        if !d.signals.is_empty() {
            s.push_str(&format!("\nsignals: {}", d.signals.join(", ")));
        }
        match &d.judge {
            Some(j) => s.push_str(&format!(
                "\njudge: {}/{} {} in {} ms ({} attempt(s)){}",
                j.provider,
                j.model,
                j.outcome,
                j.latency_ms,
                j.attempts,
                j.cost_usd.map(|c| format!(", ${c:.6}")).unwrap_or_default()
            )),
            None => s.push_str("\njudge: not called"),
        }
        let chain = if d.fallbacks.is_empty() {
            "none".to_owned()
        } else {
            d.fallbacks.join(" → ")
        };
        s.push_str(&format!(
            "\nfallbacks: {chain}\ndecided in {} ms",
            d.latency_ms
        ));
    }
    s
}

fn stats(ctx: &Context, args: &StatsArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let report = router::stats(&home.router_dir(), &StatsOptions { since: args.since })?;
    if ctx.out.json {
        ctx.out.json(&report)?;
    } else {
        ctx.out.line(&table(&report))?;
    }
    Ok(Outcome::Success)
}

fn table(r: &StatsReport) -> String {
    let row = |name: &str, x: &StatsRow| {
        format!(
            "{name:<40} {:>6} {:>10} {:>10} {:>11.6} {:>11.6}",
            x.calls,
            x.usage.input_tokens + x.usage.cache_read_tokens + x.usage.cache_write_tokens,
            x.usage.output_tokens,
            x.cost_usd,
            x.saving_usd
        )
    };
    let header = format!(
        "{:<40} {:>6} {:>10} {:>10} {:>11} {:>11}",
        "", "calls", "input", "output", "cost $", "saved $"
    );
    let mut lines = vec![format!("{header}\nby model")];
    lines.extend(r.by_model.iter().map(|(k, v)| row(k, v)));
    lines.push("by tier".to_owned());
    lines.extend(r.by_tier.iter().map(|(k, v)| row(k, v)));
    lines.push("by role".to_owned());
    lines.extend(r.by_role.iter().map(|(k, v)| row(k, v)));
    lines.push(row("total", &r.total));
    lines.join("\n")
}
