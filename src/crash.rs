//! Named crash points for the crash-consistency tests.
//!
//! `PILOTDECK_CRASH_AT=<name>` makes the process SIGKILL itself the first time it reaches
//! [`point`]`("<name>")` — no destructors, no buffered output, exactly what `kill -9` or a power cut
//! leaves behind. The variable is read once; unset (the normal case) a point is one relaxed load and a
//! comparison against `None`. The points in the code are the moments where a crash is most likely
//! to leave state half-written:
//!
//! | name | where |
//! |---|---|
//! | `run.stream` | `run`: the first text delta of a model reply has arrived (mid-stream) |
//! | `run.tool` | `run`: a tool call is recorded in the transcript, its result is not |
//! | `memory.index.claimed` | `memory index`: a capture is claimed, its note not written |
//! | `memory.index.written` | `memory index`: the note is written, the capture not marked indexed |
//! | `memory.dream.staged` | `memory dream`: the stage is built, the plan not applied |
//! | `memory.dream.snapshot` | `memory dream`: the old snapshot is removed, the new one not in place |
//! | `memory.stage.swapped` | `memory dream`/`import`/`rollback`: a stage is swapped in, the old tree not removed |
//! | `cron.claimed` | `cron tick`: a slot is claimed, its run not started |
//! | `cron.finished` | `cron tick`: a run has its answer, the run row is not yet finished |
//! | `always_on.planned` | `always-on tick`: the plan is saved, no workspace yet |
//! | `always_on.workspace` | `always-on tick`: the workspace is ready, the plan not yet executing |
//! | `rewind.file` | `session rewind`: one file is restored, the others and the journal not yet |

use std::sync::OnceLock;

static CRASH_AT: OnceLock<Option<String>> = OnceLock::new();

/// Kills this process with SIGKILL when `PILOTDECK_CRASH_AT` names `name`; otherwise does nothing.
pub fn point(name: &str) {
    let target = CRASH_AT.get_or_init(|| crate::env::var("PILOTDECK_CRASH_AT"));
    if target.as_deref() == Some(name) {
        tracing::warn!(point = name, "PILOTDECK_CRASH_AT: killing this process");
        let _ =
            rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::KILL);
    }
}
