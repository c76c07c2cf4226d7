//! The cost of the OS sandbox per command (run with `cargo bench --bench sandbox`): `/bin/true`
//! started directly with tokio, through `tools::process::run` unconfined (the spawn thread that drops
//! capabilities) and confined (that thread also applying the session's Landlock rules), and the
//! one-time cost of building a session's sandbox. Reports medians; no assertions.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "a bench binary reports on stdout, fails loudly and starts its baseline child directly"
)]

use std::time::{Duration, Instant};

use pilotdeck::config::SandboxConfig;
use pilotdeck::tools::permission::PermissionMode;
use pilotdeck::tools::process::{self, CommandSpec, RunOptions};
use pilotdeck::tools::sandbox::{Request, Sandbox};
use tokio_util::sync::CancellationToken;

const RUNS: usize = 300;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn options() -> RunOptions {
    RunOptions {
        stdin: None,
        timeout: None,
        cancel: CancellationToken::new(),
        output_limit: 1000,
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let home = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(home.path().join(".ssh")).unwrap();
    let project = tempfile::tempdir().unwrap();
    let settings = SandboxConfig::default();
    let request = Request {
        mode: PermissionMode::WorkspaceWrite,
        roots: vec![project.path().canonicalize().unwrap()],
        settings: &settings,
        hidden: pilotdeck::tools::sandbox::secret_locations(&settings, Some(home.path())),
        unattended: true,
        allow_network: false,
    };
    let mut builds = Vec::new();
    let mut sandbox = None;
    for _ in 0..20 {
        let t = Instant::now();
        sandbox = Sandbox::for_session(&request).unwrap();
        builds.push(t.elapsed());
    }
    let sandbox = sandbox.expect("Landlock is available");

    let mut direct = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        tokio::process::Command::new("/bin/true")
            .status()
            .await
            .unwrap();
        direct.push(t.elapsed());
    }
    let spec = CommandSpec::new("/bin/true");
    let mut free = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        process::run(&spec, options()).await.unwrap();
        free.push(t.elapsed());
    }
    let confined_spec = spec.clone().sandbox(Some(sandbox));
    let mut confined = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        process::run(&confined_spec, options()).await.unwrap();
        confined.push(t.elapsed());
    }
    let (direct, free, confined) = (median(direct), median(free), median(confined));
    println!(
        "sandbox build per session (workspace-write, HOME with .ssh): median {:?}",
        median(builds)
    );
    println!("/bin/true, tokio Command directly:        median {direct:?} ({RUNS} runs)");
    println!("/bin/true, process::run unconfined:       median {free:?}");
    println!("/bin/true, process::run in the sandbox:   median {confined:?}");
    println!(
        "added per command by the sandbox: {:?} over unconfined, {:?} over a direct spawn (goal < 1 ms)",
        confined.saturating_sub(free),
        confined.saturating_sub(direct)
    );
}
