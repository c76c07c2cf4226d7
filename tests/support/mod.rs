//! Test support: a hermetic environment for running the real `pilotdeck` binary.
//!
//! Every test gets a fresh temporary directory holding the PilotHome, a user home (`HOME`) and a
//! project directory. The child's environment is cleared except for `PATH`, so nothing from the
//! developer's machine (keys, `~/.pilotdeck`, proxies, `NO_COLOR`) leaks in.
#![allow(
    dead_code,
    reason = "each test binary uses a different part of the support module"
)]

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use tempfile::TempDir;

/// A temporary PilotHome, user home and project.
pub(crate) struct TestEnv {
    pub(crate) tmp: TempDir,
    pub(crate) home: PathBuf,
    pub(crate) user_home: PathBuf,
    pub(crate) project: PathBuf,
}

impl TestEnv {
    pub(crate) fn new() -> TestEnv {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().join("pilothome");
        let user_home = tmp.path().join("user");
        let project = tmp.path().join("project");
        std::fs::create_dir_all(&user_home).unwrap();
        std::fs::create_dir_all(project.join(".git")).unwrap();
        TestEnv {
            tmp,
            home,
            user_home,
            project,
        }
    }

    /// Writes `<home>/pilotdeck.yaml`.
    pub(crate) fn config(&self, yaml: &str) -> &TestEnv {
        self.write(&self.home.join("pilotdeck.yaml"), yaml);
        self
    }

    /// Writes `<project>/.pilotdeck/pilotdeck.yaml`.
    pub(crate) fn project_config(&self, yaml: &str) -> &TestEnv {
        self.write(&self.project.join(".pilotdeck/pilotdeck.yaml"), yaml);
        self
    }

    pub(crate) fn write(&self, path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        #[allow(clippy::disallowed_methods, reason = "test fixture")]
        std::fs::write(path, text).unwrap();
    }

    /// `pilotdeck` with a scrubbed environment, run in the project directory.
    pub(crate) fn cmd(&self) -> Cmd {
        let mut c = Command::cargo_bin("pilotdeck").unwrap();
        c.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.user_home)
            .env("PILOTDECK_HOME", &self.home)
            .current_dir(&self.project);
        Cmd { inner: c }
    }

    /// [`TestEnv::cmd`] with the data segment of the process limited to `mib` MiB (`ulimit -d`):
    /// an allocation past it fails, and `pilotdeck` aborts.
    pub(crate) fn cmd_with_data_limit(&self, mib: u64) -> Cmd {
        let mut c = Command::new("sh");
        c.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.user_home)
            .env("PILOTDECK_HOME", &self.home)
            .current_dir(&self.project)
            .args(["-c", r#"ulimit -d "$0" && exec "$@""#])
            .arg((mib * 1024).to_string())
            .arg(assert_cmd::cargo::cargo_bin("pilotdeck"));
        Cmd { inner: c }
    }

    /// `pilotdeck ARGS` as a child process (for tests that signal or kill it), environment as `cmd`.
    pub(crate) fn spawn(&self, args: &[&str]) -> std::process::Child {
        let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"));
        c.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.user_home)
            .env("PILOTDECK_HOME", &self.home)
            .current_dir(&self.project)
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        #[allow(clippy::disallowed_methods, reason = "tests start the binary directly")]
        c.spawn().unwrap()
    }

    /// Sends `signal` to a child from [`TestEnv::spawn`], waits for it and checks its exit code.
    pub(crate) fn stop(
        child: std::process::Child,
        signal: rustix::process::Signal,
        code: i32,
    ) -> std::process::Output {
        rustix::process::kill_process(
            rustix::process::Pid::from_raw(child.id() as i32).unwrap(),
            signal,
        )
        .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(code),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// The session transcripts of the project (not sub-agents'), oldest first.
    pub(crate) fn transcripts(&self) -> Vec<PathBuf> {
        let projects = self.home.join("projects");
        let mut out = Vec::new();
        for p in std::fs::read_dir(projects).into_iter().flatten().flatten() {
            for f in std::fs::read_dir(p.path().join("sessions"))
                .into_iter()
                .flatten()
                .flatten()
            {
                // Sub-agent transcripts live in per-session folders, not listed here.
                if f.path().extension().is_some_and(|e| e == "jsonl") {
                    out.push(f.path());
                }
            }
        }
        out.sort();
        out
    }

    /// The `type` of every record of a transcript.
    pub(crate) fn record_types(path: &Path) -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .map(|v| v["type"].as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Replaces the temp path in `text` with `[TMP]`, for snapshots.
    pub(crate) fn redact(&self, text: &str) -> String {
        let tmp = self.tmp.path().canonicalize().unwrap();
        text.replace(&tmp.display().to_string(), "[TMP]")
            .replace(&self.tmp.path().display().to_string(), "[TMP]")
    }
}

/// One command to run.
pub(crate) struct Cmd {
    pub(crate) inner: Command,
}

impl Cmd {
    pub(crate) fn args<I, S>(mut self, args: I) -> Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.inner.args(args);
        self
    }

    /// Runs it from `dir` instead of the project.
    pub(crate) fn current_dir(mut self, dir: &Path) -> Cmd {
        self.inner.current_dir(dir);
        self
    }

    pub(crate) fn arg_str(mut self, arg: &str) -> Cmd {
        self.inner.arg(arg);
        self
    }

    pub(crate) fn arg_path(mut self, path: &Path) -> Cmd {
        self.inner.arg(path);
        self
    }

    pub(crate) fn env(mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> Cmd {
        self.inner.env(key, value);
        self
    }

    pub(crate) fn stdin(mut self, input: impl Into<Vec<u8>>) -> Cmd {
        self.inner.write_stdin(input);
        self
    }

    /// Runs the command and checks its exit code.
    #[track_caller]
    pub(crate) fn run(mut self, code: i32) -> Run {
        let output: Output = self.inner.output().unwrap();
        let run = Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        };
        assert_eq!(
            run.code, code,
            "unexpected exit code\n--- stdout\n{}\n--- stderr\n{}",
            run.stdout, run.stderr
        );
        run
    }
}

