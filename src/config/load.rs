//! Loading: finds the config files, reads each into a [`Layer`], merges the layers (later wins, maps
//! merge key by key, sequences and scalars replace), remembers where every value came from, and
//! validates the result.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml::{Mapping, Value};

use super::diagnostic::{Diagnostic, Location, Severity};
use super::layer::{Layer, Origin, child_path};
use super::locate::KeyPositions;
use super::schema::Config;
use super::trust::{self, Assessment, Decision};
use super::{project_limits, typed, validate, zero};
use crate::env;
use crate::home::PilotHome;

/// What to load. Built by the CLI from its global flags.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// `--config FILE`: replaces `$PILOTDECK_CONFIG_PATH` and `<home>/pilotdeck.yaml`.
    pub config_file: Option<PathBuf>,
    /// The project root; its `.pilotdeck/pilotdeck.yaml` is merged on top.
    pub project_root: Option<PathBuf>,
    /// `-m/--model` and similar flags, applied last.
    pub model_flag: Option<String>,
}

/// Where one value came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Source {
    #[serde(flatten)]
    pub origin: Origin,
    pub location: Option<Location>,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.origin, &self.location) {
            (_, Some(l)) => write!(f, "{}:{}", l.file.display(), l.line),
            (Origin::Default, None) => f.write_str("default"),
            (Origin::File { path }, None) => write!(f, "{}", path.display()),
            (Origin::Env { name }, None) => write!(f, "env {name}"),
            (Origin::Flag { name }, None) => write!(f, "flag {name}"),
            (Origin::Derived { reason }, None) => write!(f, "derived: {reason}"),
        }
    }
}

/// A loaded configuration.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub config: Config,
    /// The merged value as written by the user (before defaults), for `config show`.
    pub merged: Value,
    /// Source of every leaf value that some layer set; anything absent is a default.
    pub sources: BTreeMap<String, Source>,
    /// Files read, in merge order.
    pub files: Vec<PathBuf>,
    /// Warnings and info lines (errors make `load` fail).
    pub diagnostics: Vec<Diagnostic>,
    /// The project's trust as this load decided it (`None` without a project).
    pub trust: Option<Assessment>,
    /// Key positions of each file layer.
    positions: Vec<(PathBuf, KeyPositions)>,
}

impl Loaded {
    /// The file position of a key: where the winning layer set it, or, for a map whose children were
    /// set, where that map's key stands in the file that set them.
    pub fn location(&self, key: &str) -> Option<Location> {
        if let Some(loc) = self.sources.get(key).and_then(|s| s.location.clone()) {
            return Some(loc);
        }
        let prefix = format!("{key}.");
        let file = self
            .sources
            .iter()
            .find(|(k, _)| k.starts_with(&prefix))?
            .1
            .location
            .as_ref()?
            .file
            .clone();
        let (_, positions) = self.positions.iter().find(|(f, _)| *f == file)?;
        let (line, column) = positions.find(key)?;
        Some(Location { file, line, column })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read config file `{path}`{}", path_hint(given_by, source))]
    Read {
        path: PathBuf,
        given_by: &'static str,
        #[source]
        source: std::io::Error,
    },
    #[error("{}", render_errors(.diagnostics))]
    Invalid { diagnostics: Vec<Diagnostic> },
}

/// Where to look when a config file cannot be opened at all (not for one that is there but is not
/// text, or not a regular file: the error says that).
fn path_hint(given_by: &str, source: &std::io::Error) -> String {
    match source.kind() {
        std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
            format!("; check the path given by {given_by}")
        }
        _ => String::new(),
    }
}

fn render_errors(diagnostics: &[Diagnostic]) -> String {
    let errors: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    format!("invalid configuration:\n  {}", errors.join("\n  "))
}

/// The config file `--config`, `$PILOTDECK_CONFIG_PATH` or `<home>/pilotdeck.yaml` names, and which
/// of them named it.
pub fn home_config_path(home: &PilotHome, flag: Option<&Path>) -> (PathBuf, &'static str) {
    if let Some(p) = flag {
        (p.to_owned(), "--config")
    } else if let Some(p) = env::var("PILOTDECK_CONFIG_PATH") {
        (crate::home::expand_tilde(&p), "$PILOTDECK_CONFIG_PATH")
    } else {
        (home.config_file(), "default")
    }
}

/// The project layer's path for a project root.
pub fn project_config_path(root: &Path) -> PathBuf {
    root.join(".pilotdeck").join("pilotdeck.yaml")
}

