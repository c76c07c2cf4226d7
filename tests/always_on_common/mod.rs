//! Shared helpers for the `always_on*` integration tests: a real git repository as the project, a
//! config pointing at the mock model with always-on enabled for it, and the mock replies of a
//! discovery that files a plan and of an execution that changes files.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test support: each test binary uses a different subset; a failed step should panic"
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::mock_model::{MockModel, Reply, openai};
use crate::support::{Run, TestEnv};

/// Runs `git ARGS` in `dir` and returns its stdout; panics when git fails.
pub(crate) fn git(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "core.hooksPath=/dev/null",
        ])
        .args(args)
        .current_dir(dir)
        .env_remove("GIT_DIR")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub(crate) const APP: &str = "one\ntwo\nthree\nfour\nfive\n";

/// Makes `env.project` a real git repository with `app.txt` and `README.md` committed.
pub(crate) fn git_project(env: &TestEnv) {
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    git(&env.project, &["init", "-q"]);
    env.write(&env.project.join("app.txt"), APP);
    env.write(&env.project.join("README.md"), "# Project\n");
    git(&env.project, &["add", "-A"]);
    git(&env.project, &["commit", "-qm", "initial"]);
}

/// The project root as pilotdeck sees it (symlinks resolved).
pub(crate) fn root(env: &TestEnv) -> PathBuf {
    env.project.canonicalize().unwrap()
}

/// A config using the mock model with always-on enabled for the project; `extra` is YAML added
/// under `alwaysOn:` (indented two spaces).
pub(crate) fn config(env: &TestEnv, mock: &MockModel, extra: &str) {
    env.config(&format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\nalwaysOn:\n  enabled: true\n  projects:\n    {}:\n      enabled: true\n{extra}",
        mock.base_url(),
        root(env).display()
    ));
}

/// The plan tool's arguments.
pub(crate) fn plan_args(title: &str, key: &str) -> Value {
    json!({
        "title": title,
        "dedupe_key": key,
        "summary": "The last line of app.txt should be upper case.",
        "rationale": "Consistency with the house style.",
        "context_signals": ["app.txt ends with a lower-case line"],
        "proposed_change": "Upper-case the last line of app.txt and add NOTES.md.",
        "execution_steps": ["edit app.txt", "write NOTES.md"],
        "verification": ["grep FIVE app.txt"]
    })
}

pub(crate) fn call(id: &str, name: &str, args: &Value) -> Reply {
    openai::tool_call(id, name, &args.to_string())
}

/// Mounts a discovery that files the plan `key` (two model calls).
pub(crate) fn mount_discovery(mock: &MockModel, key: &str) {
    mock.push(call(
        "p1",
        "always_on_plan",
        &plan_args("Upper-case the last line", key),
    ));
    mock.push(openai::text("Filed the plan."));
}

pub(crate) const REPORT: &str = "## Steps Performed\nEdited app.txt, wrote NOTES.md.\n## Command Output\nnone\n## Verification Results\nFIVE found\n## Follow-ups\nNone.";

/// Mounts an execution that upper-cases line five of `app.txt`, writes `NOTES.md`, and reports.
pub(crate) fn mount_execution(mock: &MockModel) {
    mock.push(call(
        "e1",
        "bash",
        &json!({"command": "sed -i 's/^five$/FIVE/' app.txt"}),
    ));
    mock.push(call(
        "e2",
        "write_file",
        &json!({"file_path": "NOTES.md", "content": "notes\n"}),
    ));
    mock.push(openai::text(REPORT));
}

/// Mounts a discovery that files nothing.
pub(crate) fn mount_no_plan(mock: &MockModel) {
    mock.push(openai::text("no plan: everything looks fine"));
}

/// `pilotdeck --json always-on tick ARGS` with the expected exit code, as JSON.
pub(crate) fn tick(env: &TestEnv, args: &[&str], code: i32) -> Value {
    let mut all = vec!["--json", "always-on", "tick"];
    all.extend_from_slice(args);
    env.cmd().args(all).run(code).json()
}

pub(crate) fn run_json(env: &TestEnv, args: &[&str], code: i32) -> Run {
    let mut all = vec!["--json", "always-on"];
    all.extend_from_slice(args);
    env.cmd().args(all).run(code)
}

/// Every file under `dir` (skipping `.git/` except its `index` and `HEAD`), with its bytes.
pub(crate) fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            let rel = path.strip_prefix(dir).unwrap().to_owned();
            if rel == Path::new(".git") {
                for name in ["index", "HEAD"] {
                    if let Ok(bytes) = std::fs::read(path.join(name)) {
                        out.insert(rel.join(name), bytes);
                    }
                }
                continue;
            }
            if entry.file_type().unwrap().is_dir() {
                stack.push(path);
            } else {
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

/// The `phase` of every line of the project's `events.jsonl`.
pub(crate) fn phases(env: &TestEnv) -> Vec<String> {
    let projects = env.home.join("projects");
    let mut out = Vec::new();
    for p in std::fs::read_dir(projects).into_iter().flatten().flatten() {
        let file = p.path().join("always-on/events.jsonl");
        for line in std::fs::read_to_string(file).unwrap_or_default().lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            out.push(v["phase"].as_str().unwrap().to_owned());
        }
    }
    out
}

/// The always-on directory of the project.
pub(crate) fn always_on_dir(env: &TestEnv) -> PathBuf {
    let projects = env.home.join("projects");
    std::fs::read_dir(projects)
        .unwrap()
        .flatten()
        .map(|e| e.path().join("always-on"))
        .find(|p| p.exists())
        .unwrap()
}

pub(crate) fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(60), f)
                .await
                .expect("timed out")
        })
}
