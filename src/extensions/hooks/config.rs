//! Reading hook settings: `{Event: [{matcher, hooks: [{type: command, command, timeout}]}]}`, from
//! `pilotdeck.yaml`'s `hooks:` and from plugins' hooks files. Each bad entry is a problem naming the
//! file and key; the other entries still load.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use super::HookEvent;
use crate::config::Location;
use crate::extensions::Error;

/// Which tool names (or, for other events, event names / sources) a group applies to.
#[derive(Debug, Clone)]
pub enum Matcher {
    /// `*`, empty, absent, or not a string.
    All,
    /// `a|b|c`.
    Any(Vec<String>),
    /// `/regex/`.
    Regex(regex::Regex),
    Exact(String),
}

impl Matcher {
    pub fn parse(text: Option<&str>) -> Result<Matcher, regex::Error> {
        let text = text.map(str::trim).unwrap_or("");
        Ok(if text.is_empty() || text == "*" {
            Matcher::All
        } else if let Some(re) = text
            .strip_prefix('/')
            .and_then(|t| t.strip_suffix('/'))
            .filter(|t| !t.is_empty())
        {
            Matcher::Regex(regex::Regex::new(re)?)
        } else if text.contains('|') {
            Matcher::Any(text.split('|').map(|s| s.trim().to_owned()).collect())
        } else {
            Matcher::Exact(text.to_owned())
        })
    }

    pub fn matches(&self, query: &str) -> bool {
        match self {
            Matcher::All => true,
            Matcher::Any(names) => names.iter().any(|n| n == query),
            Matcher::Regex(re) => re.is_match(query),
            Matcher::Exact(name) => name == query,
        }
    }
}

/// One command hook.
#[derive(Debug, Clone)]
pub struct CommandHook {
    /// Run with `sh -c` in the project root.
    pub command: String,
    /// `None`: the event's default.
    pub timeout: Option<Duration>,
    /// The plugin folder, for `PILOTDECK_PLUGIN_ROOT` / `CLAUDE_PLUGIN_ROOT`.
    pub plugin_root: Option<PathBuf>,
    /// The digest of the project files the command runs, as they were when the session loaded its
    /// hooks ([`super::Hooks::load`]); `None` until then.
    pub pin: Option<[u8; 32]>,
}

/// A matcher and the hooks it runs.
#[derive(Debug, Clone)]
pub struct HookGroup {
    pub event: HookEvent,
    pub matcher: Matcher,
    pub hooks: Vec<CommandHook>,
}

/// Parses one settings object; `file` and `prefix` locate problems (`hooks.` for pilotdeck.yaml,
/// whose keys' positions `locations` gives: `Config::hook_locations`).
pub(super) fn parse(
    settings: &Value,
    file: &Path,
    prefix: &str,
    plugin_root: Option<&Path>,
    locations: Option<&BTreeMap<String, Location>>,
    problems: &mut Vec<Error>,
) -> Vec<HookGroup> {
    let mut out = Vec::new();
    let Some(events) = settings.as_object() else {
        if !settings.is_null() {
            problems.push(located(
                locations,
                file,
                prefix.trim_end_matches('.'),
                "must be an object of events",
            ));
        }
        return out;
    };
    for (name, groups) in events {
        let key = format!("{prefix}{name}");
        let Some(event) = HookEvent::parse(name) else {
            problems.push(located(
                locations,
                file,
                &key,
                format!(
                    "unknown hook event; the events are {}",
                    HookEvent::ALL.map(HookEvent::as_str).join(", ")
                ),
            ));
            continue;
        };
        let Some(groups) = groups.as_array() else {
            problems.push(located(
                locations,
                file,
                &key,
                "must be a list of {matcher, hooks}",
            ));
            continue;
        };
        for (i, group) in groups.iter().enumerate() {
            let key = format!("{key}[{i}]");
            let matcher = match Matcher::parse(group.get("matcher").and_then(Value::as_str)) {
                Ok(m) => m,
                Err(e) => {
                    problems.push(located(
                        locations,
                        file,
                        format!("{key}.matcher"),
                        format!("bad regex: {}", one_line(&e)),
                    ));
                    continue;
                }
            };
            let Some(hooks) = group.get("hooks").and_then(Value::as_array) else {
                problems.push(located(
                    locations,
                    file,
                    format!("{key}.hooks"),
                    "must be a list of {type: command, command, timeout}",
                ));
                continue;
            };
            let mut commands = Vec::new();
            for (j, hook) in hooks.iter().enumerate() {
                let key = format!("{key}.hooks[{j}]");
                match command_hook(hook, plugin_root) {
                    Ok(h) => commands.push(h),
                    Err(message) => problems.push(located(locations, file, key, message)),
                }
            }
            if !commands.is_empty() {
                out.push(HookGroup {
                    event,
                    matcher,
                    hooks: commands,
                });
            }
        }
    }
    out
}

