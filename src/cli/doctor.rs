//! `pilotdeck doctor` and `pilotdeck doctor --deep [--repair]`.

use std::path::Path;

use clap::Args;
use serde::Serialize;

use super::{Context, Outcome};
use crate::doctor::deep::{self, CheckReport, DeepContext, Severity};
use crate::doctor::{self, Check, Status};
use crate::memory::Memory;

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// Check the consistency of PilotHome's state instead of the installation: transcripts parse,
    /// the session index matches them, memory catalogs match their notes, no claim is held by a
    /// dead process, state.db passes integrity_check, no stale lock or stage is left, no always-on
    /// workspace, worktree or branch is orphaned
    #[arg(long)]
    pub deep: bool,
    /// With --deep: fix what can be fixed without losing anything
    #[arg(long, requires = "deep")]
    pub repair: bool,
}

/// `doctor --json`.
#[derive(Debug, Serialize)]
struct Checked<'a> {
    ok: bool,
    home: &'a Path,
    checks: &'a [Check],
}

/// `doctor --deep --json`.
#[derive(Debug, Serialize)]
struct DeepChecked<'a> {
    ok: bool,
    home: &'a Path,
    repair: bool,
    checks: &'a [CheckReport],
}

pub(super) async fn run(ctx: &Context, args: &DoctorArgs) -> anyhow::Result<Outcome> {
    if args.deep {
        return run_deep(ctx, args.repair).await;
    }
    let home = ctx.home()?;
    let loaded = ctx.load_config_quiet(None)?;
    let checks = doctor::run(&home, loaded.as_ref()).await;
    let failed = checks.iter().any(|c| c.status == Status::Fail);
    if ctx.out.json {
        ctx.out.json(&Checked {
            ok: !failed,
            home: home.root(),
            checks: &checks,
        })?;
    } else {
        for c in &checks {
            let mark = match c.status {
                Status::Ok => ctx.out.paint("32", "ok  "),
                Status::Warn => ctx.out.paint("33", "warn"),
                Status::Fail => ctx.out.paint("31", "FAIL"),
            };
            ctx.out
                .line(&format!("{mark}  {:<18} {}", c.name, c.detail))?;
        }
    }
    Ok(Outcome::failed_if(failed))
}

async fn run_deep(ctx: &Context, repair: bool) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    // A broken config must not stop a consistency check: fall back to the defaults (the memory
    // layout is the only setting it reads).
    let config = match ctx.load_config_quiet(None)? {
        Ok(loaded) => loaded.config,
        Err(_) => crate::config::Config::default(),
    };
    let deep_ctx = DeepContext {
        memory: Memory::new(&home, &config),
        home: home.clone(),
        config,
        repair,
    };
    let reports = tokio::task::spawn_blocking(move || deep::run(&deep_ctx)).await?;
    let problems = reports.iter().flat_map(|r| &r.problems);
    let failing = problems.clone().filter(|p| p.fails()).count();
    let repaired = problems.clone().filter(|p| p.repaired).count();
    let total = problems.count();
    if ctx.out.json {
        ctx.out.json(&DeepChecked {
            ok: failing == 0,
            home: home.root(),
            repair,
            checks: &reports,
        })?;
    } else {
        for report in &reports {
            if report.problems.is_empty() {
                ctx.out
                    .line(&format!("{}  {}", ctx.out.paint("32", "ok  "), report.name))?;
            }
            for p in &report.problems {
                let mark = match (p.repaired, p.severity) {
                    (true, _) => ctx.out.paint("32", "done"),
                    (false, Severity::Fail) => ctx.out.paint("31", "FAIL"),
                    (false, Severity::Warn) => ctx.out.paint("33", "warn"),
                };
                ctx.out.line(&format!(
                    "{mark}  {:<16} {}: {}",
                    report.name, p.subject, p.detail
                ))?;
                match (&p.repair, p.repaired) {
                    (Some(what), true) => ctx.out.line(&format!("      repaired: {what}"))?,
                    (Some(what), false) => ctx.out.line(&format!("      --repair: {what}"))?,
                    (None, _) => {}
                }
            }
        }
        ctx.out.line(&format!(
            "{total} problem(s), {repaired} repaired, {failing} failing"
        ))?;
    }
    Ok(Outcome::failed_if(failing > 0))
}
