//! The cost of the protected-path guard per workspace-write `bash` command (run with `cargo bench
//! --profile dev --bench guard`): a project of 2,059 directories below its root (29 with 70 each,
//! a file in each, and an ignored `target/`), one session's sandbox, and its snapshot before and
//! restore after a command — alone (the guard's own cost), around a confined `/bin/true` (what a
//! `bash true` call pays), and for a session's first command; and the `/proc` scan after each
//! confined command (`process::reap_adopted`). Reports medians; no assertions.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a bench binary reports on stdout and fails loudly"
)]

use std::path::Path;
use std::time::{Duration, Instant};

use pilotdeck::config::SandboxConfig;
use pilotdeck::tools::permission::PermissionMode;
use pilotdeck::tools::process::{self, CommandSpec, RunOptions};
use pilotdeck::tools::sandbox::{Confinement, Request, Sandbox};
use tokio_util::sync::CancellationToken;

const RUNS: usize = 40;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// 29 directories of 70 below `root`, each with a source file; `target/` ignored.
fn project(root: &Path) {
    git2::Repository::init(root).unwrap();
    pilotdeck::store::write_atomic(&root.join(".gitignore"), b"/target/\n").unwrap();
    for i in 0..29 {
        for j in 0..70 {
            let dir = root.join(format!("crate{i}/mod{j}"));
            std::fs::create_dir_all(&dir).unwrap();
            pilotdeck::store::write_atomic(&dir.join("lib.rs"), b"fn f() {}\n").unwrap();
        }
    }
    for k in 0..200 {
        std::fs::create_dir_all(root.join(format!("target/debug/deps{k}"))).unwrap();
    }
}

fn session(root: &Path, home: &Path) -> Confinement {
    let settings = SandboxConfig::default();
    let request = Request {
        mode: PermissionMode::WorkspaceWrite,
        roots: vec![root.to_owned()],
        settings: &settings,
        hidden: pilotdeck::tools::sandbox::secret_locations(
            &pilotdeck::config::Config::default(),
            Some(home),
            [root.to_owned()],
        ),
        unattended: true,
        allow_network: false,
        lock_dir: Some(home.join("locks")),
    };
    Sandbox::for_session(&request)
        .unwrap()
        .expect("Landlock is available")
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let home = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    project(&root);
    // The listing trusts a directory's unchanged status only once its ctime is a little old.
    tokio::time::sleep(Duration::from_secs(3)).await;

    let mut first = Vec::new();
    for _ in 0..5 {
        let sandbox = session(&root, home.path());
        let t = Instant::now();
        let snapshot = sandbox.snapshot().unwrap();
        assert!(sandbox.restore(snapshot).is_empty());
        first.push(t.elapsed());
    }
    let sandbox = session(&root, home.path());
    let mut alone = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let snapshot = sandbox.snapshot().unwrap();
        assert!(sandbox.restore(snapshot).is_empty());
        alone.push(t.elapsed());
    }
    let spec = CommandSpec::new("/bin/true").sandbox(Some(sandbox.clone()));
    let options = || RunOptions {
        stdin: None,
        timeout: None,
        cancel: CancellationToken::new(),
        output_limit: 1000,
    };
    let mut bare = Vec::new();
    let mut guarded = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        process::run(&spec, options()).await.unwrap();
        bare.push(t.elapsed());
        let t = Instant::now();
        let snapshot = sandbox.snapshot().unwrap();
        process::run(&spec, options()).await.unwrap();
        assert!(sandbox.restore(snapshot).is_empty());
        guarded.push(t.elapsed());
    }
    println!(
        "guard, 2,059 directories, session's first command: median {:?}",
        median(first)
    );
    println!(
        "guard, 2,059 directories, snapshot + restore:      median {:?} ({RUNS} runs)",
        median(alone)
    );
    println!(
        "/bin/true confined, no guard:                      median {:?}",
        median(bare)
    );
    println!(
        "/bin/true confined with the guard (a `bash true`): median {:?}",
        median(guarded)
    );
}
