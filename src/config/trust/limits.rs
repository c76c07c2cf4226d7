//! The limits an untrusted project may only tighten: spending caps, iteration and turn counts,
//! timeouts and sizes ([`LIMITS`]). A value the project sets that is looser than the user's own
//! (or, where the user set none, than the default) is dropped with a warning; a tighter one
//! stays. A `null` that would reset the user's limit to a looser default counts as loosening too.
//! A trusted project sets them freely.

use serde_yaml::Value;

use super::super::layer::Layer;
use super::super::project_limits::warn;
use super::Item;

/// Which way a limit tightens.
#[derive(Clone, Copy)]
enum Tighter {
    /// A smaller value (a cap).
    Lower,
    /// A larger value (an interval or cooldown between runs).
    Higher,
}

/// One limit: its dotted path (`*` matches any key, e.g. a provider id), its default (`None`:
/// unlimited when unset), whether 0 means unlimited, and which way it tightens.
struct Limit {
    path: &'static str,
    default: Option<f64>,
    zero_is_unlimited: bool,
    tighter: Tighter,
}

const fn cap(path: &'static str, default: Option<f64>) -> Limit {
    Limit {
        path,
        default,
        zero_is_unlimited: false,
        tighter: Tighter::Lower,
    }
}

/// A time limit where 0 switches it off.
const fn timeout(path: &'static str, default: f64) -> Limit {
    Limit {
        path,
        default: Some(default),
        zero_is_unlimited: true,
        tighter: Tighter::Lower,
    }
}

const fn interval(path: &'static str, default: f64) -> Limit {
    Limit {
        path,
        default: Some(default),
        zero_is_unlimited: false,
        tighter: Tighter::Higher,
    }
}

/// Every limit-like key (defaults as the code that reads them has them).
const LIMITS: &[Limit] = &[
    cap("agent.maxIterations", Some(50.0)),
    cap("agent.budget.perRunUsd", None),
    cap("agent.budget.perDayUsd", None),
    cap("agent.subagents.timeoutMs", Some(3_600_000.0)),
    cap("model.providers.*.timeoutMs", Some(600_000.0)),
    cap("router.fallback.maxFallbacks", Some(5.0)),
    cap("router.zeroUsageRetry.maxAttempts", Some(2.0)),
    cap("router.tokenSaver.judgeTimeoutMs", Some(15_000.0)),
    cap("router.autoOrchestrate.subagentMaxTokens", None),
    cap("alwaysOn.trigger.dailyBudget", Some(4.0)),
    cap("alwaysOn.trigger.dailyBudgetUsd", None),
    interval("alwaysOn.trigger.tickIntervalMinutes", 5.0),
    interval("alwaysOn.trigger.cooldownMinutes", 60.0),
    cap("alwaysOn.execution.maxTurns", Some(30.0)),
    cap("alwaysOn.execution.maxToolCalls", Some(200.0)),
    timeout("alwaysOn.execution.timeoutMinutes", 20.0),
    cap("alwaysOn.workspace.maxPlansPerCycle", Some(3.0)),
    cap(
        "alwaysOn.workspace.snapshotMaxBytes",
        Some((1u64 << 30) as f64),
    ),
    cap("cron.maxConcurrentRuns", Some(1.0)),
    timeout("cron.runTimeoutMinutes", 60.0),
    cap("memory.retrievalTimeoutMs", Some(30_000.0)),
    cap("tools.webFetch.maxBytes", Some((5u64 << 20) as f64)),
    cap("tools.webFetch.timeoutSeconds", Some(30.0)),
    cap("tools.webFetch.maxRedirects", Some(5.0)),
];

/// The limits `doc` (a project's config file) sets, as `path: value` items.
pub(super) fn set_in(doc: &Value) -> Vec<Item> {
    let mut items = Vec::new();
    for limit in LIMITS {
        for path in concrete(doc, limit.path) {
            let parts: Vec<&str> = path.split('.').collect();
            if let Some(depth) = set_at(doc, &parts) {
                let set = parts[..depth].join(".");
                let value = get(doc, &set).unwrap_or(&Value::Null);
                let shown = serde_json::to_string(value).unwrap_or_default();
                items.push(Item(format!("{set}: {shown}")));
            }
        }
    }
    items
}

/// Drops from an untrusted project's layer every limit looser than the user's (see the module doc).
pub(in crate::config) fn tighten_only(project: &mut Layer, user: Option<&Layer>) {
    let mut notes = Vec::new();
    for limit in LIMITS {
        for path in concrete(&project.value, limit.path) {
            let parts: Vec<&str> = path.split('.').collect();
            let Some(depth) = set_at(&project.value, &parts) else {
                continue;
            };
            let asked = match get(&project.value, &path) {
                Some(value) if depth == parts.len() && !value.is_null() => match value.as_f64() {
                    Some(n) => Some(n),
                    // Not a number: the schema check reports it.
                    None => continue,
                },
                _ => limit.default,
            };
            let own = user
                .and_then(|u| get(&u.value, &path))
                .and_then(Value::as_f64)
                .or(limit.default);
            if limit.loosens(asked, own) {
                let set = parts[..depth].join(".");
                remove(&mut project.value, &parts[..depth]);
                let yours = own.map_or_else(|| "none".to_owned(), |n| n.to_string());
                notes.push((
                    set.clone(),
                    format!(
                        "this project is not trusted and may only lower your limits, so its \
                         `{set}` is ignored (yours: {yours}); set it in your own config or run \
                         `pilotdeck trust` to use it"
                    ),
                ));
            }
        }
    }
    warn(project, notes);
}

