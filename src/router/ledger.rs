//! The router's logs: `<home>/router/events.jsonl` (one line per decision, fallback, retry and
//! judge failure) and `<home>/router/stats.jsonl` (one line per model call with usage and cost),
//! plus [`stats`], the totals behind `pilotdeck router stats`.
//!
//! Both files are append-only JSONL written one whole line per `write` (`store::append_line`). A
//! failed append is logged and never fails the call it describes: accounting must not break work.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::decide::Decision;
use super::error::Error;
use crate::model::Usage;

/// Who made a model call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallRole {
    Main,
    /// A sub-agent's call (the `agent` tool).
    Subagent,
    Judge,
    Title,
    Compaction,
    Memory,
}

/// One model call, as a line of `stats.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatsRecord {
    pub at: DateTime<Utc>,
    pub session: Option<String>,
    pub turn: Option<u32>,
    pub role: CallRole,
    pub tier: Option<String>,
    pub provider: String,
    pub model: String,
    pub usage: Usage,
    pub cost_usd: Option<f64>,
    /// What the same usage would have cost on the baseline model.
    pub baseline_cost_usd: Option<f64>,
    pub latency_ms: u64,
    /// `ok`, or the error code of a failed call.
    pub outcome: String,
    /// The entry point that made the call (`run`, `chat`, `cron`, `always-on`, `mcp-serve`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    /// The project's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
}

/// One line of `events.jsonl`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RouterEvent<'a> {
    Decision {
        at: DateTime<Utc>,
        session: Option<&'a str>,
        turn: Option<u32>,
        decision: &'a Decision,
    },
    Fallback {
        at: DateTime<Utc>,
        session: Option<&'a str>,
        from: String,
        to: String,
        error: String,
    },
    ZeroUsageRetry {
        at: DateTime<Utc>,
        session: Option<&'a str>,
        model: String,
        attempt: u32,
    },
    CircuitSkip {
        at: DateTime<Utc>,
        session: Option<&'a str>,
        model: String,
    },
}

/// Appends `record` to `path`, logging (not returning) a failure.
pub fn append<T: Serialize>(path: &Path, record: &T) {
    if let Err(e) = crate::store::append_line(path, record) {
        tracing::warn!(error = %e, "cannot write the router log");
    }
}

/// What `router stats` totals.
#[derive(Debug, Clone, Default)]
pub struct StatsOptions {
    /// Only calls newer than this.
    pub since: Option<Duration>,
}

/// Totals for one model or tier.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct StatsRow {
    pub calls: u64,
    pub failed: u64,
    pub usage: Usage,
    pub cost_usd: f64,
    pub baseline_cost_usd: f64,
    /// `baseline_cost_usd − cost_usd`, over calls whose both prices are known.
    pub saving_usd: f64,
}

impl StatsRow {
    pub(super) fn add(&mut self, r: &StatsRecord) {
        self.calls += 1;
        self.failed += u64::from(r.outcome != "ok");
        self.usage.add(&r.usage);
        let cost = r.cost_usd.unwrap_or(0.0);
        self.cost_usd += cost;
        if let Some(base) = r.baseline_cost_usd {
            self.baseline_cost_usd += base;
            if r.cost_usd.is_some() {
                self.saving_usd += base - cost;
            }
        }
    }
}

/// Spend by model, by tier and in total.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct StatsReport {
    pub since: Option<DateTime<Utc>>,
    pub total: StatsRow,
    pub by_model: BTreeMap<String, StatsRow>,
    pub by_tier: BTreeMap<String, StatsRow>,
    pub by_role: BTreeMap<String, StatsRow>,
    /// Torn or unreadable lines that were skipped.
    pub skipped_lines: usize,
}

/// The records of `<router_dir>/stats.jsonl` within `opts.since`, as of when; and how many torn
/// or unreadable lines were skipped.
pub(super) struct Window {
    pub(super) since: Option<DateTime<Utc>>,
    pub(super) records: Vec<StatsRecord>,
    pub(super) skipped: usize,
}

pub(super) fn window(router_dir: &Path, opts: &StatsOptions) -> Result<Window, Error> {
    let path = router_dir.join("stats.jsonl");
    let since = opts
        .since
        .and_then(|d| chrono::Duration::from_std(d).ok())
        .map(|d| Utc::now() - d);
    if !path.exists() {
        return Ok(Window {
            since,
            records: Vec::new(),
            skipped: 0,
        });
    }
    let read = crate::store::read_lines::<StatsRecord>(&path).map_err(|source| Error::State {
        path: path.clone(),
        source,
    })?;
    Ok(Window {
        since,
        skipped: read.skipped.len(),
        records: read
            .records
            .into_iter()
            .filter(|r| since.is_none_or(|s| r.at >= s))
            .collect(),
    })
}

/// Totals `<router_dir>/stats.jsonl`.
pub fn stats(router_dir: &Path, opts: &StatsOptions) -> Result<StatsReport, Error> {
    let window = window(router_dir, opts)?;
    let mut report = StatsReport {
        since: window.since,
        skipped_lines: window.skipped,
        ..StatsReport::default()
    };
    for r in &window.records {
        report.total.add(r);
        report
            .by_model
            .entry(format!("{}/{}", r.provider, r.model))
            .or_default()
            .add(r);
        report
            .by_tier
            .entry(r.tier.clone().unwrap_or_else(|| "-".to_owned()))
            .or_default()
            .add(r);
        let role = serde_json::to_value(r.role)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        report.by_role.entry(role).or_default().add(r);
    }
    Ok(report)
}
