//! `session list` and `session search` over many sessions, as whole processes.
//!
//! Run with `cargo build --release && cargo bench --bench sessions`. Generates
//! `PILOTDECK_BENCH_SESSIONS` transcripts (default 10,000) of about `PILOTDECK_BENCH_SESSION_KB` KiB
//! each (default 100, so 1 GB in all) in one project of a temporary PilotHome, then reports the time
//! of the first `session list` (it builds the index), the median and p90 of later `session list` and
//! `session search` runs (ASCII and CJK), and peak RSS. Goals (issue 5): list under 50 ms, search
//! under 150 ms, memory flat as transcripts grow.
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
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 30;
const WORDS: &[&str] = &[
    "borrow",
    "checker",
    "lifetime",
    "trait",
    "async",
    "tokio",
    "sqlite",
    "index",
    "session",
    "compaction",
    "window",
    "summary",
    "会话",
    "压缩",
    "上下文",
    "窗口",
    "模型",
    "工具",
];

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Writes `count` transcripts of about `kib` KiB into the project's sessions directory.
fn generate(home: &Path, project: &Path, count: usize, kib: usize) {
    let pilot_home = pilotdeck::home::PilotHome::at(home.to_owned());
    let project_id = pilotdeck::home::Project::resolve(&pilot_home, project).unwrap();
    project_id.ensure_dir(&pilot_home).unwrap();
    let sessions = pilot_home.sessions_dir(&project_id.key);
    std::fs::create_dir_all(&sessions).unwrap();
    let mut seed = 7u64;
    let mut word = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        WORDS[(seed >> 33) as usize % WORDS.len()]
    };
    for i in 0..count {
        let id = ulid::Ulid::from_parts(1_700_000_000_000 + i as u64, i as u128).to_string();
        let mut file = std::fs::File::create(sessions.join(format!("{id}.jsonl"))).unwrap();
        writeln!(
            file,
            r#"{{"type":"session","id":"{id}","cwd":"{}","model":"mock/m","created_at":"2026-01-01T00:00:00Z","version":"0"}}"#,
            project.display()
        )
        .unwrap();
        let mut written = 0;
        let mut turn = 1;
        while written < kib * 1024 {
            let text: Vec<&str> = (0..200).map(|_| word()).collect();
            let text = text.join(" ");
            let user = format!(
                r#"{{"type":"user","turn":{turn},"message":{{"role":"user","content":[{{"type":"text","text":"question {i} {}"}}]}},"at":"2026-01-01T00:00:00Z"}}"#,
                text.chars().take(40).collect::<String>()
            );
            let answer = format!(
                r#"{{"type":"assistant","turn":{turn},"message":{{"role":"assistant","content":[{{"type":"text","text":"{text}"}}]}},"model":"mock/m","usage":{{"input_tokens":10,"output_tokens":10,"cache_read_tokens":0,"cache_write_tokens":0}},"at":"2026-01-01T00:00:00Z"}}"#
            );
            let end = format!(
                r#"{{"type":"turn_end","turn":{turn},"status":"completed","usage":{{"input_tokens":10,"output_tokens":10,"cache_read_tokens":0,"cache_write_tokens":0}},"cost_usd":null,"duration_ms":1,"error":null,"at":"2026-01-01T00:00:00Z"}}"#
            );
            writeln!(file, "{user}\n{answer}\n{end}").unwrap();
            written += user.len() + answer.len() + end.len();
            turn += 1;
        }
    }
}

fn peak_rss_mib(bin: &Path, home: &Path, project: &Path, args: &[&str]) -> String {
    let out = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg(bin)
        .args(args)
        .env("PILOTDECK_HOME", home)
        .current_dir(project)
        .stdout(Stdio::null())
        .output();
    out.ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .last()?
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or_else(|| "n/a".to_owned(), |k| format!("{:.1} MiB", k / 1024.0))
}

fn main() {
    let bin = pilotdeck_bin();
    assert!(
        bin.exists(),
        "build first: cargo build --release ({})",
        bin.display()
    );
    let count = env_usize("PILOTDECK_BENCH_SESSIONS", 10_000);
    let kib = env_usize("PILOTDECK_BENCH_SESSION_KB", 100);
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let project = tmp.path().join("project");
    std::fs::create_dir_all(project.join(".git")).unwrap();
    let started = Instant::now();
    generate(&home, &project, count, kib);
    println!(
        "{count} sessions of ~{kib} KiB generated in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let cold = time_run(&bin, &["session", "list"], &home, &project);
    println!(
        "first session list (builds the index): {:.2} s",
        cold.as_secs_f64()
    );
    for args in [
        &["session", "list"][..],
        &["session", "search", "compaction window"][..],
        &["session", "search", "压缩"][..],
    ] {
        let mut times: Vec<Duration> = (0..RUNS)
            .map(|_| time_run(&bin, args, &home, &project))
            .collect();
        times.sort();
        println!(
            "pilotdeck {:<34} median {:>7.1} ms  p90 {:>7.1} ms  peak RSS {}",
            args.join(" "),
            times[RUNS / 2].as_secs_f64() * 1e3,
            times[RUNS * 9 / 10].as_secs_f64() * 1e3,
            peak_rss_mib(&bin, &home, &project, args)
        );
    }
}
