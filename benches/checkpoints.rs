//! What checkpoints cost around a `bash` command (run with `cargo bench --bench checkpoints`): a
//! generated project of 3,000 files (~15 MB) plus a .gitignore'd build directory, once as a git
//! repository with everything committed and once as a plain directory. Reports the median of
//! several runs of the scan alone, of the scan before a command (cold: the session's first
//! command; warm: the next ones) and of the scan after it with one file changed. No assertions.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::disallowed_methods,
    reason = "a bench binary reports on stdout and sets up its tree with plain std::fs"
)]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use pilotdeck::checkpoint::{Checkpoints, scan};

const DIRS: usize = 30;
const FILES_PER_DIR: usize = 100;
const LINES_PER_FILE: usize = 100;

fn generate(root: &Path) {
    std::fs::write(root.join(".gitignore"), "target/\n").unwrap();
    for d in 0..DIRS {
        let dir = root.join(format!("src/mod{d}"));
        std::fs::create_dir_all(&dir).unwrap();
        for f in 0..FILES_PER_DIR {
            let text: String = (0..LINES_PER_FILE)
                .map(|l| format!("fn function_{l}_{f}(v: usize) -> usize {{ v * {l} }}\n"))
                .collect();
            std::fs::write(dir.join(format!("file{f}.rs")), text).unwrap();
        }
    }
    let ignored = root.join("target/debug");
    std::fs::create_dir_all(&ignored).unwrap();
    for f in 0..500 {
        std::fs::write(ignored.join(format!("gen{f}.o")), "x".repeat(4096)).unwrap();
    }
}

fn git(root: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.email=b@example.com", "-c", "user.name=B"])
        .args(args)
        .current_dir(root)
        .output()
        .unwrap()
        .status;
    assert!(status.success());
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn measure(label: &str, repo: bool) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp
        .path()
        .join("project")
        .canonicalize()
        .unwrap_or_else(|_| {
            std::fs::create_dir_all(tmp.path().join("project")).unwrap();
            tmp.path().join("project").canonicalize().unwrap()
        });
    generate(&root);
    if repo {
        git(&root, &["init", "-q"]);
        git(&root, &["add", "-A"]);
        git(&root, &["commit", "-qm", "bench"]);
    }
    let files = scan::scan(&root).unwrap().len();
    let scans: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(scan::scan(&root));
            start.elapsed()
        })
        .collect();
    let store = Checkpoints::at(tmp.path().join("checkpoints"));
    let mut cold = Duration::ZERO;
    let mut warm = Vec::new();
    let mut after = Vec::new();
    let session = store.recorder(&root, std::sync::Arc::default());
    for i in 0..7 {
        let recorder = session.for_turn("bench", i + 1);
        let start = Instant::now();
        let pending = recorder.before_command("bash").unwrap();
        if i == 0 {
            cold = start.elapsed();
        } else {
            warm.push(start.elapsed());
        }
        std::fs::write(root.join(format!("src/mod0/file{i}.rs")), "changed\n").unwrap();
        let start = Instant::now();
        pending.finish();
        after.push(start.elapsed());
    }
    println!(
        "{label:<10} {files} files: scan {:>8.2?}  before (first command) {:>8.2?}  before (next) {:>8.2?}  after (1 changed) {:>8.2?}",
        median(scans),
        cold,
        median(warm),
        median(after)
    );
}

fn main() {
    measure("git repo", true);
    measure("plain dir", false);
}
