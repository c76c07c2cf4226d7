//! Plugins: folders under `<home>/plugins/` (global) and `<project>/.pilotdeck/plugins/` (project),
//! each with a `plugin.json` (or `.claude-plugin/plugin.json`) manifest:
//!
//! ```json
//! {"name": "review", "version": "1.0.0", "description": "…",
//!  "skills": "skills/",                 // a folder or a list of folders; default `skills/`
//!  "commands": "commands/",             // folders or `.md` files, one or a list; default `commands/`
//!  "hooks": "hooks/hooks.json",         // a file or an inline object; default `hooks/hooks.json`
//!  "mcpServers": {"id": {"command": "…"}}}  // inline, or a file holding `{"mcpServers": …}`
//! ```
//!
//! Every path a manifest names must stay inside the plugin folder (no absolute path, no `..`, no
//! symlink out): the project's trust hash covers exactly that folder.
//!
//! `${PILOTDECK_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_ROOT}` in the MCP server entries are replaced with
//! the plugin folder when the manifest is read; hook commands get both as environment variables.
//! Plugins are listed global first, then project, each sorted by folder name.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value};

use super::{Error, Scope, subdirs};
use crate::home::PilotHome;

/// One loaded plugin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plugin {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub scope: Scope,
    /// The plugin folder.
    pub dir: PathBuf,
    /// Its `plugin.json`.
    pub manifest: PathBuf,
    /// The folders its skills are discovered in.
    pub skill_dirs: Vec<PathBuf>,
    /// Its slash commands: folders of `*.md` files, or single `.md` files (`commands`; default
    /// `commands/`).
    pub command_paths: Vec<PathBuf>,
    /// Its hooks settings (`{Event: [{matcher, hooks}]}`) and the file they came from.
    #[serde(skip)]
    pub hooks: Option<(PathBuf, Value)>,
    /// Its MCP server entries, placeholders substituted.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub mcp_servers: Map<String, Value>,
}

/// The plugins of `<home>` and the project (if any); broken manifests go to `problems`.
pub fn discover_plugins(
    home: &PilotHome,
    project_root: Option<&Path>,
    problems: &mut Vec<Error>,
) -> Vec<Plugin> {
    let mut roots = vec![(home.plugins_dir(), Scope::Global)];
    if let Some(root) = project_root {
        roots.push((root.join(".pilotdeck").join("plugins"), Scope::Project));
    }
    let mut out = Vec::new();
    for (root, scope) in roots {
        for dir in subdirs(&root) {
            let manifest = [
                dir.join("plugin.json"),
                dir.join(".claude-plugin").join("plugin.json"),
            ]
            .into_iter()
            .find(|p| p.is_file());
            if let Some(manifest) = manifest
                && let Some(plugin) = load(&dir, &manifest, scope, problems)
            {
                out.push(plugin);
            }
        }
    }
    out
}

fn read_json(path: &Path) -> Result<Value, Error> {
    let text = crate::store::read_text(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| {
        Error::invalid(
            path,
            format!("line {}", e.line()),
            format!("not valid JSON: {e}"),
        )
    })
}

