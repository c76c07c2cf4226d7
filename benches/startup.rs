//! Whole-process start-up cost: `pilotdeck --version` and `pilotdeck config show` as a user runs them.
//!
//! Run with `cargo bench --bench startup`. Reports the median and p90 wall time over many runs and the
//! peak RSS (from GNU time's `%M`, when /usr/bin/time exists). Goals (issue 2): under 3 ms and 8 MB.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "support/process.rs"]
mod process;

use process::pilotdeck_bin;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 200;

fn measure(bin: &Path, home: &Path, args: &[&str]) -> (Duration, Duration) {
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        let status = Command::new(bin)
            .args(args)
            .env("PILOTDECK_HOME", home)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        times.push(start.elapsed());
        assert!(status.success(), "{args:?} failed");
    }
    times.sort();
    (times[RUNS / 2], times[RUNS * 9 / 10])
}

fn peak_rss_kib(bin: &Path, home: &Path, args: &[&str]) -> Option<u64> {
    let out = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg(bin)
        .args(args)
        .env("PILOTDECK_HOME", home)
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

fn main() {
    let bin = pilotdeck_bin();
    assert!(
        bin.exists(),
        "build the binary first: cargo build --release ({})",
        bin.display()
    );
    let home = tempfile::tempdir().unwrap();
    std::fs::write(
        home.path().join("pilotdeck.yaml"),
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/pilotdeck.yaml"
        ))
        .unwrap(),
    )
    .unwrap();
    println!("binary: {}", bin.display());
    for args in [&["--version"][..], &["config", "show"][..]] {
        let (median, p90) = measure(&bin, home.path(), args);
        let rss = peak_rss_kib(&bin, home.path(), args)
            .map(|k| format!("{:.1} MiB", k as f64 / 1024.0))
            .unwrap_or_else(|| "n/a (no /usr/bin/time)".to_owned());
        println!(
            "pilotdeck {:<12} median {:>7.2} ms  p90 {:>7.2} ms  peak RSS {rss}",
            args.join(" "),
            median.as_secs_f64() * 1e3,
            p90.as_secs_f64() * 1e3
        );
    }
}
