//! The gates a tick passes before it does any work, in order; the first closed one wins:
//! `disabled` → `project_missing` → `dormant` → `agent_busy` → `recent_user_msg` → `cooldown` →
//! `daily_budget` → `lock_held` → `cycle_full`.
//!
//! `--force` skips the time gates (`dormant`, `recent_user_msg`, `cooldown`, `daily_budget`) but
//! never `agent_busy`, the lock or `cycle_full`. A tick checks [`static_gates`], then
//! [`before_lock`], takes the lock ([`super::lock::take`]), then checks [`under_lock`]; `status`
//! ([`super::review`]) checks the same gates without waking a project or taking the lock.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::Error;
use super::db::{Cycle, Db, now_ms};
use super::events::{PhaseEvent, emit};
use super::fingerprint::{IgnoreSet, fingerprint};
use super::paths::Paths;
use crate::config::AlwaysOnConfig;
use crate::home::{ProjectKey, expand_tilde};

/// One gate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Gate {
    Disabled,
    ProjectMissing,
    Dormant,
    AgentBusy,
    RecentUserMsg,
    Cooldown,
    DailyBudget,
    LockHeld,
    CycleFull,
}

impl Gate {
    pub fn as_str(self) -> &'static str {
        match self {
            Gate::Disabled => "disabled",
            Gate::ProjectMissing => "project_missing",
            Gate::Dormant => "dormant",
            Gate::AgentBusy => "agent_busy",
            Gate::RecentUserMsg => "recent_user_msg",
            Gate::Cooldown => "cooldown",
            Gate::DailyBudget => "daily_budget",
            Gate::LockHeld => "lock_held",
            Gate::CycleFull => "cycle_full",
        }
    }
}

/// A closed gate and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Closed {
    pub gate: Gate,
    pub reason: String,
}

fn closed(gate: Gate, reason: String) -> Option<Closed> {
    Some(Closed { gate, reason })
}

/// A project a tick is for; its directory may be gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub root: PathBuf,
    pub key: ProjectKey,
}

/// The `alwaysOn.projects` entry for `root`, matched on the canonical path.
pub fn project_entry<'a>(
    cfg: &'a AlwaysOnConfig,
    root: &Path,
) -> Option<(&'a String, &'a crate::config::AlwaysOnProject)> {
    cfg.projects.iter().find(|(path, _)| {
        let p = expand_tilde(path);
        p == root || p.canonicalize().is_ok_and(|c| c == root)
    })
}

/// `disabled` and `project_missing`.
pub fn static_gates(cfg: &AlwaysOnConfig, target: &Target) -> Option<Closed> {
    if !cfg.enabled {
        return closed(
            Gate::Disabled,
            "alwaysOn.enabled is false; turn it on with `pilotdeck always-on enable`".to_owned(),
        );
    }
    match project_entry(cfg, &target.root) {
        Some((_, p)) if p.enabled => {}
        Some(_) => {
            return closed(
                Gate::Disabled,
                format!(
                    "{} is disabled in alwaysOn.projects; `pilotdeck always-on enable -C DIR` turns it on",
                    target.root.display()
                ),
            );
        }
        None => {
            return closed(
                Gate::Disabled,
                format!(
                    "{} is not in alwaysOn.projects; `pilotdeck always-on enable -C DIR` adds it",
                    target.root.display()
                ),
            );
        }
    }
    if !target.root.is_dir() {
        return closed(
            Gate::ProjectMissing,
            format!(
                "the project directory {} does not exist",
                target.root.display()
            ),
        );
    }
    None
}

/// The dormancy check's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dormancy {
    /// Not dormant (or dormancy is off, or `--force`).
    Awake,
    /// Dormant and nothing changed.
    Asleep(Closed),
    /// Dormant, and the files changed since the baseline: wake up.
    Changed,
}

pub fn dormancy(
    db: &Db,
    cfg: &AlwaysOnConfig,
    target: &Target,
    force: bool,
) -> Result<Dormancy, Error> {
    if force || !cfg.dormancy.enabled {
        return Ok(Dormancy::Awake);
    }
    let state = db.project_state(&target.key)?;
    let (Some(since), Some(baseline)) = (state.dormant_since, state.fingerprint) else {
        return Ok(Dormancy::Awake);
    };
    let ignore = IgnoreSet::new(&cfg.dormancy.ignore_globs)?;
    if fingerprint(&target.root, &ignore) != baseline {
        return Ok(Dormancy::Changed);
    }
    Ok(Dormancy::Asleep(Closed {
        gate: Gate::Dormant,
        reason: format!(
            "dormant since {} (the last run found nothing to do) and no file changed since",
            format_ms(since)
        ),
    }))
}

