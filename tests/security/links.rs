//! pilotdeck's own reads and writes of project paths (attacker round 4): the agent's commands can
//! make links, FIFOs and swaps anywhere in the project, and pilotdeck runs unsandboxed, so its file
//! tools, `run -o` and cron's file delivery must not follow a link made inside the project nor
//! block on a FIFO. A link planted before the call stands in for one swapped in between the
//! permission check and the write (the race needs parallel sub-agents): the old code followed both.

use std::os::unix::fs::MetadataExt;
use std::time::{Duration, Instant};

use serde_json::json;

use super::mock_model::{MockModel, Turn, openai};
use super::support::TestEnv;

fn mocked() -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    (mock, env)
}

/// The tool results the model got, in order.
fn tool_results(mock: &MockModel) -> Vec<String> {
    mock.requests()
        .iter()
        .flat_map(|r| r.body["messages"].as_array().cloned().unwrap_or_default())
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap_or_default().to_owned())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// F10: `d` is a link out of the project (a rule allows the outside directory, so the permission
/// check passes as it did in the race): `write_file` and `edit_file` on `d/…` write nothing there.
#[test]
fn file_tools_do_not_write_through_a_link_out_of_the_project() {
    let (mock, env) = mocked();
    let outside = env.tmp.path().join("autostart");
    std::fs::create_dir_all(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, env.project.join("d")).unwrap();
    mock.push(openai::stream(
        &Turn::new()
            .tool_call(
                "w",
                "write_file",
                &json!({"file_path": "d/t.sh", "content": "echo PWNED\n"}).to_string(),
            )
            .tool_call(
                "e",
                "edit_file",
                &json!({"file_path": "d/e.sh", "old_string": "", "new_string": "echo PWNED\n"})
                    .to_string(),
            ),
    ));
    mock.push(openai::text("done"));
    let rule = |tool: &str| format!("{tool}:{}/*", outside.display());
    env.cmd()
        .args([
            "run",
            "--allow",
            &rule("write_file"),
            "--allow",
            &rule("edit_file"),
        ])
        .arg_str("go")
        .run(0);
    let results = tool_results(&mock);
    assert!(!outside.join("t.sh").exists(), "{results:?}");
    assert!(!outside.join("e.sh").exists(), "{results:?}");
    assert_eq!(
        results
            .iter()
            .filter(|r| r.contains("leads out of the project through a symbolic link"))
            .count(),
        2,
        "{results:?}"
    );
}

