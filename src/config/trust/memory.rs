//! An untrusted project's `memory` section. Memory runs whenever a `memory` section exists and does
//! not say `enabled: false`, and what it captures from a project (and what the indexer files from
//! it, `user` notes included, into the notes every project recalls) is the user's to choose: so a
//! project may turn memory off, and may lower `retrievalTimeoutMs` ([`super::limits`]), but
//! everything else in its section — `enabled: true`, `captureStrategy`, `includeAssistant`, `model`,
//! `embedding`, `schedule`, `sync`, … — and the section itself when it would turn memory on, need
//! trust ([`items`]: listed in the trust warning and hashed). `rootDir` is not among them: no project
//! may set it (`project_limits::PATH_KEYS`).

use serde_yaml::{Mapping, Value};
use sha2::{Digest, Sha256};

use super::super::layer::{Layer, child_path};
use super::Item;

/// The keys an untrusted project's section keeps: a limit it may only lower, and the path key the
/// project-limits pass drops with its own warning.
const KEPT: &[&str] = &["retrievalTimeoutMs", "rootDir"];

/// The project's `memory` settings that need trust, each hashed as `key=value`.
pub(super) fn items(doc: &Value, items: &mut Vec<Item>, hasher: &mut Sha256) {
    let Some(section) = doc.get("memory").and_then(Value::as_mapping) else {
        return;
    };
    if turns_off(section) {
        return;
    }
    let before = items.len();
    let mut leaves = Vec::new();
    for (key, value) in section {
        if !key.as_str().is_some_and(|k| KEPT.contains(&k)) {
            collect(value, &child_path("memory", key), &mut leaves);
        }
    }
    for (path, value) in leaves {
        let shown = match value {
            Value::String(text) => text.clone(),
            Value::Mapping(_) | Value::Sequence(_) => "…".to_owned(),
            other => serde_json::to_string(other).unwrap_or_default(),
        };
        super::add_item(items, hasher, &path, value, format!("{path}: {shown}"));
    }
    let limited = section
        .keys()
        .any(|k| k.as_str() == Some("retrievalTimeoutMs"));
    // `memory: {}` (or one holding only what is kept) still turns memory on: the section itself
    // needs trust, unless a limit in it makes the project untrusted already (then `keep_off`).
    if items.len() == before && !limited {
        hasher.update("memory={}");
        items.push(Item("memory (the section turns memory on)".to_owned()));
    }
}

/// Removes from an untrusted project's layer what of its `memory` section needs trust.
pub(super) fn strip(layer: &mut Mapping) {
    let Some(Value::Mapping(section)) = layer.get_mut("memory") else {
        return;
    };
    if turns_off(section) {
        section.retain(|k, _| k.as_str() == Some("enabled"));
    } else {
        section.retain(|k, _| k.as_str().is_some_and(|k| KEPT.contains(&k)));
    }
}

/// After [`strip`] and the limits: what is left of an untrusted project's section must not turn
/// memory on where the user's own config (`user`) has no `memory` section, so it goes whole.
pub(super) fn keep_off(layer: &mut Layer, user: Option<&Layer>) {
    let Some(Value::Mapping(section)) = layer.value.get("memory") else {
        return;
    };
    let users = user.is_some_and(|u| u.value.get("memory").is_some_and(Value::is_mapping));
    if !users
        && !turns_off(section)
        && let Value::Mapping(map) = &mut layer.value
    {
        map.remove("memory");
    }
}

fn turns_off(section: &Mapping) -> bool {
    section.get("enabled").and_then(Value::as_bool) == Some(false)
}

/// The leaves of `value` with their dotted paths (an empty mapping is a leaf).
fn collect<'v>(value: &'v Value, path: &str, out: &mut Vec<(String, &'v Value)>) {
    match value {
        Value::Mapping(map) if !map.is_empty() => {
            for (key, child) in map {
                collect(child, &child_path(path, key), out);
            }
        }
        _ => out.push((path.to_owned(), value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(yaml: &str) -> Vec<String> {
        let doc: Value = serde_yaml::from_str(yaml).unwrap();
        let mut found = Vec::new();
        items(&doc, &mut found, &mut Sha256::new());
        found.into_iter().map(|i| i.0).collect()
    }

    #[test]
    fn turning_memory_on_or_shaping_it_needs_trust_turning_it_off_does_not() {
        assert_eq!(
            names(
                "memory:\n  enabled: true\n  captureStrategy: full_session\n  schedule: {autoIndexIntervalMinutes: 1}\n"
            ),
            [
                "memory.enabled: true",
                "memory.captureStrategy: full_session",
                "memory.schedule.autoIndexIntervalMinutes: 1",
            ]
        );
        assert_eq!(
            names("memory: {}\n"),
            ["memory (the section turns memory on)"]
        );
        assert_eq!(
            names("memory:\n  rootDir: /x\n"),
            ["memory (the section turns memory on)"]
        );
        assert!(names("memory:\n  enabled: false\n  embedding: a/b\n").is_empty());
        assert!(names("memory:\n  retrievalTimeoutMs: 5\n").is_empty());
        assert!(names("agent: {}\n").is_empty());
    }

    #[test]
    fn stripping_keeps_off_and_limits_and_never_creates_the_section() {
        let layer = |yaml: &str| {
            Layer::from_file(std::path::Path::new("/p/.pilotdeck/pilotdeck.yaml"), yaml)
        };
        let mut on =
            layer("memory:\n  enabled: true\n  includeAssistant: true\n  retrievalTimeoutMs: 5\n");
        strip(on.value.as_mapping_mut().unwrap());
        assert_eq!(
            on.value["memory"],
            serde_yaml::from_str::<Value>("retrievalTimeoutMs: 5").unwrap()
        );
        let users = layer("memory:\n  enabled: true\n");
        keep_off(&mut on, Some(&users));
        assert!(on.value.get("memory").is_some(), "the user's memory is on");
        keep_off(&mut on, None);
        assert!(on.value.get("memory").is_none(), "it would turn memory on");

        let mut off = layer("memory:\n  enabled: false\n  captureStrategy: full_session\n");
        strip(off.value.as_mapping_mut().unwrap());
        keep_off(&mut off, None);
        assert_eq!(
            off.value["memory"],
            serde_yaml::from_str::<Value>("enabled: false").unwrap()
        );
    }
}
