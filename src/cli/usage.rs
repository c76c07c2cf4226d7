//! `pilotdeck usage`: what model calls cost, by day, project, model and entry point.

use std::time::Duration;

use clap::Args;

use super::{Context, Outcome};
use crate::router::{self, StatsOptions, StatsRow, UsageReport};

#[derive(Debug, Args)]
pub struct UsageArgs {
    /// Only calls in this recent period: 90s, 10m, 2h, 7d
    #[arg(long, value_name = "DURATION", value_parser = super::args::parse_duration)]
    since: Option<Duration>,
}

pub(super) fn run(ctx: &Context, args: &UsageArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let report = router::usage(&home.router_dir(), &StatsOptions { since: args.since })?;
    if ctx.out.json {
        ctx.out.json(&report)?;
    } else {
        ctx.out.line(&table(&report))?;
    }
    Ok(Outcome::Success)
}

fn table(r: &UsageReport) -> String {
    let row = |name: &str, x: &StatsRow| {
        format!(
            "{name:<40} {:>6} {:>10} {:>10} {:>11.6}",
            x.calls,
            x.usage.input_tokens + x.usage.cache_read_tokens + x.usage.cache_write_tokens,
            x.usage.output_tokens,
            x.cost_usd,
        )
    };
    let mut lines = vec![format!(
        "{:<40} {:>6} {:>10} {:>10} {:>11}",
        "", "calls", "input", "output", "cost $"
    )];
    let groups = [
        ("by day", &r.by_day),
        ("by project", &r.by_project),
        ("by model", &r.by_model),
        ("by entry point", &r.by_entry),
    ];
    for (title, rows) in groups {
        lines.push(title.to_owned());
        lines.extend(rows.iter().map(|(k, v)| row(k, v)));
    }
    lines.push(row("total", &r.total));
    lines.join("\n")
}
