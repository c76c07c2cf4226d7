//! Helpers for tests that use the official MCP reference servers from npm.
//!
//! `.ci/run` installs them with `npm install --prefix "$PILOTDECK_TEST_NPM_PREFIX"` (default
//! `$HOME/.cache/pilotdeck-npm`) and exports that variable; a developer runs `.ci/run` once or the same
//! `npm install`. Tests never download anything.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::disallowed_methods,
    reason = "test support"
)]

use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The `node_modules/.bin` directory holding `mcp-server-everything` and `mcp-server-filesystem`.
pub(crate) fn bin_dir() -> PathBuf {
    let prefix = std::env::var_os("PILOTDECK_TEST_NPM_PREFIX")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/pilotdeck-npm")
        });
    let dir = prefix.join("node_modules/.bin");
    assert!(
        dir.join("mcp-server-everything").exists(),
        "the MCP reference servers are not installed in {}; run .ci/run, or: npm install --prefix {} \
         @modelcontextprotocol/server-everything @modelcontextprotocol/server-filesystem \
         (and export PILOTDECK_TEST_NPM_PREFIX if you chose another prefix)",
        dir.display(),
        prefix.display()
    );
    dir
}

pub(crate) fn everything() -> String {
    bin_dir()
        .join("mcp-server-everything")
        .display()
        .to_string()
}

pub(crate) fn filesystem() -> String {
    bin_dir()
        .join("mcp-server-filesystem")
        .display()
        .to_string()
}

/// A free localhost port (bound then released).
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `server-everything streamableHttp` on a free port; killed on drop.
pub(crate) struct HttpEverything {
    child: std::process::Child,
    pub(crate) port: u16,
}

impl HttpEverything {
    pub(crate) fn start() -> HttpEverything {
        let port = free_port();
        let child = std::process::Command::new(everything())
            .arg("streamableHttp")
            .env("PORT", port.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let server = HttpEverything { child, port };
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "server-everything did not listen on {port}"
            );
            std::thread::yield_now();
            std::thread::park_timeout(Duration::from_millis(50));
        }
        server
    }

    pub(crate) fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }
}

impl Drop for HttpEverything {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// True once the process is gone (or a zombie nobody reaped yet).
pub(crate) fn is_dead(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .map(|(_, rest)| {
                rest.trim_start().starts_with('Z') || rest.trim_start().starts_with('X')
            })
            .unwrap_or(false),
    }
}

/// Polls (bounded) until `pid` is dead; panics after `limit`.
pub(crate) fn wait_dead(pid: u32, limit: Duration) {
    let deadline = Instant::now() + limit;
    while !is_dead(pid) {
        assert!(
            Instant::now() < deadline,
            "process {pid} is still alive: an orphan"
        );
        std::thread::park_timeout(Duration::from_millis(20));
    }
}

/// Polls (bounded) until `path` holds a pid.
pub(crate) fn wait_pid_file(path: &std::path::Path, limit: Duration) -> u32 {
    let deadline = Instant::now() + limit;
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && let Ok(pid) = text.trim().parse()
        {
            return pid;
        }
        assert!(
            Instant::now() < deadline,
            "{} never got a pid",
            path.display()
        );
        std::thread::park_timeout(Duration::from_millis(20));
    }
}

/// Polls (bounded) until the file at `path` contains `needle`.
pub(crate) fn wait_for_text(path: &std::path::Path, needle: &str, limit: Duration) {
    let deadline = Instant::now() + limit;
    loop {
        if std::fs::read_to_string(path).is_ok_and(|t| t.contains(needle)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{} never contained {needle}",
            path.display()
        );
        std::thread::park_timeout(Duration::from_millis(20));
    }
}
