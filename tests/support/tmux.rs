//! A tmux server of a test's own (a private socket, killed on drop), for tests that need a real
//! terminal: start a command in a session, read the screen, type keys. Include it with
//! `#[path = "support/tmux.rs"] mod tmux;`.
#![allow(
    dead_code,
    unreachable_pub,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "test support: failing loudly is the point"
)]

use std::process::Command;

/// tmux on a private socket, so tests never touch a developer's sessions.
pub struct Tmux {
    socket: String,
}

/// The session every [`Tmux`] starts.
const SESSION: &str = "t";

/// Whether tmux is installed (the terminal tests skip themselves without it).
pub fn available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The shell command line that runs `pilotdeck chat` in `project` with only `PATH`, `HOME` (the
/// test's `user_home`) and `PILOTDECK_HOME` (`home`) set, in a plain colourless terminal.
pub fn chat_command(
    project: &std::path::Path,
    user_home: &std::path::Path,
    home: &std::path::Path,
) -> String {
    format!(
        "cd '{}' && env -i PATH='{}' HOME='{}' PILOTDECK_HOME='{}' TERM=xterm-256color NO_COLOR=1 '{}' chat",
        project.display(),
        std::env::var("PATH").unwrap_or_default(),
        user_home.display(),
        home.display(),
        assert_cmd::cargo::cargo_bin("pilotdeck").display()
    )
}

impl Tmux {
    /// Starts `command` (a shell command line) in a 120×30 terminal.
    pub fn start(name: &str, command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("pilotdeck-{name}-{}", std::process::id()),
        };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            SESSION,
            "-x",
            "120",
            "-y",
            "30",
            command,
        ]);
        tmux
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is installed (.ci/run installs it)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The visible screen.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", SESSION])
    }

    /// Types `keys` (tmux key names) into the session.
    pub fn send_keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", SESSION];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Waits (bounded by 30 s of wall time, not by a number of polls: each poll is a `tmux`
    /// process, slow on a loaded machine) until the screen shows `text`; returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while std::time::Instant::now() < deadline {
                let screen = self.screen();
                if screen.contains(text) {
                    return screen;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            panic!("`{text}` never appeared; screen:\n{}", self.screen())
        })
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}
