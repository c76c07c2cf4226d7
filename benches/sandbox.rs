//! The cost of the OS sandbox per command (run with `cargo bench --bench sandbox`): `/bin/true`
//! started directly with tokio, through `tools::process::run` unconfined (the spawn thread that drops
//! capabilities) and confined (that thread also applying the session's Landlock rules) with the
//! network open (Landlock alone), closed (Landlock + the seccomp filter) and per-host (Landlock, the
//! proxy's port layer and the TCP-only seccomp filter), and the one-time cost of building a
//! session's sandbox. Reports medians; no assertions.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "a bench binary reports on stdout, fails loudly and starts its baseline child directly"
)]

use std::time::{Duration, Instant};

use pilotdeck::config::{NetworkSetting, SandboxConfig};
use pilotdeck::tools::permission::PermissionMode;
use pilotdeck::tools::process::{self, CommandSpec, RunOptions};
use pilotdeck::tools::sandbox::{Request, Sandbox};
use tokio_util::sync::CancellationToken;

const RUNS: usize = 300;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

async fn time_runs(spec: &CommandSpec) -> Duration {
    let mut samples = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        process::run(spec, options()).await.unwrap();
        samples.push(t.elapsed());
    }
    median(samples)
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
        hidden: pilotdeck::tools::sandbox::secret_locations(
            &pilotdeck::config::Config::default(),
            Some(home.path()),
            [project.path().to_owned()],
        ),
        unattended: true,
        allow_network: false,
        lock_dir: Some(home.path().join("locks")),
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
    let free = time_runs(&spec).await;
    let confined = time_runs(&spec.clone().sandbox(Some(sandbox))).await;
    let open = Sandbox::for_session(&Request {
        allow_network: true,
        ..request.clone()
    })
    .unwrap();
    let open = time_runs(&spec.clone().sandbox(open)).await;
    let host_settings = SandboxConfig {
        network: Some(NetworkSetting::Hosts(vec!["crates.io".to_owned()])),
        ..SandboxConfig::default()
    };
    let hosts = Sandbox::for_session(&Request {
        settings: &host_settings,
        ..request.clone()
    })
    .unwrap();
    let hosts = time_runs(&spec.clone().sandbox(hosts)).await;
    let direct = median(direct);
    println!(
        "sandbox build per session (workspace-write, HOME with .ssh): median {:?}",
        median(builds)
    );
    println!("/bin/true, tokio Command directly:        median {direct:?} ({RUNS} runs)");
    println!("/bin/true, process::run unconfined:       median {free:?}");
    println!("/bin/true, sandbox, network open:         median {open:?} (Landlock)");
    println!("/bin/true, sandbox, network closed:       median {confined:?} (Landlock + seccomp)");
    println!("/bin/true, sandbox, per-host network:     median {hosts:?} (+ proxy port layer)");
    println!(
        "added per command by the sandbox (network closed): {:?} over unconfined, {:?} over a \
         direct spawn (goal < 1 ms); by the seccomp filter: {:?}",
        confined.saturating_sub(free),
        confined.saturating_sub(direct),
        confined.saturating_sub(open)
    );
}