/// `<project_root>/.pilotdeck/mcp.json`, the project's MCP servers (read by `mcp`, hashed by
/// `trust`).
pub fn project_mcp_path(root: &Path) -> PathBuf {
    root.join(".pilotdeck").join("mcp.json")
}

/// Loads and validates the configuration, the project's trust as recorded. Warnings are returned
/// in [`Loaded::diagnostics`]; any error fails the load with every diagnostic attached.
pub fn load(home: &PilotHome, opts: &LoadOptions) -> Result<Loaded, Error> {
    load_trusting(home, opts, Decision::Recorded)
}

/// [`load`] with the project's trust decided by `decision`. Each file is read and parsed once: the
/// project's file serves both its layer and its trust assessment, which the result carries
/// ([`Loaded::trust`], `Config::project_trusted`) so nothing later assesses again.
pub fn load_trusting(
    home: &PilotHome,
    opts: &LoadOptions,
    decision: Decision<'_>,
) -> Result<Loaded, Error> {
    let mut layers = Vec::new();
    let (path, given_by) = home_config_path(home, opts.config_file.as_deref());
    let user = read_layer(&path, given_by != "default", given_by)?;
    let secret_files: Vec<PathBuf> = user.iter().map(|_| path.clone()).collect();
    let mut assessment = None;
    let project = match &opts.project_root {
        Some(root) => {
            let path = project_config_path(root);
            let mut project =
                read_text(&path, false, "the project")?.map(|text| Layer::parse(&path, &text));
            let trust = trust::decide(home, root, project.as_ref().map(|l| &l.value), decision);
            if let Some(layer) = &mut project {
                if trust.is_trusted() {
                    layer.expand();
                } else {
                    trust::confine(layer, user.as_ref());
                }
            }
            assessment = Some(trust);
            project
        }
        None => None,
    };
    if let Some(mut project) = project {
        project_limits::confine(&mut project, user.as_ref());
        layers.extend(user);
        layers.push(project);
    } else {
        layers.extend(user);
    }
    let has_providers = layers.iter().any(|l| {
        l.value
            .get("model")
            .and_then(|m| m.get("providers"))
            .and_then(Value::as_mapping)
            .is_some_and(|m| !m.is_empty())
    });
    if !has_providers && let Some(derived) = zero::derive() {
        layers.insert(0, derived);
    }
    for (var, name) in [
        ("PILOT_AGENT_MODEL", "PILOT_AGENT_MODEL"),
        ("PILOTDECK_MODEL", "PILOTDECK_MODEL"),
    ] {
        if let Some(model) = env::var(var) {
            layers.push(model_layer(
                Origin::Env {
                    name: name.to_owned(),
                },
                model,
            ));
        }
    }
    if let Some(model) = &opts.model_flag {
        layers.push(model_layer(
            Origin::Flag {
                name: "--model".to_owned(),
            },
            model.clone(),
        ));
    }
    let mut loaded = merge_layers(layers)?;
    if let Some(warning) = assessment.as_ref().and_then(Assessment::warning) {
        loaded
            .diagnostics
            .push(Diagnostic::new(Severity::Warning, warning));
    }
    loaded.config.project_trusted = assessment.as_ref().is_none_or(Assessment::is_trusted);
    loaded.config.secret_files = secret_files;
    loaded.trust = assessment;
    Ok(loaded)
}

/// Checks one file on its own (for `config validate FILE`), without merging anything.
pub fn check_file(path: &Path) -> Result<Loaded, Error> {
    let layer = read_layer(path, true, "the command line")?
        .unwrap_or_else(|| Layer::synthetic(Origin::Default, Value::Null));
    merge_layers(vec![layer])
}

fn read_layer(
    path: &Path,
    must_exist: bool,
    given_by: &'static str,
) -> Result<Option<Layer>, Error> {
    Ok(read_text(path, must_exist, given_by)?.map(|text| Layer::from_file(path, &text)))
}

/// The text of a config file; `None` when it does not exist and need not. A symbolic link to
/// nothing is an error all the same (a dotfile manager's link whose target moved): the file was
/// meant to be there, and running on without it would silently drop its settings.
fn read_text(
    path: &Path,
    must_exist: bool,
    given_by: &'static str,
) -> Result<Option<String>, Error> {
    match crate::store::read_text(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match std::fs::read_link(path) {
            Ok(target) => Err(Error::Read {
                path: path.to_owned(),
                given_by,
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!(
                        "it is a symbolic link to `{}`, which does not exist",
                        target.display()
                    ),
                ),
            }),
            Err(_) if !must_exist => Ok(None),
            Err(_) => Err(Error::Read {
                path: path.to_owned(),
                given_by,
                source: e,
            }),
        },
        Err(source) => Err(Error::Read {
            path: path.to_owned(),
            given_by,
            source,
        }),
    }
}