/// What a command printed.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }
}

/// The Python interpreter of the venv `.ci/run` installs the official MCP SDK into
/// (`$PILOTDECK_TEST_PYTHON`, default `~/.cache/pilotdeck-py/bin/python`).
pub(crate) fn python_with_mcp_sdk() -> PathBuf {
    let python = std::env::var_os("PILOTDECK_TEST_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/pilotdeck-py/bin/python")
        });
    assert!(
        python.exists(),
        "{} is missing; run .ci/run (it creates a venv with the `mcp` SDK from PyPI) or set \
         PILOTDECK_TEST_PYTHON to a python that has it",
        python.display()
    );
    python
}

/// A file under `tests/fixtures/`.
pub(crate) fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// What a command left running does to race pilotdeck: exchanges two paths (a directory of the
/// project and a link to outside) with `renameat2(RENAME_EXCHANGE)` as fast as it can, from a
/// thread, until dropped.
pub(crate) struct Swapper {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<u64>>,
}

impl Swapper {
    pub(crate) fn start(a: &Path, b: &Path) -> Swapper {
        use std::sync::atomic::Ordering;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (a, b, flag) = (a.to_owned(), b.to_owned(), std::sync::Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            let mut swaps = 0;
            while !flag.load(Ordering::Relaxed) {
                rustix::fs::renameat_with(
                    rustix::fs::CWD,
                    &a,
                    rustix::fs::CWD,
                    &b,
                    rustix::fs::RenameFlags::EXCHANGE,
                )
                .unwrap();
                swaps += 1;
            }
            swaps
        });
        Swapper {
            stop,
            thread: Some(thread),
        }
    }

    /// Stops swapping (leaving the paths as they were at the start, or exchanged once more) and
    /// says how many exchanges were made.
    pub(crate) fn finish(mut self) -> u64 {
        self.stop_thread()
    }

    fn stop_thread(&mut self) -> u64 {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.thread.take().map_or(0, |t| t.join().unwrap())
    }
}

impl Drop for Swapper {
    fn drop(&mut self) {
        self.stop_thread();
    }
}

/// The names of the entries of `dir` (a test checks that nothing was written there).
pub(crate) fn names_in(dir: &Path) -> Vec<std::ffi::OsString> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect()
}

/// Runs `git ARGS` in `dir` (with a commit identity of its own) and returns its stdout; a failure
/// fails the test.
pub(crate) fn git(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("git")
        .args(["-c", "user.email=t@example.com", "-c", "user.name=T"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}
