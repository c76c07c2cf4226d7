//! Whole-process cost of `pilotdeck run` against the mock model server with zero latency: a
//! one-answer run, and a 5-iteration run with 10 tool calls. Reports median wall time, the harness
//! time per iteration ((multi − single) / 4 extra iterations, tool work included) and peak RSS.
//!
//! `cargo build --release && cargo bench --bench run`. Goals (issue 4): one-answer run < 10 ms,
//! < 2 ms harness time per iteration, < 15 MB peak RSS.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    clippy::panic,
    dead_code,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "support/process.rs"]
mod process;

#[path = "../tests/support/mock_model/mod.rs"]
mod mock_model;

use process::{pilotdeck_bin, time_run};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use mock_model::{MockModel, Turn, openai};

const RUNS: usize = 40;

fn setup(mock: &MockModel) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let project = tmp.path().join("project");
    std::fs::create_dir_all(project.join(".git")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    for i in 0..10 {
        std::fs::write(project.join(format!("f{i}.txt")), format!("file {i}\n")).unwrap();
    }
    let config = format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: k\n      models:\n        gpt-4.1: {{}}\n",
        mock.base_url()
    );
    std::fs::write(home.join("pilotdeck.yaml"), config).unwrap();
    (tmp, home, project)
}

fn run_once(bin: &Path, home: &Path, project: &Path) -> Duration {
    time_run(bin, &["run", "--ephemeral", "go"], home, project)
}

fn peak_rss_kib(bin: &Path, home: &Path, project: &Path) -> Option<u64> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(bin)
        .args(["run", "--ephemeral", "go"])
        .env("PILOTDECK_HOME", home)
        .current_dir(project)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Five model calls per run: four replies with 3, 3, 2 and 2 read_file calls (10 in all, each reply's
/// calls run in parallel), then the final answer.
fn script_multi(mock: &MockModel, runs: usize) {
    for _ in 0..runs {
        let mut file = 0;
        for (step, calls) in [3, 3, 2, 2].into_iter().enumerate() {
            let mut turn = Turn::new();
            for c in 0..calls {
                let args = format!(r#"{{"file_path":"f{file}.txt"}}"#);
                turn = turn.tool_call(&format!("c{step}_{c}"), "read_file", &args);
                file += 1;
            }
            mock.push(openai::stream(&turn));
        }
        mock.push(openai::text("done"));
    }
}

fn main() {
    let bin = pilotdeck_bin();
    assert!(bin.exists(), "build first: cargo build --release");
    let mock = MockModel::spawn();
    let (_tmp, home, project) = setup(&mock);

    mock.mount(openai::text("The answer."), RUNS + 1);
    let single = median((0..RUNS).map(|_| run_once(&bin, &home, &project)).collect());
    let rss = peak_rss_kib(&bin, &home, &project);

    script_multi(&mock, RUNS);
    let multi = median((0..RUNS).map(|_| run_once(&bin, &home, &project)).collect());
    let per_iteration = multi.saturating_sub(single) / 4;
    mock.verify();

    println!(
        "one-answer run          median {:>7.2} ms",
        single.as_secs_f64() * 1e3
    );
    println!(
        "5 iterations, 10 tools  median {:>7.2} ms",
        multi.as_secs_f64() * 1e3
    );
    println!(
        "harness per iteration          {:>7.2} ms (tool work included)",
        per_iteration.as_secs_f64() * 1e3
    );
    match rss {
        Some(k) => println!(
            "peak RSS (one answer)          {:>7.1} MiB",
            k as f64 / 1024.0
        ),
        None => println!("peak RSS: n/a (no /usr/bin/time)"),
    }
}
