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

/// CPU time (user + system) used so far by the children this process has waited for: the
/// `cutime` and `cstime` of `/proc/self/stat`, in clock ticks of 10 ms, so a figure per run is
/// the difference over many runs divided by their number. Unlike wall time it does not grow when
/// other processes keep the cores busy.
pub(crate) fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name: state is field 3 of stat(5), cutime 16 and cstime 17.
    let ticks: u64 = [13, 14]
        .iter()
        .map(|&i| {
            fields
                .get(i)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        })
        .sum();
    Duration::from_millis(ticks * 10)
}
