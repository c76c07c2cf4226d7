//! Delivering a finished run's record: appended to a file as one JSON line, or written to a command's
//! stdin (with `PILOTDECK_CRON_TASK_ID`, `PILOTDECK_CRON_RUN_ID` and `PILOTDECK_CRON_STATUS` set). A
//! failed delivery is returned as text for the run's `delivery_error`; the result itself is
//! already in history, so nothing is lost.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::task::{Delivery, RunRecord};
use crate::tools::process::{self, CommandSpec, ProcessEnd, RunOptions};

/// How long a delivery command may run.
const EXEC_TIMEOUT: Duration = Duration::from_secs(60);

/// Delivers `record`; `Err` carries a message for history.
pub(super) async fn deliver(
    delivery: &Delivery,
    record: &RunRecord,
    cwd: &std::path::Path,
) -> Result<(), String> {
    let line =
        serde_json::to_string(record).map_err(|e| format!("cannot encode the record: {e}"))?;
    match delivery {
        Delivery::File(path) => {
            let path = if path.is_relative() {
                cwd.join(path)
            } else {
                path.clone()
            };
            crate::store::append_line(&path, record).map_err(|e| e.to_string())
        }
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
