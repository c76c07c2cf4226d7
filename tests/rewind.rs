//! Checkpoints and rewind end to end: a `run` turn changes files with `edit_file`, `write_file` and a
//! `bash` command (`sed -i`, `rm`), then `pilotdeck session rewind` puts them back — in a git repository
//! (whose `.git` and index stay untouched) and in a plain directory; files the user changed after the
//! turn are conflicts; `--dry-run`, `--conversation-only`, a SIGKILL in the middle of a rewind, chat's
//! `/undo` under tmux, and the checkpoints leaving with their session.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;
#[path = "support/tmux.rs"]
mod tmux;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};

use mock_model::{MockModel, openai};
use serde_json::{Value, json};
use support::{TestEnv, git};

fn call(id: &str, name: &str, args: &Value) -> mock_model::Reply {
    openai::tool_call(id, name, &args.to_string())
}

fn read(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// A project with `a.txt`, `b.txt`, `c.txt` and a `.gitignore` naming `build.log`: a real git
/// repository with them committed when `repo`, else a plain directory.
fn project(repo: bool) -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    env.write(&env.project.join("a.txt"), "alpha\n");
    env.write(&env.project.join("b.txt"), "beta\n");
    env.write(&env.project.join("c.txt"), "gamma\n");
    env.write(&env.project.join(".gitignore"), "build.log\n");
    if repo {
        git(&env.project, &["init", "-q"]);
        git(&env.project, &["add", "-A"]);
        git(&env.project, &["commit", "-qm", "start"]);
    }
    (mock, env)
}

/// One turn that edits `a.txt`, writes `new/n.txt`, and runs `sed -i` on `b.txt` and `rm c.txt`;
/// every change gets its line, the command's as the file tools'.
fn agent_turn(mock: &MockModel, env: &TestEnv) {
    mock.push(call("c1", "read_file", &json!({"file_path": "a.txt"})));
    mock.push(call(
        "c2",
        "edit_file",
        &json!({"file_path": "a.txt", "old_string": "alpha", "new_string": "ALPHA"}),
    ));
    mock.push(call(
        "c3",
        "write_file",
        &json!({"file_path": "new/n.txt", "content": "created\n"}),
    ));
    mock.push(call(
        "c4",
        "bash",
        &json!({"command": "sed -i s/beta/BETA/ b.txt && rm c.txt && echo log > build.log"}),
    ));
    mock.push(openai::text("Done."));
    let run = env.cmd().args(["run", "change things"]).run(0);
    assert_eq!(
        change_lines(&run.stderr),
        [
            "edited a.txt (+1 \u{2212}1)",
            "created new/n.txt (+1 \u{2212}0)",
            "edited b.txt (+1 \u{2212}1)",
            "deleted c.txt (+0 \u{2212}1)",
        ],
        "{}",
        run.stderr
    );
    assert_eq!(read(&env.project.join("a.txt")).unwrap(), "ALPHA\n");
    assert_eq!(read(&env.project.join("b.txt")).unwrap(), "BETA\n");
    assert_eq!(read(&env.project.join("c.txt")), None);
    assert_eq!(read(&env.project.join("new/n.txt")).unwrap(), "created\n");
}

/// The change lines of a run's stderr (`edited a.txt (+1 −1)`), in order.
fn change_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| {
            ["edited ", "created ", "deleted ", "\u{2026} and "]
                .iter()
                .any(|v| l.starts_with(v))
        })
        .collect()
}

fn assert_before_the_turn(env: &TestEnv) {
    assert_eq!(read(&env.project.join("a.txt")).unwrap(), "alpha\n");
    assert_eq!(read(&env.project.join("b.txt")).unwrap(), "beta\n");
    assert_eq!(read(&env.project.join("c.txt")).unwrap(), "gamma\n");
    assert_eq!(
        read(&env.project.join("new/n.txt")),
        None,
        "the new file is removed"
    );
    assert!(
        !env.project.join("new").exists(),
        "and the directory the agent made for it"
    );
}

