//! What the load does to an untrusted project's config layer: removes the settings that need trust
//! ([`super::strip`]), leaves its `${…}` references as written (a cloned repository must not read
//! the user's environment into its settings, which may reach the model), warning once for each key
//! holding one, lets it only tighten the user's limits ([`super::limits`]) and keeps what is left of
//! its `memory` section from turning memory on ([`super::memory::keep_off`]).

use serde_yaml::Value;

use super::super::diagnostic::{Diagnostic, Severity};
use super::super::layer::{Layer, child_path};

/// Confines an untrusted project's `layer` (merged over `user`, the user's own layer).
pub(in crate::config) fn confine(layer: &mut Layer, user: Option<&Layer>) {
    super::strip(&mut layer.value);
    let mut found = Vec::new();
    references(&layer.value, "", &mut found);
    for (key, text) in found {
        let loc = layer.location(&key);
        layer.diagnostics.push(
            Diagnostic::new(
                Severity::Warning,
                format!(
                    "this project is not trusted, so its config cannot read your environment: \
                     `{text}` is kept as written; run `pilotdeck trust` to expand it"
                ),
            )
            .key(key)
            .at(loc.as_ref()),
        );
    }
    super::limits::tighten_only(layer, user);
    super::memory::keep_off(layer, user);
}

/// Every string of `value` holding a `${…}` reference, with its dotted key path.
pub(super) fn references<'v>(value: &'v Value, path: &str, out: &mut Vec<(String, &'v str)>) {
    match value {
        Value::String(s) if s.contains("${") => out.push((path.to_owned(), s)),
        Value::Mapping(m) => {
            for (k, v) in m {
                references(v, &child_path(path, k), out);
            }
        }
        Value::Sequence(items) => {
            for (i, v) in items.iter().enumerate() {
                references(v, &format!("{path}.{i}"), out);
            }
        }
        _ => {}
    }
}