/// F09: `read_file` on a FIFO in the project returns an error at once; the run ends.
#[test]
fn read_file_on_a_fifo_fails_at_once() {
    let (mock, env) = mocked();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        env.project.join("notes.txt"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    mock.push(openai::tool_call(
        "r",
        "read_file",
        &json!({"file_path": "notes.txt"}).to_string(),
    ));
    mock.push(openai::text("done"));
    let mut child = env.spawn(&["run", "--timeout", "20s", "go"]);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("read_file on a FIFO hung the run");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let results = tool_results(&mock);
    assert!(
        results.iter().any(|r| r.contains("not a regular file")),
        "{results:?}"
    );
}

/// F04: `run -o out/report.desktop`, and the agent made `out` a link to a directory outside: the
/// answer is not written there and the run says so.
#[test]
fn run_o_does_not_write_through_a_link_made_during_the_run() {
    let (mock, env) = mocked();
    let outside = env.tmp.path().join("autostart");
    std::fs::create_dir_all(&outside).unwrap();
    let script = format!(
        "import os\nos.symlink({:?}, 'out')\n",
        outside.display().to_string()
    );
    mock.push(openai::tool_call(
        "w",
        "write_file",
        &json!({"file_path": "prep.py", "content": script}).to_string(),
    ));
    mock.push(openai::tool_call(
        "b",
        "bash",
        &json!({"command": "python3 prep.py"}).to_string(),
    ));
    mock.push(openai::text("[Desktop Entry]\nExec=evil\n"));
    let run = env
        .cmd()
        .args(["run", "--allow", "bash", "-o", "out/report.desktop", "go"])
        .run(1);
    assert!(env.project.join("out").is_symlink(), "{}", run.stderr);
    assert!(!outside.join("report.desktop").exists(), "{}", run.stderr);
    assert!(run.stderr.contains("is a symbolic link"), "{}", run.stderr);
}

/// `run -o` inside the project through a link that was there before the run (the user's own)
/// still writes where it points.
#[test]
fn run_o_follows_a_link_that_was_there_before_the_run() {
    let (mock, env) = mocked();
    std::fs::create_dir_all(env.project.join("build/out")).unwrap();
    std::os::unix::fs::symlink("build/out", env.project.join("out")).unwrap();
    mock.push(openai::text("the answer"));
    env.cmd().args(["run", "-o", "out/answer.txt", "go"]).run(0);
    assert_eq!(
        std::fs::read_to_string(env.project.join("build/out/answer.txt")).unwrap(),
        "the answer"
    );
}

/// Runs `plant` (an allowed command making `planted`), a `grep` and `echo hi > out.txt`: the run
/// ends within its timeout and the later command ran.
fn a_planted_ignore_file_does_not_hang_the_run(plant: &str, planted: &str, flags: &[&str]) {
    let (mock, env) = mocked();
    let bash = |id: &str, command: &str| {
        openai::tool_call(id, "bash", &json!({"command": command}).to_string())
    };
    mock.push(bash("p", plant));
    mock.push(openai::tool_call(
        "g",
        "grep",
        &json!({"pattern": "anything"}).to_string(),
    ));
    mock.push(bash("e", "echo hi > out.txt"));
    mock.push(openai::text("done"));
    let mut args = vec!["run", "--allow", "bash", "--timeout", "20s"];
    args.extend_from_slice(flags);
    args.push("go");
    let mut child = env.spawn(&args);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(40) {
            child.kill().unwrap();
            panic!("`{plant}` hung the run past its timeout");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let results = tool_results(&mock);
    assert!(
        env.project.join(planted).symlink_metadata().is_ok(),
        "{results:?}"
    );
    assert_eq!(
        std::fs::read_to_string(env.project.join("out.txt"))
            .ok()
            .as_deref(),
        Some("hi\n"),
        "{results:?}"
    );
}

/// R6-11: `sub/.gitignore` made a FIFO: pilotdeck's scans after the command (checkpoint scan,
/// `grep`) do not open it. Unconfined (`--permission-mode full`): a confined command's FIFO
/// `.gitignore` is removed by the sandbox's guard (`tests/sandbox/guard.rs`).
#[test]
fn a_fifo_gitignore_does_not_hang_the_run() {
    a_planted_ignore_file_does_not_hang_the_run(
        "mkdir -p sub && mkfifo sub/.gitignore",
        "sub/.gitignore",
        &["--permission-mode", "full"],
    );
}

/// The same with `sub/.ignore` (read by pilotdeck's walks, not by git) in the sandbox: the guard's
/// listing does not open it either.
#[test]
fn a_fifo_ignore_file_does_not_hang_a_confined_run() {
    a_planted_ignore_file_does_not_hang_the_run(
        "mkdir -p sub && mkfifo sub/.ignore",
        "sub/.ignore",
        &[],
    );
}

/// R6-11 variant: `sub/.ignore` a link to `/dev/zero` is not read either.
#[test]
fn an_ignore_file_linked_to_dev_zero_does_not_hang_the_run() {
    a_planted_ignore_file_does_not_hang_the_run(
        "mkdir -p sub && ln -s /dev/zero sub/.ignore",
        "sub/.ignore",
        &[],
    );
}

/// R7-02: a confined command creates an empty file with mode 06755 (its `open` mode, umask 0, is no
/// `chmod`); `write_file` then fills it. pilotdeck may run as root with `CAP_FSETID`, so its write
/// must not keep setuid, setgid nor write-for-others: the file comes out 0755.
#[test]
fn write_file_does_not_keep_a_setuid_mode_a_command_made() {
    let (mock, env) = mocked();
    mock.push(openai::tool_call(
        "c",
        "bash",
        &json!({"command": "python3 -c \"import os; os.umask(0); os.close(os.open('tool', os.O_CREAT | os.O_WRONLY, 0o6757))\" && stat -c %a tool"}).to_string(),
    ));
    mock.push(openai::tool_call(
        "r",
        "read_file",
        &json!({"file_path": "tool"}).to_string(),
    ));
    mock.push(openai::tool_call(
        "w",
        "write_file",
        &json!({"file_path": "tool", "content": "#!/bin/sh\necho hi\n"}).to_string(),
    ));
    mock.push(openai::text("done"));
    env.cmd()
        .args(["run", "--allow", "bash"])
        .arg_str("go")
        .run(0);
    let results = tool_results(&mock);
    assert!(
        results.iter().any(|r| r.contains("6757")),
        "the command did not make the setuid file, the test proves nothing: {results:?}"
    );
    let mode = std::fs::metadata(env.project.join("tool")).unwrap().mode() & 0o7777;
    assert_eq!(mode, 0o755, "{mode:o} {results:?}");
    assert_eq!(
        std::fs::read_to_string(env.project.join("tool")).unwrap(),
        "#!/bin/sh\necho hi\n"
    );
}

/// R7-06 (the file tools' side): `edit_file` reads a file whole, so past 64 MiB it refuses by the
/// size instead (a text file of 70 MB a command wrote, read first as the tool asks).
#[test]
fn edit_file_refuses_a_file_too_large_to_read_whole() {
    let (mock, env) = mocked();
    mock.push(openai::tool_call(
        "c",
        "bash",
        &json!({"command": "yes abc | head -c 70000000 > big.txt"}).to_string(),
    ));
    mock.push(openai::tool_call(
        "r",
        "read_file",
        &json!({"file_path": "big.txt", "limit": 1}).to_string(),
    ));
    mock.push(openai::tool_call(
        "e",
        "edit_file",
        &json!({"file_path": "big.txt", "old_string": "a", "new_string": "b"}).to_string(),
    ));
    mock.push(openai::text("done"));
    let out = env
        .cmd()
        .args(["run", "--allow", "bash", "--allow", "edit_file", "go"])
        .inner
        .output()
        .unwrap();
    let results = tool_results(&mock);
    assert!(
        out.status.success(),
        "{results:?}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        results
            .iter()
            .any(|r| r.contains("more than the 67108864 bytes")),
        "{results:?}"
    );
}