impl Limit {
    /// True when `asked` (`None`: unlimited) is looser than `own`.
    fn loosens(&self, asked: Option<f64>, own: Option<f64>) -> bool {
        let unlimited = |n: Option<f64>| match n {
            Some(n) if self.zero_is_unlimited && n == 0.0 => None,
            n => n,
        };
        let (asked, own) = (unlimited(asked), unlimited(own));
        match (self.tighter, asked, own) {
            (_, _, None) => false,
            (_, None, Some(_)) => true,
            // NaN compares as nothing, and would switch the limit off.
            (Tighter::Lower, Some(a), Some(o)) => a.is_nan() || a > o,
            (Tighter::Higher, Some(a), Some(o)) => a.is_nan() || a < o,
        }
    }
}

/// How many of `parts` lead to what `value` sets of that limit: all of them, or fewer when a
/// `null` above the limit resets it with its section; `None` when it sets nothing there.
fn set_at(value: &Value, parts: &[&str]) -> Option<usize> {
    (1..=parts.len()).find(|&n| match get(value, &parts[..n].join(".")) {
        Some(Value::Null) => true,
        Some(_) => n == parts.len(),
        None => false,
    })
}

/// The value at dotted `path` of `value`.
fn get<'v>(value: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.').try_fold(value, |at, part| at.get(part))
}

fn remove(value: &mut Value, parts: &[&str]) {
    let Some((last, above)) = parts.split_last() else {
        return;
    };
    let parent = above.iter().try_fold(value, |at, part| at.get_mut(*part));
    if let Some(Value::Mapping(map)) = parent {
        map.remove(*last);
    }
}

/// `pattern` with each `*` replaced by the keys `value` has there.
fn concrete(value: &Value, pattern: &str) -> Vec<String> {
    let Some((before, after)) = pattern.split_once(".*.") else {
        return vec![pattern.to_owned()];
    };
    let keys = get(value, before).and_then(Value::as_mapping);
    keys.into_iter()
        .flatten()
        .filter_map(|(k, _)| k.as_str())
        .map(|k| format!("{before}.{k}.{after}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(yaml: &str) -> Layer {
        Layer::from_file(std::path::Path::new("/p/.pilotdeck/pilotdeck.yaml"), yaml)
    }

    #[test]
    fn a_limit_may_be_lowered_but_not_raised_or_reset() {
        let user = layer(
            "agent:\n  maxIterations: 3\n  budget:\n    perRunUsd: 0.5\ncron:\n  runTimeoutMinutes: 10\n",
        );
        let mut project = layer(
            "agent:\n  maxIterations: 500\n  budget:\n    perDayUsd: 1\n    perRunUsd: .nan\n\
             cron:\n  runTimeoutMinutes: 0\n  maxConcurrentRuns: 1\nalwaysOn:\n  trigger:\n    cooldownMinutes: 1\n\
             model:\n  providers:\n    mock:\n      timeoutMs: 10\n",
        );
        tighten_only(&mut project, Some(&user));
        let v = &project.value;
        assert!(v["agent"].get("maxIterations").is_none());
        assert!(
            v["agent"]["budget"].get("perRunUsd").is_none(),
            "NaN loosens"
        );
        assert_eq!(v["agent"]["budget"]["perDayUsd"], Value::from(1));
        assert!(
            v["cron"].get("runTimeoutMinutes").is_none(),
            "0 is no timeout"
        );
        assert_eq!(v["cron"]["maxConcurrentRuns"], Value::from(1));
        assert!(v["alwaysOn"]["trigger"].get("cooldownMinutes").is_none());
        assert_eq!(
            v["model"]["providers"]["mock"]["timeoutMs"],
            Value::from(10)
        );
        assert_eq!(project.diagnostics.len(), 4, "{:?}", project.diagnostics);
        assert!(
            project.diagnostics[0]
                .message
                .contains("`agent.maxIterations`")
        );

        let mut lower = layer("agent:\n  maxIterations: 2\n  budget:\n    perRunUsd: 0.1\n");
        tighten_only(&mut lower, Some(&user));
        assert!(lower.diagnostics.is_empty());
        assert_eq!(lower.value["agent"]["maxIterations"], Value::from(2));

        let mut reset = layer("agent:\n  budget: null\n");
        tighten_only(&mut reset, Some(&user));
        assert!(reset.value["agent"].get("budget").is_none());
        assert_eq!(reset.diagnostics.len(), 1);
        let mut fine = layer("agent:\n  budget: null\n");
        tighten_only(&mut fine, None);
        assert!(
            fine.diagnostics.is_empty(),
            "no budget of the user's to reset"
        );

        let set = set_in(&layer("agent:\n  maxIterations: 500\n").value);
        assert_eq!(set, [Item("agent.maxIterations: 500".to_owned())]);
    }
}
