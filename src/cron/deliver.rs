//! Delivering a finished run's record: appended to a file as one JSON line (inside the project never
//! through a symbolic link), or written to a command's
//! stdin (with `PILOTDECK_CRON_TASK_ID`, `PILOTDECK_CRON_RUN_ID` and `PILOTDECK_CRON_STATUS` set). A
//! failed delivery is returned as text for the run's `delivery_error`; the result itself is
//! already in history, so nothing is lost.

use std::path::Path;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::task::{Delivery, RunRecord};
use crate::checkpoint::confine;
use crate::tools::process::{self, CommandSpec, ProcessEnd, RunOptions};

/// How long a delivery command may run.
const EXEC_TIMEOUT: Duration = Duration::from_secs(60);

/// Appends `record` to `path`. A path inside the project (`cwd`) is reached from the project root
/// without following a link in any component (`checkpoint::confine`): the run's agent may have
/// planted one. Other paths are the user's own and are written as given.
fn append(path: &Path, cwd: &Path, record: &RunRecord) -> Result<(), String> {
    let root = cwd.canonicalize().unwrap_or_else(|_| cwd.to_owned());
    let inside =
        crate::home::lexical_inside(cwd, path).or_else(|| crate::home::lexical_inside(&root, path));
    let Some(rel) = inside else {
        return crate::store::append_line(&cwd.join(path), record).map_err(|e| e.to_string());
    };
    let full = root.join(rel);
    let not_written = |reason: String| format!("not delivered to `{}`: {reason}", full.display());
    let beneath = confine::open_parent(&root, &full, true)
        .map_err(|r| not_written(r.reason))?
        .ok_or_else(|| not_written("its directory is missing".to_owned()))?;
    crate::store::append_line_at(&beneath.dir, &beneath.name, &full, record).map_err(|e| {
        not_written(format!(
            "{e}: {}",
            std::error::Error::source(&e).map_or_else(String::new, ToString::to_string)
        ))
    })
}

/// Delivers `record`; `Err` carries a message for history.
pub(super) async fn deliver(
    delivery: &Delivery,
    record: &RunRecord,
    cwd: &Path,
) -> Result<(), String> {
    let line =
        serde_json::to_string(record).map_err(|e| format!("cannot encode the record: {e}"))?;
    match delivery {
        Delivery::File(path) => append(path, cwd, record),
        Delivery::Exec(command) => {
            let spec = CommandSpec::new("sh")
                .arg("-c")
                .arg(command.as_str())
                .cwd(cwd)
                .env("PILOTDECK_CRON_TASK_ID", &record.task_id.0)
                .env("PILOTDECK_CRON_RUN_ID", &record.run_id)
                .env("PILOTDECK_CRON_STATUS", record.status.as_str());
            let options = RunOptions {
                stdin: Some(format!("{line}\n").into_bytes()),
                timeout: Some(EXEC_TIMEOUT),
                cancel: CancellationToken::new(),
                output_limit: 4096,
            };
            let out = process::run(&spec, options)
                .await
                .map_err(|e| e.to_string())?;
            match out.end {
                ProcessEnd::Exited { code: Some(0) } => Ok(()),
                ProcessEnd::Exited { code } => Err(format!(
                    "`{command}` exited with {}: {}",
                    code.map_or("a signal".to_owned(), |c| format!("status {c}")),
                    out.stderr.text.trim()
                )),
                ProcessEnd::TimedOut => Err(format!(
                    "`{command}` ran longer than {}s",
                    EXEC_TIMEOUT.as_secs()
                )),
                ProcessEnd::Cancelled => Err(format!("`{command}` was cancelled")),
            }
        }
    }
}
