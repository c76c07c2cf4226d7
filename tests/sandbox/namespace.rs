//! The pid namespace a confined command runs in: made by the thread that starts it (root, as
//! here) or by the step through pilotdeck's own binary (anyone else; run directly below, where
//! root makes the same user and pid namespace an unprivileged user would).

use super::mock_model::MockModel;
use super::{env_with, run_bash};

/// Whether a process named by its pid (as `/proc` numbers it) is still running (a zombie is not).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

/// Waits up to 2 s for `pid` to stop running.
fn gone(pid: &str) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while running(pid) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    !running(pid)
}

/// A command that leaves a process behind in a session of its own: the script prints its own
/// pid inside (`$$`), then the left-behind process's pid as `/proc` numbers it.
const LEAVE_ONE: &str = "echo \"inside $$\"; \
    (setsid sh -c 'read -r pid rest < /proc/self/stat; echo \"left $pid\"; exec sleep 30' &); \
    sleep 0.3";

fn left_pid(out: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix("left "))
        .unwrap_or_else(|| panic!("no left-behind pid in {out:?}"))
        .trim()
        .to_owned()
}

/// The step as pilotdeck starts it for a user without `CAP_SYS_ADMIN`: the command is the first
/// process of its namespace, its exit code is passed on, the process it left in a session of its
/// own is dead as soon as the step has exited (nothing is left for a reaper), and its ids read as
/// the overflow id.
#[test]
fn the_namespace_step_kills_what_the_command_left_when_it_ends() {
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .args(["__sandbox-ns", "--", "sh", "-c"])
        .arg(format!("{LEAVE_ONE}; id -u; exit 3"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("inside 1\n"), "{stdout}");
    assert!(stdout.contains("65534\n"), "{stdout}");
    let left = left_pid(&stdout);
    assert!(!running(&left), "process {left} outlived the step");
}

/// The step passes on a signal that ended the command, and says when the command cannot start.
#[test]
fn the_namespace_step_passes_on_how_the_command_ended() {
    use std::os::unix::process::ExitStatusExt;
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let killed = std::process::Command::new(&bin)
        .args(["__sandbox-ns", "--", "sh", "-c", "exec kill -TERM $$"])
        .status()
        .unwrap();
    // `sh` is the namespace's init: it ignores its own SIGTERM (no handler), so `kill` ends it...
    // unless the shell execs `kill`, which then signals itself as init too. Either way it ends.
    assert!(
        killed.code().is_some() || killed.signal().is_some(),
        "{killed:?}"
    );
    let term = std::process::Command::new(&bin)
        .args([
            "__sandbox-ns",
            "--",
            "sh",
            "-c",
            "trap 'exit 7' TERM; kill -TERM $$; sleep 5",
        ])
        .status()
        .unwrap();
    assert_eq!(term.code(), Some(7));
    let missing = std::process::Command::new(&bin)
        .args(["__sandbox-ns", "--", "/pilotdeck-no-such-program"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(127));
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .contains("cannot start `/pilotdeck-no-such-program`")
    );
}

/// The step sets the loader variables it is given as arguments for its command alone, and waits
/// for pilotdeck's one byte on stdin when asked to, leaving the rest of stdin to the command.
#[test]
fn the_step_passes_loader_variables_and_waits_for_its_go() {
    use std::io::Write;
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let mut step = std::process::Command::new(&bin)
        .args([
            "__sandbox-ns",
            "--after-go",
            "--env",
            "LD_BIND_NOW=1=x",
            "--",
        ])
        .args(["sh", "-c", "echo \"$LD_BIND_NOW\"; cat"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    step.stdin.take().unwrap().write_all(b"\0rest\n").unwrap();
    let out = step.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1=x\nrest\n");
}

/// Through the bash tool: the command is the first process of a pid namespace, and what it left
/// in a session of its own is dead when the call's result comes back.
#[test]
fn a_bash_command_runs_in_a_pid_namespace_and_leaves_nothing() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let results = run_bash(&mock, &env, &[], &[LEAVE_ONE]);
    assert!(results[0].contains("inside 1\n"), "{}", results[0]);
    let left = left_pid(&results[0]);
    assert!(gone(&left), "process {left} outlived the command");
}

/// A turn stopped by its deadline while its command runs (the call is cancelled, not timed out
/// by the tool): a process the command left in a session of its own, rewriting
/// `.git/hooks/pre-commit` without pause, is dead before the protected paths are put back and
/// after pilotdeck has exited (before, the cancelled call's leftovers were not reaped at all, then
/// the restore raced the namespace's end).
#[test]
fn a_cancelled_command_leaves_nothing_to_rewrite_a_git_hook() {
    let mock = MockModel::spawn();
    let env = super::guard::repo(&mock);
    mock.push(super::bash(
        "c0",
        // (The path is put together as it runs: the permission checks would refuse it written out.)
        "(setsid python3 -c \"p = '.g' + 'it/hooks/pre-commit'\nwhile True: open(p, 'w').write('late')\" \
         > /dev/null 2>&1 < /dev/null &); sleep 30",
    ));
    env.cmd()
        .args(["run", "--allow", "bash", "--timeout", "2", "go"])
        .run(1);
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert!(
        !env.project.join(".git/hooks/pre-commit").exists(),
        "a process of the cancelled command wrote the hook after the restore"
    );
}

/// A command still running when pilotdeck is killed (`SIGKILL`: none of its own ends run) ends
/// with it, and so does what the command left in a session of its own. Root's namespace is made by
/// the forking thread, with no step to watch pilotdeck: the dead man's switch ends it (before, the
/// command ran on); anyone else's step does.
#[test]
fn a_command_running_when_pilotdeck_is_killed_ends_with_it() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    mock.push(super::bash(
        "c0",
        "(setsid sh -c 'read -r pid rest < /proc/self/stat; echo $pid > left.pid; exec sleep 60' &); \
         read -r pid rest < /proc/self/stat; echo $pid > command.pid; sleep 60",
    ));
    let mut run = env.spawn(&["run", "--allow", "bash", "go"]);
    let read = |name: &str| {
        std::fs::read_to_string(env.project.join(name))
            .ok()
            .filter(|s| s.ends_with('\n'))
            .map(|s| s.trim().to_owned())
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while (read("left.pid").is_none() || read("command.pid").is_none())
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let (left, command) = (read("left.pid").unwrap(), read("command.pid").unwrap());
    assert!(running(&command) && running(&left));
    run.kill().unwrap();
    run.wait().unwrap();
    assert!(gone(&command), "the command {command} outlived pilotdeck");
    assert!(gone(&left), "process {left} outlived pilotdeck");
}
