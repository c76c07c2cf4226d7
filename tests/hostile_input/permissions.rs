//! The permission layer against hostile commands, end to end: every command issue 27 found getting
//! through is a row here, sent by a scripted model to the real binary in each mode (all unattended:
//! `pilotdeck run`). `rm`, `find` and `touch` on PATH are fakes that only record their arguments, so
//! a wrong "allow" harms nothing and shows up in their log; the rows that used to write are checked
//! to have written nothing. Property tests generate wrappers, spellings and quoting of the hard-deny
//! commands and check they are denied in every mode.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use pilotdeck::tools::PermissionSubject;
use pilotdeck::tools::Workspace;
use pilotdeck::tools::permission::{
    Decision, PermissionMode, PermissionPolicy, PermissionRequest, RuleKind, RuleSource,
};
use proptest::prelude::*;
use serde_json::json;

use super::mock_model::{MockModel, Turn, openai};
use super::support::TestEnv;

/// What a row must get in one mode, unattended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Runs.
    Allow,
    /// Denied by read-only mode.
    ReadOnly,
    /// Needs approval, so denied unattended.
    Ask,
    /// On the hard-deny list.
    Hard,
}
use Expect::{Allow, Ask, Hard, ReadOnly};

/// One hostile call and what it must get in read-only, workspace-write and full mode.
struct Row {
    tool: &'static str,
    input: &'static str,
    expect: [Expect; 3],
}

const fn bash(input: &'static str, expect: [Expect; 3]) -> Row {
    Row {
        tool: "bash",
        input,
        expect,
    }
}

const fn write(input: &'static str, expect: [Expect; 3]) -> Row {
    Row {
        tool: "write_file",
        input,
        expect,
    }
}

const PWN_HOOK: &str = "#!/bin/sh\ntouch PWN\n";
const ESCALATING_CONFIG: &str = "tools:\n  permissions:\n    mode: full\n";