/// A regex's error on one line: its own (a parse error's last line, without `error: `; the lines
/// above it quote the pattern and point at the spot).
fn one_line(e: &regex::Error) -> String {
    let text = e.to_string();
    let last = text.lines().last().unwrap_or_default().trim();
    last.strip_prefix("error: ").unwrap_or(last).to_owned()
}

/// A problem at `key` (`hooks.PreToolUse[0].matcher`): at its file position, named by its dotted
/// key, when `locations` knows it or an enclosing key; else in `file`.
fn located(
    locations: Option<&BTreeMap<String, Location>>,
    file: &Path,
    key: impl Into<String>,
    message: impl Into<String>,
) -> Error {
    let key = key.into();
    let dotted = key.replace('[', ".").replace(']', "");
    let mut enclosing = dotted.as_str();
    let location = locations.and_then(|at| {
        loop {
            if let Some(location) = at.get(enclosing) {
                break Some(location.clone());
            }
            enclosing = &enclosing[..enclosing.rfind('.')?];
        }
    });
    match location {
        Some(location) => Error::Located {
            location,
            key: dotted,
            message: message.into(),
        },
        None => Error::invalid(file, key, message),
    }
}

fn command_hook(hook: &Value, plugin_root: Option<&Path>) -> Result<CommandHook, String> {
    let kind = hook
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("command");
    if kind != "command" {
        return Err(format!(
            "hook type `{kind}` is not supported (only `command`)"
        ));
    }
    let command = hook
        .get("command")
        .and_then(Value::as_str)
        .filter(|c| !c.trim().is_empty())
        .ok_or("missing `command`")?;
    let timeout = match hook.get("timeout") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_f64() {
            Some(secs) if secs > 0.0 && secs.is_finite() => Some(Duration::from_secs_f64(secs)),
            _ => return Err("`timeout` must be a positive number of seconds".to_owned()),
        },
    };
    Ok(CommandHook {
        command: command.to_owned(),
        timeout,
        plugin_root: plugin_root.map(Path::to_owned),
        pin: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchers() {
        let m = |t| Matcher::parse(Some(t)).unwrap();
        assert!(m("*").matches("bash"));
        assert!(m("").matches("bash"));
        assert!(m("bash|write_file").matches("write_file"));
        assert!(!m("bash|write_file").matches("read_file"));
        assert!(m("/^mcp__/").matches("mcp__fs__read"));
        assert!(!m("/^mcp__/").matches("bash"));
        assert!(m("bash").matches("bash"));
        assert!(!m("bash").matches("bash2"));
        assert!(Matcher::parse(None).unwrap().matches("x"));
    }

    #[test]
    fn bad_entries_are_problems_and_good_ones_load() {
        let settings = serde_json::json!({
            "PreToolUse": [
                {"matcher": "bash", "hooks": [{"type": "command", "command": "true", "timeout": 5}]},
                {"matcher": "/(/", "hooks": []},
                {"hooks": [{"type": "http"}]}
            ],
            "Nope": []
        });
        let mut problems = Vec::new();
        let groups = parse(
            &settings,
            Path::new("pilotdeck.yaml"),
            "hooks.",
            None,
            None,
            &mut problems,
        );
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].hooks[0].timeout, Some(Duration::from_secs(5)));
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[0].contains("hooks.PreToolUse[1].matcher"), "{text:?}");
        assert!(text[1].contains("hooks.PreToolUse[2].hooks[0]"), "{text:?}");
        assert!(text[2].contains("hooks.Nope"), "{text:?}");
    }
}
