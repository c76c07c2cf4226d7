//! One config layer: a parsed file (or a synthetic layer such as the environment) as a YAML value, with
//! the positions of its keys and the diagnostics found while reading it.
//!
//! A file is parsed once, into a YAML value, and checked three ways before it is merged: YAML
//! syntax, the typed schema (wrong types and unknown variants, errors at the bad value's line and
//! column), and unknown keys (warnings at the key), each named by its dotted key path (`typed`). `${NAME}` / `${env:NAME}` references are
//! expanded here, except in `apiKey`, which keeps its reference until a provider is actually called,
//! so a missing key for an unused provider does not break every command. Every name referenced (in
//! `apiKey` too) is recorded, so children started for the agent never inherit it
//! (`Config::env_references`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_yaml::{Mapping, Value};

use super::diagnostic::{Diagnostic, Location, Severity};
use super::locate::{KeyPositions, normalize_path};
use super::schema::IGNORED_SECTIONS;
use super::typed::{self, TypeError};
use crate::env;

/// Where a layer came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Origin {
    Default,
    File {
        path: PathBuf,
    },
    Env {
        name: String,
    },
    Flag {
        name: String,
    },
    /// The zero-config default derived from the environment.
    Derived {
        reason: String,
    },
}

#[derive(Debug, Clone)]
pub(super) struct Layer {
    pub(super) origin: Origin,
    pub(super) value: Value,
    pub(super) positions: KeyPositions,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// The variables this layer's `${…}` references name.
    pub(super) env_references: BTreeSet<String>,
}

impl Layer {
    /// A layer that is not a file.
    pub(super) fn synthetic(origin: Origin, value: Value) -> Layer {
        Layer {
            origin,
            value,
            positions: KeyPositions::default(),
            diagnostics: Vec::new(),
            env_references: BTreeSet::new(),
        }
    }

    /// The file position of `path` in this layer, if it is a file layer.
    pub(super) fn location(&self, path: &str) -> Option<Location> {
        let Origin::File { path: file } = &self.origin else {
            return None;
        };
        let (line, column) = self.positions.find(path)?;
        Some(Location {
            file: file.clone(),
            line,
            column,
        })
    }

    /// Parses, checks and expands one config file: [`Layer::parse`], then [`Layer::expand`].
    pub(super) fn from_file(path: &Path, text: &str) -> Layer {
        let mut layer = Layer::parse(path, text);
        layer.expand();
        layer
    }