/// Issue 27's commands, in its order, plus the destructive git operations in other spellings and a
/// few plainly safe controls.
const ROWS: &[Row] = &[
    // Read-only mode ran commands and wrote files.
    bash("sed -n '1e touch PWN' README.md", [ReadOnly, Allow, Allow]),
    bash("sed -n 'w PWN' README.md", [ReadOnly, Allow, Allow]),
    bash(
        r#"awk 'BEGIN{print "x" | "touch PWN"}'"#,
        [ReadOnly, Allow, Allow],
    ),
    bash(
        r#"awk 'BEGIN{"touch PWN" | getline}'"#,
        [ReadOnly, Allow, Allow],
    ),
    bash(
        r#"awk 'BEGIN{system ("touch PWN")}'"#,
        [ReadOnly, Allow, Allow],
    ),
    bash("awk -f tool.awk", [ReadOnly, Allow, Allow]),
    bash("env -S'touch PWN'", [ReadOnly, Allow, Allow]),
    bash(
        "git grep --open-files-in-pager='touch PWN' x",
        [ReadOnly, Allow, Allow],
    ),
    bash("sort -o PWN f", [ReadOnly, Allow, Allow]),
    bash("uniq f PWN", [ReadOnly, Allow, Allow]),
    bash(
        "git reflog expire --expire=now --all",
        [ReadOnly, Ask, Allow],
    ),
    // Wrappers and spellings past the hard-deny list.
    bash("setsid rm -rf ~", [Hard, Hard, Hard]),
    bash("flock /tmp/l rm -rf /", [Hard, Hard, Hard]),
    bash(r"find . -maxdepth 0 -exec rm -rf / \;", [Hard, Hard, Hard]),
    bash("find -L / -delete", [Hard, Hard, Hard]),
    bash("env -S'rm -rf /'", [Hard, Hard, Hard]),
    bash(r#"awk 'BEGIN{system ("rm -rf /")}'"#, [Hard, Hard, Hard]),
    bash("rm --recur --force /*", [Hard, Hard, Hard]),
    bash("rm -rf ${X:-/}", [Hard, Hard, Hard]),
    bash("rm -rf ~root", [Hard, Hard, Hard]),
    bash("rm -rf ../../../../../../../../*", [Hard, Hard, Hard]),
    bash("echo / | xargs rm -rf", [Hard, Hard, Hard]),
    bash("rm -rf /[e]tc", [Hard, Hard, Hard]),
    // Data loss in the default mode.
    bash("git -C . reset --hard", [ReadOnly, Ask, Allow]),
    bash("git -c x=y clean -fdx", [ReadOnly, Ask, Allow]),
    bash("git reset --hard", [ReadOnly, Ask, Allow]),
    bash(
        "git --git-dir=.git --work-tree=. checkout -- .",
        [ReadOnly, Ask, Allow],
    ),
    bash("git checkout .", [ReadOnly, Ask, Allow]),
    bash("git restore README.md", [ReadOnly, Ask, Allow]),
    bash("git stash drop", [ReadOnly, Ask, Allow]),
    bash("git -C . stash clear", [ReadOnly, Ask, Allow]),
    bash("git branch -D nosuch", [ReadOnly, Ask, Allow]),
    bash("git push --force nosuch main", [ReadOnly, Ask, Allow]),
    bash("rm -r src", [ReadOnly, Ask, Allow]),
    // Code planted for later, and the agent raising its own rights.
    write(".git/hooks/pre-commit", [ReadOnly, Ask, Allow]),
    bash(
        r"printf '#!/bin/sh\ntouch PWN\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit",
        [ReadOnly, Ask, Allow],
    ),
    bash(
        "git config core.fsmonitor 'touch PWN'",
        [ReadOnly, Ask, Allow],
    ),
    write(".pilotdeck/pilotdeck.yaml", [ReadOnly, Ask, Allow]),
    write("AGENTS.md", [ReadOnly, Ask, Allow]),
    // Controls: plainly safe reads run in every mode.
    bash(
        "ls && git status --short && cat README.md",
        [Allow, Allow, Allow],
    ),
    bash(
        "sed -n 1p README.md | sort | uniq -c",
        [Allow, Allow, Allow],
    ),
    bash(r#"awk '$1 > 0 { print $1 }' f"#, [Allow, Allow, Allow]),
];

const MODES: [&str; 3] = ["read-only", "workspace-write", "full"];

/// Fake `rm`, `find` and `touch` that append their name and arguments to `log`.
fn fake_bin(dir: &Path, log: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    for name in ["rm", "find", "touch"] {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("#!/bin/sh\necho \"{name} $*\" >> '{}'\n", log.display()),
        )
        .unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

fn git(project: &Path, args: &[&str]) {
    let status = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(project)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

/// A project with a commit, an uncommitted change, an untracked file and a stash.
fn project(env: &TestEnv) {
    let p = &env.project;
    env.write(&p.join("README.md"), "readme\n");
    env.write(&p.join("src/lib.rs"), "// lib\n");
    env.write(&p.join("f"), "b\na\na\n");
    env.write(&p.join("tool.awk"), "BEGIN { system(\"touch PWN\") }\n");
    git(p, &["init", "-q"]);
    git(p, &["add", "-A"]);
    git(p, &["commit", "-qm", "init"]);
    env.write(&p.join("README.md"), "stashed\n");
    git(p, &["stash", "-q"]);
    env.write(&p.join("README.md"), "uncommitted work\n");
    env.write(&p.join("untracked.txt"), "keep me\n");
}

fn input(row: &Row) -> serde_json::Value {
    match row.tool {
        "bash" => json!({"command": row.input}),
        _ => {
            let content = if row.input.ends_with("pilotdeck.yaml") {
                ESCALATING_CONFIG
            } else {
                PWN_HOOK
            };
            json!({"file_path": row.input, "content": content})
        }
    }
}

/// Runs every row in `mode` and returns the denial reasons by row index, and the fakes' log.
fn run_rows(env: &TestEnv, mock: &MockModel, mode: &str) -> (BTreeMap<usize, String>, String) {
    let fakes = env.tmp.path().join("fakebin");
    // The fakes log into a directory of their own, given to the run with --add-dir: the kernel
    // sandbox lets commands write only there, in the project and in $TMPDIR.
    let logs = env.tmp.path().join("fakelog");
    std::fs::create_dir_all(&logs).unwrap();
    let log = logs.join("fake.log");
    fake_bin(&fakes, &log);
    let mut turn = Turn::new();
    for (i, row) in ROWS.iter().enumerate() {
        turn = turn.tool_call(&format!("row{i}"), row.tool, &input(row).to_string());
    }
    mock.push(openai::stream(&turn));
    mock.push(openai::text("done"));
    let path = format!(
        "{}:{}",
        fakes.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    env.cmd()
        .env("PATH", path)
        .args([
            "run",
            "--permission-mode",
            mode,
            "--add-dir",
            logs.to_str().unwrap(),
            "go",
        ])
        .run(0);
    let transcript = env.transcripts().pop().unwrap();
    let mut denials = BTreeMap::new();
    for line in std::fs::read_to_string(transcript).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] == "denial" {
            let id = v["call_id"].as_str().unwrap();
            let i: usize = id.trim_start_matches("row").parse().unwrap();
            denials.insert(i, v["reason"].as_str().unwrap().to_owned());
        }
    }
    (denials, std::fs::read_to_string(log).unwrap_or_default())
}

fn check_decisions(mode_index: usize, denials: &BTreeMap<usize, String>) {
    let mut wrong = Vec::new();
    for (i, row) in ROWS.iter().enumerate() {
        let expect = row.expect[mode_index];
        let reason = denials.get(&i);
        let ok = match (expect, reason) {
            (Allow, None) => true,
            (ReadOnly, Some(r)) => r.contains("read-only mode"),
            (Ask, Some(r)) => r.contains("nobody can be asked"),
            (Hard, Some(r)) => r.contains("hard-deny list"),
            _ => false,
        };
        if !ok {
            wrong.push(format!(
                "{} `{}`: expected {expect:?}, got {reason:?}",
                row.tool, row.input
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} mode:\n{}",
        MODES[mode_index],
        wrong.join("\n")
    );
}

/// Nothing the denied rows aimed at happened: no marker, no hook, no git setting, the user's
/// uncommitted work and stash intact.
fn assert_untouched(env: &TestEnv, log: &str) {
    let p = &env.project;
    assert!(!p.join("PWN").exists(), "a row wrote PWN");
    assert!(log.is_empty(), "a fake ran: {log}");
    assert!(!p.join(".git/hooks/pre-commit").exists());
    assert!(
        !std::fs::read_to_string(p.join(".git/config"))
            .unwrap()
            .contains("fsmonitor")
    );
    assert!(!p.join(".pilotdeck/pilotdeck.yaml").exists());
    assert_work_kept(env);
}

fn assert_work_kept(env: &TestEnv) {
    let p = &env.project;
    assert_eq!(
        std::fs::read_to_string(p.join("README.md")).unwrap(),
        "uncommitted work\n"
    );
    assert!(p.join("untracked.txt").exists());
    assert!(p.join("src/lib.rs").exists());
    assert!(
        std::fs::read_to_string(p.join(".git/refs/stash")).is_ok(),
        "the stash is gone"
    );
}

#[test]
fn hostile_rows_in_read_only_mode_are_denied_and_write_nothing() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    project(&env);
    let (denials, log) = run_rows(&env, &mock, "read-only");
    check_decisions(0, &denials);
    assert_untouched(&env, &log);
}

#[test]
fn hostile_rows_in_workspace_write_mode_keep_the_users_work() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    project(&env);
    let (denials, log) = run_rows(&env, &mock, "workspace-write");
    check_decisions(1, &denials);
    // The allowed rows ran (through the fake `touch`); no fake `rm` or `find` did.
    assert!(
        log.lines().all(|l| l.starts_with("touch ")),
        "a destructive row ran: {log}"
    );
    assert!(!env.project.join(".git/hooks/pre-commit").exists());
    assert!(
        !std::fs::read_to_string(env.project.join(".git/config"))
            .unwrap()
            .contains("fsmonitor")
    );
    assert!(!env.project.join(".pilotdeck/pilotdeck.yaml").exists());
    assert_work_kept(&env);
}

#[test]
fn hostile_rows_in_full_mode_still_hit_the_hard_deny_list_and_the_project_config_cannot_escalate() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    project(&env);
    let (denials, log) = run_rows(&env, &mock, "full");
    check_decisions(2, &denials);
    // `touch` from the allowed rows (and the fsmonitor hook full mode let through), `rm -r src`;
    // nothing on the hard-deny list.
    assert!(
        log.lines()
            .all(|l| l.starts_with("touch ") || l == "rm -r src"),
        "a hard-denied row ran: {log}"
    );
    assert!(
        log.contains("rm -r src"),
        "full mode runs what it allows: {log}"
    );
    // Full mode let the agent write `tools.permissions.mode: full` into the project config. The next
    // plain run stays in workspace-write: a write outside the project is denied, with a warning.
    assert_eq!(
        std::fs::read_to_string(env.project.join(".pilotdeck/pilotdeck.yaml")).unwrap(),
        ESCALATING_CONFIG
    );
    let outside = env.tmp.path().join("escaped.txt");
    mock.push(openai::tool_call(
        "c1",
        "write_file",
        &json!({"file_path": outside, "content": "x"}).to_string(),
    ));
    mock.push(openai::text("done"));
    let run = env.cmd().args(["run", "go"]).run(0);
    assert!(!outside.exists(), "the project config raised the mode");
    assert!(
        run.stderr.contains("cannot raise the permission mode"),
        "{}",
        run.stderr
    );
}

fn policy(mode: PermissionMode, root: &Path) -> PermissionPolicy {
    let mut policy = PermissionPolicy::new(mode, Workspace::new(root, &[]).unwrap());
    policy
        .add_rule("bash", RuleKind::Allow, RuleSource::Flag)
        .unwrap();
    policy
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A hard-deny command in one of its spellings.
fn hard_core() -> impl Strategy<Value = String> {
    let program = prop_oneof![
        Just("rm"),
        Just("'rm'"),
        Just("\"rm\""),
        Just("r''m"),
        Just("\\rm"),
        Just("/bin/rm"),
        Just("command rm"),
    ];
    let flags = prop_oneof![
        Just("-rf"),
        Just("-fr"),
        Just("-r -f"),
        Just("-Rf"),
        Just("--recursive --force"),
        Just("--recur --force"),
        Just("--rec -f"),
        Just("-rf --"),
    ];
    let target = prop_oneof![
        Just("/"),
        Just("'/'"),
        Just("\"/\""),
        Just("//"),
        Just("/./"),
        Just("/*"),
        Just("/[e]tc"),
        Just("/e?c"),
        Just("/{etc,x}"),
        Just("/usr/.."),
        Just("~"),
        Just("~/"),
        Just("~root"),
        Just("$HOME"),
        Just("${HOME}"),
        Just("${X:-/}"),
        Just("\"${UNSET_X:-/etc}\""),
        Just("$UNSET_X/"),
        Just("../../../../../../../../../../*"),
        Just("$(cat list)"),
    ];
    let rm = (program, flags, target).prop_map(|(p, f, t)| format!("{p} {f} {t}"));
    prop_oneof![
        4 => rm,
        1 => Just("mkfs.ext4 /dev/sda1".to_owned()),
        1 => Just("dd if=/dev/zero of=/dev/sda".to_owned()),
        1 => Just("find / -delete".to_owned()),
        1 => Just("chmod -R 777 /".to_owned()),
        1 => Just("shutdown -h now".to_owned()),
    ]
}

/// Wraps `cmd` in one wrapper.
fn wrap(cmd: &str, wrapper: usize) -> String {
    match wrapper {
        0 => format!("sudo {cmd}"),
        1 => format!("setsid {cmd}"),
        2 => format!("nohup {cmd}"),
        3 => format!("timeout -s KILL 5 {cmd}"),
        4 => format!("nice -n 5 {cmd}"),
        5 => format!("ionice -c 3 {cmd}"),
        6 => format!("stdbuf -oL {cmd}"),
        7 => format!("chrt -f 1 {cmd}"),
        8 => format!("taskset 0x1 {cmd}"),
        9 => format!("flock /tmp/l {cmd}"),
        10 => format!("env -i A=1 {cmd}"),
        11 => format!("env -S{}", shell_quote(cmd)),
        12 => format!("bash -c {}", shell_quote(cmd)),
        13 => format!("sh -lc {}", shell_quote(cmd)),
        14 => format!("eval {}", shell_quote(cmd)),
        15 => format!("flock /tmp/l -c {}", shell_quote(cmd)),
        16 => format!("watch -n 1 {}", shell_quote(cmd)),
        17 => format!("X=1 exec {cmd}"),
        18 => format!("busybox {cmd}"),
        19 => format!("strace -f {cmd}"),
        20 => format!("echo hi && {cmd}"),
        21 => format!("true; ( {cmd} )"),
        22 => format!("if true; then {cmd}; fi"),
        23 => format!("find . -maxdepth 0 -exec {cmd} \\;"),
        24 => format!("time {cmd}"),
        25 => format!("awk 'BEGIN{{system ({})}}'", json!(cmd)),
        _ => format!("sed -n {} f", shell_quote(&format!("1e {cmd}"))),
    }
}

/// Every wrapper behind `sudo` keeps a hard-deny command denied (a proptest seed found
/// `sudo strace -f rm -rf /` classified only as "elevated", so asked instead of denied).
#[test]
fn every_wrapper_behind_sudo_keeps_a_hard_deny() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap().join("proj");
    std::fs::create_dir_all(&root).unwrap();
    for w in 1..27 {
        let cmd = wrap(&wrap("rm -rf /", w), 0);
        for mode in [
            PermissionMode::ReadOnly,
            PermissionMode::WorkspaceWrite,
            PermissionMode::Full,
        ] {
            let d = policy(mode, &root).decide(&PermissionRequest {
                tool: "bash".to_owned(),
                is_read_only: false,
                subject: PermissionSubject::Command(cmd.clone()),
            });
            assert!(
                matches!(&d, Decision::Deny { reason } if reason.contains("hard-deny")),
                "{mode}: `{cmd}` got {d:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(super::config())]

    /// However a hard-deny command is wrapped, spelled and quoted, it is denied in every mode, with
    /// `bash` allowed by a rule.
    #[test]
    fn wrapped_and_respelled_hard_deny_commands_are_denied_in_every_mode(
        core in hard_core(),
        wrappers in proptest::collection::vec(0usize..27, 0..3),
    ) {
        let mut cmd = core;
        for w in wrappers {
            // awk's string literal cannot hold a nested awk program's quotes; skip that pairing.
            if w == 25 && cmd.contains('\'') {
                continue;
            }
            cmd = wrap(&cmd, w);
        }
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap().join("a/b/c/proj");
        std::fs::create_dir_all(&root).unwrap();
        for mode in [PermissionMode::ReadOnly, PermissionMode::WorkspaceWrite, PermissionMode::Full] {
            let d = policy(mode, &root).decide(&PermissionRequest {
                tool: "bash".to_owned(),
                is_read_only: false,
                subject: PermissionSubject::Command(cmd.clone()),
            });
            prop_assert!(
                matches!(&d, Decision::Deny { reason } if reason.contains("hard-deny")),
                "{mode}: `{cmd}` got {d:?}"
            );
        }
    }
}
