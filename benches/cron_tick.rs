//! `pilotdeck cron tick` with 1,000 tasks and nothing due, as a system timer runs it every minute:
//! whole-process wall time. Goal (issue 9): under 20 ms, so ticking every minute costs nothing.
//!
//! Run with `cargo bench --bench cron_tick` (builds the release binary first: `cargo build --release`).
//! Measured 2026-11-30 with a shell loop over the release binary on the shared 2-core dev machine
//! (load average ~10): about 11 ms per tick; `pilotdeck --version` took 6 ms in the same conditions.
//! The tasks are created through the library (`pilotdeck::cron::add`), each on a yearly schedule in a
//! different zone, so every tick evaluates 1,000 schedules and claims nothing.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "support/process.rs"]
mod process;

use process::{pilotdeck_bin, time_run};

use pilotdeck::cron::{AddOptions, CatchUp, When};
use pilotdeck::home::{PilotHome, Project};

const TASKS: usize = 1000;
const RUNS: usize = 100;

fn main() {
    let bin = pilotdeck_bin();
    assert!(
        bin.exists(),
        "build the binary first: cargo build --release ({})",
        bin.display()
    );
    let tmp = tempfile::tempdir().unwrap();
    let home = PilotHome::at(tmp.path().join("home"));
    let project_dir = tmp.path().join("project");
    std::fs::create_dir_all(project_dir.join(".git")).unwrap();
    let project = Project::resolve(&home, &project_dir).unwrap();
    let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Shanghai"];
    for i in 0..TASKS {
        pilotdeck::cron::add(
            &home,
            AddOptions {
                when: When::Cron(format!("{} 3 1 1 *", i % 60)),
                tz: Some(zones[i % zones.len()].to_owned()),
                default_tz: None,
                name: Some(format!("task {i}")),
                project: project.clone(),
                model: None,
                permission_mode: None,
                timeout: None,
                max_cost_usd: None,
                catch_up: CatchUp::Once,
                deliver: None,
                message: "nothing".to_owned(),
            },
        )
        .unwrap();
    }
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        times.push(time_run(&bin, &["cron", "tick"], home.root(), &project_dir));
    }
    times.sort();
    println!(
        "pilotdeck cron tick, {TASKS} tasks, nothing due: median {:.2} ms  p90 {:.2} ms",
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS * 9 / 10].as_secs_f64() * 1e3
    );
}