fn rewind(env: &TestEnv, args: &[&str], code: i32) -> Value {
    rewind_session(env, "last", args, code)
}

fn rewind_session(env: &TestEnv, id: &str, args: &[&str], code: i32) -> Value {
    let mut all = vec!["--json", "session", "rewind", id];
    all.extend_from_slice(args);
    env.cmd().args(all).run(code).json()
}

fn paths(report: &Value, key: &str) -> Vec<String> {
    let mut out: Vec<String> = report["files"][key]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let p = f.get("path").unwrap_or(f).as_str().unwrap();
            Path::new(p)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn rewind_restores_edit_write_and_bash_changes_in_a_git_repository() {
    let (mock, env) = project(true);
    let index = std::fs::read(env.project.join(".git/index")).unwrap();
    agent_turn(&mock, &env);
    let report = rewind(&env, &["--to", "1", "--files-only"], 0);
    assert_eq!(
        paths(&report, "files"),
        ["a.txt", "b.txt", "c.txt", "n.txt"]
    );
    assert_eq!(report["fork"], Value::Null);
    assert_before_the_turn(&env);
    assert_eq!(
        read(&env.project.join("build.log")).unwrap(),
        "log\n",
        "an ignored file is not checkpointed"
    );
    assert_eq!(
        std::fs::read(env.project.join(".git/index")).unwrap(),
        index,
        "the index is untouched"
    );
    assert_eq!(git(&env.project, &["status", "--porcelain"]), "");
    let again = rewind(&env, &["--to", "1", "--files-only"], 0);
    assert!(again["files"]["files"].as_array().unwrap().is_empty());
}

#[test]
fn a_command_s_text_changes_are_shown_the_first_ten_as_lines_and_all_as_json() {
    let (mock, env) = project(true);
    std::fs::write(env.project.join("data.bin"), b"one\0two").unwrap();
    mock.push(call(
        "c1",
        "bash",
        &json!({"command": "sed -i s/alpha/ALPHA/ a.txt && printf 'x\\0y' > data.bin && for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo $i > f$i.txt; done"}),
    ));
    mock.push(openai::text("Done."));
    let run = env.cmd().args(["run", "change many things"]).run(0);
    let lines = change_lines(&run.stderr);
    assert_eq!(lines.len(), 11, "{}", run.stderr);
    assert_eq!(lines[0], "edited a.txt (+1 \u{2212}1)");
    assert_eq!(lines[1], "created f1.txt (+1 \u{2212}0)");
    assert_eq!(
        lines[10], "\u{2026} and 3 more files changed",
        "13 text files changed; the binary one has no line"
    );

    mock.push(call(
        "c2",
        "bash",
        &json!({"command": "rm f*.txt data.bin && printf 'alpha\\nomega\\n' > a.txt"}),
    ));
    mock.push(openai::text("Done."));
    let run = env
        .cmd()
        .args(["run", "--json", "--continue", "undo some"])
        .run(0);
    let items: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["type"] == "item.completed" && e["item"]["type"] == "file_change")
        .map(|e| e["item"].clone())
        .collect();
    assert_eq!(items.len(), 1, "{}", run.stdout);
    assert_eq!(items[0]["call_id"], "c2");
    let changes = items[0]["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 13, "{changes:?}");
    assert_eq!(
        changes[0],
        json!({"path": "a.txt", "kind": "edited", "added": 2, "removed": 1})
    );
    assert!(
        changes[1..]
            .iter()
            .all(|c| c["kind"] == "deleted" && c["removed"] == 1),
        "{changes:?}"
    );
}

#[test]
fn rewind_restores_edit_write_and_bash_changes_in_a_plain_directory() {
    let (mock, env) = project(false);
    std::fs::set_permissions(
        env.project.join("b.txt"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    agent_turn(&mock, &env);
    let report = rewind(&env, &["--to", "1", "--files-only"], 0);
    assert_eq!(
        paths(&report, "files"),
        ["a.txt", "b.txt", "c.txt", "n.txt"]
    );
    assert_before_the_turn(&env);
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(env.project.join("b.txt"))
            .unwrap()
            .permissions(),
    );
    assert_eq!(mode & 0o777, 0o755, "the permission bits come back too");
    assert!(!env.project.join(".git").exists());
}

/// Undoing a command that made directories for its files removes them once empty, however deep;
/// a directory that was there before the turn stays, even left empty, and so does one the user
/// put a file in since.
#[test]
fn a_rewind_removes_the_directories_the_agent_made_and_keeps_older_ones() {
    let (mock, env) = project(false);
    std::fs::create_dir_all(env.project.join("old/empty")).unwrap();
    // Older than the turn by more than the clocks' slack.
    std::thread::sleep(std::time::Duration::from_millis(300));
    mock.push(call(
        "c1",
        "bash",
        &json!({"command": "mkdir -p gen/a/b kept/x && echo 1 > gen/a/b/out.txt && echo 2 > old/empty/n.txt && echo 3 > kept/x/k.txt"}),
    ));
    mock.push(openai::text("Done."));
    env.cmd().args(["run", "generate"]).run(0);
    env.write(&env.project.join("kept/mine.txt"), "the user's\n");
    let report = rewind(&env, &["--to", "1", "--files-only"], 0);
    assert_eq!(paths(&report, "files"), ["k.txt", "n.txt", "out.txt"]);
    assert!(!env.project.join("gen").exists(), "gen/a/b went, all of it");
    assert!(
        env.project.join("old/empty").is_dir(),
        "a directory older than the turn stays"
    );
    assert!(!env.project.join("kept/x").exists());
    assert!(env.project.join("kept/mine.txt").is_file());
}

#[test]
fn a_file_the_user_changed_after_the_turn_is_reported_and_kept_unless_forced() {
    let (mock, env) = project(true);
    agent_turn(&mock, &env);
    env.write(&env.project.join("a.txt"), "the user's text\n");
    let report = rewind(&env, &["--to", "1", "--files-only"], 1);
    assert_eq!(paths(&report, "conflicts"), ["a.txt"]);
    assert_eq!(paths(&report, "files"), ["b.txt", "c.txt", "n.txt"]);
    assert_eq!(
        read(&env.project.join("a.txt")).unwrap(),
        "the user's text\n"
    );
    let human = env
        .cmd()
        .args(["session", "rewind", "last", "--to", "1", "--files-only"])
        .run(1);
    assert!(
        human
            .stderr
            .contains("a.txt changed after the agent's edit"),
        "{}",
        human.stderr
    );
    let forced = rewind(&env, &["--to", "1", "--files-only", "--force"], 0);
    assert_eq!(paths(&forced, "files"), ["a.txt"]);
    assert_eq!(forced["files"]["files"][0]["forced"], true);
    assert_before_the_turn(&env);
}

#[test]
fn dry_run_changes_nothing() {
    let (mock, env) = project(false);
    agent_turn(&mock, &env);
    let sessions = env.transcripts().len();
    let report = rewind(&env, &["--to", "1", "--dry-run"], 0);
    assert_eq!(report["dry_run"], true);
    assert_eq!(
        paths(&report, "files"),
        ["a.txt", "b.txt", "c.txt", "n.txt"]
    );
    assert_eq!(report["fork"], Value::Null);
    assert_eq!(read(&env.project.join("a.txt")).unwrap(), "ALPHA\n");
    assert_eq!(read(&env.project.join("new/n.txt")).unwrap(), "created\n");
    assert_eq!(env.transcripts().len(), sessions, "no fork");
    rewind(&env, &["--to", "1", "--files-only"], 0);
    assert_before_the_turn(&env);
}

/// A session of two turns in a plain directory: the first only answers, the second writes
/// `second.txt`.
fn two_turns() -> (MockModel, TestEnv) {
    let (mock, env) = project(false);
    mock.push(openai::text("First answer."));
    env.cmd().args(["run", "first question"]).run(0);
    mock.push(call(
        "c1",
        "write_file",
        &json!({"file_path": "second.txt", "content": "2\n"}),
    ));
    mock.push(openai::text("Second answer."));
    env.cmd()
        .args(["run", "--continue", "second question"])
        .run(0);
    (mock, env)
}

/// A rewind that left a file alone makes no new session: `last` stays the session rewound, so
/// the retry with `--force` it suggests rewinds its files and then its conversation.
#[test]
fn a_rewind_that_left_a_file_alone_forks_nothing_until_forced() {
    let (_mock, env) = two_turns();
    env.write(&env.project.join("second.txt"), "the user's\n");
    let sessions = env.transcripts().len();
    let human = env
        .cmd()
        .args(["session", "rewind", "last", "--to", "2"])
        .run(1);
    assert!(human.stderr.contains("--force"), "{}", human.stderr);
    assert_eq!(env.transcripts().len(), sessions, "no fork");
    let forced = rewind(&env, &["--to", "2", "--force"], 0);
    assert!(forced["fork"].is_string(), "{forced}");
    assert_eq!(read(&env.project.join("second.txt")), None);
    assert_eq!(env.transcripts().len(), sessions + 1);
}

#[test]
fn conversation_only_rewind_forks_the_session_before_the_turn_and_keeps_the_files() {
    let (_mock, env) = two_turns();
    let original = env.transcripts()[0]
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let report = rewind_session(&env, &original, &["--to", "2", "--conversation-only"], 0);
    assert_eq!(report["files"], Value::Null);
    let fork = report["fork"].as_str().unwrap();
    assert_eq!(read(&env.project.join("second.txt")).unwrap(), "2\n");
    let shown = env.cmd().args(["session", "show", fork]).run(0).stdout;
    assert!(shown.contains("first question"), "{shown}");
    assert!(!shown.contains("second question"), "{shown}");

    // The whole rewind to before turn 1: the files, and no new session (its conversation would
    // be empty), so `last` still names the session rewound.
    let sessions = env.transcripts().len();
    let report = rewind_session(&env, &original, &["--to", "1"], 0);
    assert_eq!(report["fork"], Value::Null);
    assert_eq!(read(&env.project.join("second.txt")), None);
    assert_eq!(env.transcripts().len(), sessions);
}

#[test]
fn a_rewind_killed_midway_leaves_every_file_old_or_new_and_the_next_one_finishes() {
    let (mock, env) = project(true);
    agent_turn(&mock, &env);
    let files = ["a.txt", "b.txt", "c.txt", "new/n.txt"];
    let old = [Some("alpha\n"), Some("beta\n"), Some("gamma\n"), None];
    let new = [Some("ALPHA\n"), Some("BETA\n"), None, Some("created\n")];
    let out = env
        .cmd()
        .env("PILOTDECK_CRASH_AT", "rewind.file")
        .args(["session", "rewind", "last", "--to", "1", "--files-only"])
        .inner
        .output()
        .unwrap();
    assert_eq!(out.status.signal(), Some(9), "{out:?}");
    let mut restored = 0;
    for (i, f) in files.iter().enumerate() {
        let now = read(&env.project.join(f));
        let now = now.as_deref();
        assert!(now == old[i] || now == new[i], "{f} is neither: {now:?}");
        restored += usize::from(now == old[i]);
    }
    assert_eq!(restored, 1, "killed after the first file");
    let leftovers: Vec<PathBuf> = std::fs::read_dir(&env.project)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".tmp-")
        })
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    let run = env
        .cmd()
        .args(["session", "rewind", "last", "--to", "1", "--files-only"])
        .run(0);
    assert!(
        run.stderr.contains("finishing an interrupted rewind"),
        "{}",
        run.stderr
    );
    assert_before_the_turn(&env);
}

