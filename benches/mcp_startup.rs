//! MCP start-up cost in `pilotdeck run`: the time from starting the process to its first model
//! request, with 0, 1 and 3 stdio MCP servers configured (server-everything from npm, see `.ci/run`).
//! Servers start in parallel, so 3 servers should cost about as much as the slowest one, not the sum.
//!
//! Run with `cargo build --release && cargo bench --bench mcp_startup`. The "model" is a TCP listener
//! that notes when the first request arrives and then closes the connection (the run then fails,
//! which does not matter here).
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
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 10;

fn everything() -> PathBuf {
    let prefix = std::env::var_os("PILOTDECK_TEST_NPM_PREFIX")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/pilotdeck-npm")
        });
    prefix.join("node_modules/.bin/mcp-server-everything")
}

/// One run: the time until the fake model sees a request.
fn first_request(bin: &PathBuf, servers: usize) -> Duration {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let project = dir.path().join("project");
    std::fs::create_dir_all(project.join(".git")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::fs::write(
        home.join("pilotdeck.yaml"),
        format!(
            "agent:\n  model: mock/m\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      \
             url: http://127.0.0.1:{port}/v1\n      apiKey: k\n      models:\n        m: {{}}\n"
        ),
    )
    .unwrap();
    let entries: serde_json::Map<String, serde_json::Value> = (0..servers)
        .map(|i| {
            (
                format!("s{i}"),
                serde_json::json!({ "command": everything(), "args": ["stdio"] }),
            )
        })
        .collect();
    std::fs::write(
        home.join("mcp.json"),
        serde_json::json!({ "mcpServers": entries }).to_string(),
    )
    .unwrap();
    let start = Instant::now();
    let mut child = Command::new(bin)
        .args(["run", "hi"])
        .env("PILOTDECK_HOME", &home)
        .current_dir(&project)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (stream, _) = listener.accept().unwrap();
    let elapsed = start.elapsed();
    drop(stream);
    drop(listener);
    // The measurement is done; SIGTERM makes pilotdeck cancel the run and kill its MCP servers.
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let _ = child.wait();
    elapsed
}

fn main() {
    let bin = pilotdeck_bin();
    assert!(
        bin.exists(),
        "build the binary first: cargo build --release"
    );
    assert!(
        everything().exists(),
        "install the MCP servers first (.ci/run)"
    );
    for servers in [0, 1, 3] {
        let mut times: Vec<Duration> = (0..RUNS).map(|_| first_request(&bin, servers)).collect();
        times.sort();
        println!(
            "run → first model request, {servers} stdio MCP server(s): median {:>7.1} ms  max {:>7.1} ms",
            times[RUNS / 2].as_secs_f64() * 1e3,
            times[RUNS - 1].as_secs_f64() * 1e3
        );
    }
}