/// The gates a tick checks before the lock, after the static ones: dormancy — a dormant project
/// whose files changed wakes (its dormancy is cleared and `woke` recorded) — then the activity
/// gates.
pub fn before_lock(
    db: &mut Db,
    cfg: &AlwaysOnConfig,
    target: &Target,
    paths: &Paths,
    force: bool,
) -> Result<Option<Closed>, Error> {
    match dormancy(db, cfg, target, force)? {
        Dormancy::Asleep(closed) => return Ok(Some(closed)),
        Dormancy::Changed => {
            db.clear_dormant(&target.key)?;
            emit(paths, PhaseEvent::new(&target.key, None, "woke"));
        }
        Dormancy::Awake => {}
    }
    activity_gates(db, cfg, paths, force)
}

/// The gates a tick checks under the lock: the activity gates again (a tick that finished
/// meanwhile started a cooldown), then `cycle_full`.
pub fn under_lock(
    db: &Db,
    cfg: &AlwaysOnConfig,
    paths: &Paths,
    force: bool,
) -> Result<Option<Closed>, Error> {
    if let Some(closed) = activity_gates(db, cfg, paths, force)? {
        return Ok(Some(closed));
    }
    cycle_gate(db, cfg, paths.key())
}

/// `agent_busy`, then (unless forced) `recent_user_msg`, `cooldown` and `daily_budget` (runs, then
/// `dailyBudgetUsd`: a forced tick still stops at the USD cap, in its first model call).
pub fn activity_gates(
    db: &Db,
    cfg: &AlwaysOnConfig,
    paths: &Paths,
    force: bool,
) -> Result<Option<Closed>, Error> {
    let key = paths.key();
    let now = now_ms();
    let trigger = &cfg.trigger;
    let stale = i64::from(trigger.heartbeat_stale_seconds) * 1000;
    if let Some(lease) = db
        .open_leases(key)?
        .into_iter()
        .find(|l| l.busy && now - l.heartbeat_at <= stale && crate::store::pid_alive(l.pid))
    {
        return Ok(closed(
            Gate::AgentBusy,
            format!(
                "a `pilotdeck {}` (pid {}) is working in this project",
                lease.kind, lease.pid
            ),
        ));
    }
    if force {
        return Ok(None);
    }
    let recent = i64::from(trigger.recent_user_msg_minutes) * 60_000;
    if let Some(at) = db.last_user_message(key)?
        && now - at < recent
    {
        return Ok(closed(
            Gate::RecentUserMsg,
            format!(
                "the user wrote at {} (less than recentUserMsgMinutes = {} ago)",
                format_ms(at),
                trigger.recent_user_msg_minutes
            ),
        ));
    }
    let cooldown = i64::from(trigger.cooldown_minutes) * 60_000;
    if let Some(at) = db.last_finished(key)?
        && now - at < cooldown
    {
        return Ok(closed(
            Gate::Cooldown,
            format!(
                "the last run finished at {}; cooldownMinutes = {}, next run after {}",
                format_ms(at),
                trigger.cooldown_minutes,
                format_ms(at + cooldown)
            ),
        ));
    }
    let used = db.runs_since(key, utc_midnight_ms(now))?;
    if used >= trigger.daily_budget {
        return Ok(closed(
            Gate::DailyBudget,
            format!(
                "{used} runs today (UTC) of dailyBudget = {}",
                trigger.daily_budget
            ),
        ));
    }
    if let Some(cap) = trigger.daily_budget_usd {
        let spent = super::execute::spent_today(&paths.runs_dir());
        if spent >= cap {
            return Ok(closed(
                Gate::DailyBudget,
                format!("${spent:.4} spent today (UTC) of dailyBudgetUsd = ${cap}"),
            ));
        }
    }
    Ok(None)
}

/// `cycle_full`: the active work cycle already holds `maxPlansPerCycle` plans.
pub fn cycle_gate(
    db: &Db,
    cfg: &AlwaysOnConfig,
    key: &ProjectKey,
) -> Result<Option<Closed>, Error> {
    let Some(cycle) = db.active_cycle(key)? else {
        return Ok(None);
    };
    let plans = db.plans_in_cycle(&cycle.id)?;
    let max = cfg.workspace.max_plans_per_cycle;
    Ok((plans >= max).then(|| cycle_full(&cycle, plans, max)))
}

fn cycle_full(cycle: &Cycle, plans: u32, max: u32) -> Closed {
    Closed {
        gate: Gate::CycleFull,
        reason: format!(
            "the active workspace {} holds {plans} plans (maxPlansPerCycle = {max}); apply or \
             discard them (`pilotdeck always-on plans`)",
            cycle.path.display()
        ),
    }
}

/// Runs left today under the daily budget.
pub fn budget_left(db: &Db, cfg: &AlwaysOnConfig, key: &ProjectKey) -> Result<u32, Error> {
    let used = db.runs_since(key, utc_midnight_ms(now_ms()))?;
    Ok(cfg.trigger.daily_budget.saturating_sub(used))
}

fn utc_midnight_ms(now: i64) -> i64 {
    now - now.rem_euclid(86_400_000)
}

/// A Unix-ms time as RFC 3339 (UTC, seconds).
pub fn format_ms(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default()
}
