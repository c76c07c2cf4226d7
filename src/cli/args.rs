//! Clap value parsers shared by several command families (`run`, `chat`, `cron`, `router`): one
//! spelling of a duration and of a permission mode everywhere. A parser used by one family only stays
//! in that family's `mod.rs`, next to its flags. Also the flag groups `run` and `chat` both take
//! ([`ResumeArgs`], [`AccessArgs`]), flattened into each so they are declared once.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::agent::{AgentOptions, Resume};
use crate::tools::permission::PermissionMode;

/// Which session an agent command continues.
#[derive(Debug, Args, Default)]
pub(crate) struct ResumeArgs {
    /// Continue the latest session of this project
    #[arg(long = "continue", conflicts_with = "session")]
    pub(crate) continue_last: bool,
    /// Continue the session with this id (or unique prefix, or `last`)
    #[arg(long, value_name = "ID")]
    pub(crate) session: Option<String>,
}

impl ResumeArgs {
    pub(crate) fn resume(&self) -> Resume {
        Resume::from_flags(self.session.as_deref(), self.continue_last)
    }
}

/// What an agent command's agent may reach: its permission mode, extra directories, the network.
#[derive(Debug, Args, Default)]
pub(crate) struct AccessArgs {
    /// What the agent may do: read-only, workspace-write (default), full, or plan (read and plan;
    /// the agent ends with a plan to approve)
    #[arg(long, value_name = "MODE", value_parser = parse_mode)]
    pub(crate) permission_mode: Option<PermissionMode>,
    /// Another directory the agent may write to (repeatable)
    #[arg(long, value_name = "DIR")]
    pub(crate) add_dir: Vec<PathBuf>,
    /// Let sandboxed commands open network connections (closed by default in unattended runs)
    #[arg(long)]
    pub(crate) allow_network: bool,
}

impl AccessArgs {
    /// Agent options with these flags set and the rest default.
    pub(crate) fn agent_options(&self) -> AgentOptions {
        AgentOptions {
            permission_mode: self.permission_mode,
            add_dirs: self.add_dir.clone(),
            allow_network: self.allow_network,
            ..AgentOptions::default()
        }
    }
}

/// `--permission-mode`: read-only, workspace-write, full or plan.
pub(crate) fn parse_mode(text: &str) -> Result<PermissionMode, String> {
    PermissionMode::parse(text, "--permission-mode").map_err(|e| e.to_string())
}

/// Parses `90s`, `10m`, `2h`, `1d` or plain seconds.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (num, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = num
        .parse()
        .map_err(|_| format!("`{text}` is not a duration; write 90s, 10m, 2h or 1d"))?;
    let secs = match unit {
        "" | "s" => n,
        "m" => n * 60,
        "h" => n * 3600,
        "d" => n * 86400,
        _ => return Err(format!("`{text}`: unknown unit `{unit}`; use s, m, h or d")),
    };
    Ok(Duration::from_secs(secs))
}

/// A positive, finite amount of USD (`--max-cost 0.50`).
pub(crate) fn parse_usd(text: &str) -> Result<f64, String> {
    match text.trim().trim_start_matches('$').parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!(
            "`{text}` is not a positive amount of USD (e.g. 0.50)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_a_unit_or_plain_seconds() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration(" 90s "), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86400)));
        assert!(
            parse_duration("5w")
                .unwrap_err()
                .contains("unknown unit `w`")
        );
        assert!(
            parse_duration("soon")
                .unwrap_err()
                .contains("is not a duration")
        );
    }

    #[test]
    fn modes_are_checked() {
        assert_eq!(parse_mode("read-only"), Ok(PermissionMode::ReadOnly));
        assert!(parse_mode("anything").is_err());
    }
}