fn checkpoints_dir(env: &TestEnv) -> PathBuf {
    std::fs::read_dir(env.home.join("projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .join("checkpoints")
}

fn blobs(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir.join("blobs"))
        .into_iter()
        .flatten()
        .flat_map(|p| std::fs::read_dir(p.unwrap().path()).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

#[test]
fn checkpoints_are_removed_with_their_session() {
    let (mock, env) = project(false);
    env.write(&env.project.join("keep.txt"), "keep me\n");
    mock.push(call("r0", "read_file", &json!({"file_path": "keep.txt"})));
    mock.push(call(
        "k1",
        "write_file",
        &json!({"file_path": "keep.txt", "content": "kept\n"}),
    ));
    mock.push(openai::text("Kept."));
    env.cmd().args(["run", "a first session"]).run(0);
    agent_turn(&mock, &env);
    let dir = checkpoints_dir(&env);
    let sessions: Vec<String> = env
        .transcripts()
        .iter()
        .map(|t| t.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(sessions.len(), 2);
    let before = blobs(&dir);
    assert!(!before.is_empty());
    // Age every blob past the grace period that protects blobs being written right now.
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    for b in &before {
        std::fs::File::options()
            .write(true)
            .open(b)
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    env.cmd()
        .args(["session", "rm", &sessions[1], "--yes"])
        .run(0);
    assert!(!dir.join("sessions").join(&sessions[1]).exists());
    assert!(dir.join("sessions").join(&sessions[0]).exists());
    let after = blobs(&dir);
    assert!(after.len() < before.len(), "{after:?}");
    assert!(!after.is_empty(), "the other session's blobs stay");
    let kept = std::fs::read_dir(dir.join("blobs"))
        .unwrap()
        .flat_map(|p| std::fs::read_dir(p.unwrap().path()).unwrap())
        .any(|e| std::fs::read(e.unwrap().path()).unwrap() == b"keep me\n");
    assert!(kept);
}

#[test]
fn undo_in_chat_restores_the_last_turn_and_shows_the_diff() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let (mock, env) = project(true);
    mock.push(call("c1", "read_file", &json!({"file_path": "a.txt"})));
    mock.push(call(
        "c2",
        "edit_file",
        &json!({"file_path": "a.txt", "old_string": "alpha", "new_string": "ALPHA"}),
    ));
    mock.push(call("c3", "bash", &json!({"command": "rm c.txt"})));
    mock.push(openai::text("Edited it."));
    let command = tmux::chat_command(&env.project, &env.user_home, &env.home);
    let tmux = tmux::Tmux::start("undo", &command);
    tmux.wait_for("›");
    tmux.send_keys(&["edit a", "Enter"]);
    let screen = tmux.wait_for("Edited it.");
    assert!(screen.contains("deleted c.txt (+0 \u{2212}1)"), "{screen}");
    assert_eq!(read(&env.project.join("a.txt")).unwrap(), "ALPHA\n");
    tmux.send_keys(&["/diff", "Enter"]);
    tmux.wait_for("+++ /dev/null");
    tmux.send_keys(&["/undo", "Enter"]);
    let screen = tmux.wait_for("undid the file changes of turn 1");
    assert!(screen.contains("reverted a.txt:"), "{screen}");
    assert!(screen.contains("-alpha"), "{screen}");
    assert!(screen.contains("+ALPHA"), "{screen}");
    assert!(screen.contains("reverted c.txt:"), "{screen}");
    assert_eq!(read(&env.project.join("a.txt")).unwrap(), "alpha\n");
    assert_eq!(read(&env.project.join("c.txt")).unwrap(), "gamma\n");
    tmux.send_keys(&["/undo", "Enter"]);
    tmux.wait_for("nothing (more) to undo");
    tmux.send_keys(&["/exit", "Enter"]);
}

/// `/diff` is read from the session's checkpoints: a chat resuming a run's session shows the run's
/// changes (from before the session to now), and a turn `/undo` took back is no longer in it.
#[test]
fn diff_in_chat_shows_the_session_s_standing_changes_after_resume_and_undo() {
    let (mock, env) = project(true);
    agent_turn(&mock, &env);
    let chat = env
        .cmd()
        .args(["chat", "--continue"])
        .stdin("/diff\n/undo\n/diff\n")
        .run(0);
    // The diffs are on stdout, from the first /diff only: the second one, after the /undo, has
    // nothing to show.
    for expected in ["-alpha", "+ALPHA", "-beta", "+BETA", "-gamma", "+created"] {
        assert_eq!(
            chat.stdout.matches(expected).count(),
            1,
            "{expected}: {}",
            chat.stdout
        );
    }
    assert!(
        chat.stderr.contains("edited a.txt (+1 \u{2212}1)"),
        "{}",
        chat.stderr
    );
    assert_eq!(
        chat.stderr
            .matches("no files changed in this session yet")
            .count(),
        1,
        "the /diff after /undo: {}",
        chat.stderr
    );
    assert_before_the_turn(&env);
}

#[test]
fn a_rewind_never_writes_or_removes_through_a_directory_swapped_for_a_symlink() {
    let (mock, env) = project(false);
    let ssh = env.user_home.join(".ssh");
    std::fs::create_dir_all(&ssh).unwrap();
    // Turn 1 writes d/authorized_keys; turn 2 swaps d for a link to ~/.ssh (unsandboxed: the
    // sandbox's guard would move the link aside).
    mock.push(call(
        "c1",
        "write_file",
        &json!({"file_path": "d/authorized_keys", "content": "ATTACKER KEY\n"}),
    ));
    mock.push(openai::text("Written."));
    env.cmd().args(["run", "write it"]).run(0);
    let swap = format!(
        "rm d/authorized_keys && rmdir d && ln -s {} d",
        ssh.display()
    );
    mock.push(call("c2", "bash", &json!({"command": swap})));
    mock.push(openai::text("Swapped."));
    env.cmd()
        .args(["run", "--continue", "--permission-mode", "full", "swap it"])
        .run(0);
    assert!(
        std::fs::symlink_metadata(env.project.join("d"))
            .unwrap()
            .file_type()
            .is_symlink()
    );

    // Restoring turn 2's removal would write ~/.ssh/authorized_keys.
    let report = rewind(&env, &["--to", "2", "--files-only"], 1);
    assert!(!ssh.join("authorized_keys").exists(), "{report}");
    assert_eq!(paths(&report, "refused"), ["authorized_keys"], "{report}");
    let reason = report["files"]["refused"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("is a symbolic link"), "{reason}");
    let human = env
        .cmd()
        .args(["session", "rewind", "last", "--to", "2", "--files-only"])
        .run(1);
    assert!(
        human.stderr.contains("d/authorized_keys not rewound"),
        "{}",
        human.stderr
    );

    // Removing turn 1's new file would delete the user's own key.
    env.write(&ssh.join("authorized_keys"), "USER KEY\n");
    let report = rewind(&env, &["--to", "1", "--files-only", "--force"], 1);
    assert_eq!(paths(&report, "refused"), ["authorized_keys"], "{report}");
    assert_eq!(read(&ssh.join("authorized_keys")).unwrap(), "USER KEY\n");
}

/// A process the agent left running keeps exchanging the project's directory `d` with a link to a
/// directory outside (`renameat2(RENAME_EXCHANGE)`, here a thread of the test) while the user
/// rewinds: every file is restored into the real directory, wherever it is, or refused — none is
/// written through the link, whatever the timing.
#[test]
fn a_rewind_racing_a_directory_swap_never_writes_outside() {
    let (mock, env) = project(false);
    let outside = env.tmp.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    for i in 0..64 {
        env.write(&env.project.join(format!("d/f{i}")), "old\n");
    }
    mock.push(call(
        "c1",
        "bash",
        &json!({"command": "for f in d/f*; do echo new > $f; done"}),
    ));
    mock.push(openai::text("Changed."));
    env.cmd().args(["run", "change them"]).run(0);
    assert_eq!(read(&env.project.join("d/f7")).unwrap(), "new\n");
    std::os::unix::fs::symlink(&outside, env.project.join("alt")).unwrap();

    // Rewound again until nothing is refused: each run takes back what the last one could not.
    let swapper = support::Swapper::start(&env.project.join("d"), &env.project.join("alt"));
    let mut runs = Vec::new();
    for _ in 0..20 {
        let out = env
            .cmd()
            .args([
                "--json",
                "session",
                "rewind",
                "last",
                "--to",
                "1",
                "--files-only",
                "--force",
            ])
            .inner
            .output()
            .unwrap();
        let code = out.status.code();
        runs.push(out);
        if code != Some(1) {
            break;
        }
    }
    let swaps = swapper.finish();

    let written = support::names_in(&outside);
    assert!(
        written.is_empty(),
        "written outside ({swaps} swaps, {} runs): {written:?}",
        runs.len()
    );
    let last = runs.last().unwrap();
    assert!(matches!(last.status.code(), Some(0 | 1)), "{last:?}");
    // The real directory (`d` or `alt`, as the last exchange left them) has its 64 files, each
    // old or new, and no temp file.
    let real = ["d", "alt"]
        .map(|n| env.project.join(n))
        .into_iter()
        .find(|p| !p.is_symlink())
        .unwrap();
    let names: Vec<_> = std::fs::read_dir(&real).unwrap().collect();
    assert_eq!(names.len(), 64, "{names:?}");
    for i in 0..64 {
        let text = read(&real.join(format!("f{i}"))).unwrap();
        assert!(text == "old\n" || text == "new\n", "f{i}: {text:?}");
    }
}

/// While a turn's commands run, a process the agent left keeps exchanging the project's `sub` with
/// a link to PilotHome, whose config holds the API keys. The recorder saves the files a command
/// may change, but never through the link: PilotHome's config is never stored as a "before" that
/// a rewind would write into the project. (Unsandboxed, as in a `full` run: the sandbox's guard
/// would move the link aside after each command.)
#[test]
fn the_recorder_never_saves_a_secret_through_a_directory_swapped_for_a_link() {
    const MARKER: &str = "SECRET-MARKER-7f3a";
    let (mock, env) = project(false);
    let config = std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap();
    env.config(&format!("{config}\n# {MARKER}\n"));
    env.write(&env.project.join("sub/pilotdeck.yaml"), "project text\n");
    std::os::unix::fs::symlink(&env.home, env.project.join("alt")).unwrap();

    // Three turns of 45 commands (a turn makes at most 50 model calls), each saving the file.
    let swapper = support::Swapper::start(&env.project.join("sub"), &env.project.join("alt"));
    let mut outs = Vec::new();
    for turn in 0..3 {
        for i in 0..45 {
            mock.push(call(
                &format!("c{turn}-{i}"),
                "bash",
                &json!({"command": "touch sub/pilotdeck.yaml"}),
            ));
        }
        mock.push(openai::text("Touched."));
        let continued = if turn == 0 { None } else { Some("--continue") };
        let out = env
            .cmd()
            .args(["run", "--permission-mode", "full"])
            .args(continued)
            .arg_str("touch it")
            .inner
            .output()
            .unwrap();
        outs.push(out);
    }
    let swaps = swapper.finish();
    let out = outs.last().unwrap();

    let saved = blobs(&checkpoints_dir(&env));
    for blob in &saved {
        let text = std::fs::read_to_string(blob).unwrap_or_default();
        assert!(
            !text.contains(MARKER),
            "PilotHome's config saved as {} ({swaps} swaps, {} blobs)\n{}",
            blob.display(),
            saved.len(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The project's own file was saved (the recorder did its work when `sub` was real).
    assert!(
        saved
            .iter()
            .any(|b| read(b).as_deref() == Some("project text\n")),
        "{saved:?}"
    );
}

/// R6-09: a command rewrites `notes.txt` in place at the same size and puts its times back
/// (`touch -r`): only the ctime tells, and rewind still gives the user's text back.
#[test]
fn a_same_size_rewrite_with_its_mtime_put_back_is_rewound() {
    let (mock, env) = project(false);
    env.write(&env.project.join("notes.txt"), "my own notes 1\n");
    let ino = |env: &TestEnv| {
        let meta = std::fs::metadata(env.project.join("notes.txt")).unwrap();
        (
            std::os::unix::fs::MetadataExt::ino(&meta),
            meta.modified().unwrap(),
        )
    };
    let before = ino(&env);
    mock.push(call(
        "c1",
        "bash",
        &json!({"command": "touch -r notes.txt .ref && printf 'AGENT WROTE IT\\n' 1<>notes.txt && touch -r .ref notes.txt && rm .ref"}),
    ));
    mock.push(openai::text("Done."));
    let run = env.cmd().args(["run", "change things"]).run(0);
    assert_eq!(
        read(&env.project.join("notes.txt")).unwrap(),
        "AGENT WROTE IT\n",
        "{}",
        run.stderr
    );
    assert_eq!(ino(&env), before, "rewritten in place, its mtime put back");
    let report = rewind(&env, &["--to", "1", "--files-only"], 0);
    assert_eq!(paths(&report, "files"), ["notes.txt"]);
    assert_eq!(
        read(&env.project.join("notes.txt")).unwrap(),
        "my own notes 1\n"
    );
}

/// R7-06: a command makes a sparse 3 GiB file (no disk used); the checkpoint recorder does not read
/// it whole to hash it — the run ends under a 512 MiB data limit — nor does rewind, which refuses
/// it by name and restores the other file the command changed.
#[test]
fn a_huge_sparse_file_a_command_made_is_not_read_whole() {
    let (mock, env) = project(false);
    mock.push(openai::tool_call(
        "c",
        "bash",
        &json!({"command": "truncate -s 3G big.bin && echo changed > a.txt"}).to_string(),
    ));
    mock.push(openai::text("done"));
    let out = env
        .cmd_with_data_limit(512)
        .args(["run", "--allow", "bash", "go"])
        .inner
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(read(&env.project.join("a.txt")).unwrap(), "changed\n");
    // big.bin is refused (not compared, not removed), a.txt restored; exit 1 for the refusal.
    let report = rewind(&env, &["--to", "1", "--files-only"], 1);
    assert!(
        report.to_string().contains("larger than 16 MiB"),
        "{report}"
    );
    assert_eq!(
        read(&env.project.join("a.txt")).unwrap(),
        "alpha\n",
        "{report}"
    );
}

/// A command that only changed a file's permission bits (`chmod 600`) is taken back too, in a
/// repository and in a plain directory.
#[test]
fn a_mode_only_change_is_rewound() {
    use std::os::unix::fs::PermissionsExt;
    for repo in [false, true] {
        let (mock, env) = project(repo);
        let a = env.project.join("a.txt");
        std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o644)).unwrap();
        mock.push(call("c1", "bash", &json!({"command": "chmod 600 a.txt"})));
        mock.push(openai::text("done"));
        env.cmd().args(["run", "--allow", "bash", "tighten"]).run(0);
        let mode = || std::fs::metadata(&a).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(), 0o600);
        let report = rewind(&env, &["--to", "1", "--files-only"], 0);
        assert_eq!(paths(&report, "files"), ["a.txt"], "repo {repo}");
        assert_eq!(mode(), 0o644, "repo {repo}");
        assert_eq!(read(&a).unwrap(), "alpha\n");
    }
}
