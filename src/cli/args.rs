//! Clap value parsers shared by several command families (`run`, `chat`, `cron`, `router`): one
//! spelling of a duration and of a permission mode everywhere. A parser used by one family only stays
//! in that family's `mod.rs`, next to its flags.

use std::time::Duration;

use crate::tools::permission::PermissionMode;

/// `--permission-mode`: read-only, workspace-write or full.
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
