//! [`usage`]: spend by day, project, model and entry point, from `stats.jsonl` (every model call
//! the router accounts: the agent's turns, failed and recovered calls included, titles, summaries,
//! the judge). Behind `pilotdeck usage`.

use std::collections::BTreeMap;
use std::path::Path;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::error::Error;
use super::ledger::{StatsOptions, StatsRow, window};

/// Spend grouped four ways; rows are keyed by UTC day (`2026-12-01`), project key, `provider/model`
/// and entry point (`run`, `chat`, `cron`, `always-on`, `mcp-serve`; `-` when not recorded).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct UsageReport {
    pub since: Option<DateTime<Utc>>,
    pub total: StatsRow,
    pub by_day: BTreeMap<String, StatsRow>,
    pub by_project: BTreeMap<String, StatsRow>,
    pub by_model: BTreeMap<String, StatsRow>,
    pub by_entry: BTreeMap<String, StatsRow>,
    /// Torn or unreadable lines that were skipped.
    pub skipped_lines: usize,
}

/// Totals `<router_dir>/stats.jsonl` by day, project, model and entry point.
pub fn usage(router_dir: &Path, opts: &StatsOptions) -> Result<UsageReport, Error> {
    let window = window(router_dir, opts)?;
    let mut report = UsageReport {
        since: window.since,
        skipped_lines: window.skipped,
        ..UsageReport::default()
    };
    let unknown = || "-".to_owned();
    for r in &window.records {
        report.total.add(r);
        let keys = [
            (&mut report.by_day, r.at.format("%Y-%m-%d").to_string()),
            (
                &mut report.by_project,
                r.project.clone().unwrap_or_else(unknown),
            ),
            (&mut report.by_model, format!("{}/{}", r.provider, r.model)),
            (
                &mut report.by_entry,
                r.entry.clone().unwrap_or_else(unknown),
            ),
        ];
        for (map, key) in keys {
            map.entry(key).or_default().add(r);
        }
    }
    Ok(report)
}
