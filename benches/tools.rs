//! Benchmarks for the tools layer (run with `cargo bench --bench tools`): `grep` and `glob` over a
//! generated tree of 4,000 files (~40 MB) with a .gitignore'd build directory, and the permission
//! check for a compound shell command. Reports the median of several runs; no assertions.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::disallowed_methods,
    reason = "a bench binary reports on stdout and sets up its tree with plain std::fs"
)]

use std::path::Path;
use std::time::{Duration, Instant};

use pilotdeck::tools::permission::{PermissionMode, PermissionPolicy, PermissionRequest};
use pilotdeck::tools::{PermissionSubject, ToolCall, ToolContext, ToolRegistry, Workspace};
use serde_json::json;
use tokio_util::sync::CancellationToken;

const DIRS: usize = 40;
const FILES_PER_DIR: usize = 100;
const LINES_PER_FILE: usize = 150;

fn generate(root: &Path) {
    std::fs::write(root.join(".gitignore"), "target/\n").unwrap();
    for d in 0..DIRS {
        let dir = root.join(format!("src/mod{d}"));
        std::fs::create_dir_all(&dir).unwrap();
        for f in 0..FILES_PER_DIR {
            let mut text = String::new();
            for l in 0..LINES_PER_FILE {
                let marker = if (d * FILES_PER_DIR + f).is_multiple_of(97) && l == 7 {
                    "NEEDLE_FOUND"
                } else {
                    "nothing"
                };
                text.push_str(&format!(
                    "fn function_{l}(value: usize) -> usize {{ value * {l} /* {marker} */ }}\n"
                ));
            }
            std::fs::write(dir.join(format!("file{f}.rs")), &text).unwrap();
        }
    }
    let ignored = root.join("target/debug");
    std::fs::create_dir_all(&ignored).unwrap();
    for f in 0..500 {
        std::fs::write(
            ignored.join(format!("gen{f}.rs")),
            "NEEDLE_FOUND\n".repeat(100),
        )
        .unwrap();
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

async fn time_call(
    registry: &ToolRegistry,
    ctx: &ToolContext,
    name: &str,
    input: serde_json::Value,
) -> (Duration, String) {
    let call = ToolCall {
        id: "bench".to_owned(),
        name: name.to_owned(),
        input,
    };
    let mut samples = Vec::new();
    let mut summary = String::new();
    for _ in 0..7 {
        let start = Instant::now();
        let out = registry.execute(ctx, &call).await;
        samples.push(start.elapsed());
        summary = out.output.summary;
    }
    (median(samples), summary)
}

#[tokio::main]
async fn main() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let start = Instant::now();
    generate(&root);
    println!(
        "generated {} files in {:?}",
        DIRS * FILES_PER_DIR + 500,
        start.elapsed()
    );

    let workspace = Workspace::new(&root, &[]).unwrap();
    let policy = PermissionPolicy::new(PermissionMode::WorkspaceWrite, workspace);
    let ctx = ToolContext::new(policy, CancellationToken::new());
    let registry = ToolRegistry::with_builtins();

    for (name, input) in [
        ("grep", json!({"pattern": "NEEDLE_FOUND"})),
        (
            "grep",
            json!({"pattern": "function_1[0-9]+\\(", "output_mode": "count"}),
        ),
        (
            "grep",
            json!({"pattern": "needle_found", "case_insensitive": true, "glob": "*.rs"}),
        ),
        ("glob", json!({"pattern": "**/file1*.rs"})),
    ] {
        let (t, summary) = time_call(&registry, &ctx, name, input.clone()).await;
        println!("{name} {input}: median {t:?} ({summary})");
    }

    let request = PermissionRequest {
        tool: "bash".to_owned(),
        is_read_only: false,
        subject: PermissionSubject::Command(
            "cd sub && make -j4 test 2>&1 | tee /tmp/log && git status --short || echo $(date)"
                .to_owned(),
        ),
    };
    let start = Instant::now();
    let n = 10_000u32;
    for _ in 0..n {
        std::hint::black_box(ctx.policy.decide(std::hint::black_box(&request)));
    }
    println!(
        "permission decide (compound bash command): {:?} per call",
        start.elapsed() / n
    );
}