fn load(dir: &Path, manifest: &Path, scope: Scope, problems: &mut Vec<Error>) -> Option<Plugin> {
    let doc = match read_json(manifest) {
        Ok(doc) => doc,
        Err(e) => {
            problems.push(e);
            return None;
        }
    };
    let text = |key: &str| doc.get(key).and_then(Value::as_str).map(str::to_owned);
    let Some(name) = text("name").filter(|n| !n.trim().is_empty()) else {
        problems.push(Error::invalid(
            manifest,
            "name",
            "missing; every plugin needs a name",
        ));
        return None;
    };
    let skill_dirs = manifest_paths(&doc, dir, manifest, "skills", problems);
    let command_paths = manifest_paths(&doc, dir, manifest, "commands", problems);
    let hooks = match doc.get("hooks") {
        None => {
            let file = dir.join("hooks").join("hooks.json");
            file.is_file().then(|| read_json(&file).map(|v| (file, v)))
        }
        Some(Value::String(s)) => Some(
            inside(dir, manifest, "hooks", s).and_then(|file| read_json(&file).map(|v| (file, v))),
        ),
        Some(v @ Value::Object(_)) => Some(Ok((manifest.to_owned(), v.clone()))),
        Some(_) => Some(Err(Error::invalid(
            manifest,
            "hooks",
            "must be a file path or an object",
        ))),
    };
    let hooks = match hooks.transpose() {
        Ok(h) => h.map(|(file, value)| (file, unwrap_hooks(value))),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    let mcp_servers = match doc.get("mcpServers") {
        None => Map::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(Value::String(s)) => {
            match inside(dir, manifest, "mcpServers", s).and_then(|file| read_json(&file)) {
                Ok(file) => file
                    .get("mcpServers")
                    .unwrap_or(&file)
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
                Err(e) => {
                    problems.push(e);
                    Map::new()
                }
            }
        }
        Some(_) => {
            problems.push(Error::invalid(
                manifest,
                "mcpServers",
                "must be an object of server entries or a file path",
            ));
            Map::new()
        }
    };
    let root = dir.to_string_lossy();
    let mcp_servers = match substitute_root(Value::Object(mcp_servers), &root) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    Some(Plugin {
        name: name.trim().to_owned(),
        version: text("version"),
        description: text("description"),
        scope,
        dir: dir.to_owned(),
        manifest: manifest.to_owned(),
        skill_dirs,
        command_paths,
        hooks,
        mcp_servers,
    })
}

/// The manifest's `key` (`skills`, `commands`): a path or a list of paths inside the plugin, by
/// default the folder named `key`.
fn manifest_paths(
    doc: &Value,
    dir: &Path,
    manifest: &Path,
    key: &str,
    problems: &mut Vec<Error>,
) -> Vec<PathBuf> {
    match doc.get(key) {
        None => vec![dir.join(key)],
        Some(Value::String(s)) => [s.as_str()]
            .into_iter()
            .filter_map(|s| keep(inside(dir, manifest, key, s), problems))
            .collect(),
        Some(Value::Array(list)) => list
            .iter()
            .filter_map(Value::as_str)
            .filter_map(|s| keep(inside(dir, manifest, key, s), problems))
            .collect(),
        Some(_) => {
            problems.push(Error::invalid(
                manifest,
                key,
                "must be a path or a list of paths",
            ));
            Vec::new()
        }
    }
}

/// The file or folder `rel` the manifest's `key` names, inside the plugin folder `dir` (the one
/// resolution the trust hash relies on, `crate::config::trust::plugin_files::inside`).
fn inside(dir: &Path, manifest: &Path, key: &str, rel: &str) -> Result<PathBuf, Error> {
    crate::config::trust::plugin_files::inside(dir, rel)
        .map_err(|why| Error::invalid(manifest, key, why))
}

/// `result`'s value, its error pushed to `problems`.
fn keep(result: Result<PathBuf, Error>, problems: &mut Vec<Error>) -> Option<PathBuf> {
    result.map_err(|e| problems.push(e)).ok()
}

/// A hooks file may wrap the settings: `{"description": …, "hooks": {Event: …}}`.
fn unwrap_hooks(value: Value) -> Value {
    match value {
        Value::Object(mut map) if map.get("hooks").is_some_and(Value::is_object) => {
            map.remove("hooks").unwrap_or_default()
        }
        other => other,
    }
}

/// Replaces the plugin-root placeholders in every string of `value`.
fn substitute_root(value: Value, root: &str) -> Value {
    match value {
        Value::String(s) => Value::String(
            s.replace("${PILOTDECK_PLUGIN_ROOT}", root)
                .replace("${CLAUDE_PLUGIN_ROOT}", root),
        ),
        Value::Array(list) => {
            Value::Array(list.into_iter().map(|v| substitute_root(v, root)).collect())
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, substitute_root(v, root)))
                .collect(),
        ),
        other => other,
    }
}