fn model_layer(origin: Origin, model: String) -> Layer {
    let mut agent = Mapping::new();
    agent.insert("model".into(), Value::String(model));
    let mut root = Mapping::new();
    root.insert("agent".into(), Value::Mapping(agent));
    Layer::synthetic(origin, Value::Mapping(root))
}

fn merge_layers(layers: Vec<Layer>) -> Result<Loaded, Error> {
    let mut merged = Value::Mapping(Mapping::new());
    let mut sources = BTreeMap::new();
    let mut diagnostics = Vec::new();
    let mut files = Vec::new();
    let mut positions = Vec::new();
    let mut env_references = std::collections::BTreeSet::new();
    for layer in layers {
        env_references.extend(layer.env_references.iter().cloned());
        if let Origin::File { path } = &layer.origin {
            files.push(path.clone());
            positions.push((path.clone(), layer.positions.clone()));
        }
        merge_value(&mut merged, &layer.value, "", &layer, &mut sources);
        diagnostics.extend(layer.diagnostics);
    }
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(Error::Invalid { diagnostics });
    }
    let config: Config = match typed::merged(&merged) {
        Ok(c) => Config {
            env_references,
            ..c
        },
        Err(e) => {
            let mut d = Diagnostic::new(Severity::Error, e.message);
            if let Some(key) = e.key {
                let at = sources.get(&key).and_then(|s| s.location.clone());
                d = d.key(key).at(at.as_ref());
            }
            diagnostics.push(d);
            return Err(Error::Invalid { diagnostics });
        }
    };
    let mut loaded = Loaded {
        config,
        merged,
        sources,
        files,
        diagnostics,
        trust: None,
        positions,
    };
    loaded.config.hook_locations = hook_locations(&loaded);
    validate::check(&mut loaded);
    if loaded.diagnostics.iter().any(Diagnostic::is_error) {
        return Err(Error::Invalid {
            diagnostics: loaded.diagnostics,
        });
    }
    Ok(loaded)
}

/// The position of every key and list item under `hooks` (see `Config::hook_locations`).
fn hook_locations(loaded: &Loaded) -> BTreeMap<String, Location> {
    fn walk(value: &Value, path: String, loaded: &Loaded, out: &mut BTreeMap<String, Location>) {
        match value {
            Value::Mapping(m) => {
                for (k, v) in m {
                    walk(v, child_path(&path, k), loaded, out);
                }
            }
            Value::Sequence(items) => {
                for (i, v) in items.iter().enumerate() {
                    walk(v, format!("{path}.{i}"), loaded, out);
                }
            }
            _ => {}
        }
        if let Some(location) = loaded.location(&path) {
            out.insert(path, location);
        }
    }
    let mut out = BTreeMap::new();
    if let Some(hooks) = loaded.merged.get("hooks") {
        walk(hooks, "hooks".to_owned(), loaded, &mut out);
    }
    out
}

fn merge_value(
    into: &mut Value,
    from: &Value,
    path: &str,
    layer: &Layer,
    sources: &mut BTreeMap<String, Source>,
) {
    match (into, from) {
        (Value::Mapping(dst), Value::Mapping(src)) => {
            for (k, v) in src {
                let child = child_path(path, k);
                match dst.get_mut(k) {
                    Some(existing) if existing.is_mapping() && v.is_mapping() => {
                        merge_value(existing, v, &child, layer, sources);
                    }
                    _ => {
                        sources
                            .retain(|p, _| !(p == &child || p.starts_with(&format!("{child}."))));
                        record_sources(v, &child, layer, sources);
                        dst.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (dst, src) => *dst = src.clone(),
    }
}

fn record_sources(
    value: &Value,
    path: &str,
    layer: &Layer,
    sources: &mut BTreeMap<String, Source>,
) {
    match value {
        Value::Mapping(m) if !m.is_empty() => {
            for (k, v) in m {
                let key = k
                    .as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| format!("{k:?}"));
                record_sources(v, &format!("{path}.{key}"), layer, sources);
            }
        }
        Value::Sequence(items) => {
            for (i, v) in items.iter().enumerate() {
                record_sources(v, &format!("{path}.{i}"), layer, sources);
            }
            sources.insert(
                path.to_owned(),
                Source {
                    origin: layer.origin.clone(),
                    location: layer.location(path),
                },
            );
        }
        _ => {
            sources.insert(
                path.to_owned(),
                Source {
                    origin: layer.origin.clone(),
                    location: layer.location(path),
                },
            );
        }
    }
}