    /// Parses and checks one config file, its `${…}` references not expanded yet (the project
    /// layer's trust is assessed on the file as written). Errors are collected in `diagnostics`,
    /// never returned.
    pub(super) fn parse(path: &Path, text: &str) -> Layer {
        let mut layer = Layer::synthetic(
            Origin::File {
                path: path.to_owned(),
            },
            Value::Mapping(Mapping::new()),
        );
        if let Some((line, column)) = super::locate::too_deep(text) {
            let mut d = Diagnostic::new(
                Severity::Error,
                format!(
                    "`[`/`{{` collections nested more than {} levels deep; flatten them",
                    super::locate::MAX_FLOW_DEPTH
                ),
            )
            .file(path);
            (d.line, d.column) = (Some(line), Some(column));
            layer.diagnostics.push(d);
            return layer;
        }
        layer.positions = KeyPositions::scan(text);
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return layer;
        }
        let value: Value = match serde_yaml::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                layer.push_yaml_error(&e);
                return layer;
            }
        };
        let value = match value {
            Value::Mapping(m) => Value::Mapping(m),
            Value::Null => Value::Mapping(Mapping::new()),
            _ => {
                layer.diagnostics.push(
                    Diagnostic::new(
                        Severity::Error,
                        "the top level must be a mapping of keys (agent:, model:, …)",
                    )
                    .file(path),
                );
                return layer;
            }
        };
        layer.check_schema(&value, text);
        layer.value = value;
        layer.check_schema_version();
        layer.note_ignored_sections();
        layer
    }

    /// Expands the `${…}` references of the value (see the module doc).
    pub(super) fn expand(&mut self) {
        let mut value = std::mem::take(&mut self.value);
        self.expand_env(&mut value, "");
        self.value = value;
    }

    fn push_yaml_error(&mut self, e: &serde_yaml::Error) {
        let text = e.to_string();
        // serde_yaml appends " at line L column C"; we print the position ourselves.
        let message = text
            .rsplit_once(" at line ")
            .map_or(text.as_str(), |(m, _)| m);
        let (mut key, message) = match message.split_once(": ") {
            Some((k, m)) if !k.contains(' ') => (Some(normalize_path(k)), m.to_owned()),
            _ => (None, message.to_owned()),
        };
        let mut position = e.location().map(|l| (l.line(), l.column()));
        // A key written twice: serde_yaml names it but places it at the document's start.
        if let Some(name) = message
            .strip_prefix("duplicate entry with key ")
            .map(|name| name.trim_matches('"'))
            && let Some((path, at)) = self.positions.duplicate(name)
        {
            key = Some(path.to_owned());
            position = Some(at);
        }
        let mut d = Diagnostic::new(Severity::Error, message);
        if let Origin::File { path } = &self.origin {
            d = d.file(path.clone());
        }
        (d.line, d.column) = (position.map(|p| p.0), position.map(|p| p.1));
        d.key = key;
        self.diagnostics.push(d);
    }

    /// Checks the parsed value against the typed schema: a wrong type is an error at the bad value,
    /// an unknown key a warning at the key (see `typed`). `text` is parsed again only for the
    /// position of a wrong type.
    fn check_schema(&mut self, value: &Value, text: &str) {
        let mut unknown = Vec::new();
        if let Err(e) = typed::config(value, &mut unknown) {
            self.push_type_error(e, text);
        }
        for key in unknown {
            let loc = self.location(&key);
            self.diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "unknown key; it is ignored (check the spelling)",
                )
                .key(key)
                .at(loc.as_ref()),
            );
        }
    }

    /// An error at serde_yaml's position of the bad value when it is about the same key, else at
    /// the key.
    fn push_type_error(&mut self, error: TypeError, text: &str) {
        let at_key = error.key.as_deref().and_then(|k| self.positions.find(k));
        let position = typed::value_position(text, &error)
            .filter(|p| at_key.is_none_or(|k| *p >= k))
            .or(at_key);
        let key = error.key;
        let mut d = Diagnostic::new(Severity::Error, error.message);
        if let Origin::File { path } = &self.origin {
            d = d.file(path.clone());
        }
        (d.line, d.column) = (position.map(|p| p.0), position.map(|p| p.1));
        d.key = key;
        self.diagnostics.push(d);
    }

    fn check_schema_version(&mut self) {
        let Some(v) = self.value.get("schemaVersion") else {
            return;
        };
        if v.as_u64() != Some(1) {
            let loc = self.location("schemaVersion");
            self.diagnostics.push(
                Diagnostic::new(Severity::Error, "only schemaVersion 1 is supported")
                    .key("schemaVersion")
                    .at(loc.as_ref()),
            );
        }
    }

    fn note_ignored_sections(&mut self) {
        for name in IGNORED_SECTIONS {
            if self.value.get(name).is_some() {
                let loc = self.location(name);
                self.diagnostics.push(
                    Diagnostic::new(
                        Severity::Info,
                        "PilotDeck server setting; pilotdeck ignores it",
                    )
                    .key(*name)
                    .at(loc.as_ref()),
                );
            }
        }
    }

    fn expand_env(&mut self, value: &mut Value, path: &str) {
        match value {
            Value::String(s) if s.contains("${") => {
                self.env_references.extend(references(s).map(str::to_owned));
                if path.rsplit('.').next() == Some("apiKey") {
                    return;
                }
                match expand(s) {
                    Ok(expanded) => *s = expanded,
                    Err(name) => {
                        let loc = self.location(path);
                        self.diagnostics.push(
                            Diagnostic::new(
                                Severity::Error,
                                format!("environment variable `{name}` is not set; export it or edit the value"),
                            )
                            .key(path)
                            .at(loc.as_ref()),
                        );
                    }
                }
            }
            Value::Mapping(m) => {
                for (k, v) in m.iter_mut() {
                    let child = child_path(path, k);
                    self.expand_env(v, &child);
                }
            }
            Value::Sequence(items) => {
                for (i, v) in items.iter_mut().enumerate() {
                    self.expand_env(v, &format!("{path}.{i}"));
                }
            }
            _ => {}
        }
    }
}

/// The pieces of `text`: literal text and the names inside `${…}` (`env:` stripped), in order.
/// The dotted key path of `key` under `path` (`""` for the root): `tools.bash`.
pub(super) fn child_path(path: &str, key: &Value) -> String {
    let key = key
        .as_str()
        .map(str::to_owned)
        .unwrap_or_else(|| format!("{key:?}"));
    if path.is_empty() {
        key
    } else {
        format!("{path}.{key}")
    }
}

fn pieces(text: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some(start) = rest.find("${") else {
            return Some(Piece::Text(std::mem::take(&mut rest)));
        };
        if start > 0 {
            let (text, tail) = rest.split_at(start);
            rest = tail;
            return Some(Piece::Text(text));
        }
        let after = &rest[2..];
        let Some(end) = after.find('}') else {
            return Some(Piece::Text(std::mem::take(&mut rest)));
        };
        let name = after[..end].trim();
        rest = &after[end + 1..];
        Some(Piece::Var(name.strip_prefix("env:").unwrap_or(name)))
    })
}

enum Piece<'a> {
    Text(&'a str),
    Var(&'a str),
}

/// The environment variables `${NAME}` / `${env:NAME}` in `text` name (`${userHome}` is not one).
pub fn references(text: &str) -> impl Iterator<Item = &str> {
    pieces(text).filter_map(|piece| match piece {
        Piece::Var(name) if name != "userHome" => Some(name),
        _ => None,
    })
}

/// Expands `${NAME}` and `${env:NAME}` in `text`. `Err(name)` names the first unset variable.
pub fn expand(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    for piece in pieces(text) {
        let name = match piece {
            Piece::Text(text) => {
                out.push_str(text);
                continue;
            }
            Piece::Var(name) => name,
        };
        match name {
            "userHome" => out.push_str(
                &crate::home::user_home()
                    .unwrap_or_default()
                    .to_string_lossy(),
            ),
            _ => out.push_str(&env::var(name).ok_or_else(|| name.to_owned())?),
        }
    }
    Ok(out)
}
