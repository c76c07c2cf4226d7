//! Timing the release `pilotdeck` binary as a whole process, shared by the benches.
#![allow(
    dead_code,
    clippy::expect_used,
    clippy::panic,
    reason = "each bench uses part of this; a bench fails loudly"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The release `pilotdeck`: benches build in release, and the binary sits next to the bench's
/// `deps` directory.
pub(crate) fn pilotdeck_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("the bench's own path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/release/deps")
        .join("pilotdeck")
}

/// Runs `bin args…` with PilotHome `home` in `dir`, no input and output discarded, and returns
/// its wall time. Panics unless it exits 0.
pub(crate) fn time_run(bin: &Path, args: &[&str], home: &Path, dir: &Path) -> Duration {
    let start = Instant::now();
    let status = Command::new(bin)
        .args(args)
        .env("PILOTDECK_HOME", home)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
    assert!(status.success(), "{args:?} failed");
    start.elapsed()
}
