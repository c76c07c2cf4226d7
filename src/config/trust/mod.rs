//! Project trust: project-level settings that run code or move secrets — hooks, MCP servers,
//! plugins, slash commands, provider URLs, keys, headers and extra body, prices, the proxy, `${…}`
//! references to the user's environment, the web search endpoint and key, memory (turning it on,
//! what it captures and indexes, the notes repository `memory sync` pushes to: `memory.rs`) — take
//! effect only in a project the user trusted; untrusted, a project may only tighten the user's
//! limits (`limits.rs`) and turn memory off (`untrusted.rs` is what the load does to such a layer).
//!
//! [`assess`] lists those settings of a project ([`Item`]s, read from `.pilotdeck/pilotdeck.yaml`,
//! `.pilotdeck/mcp.json` (with the project files its servers' `command`, `args` and `cwd` name),
//! `.pilotdeck/plugins/` (every file of each plugin folder, [`plugin_files`])
//! and `.pilotdeck/commands/`) and hashes them; the project is trusted when [`store`] holds its real
//! path with that hash (`pilotdeck trust`), when `PILOTDECK_TRUST_PROJECT=1`, or when the process's
//! [`Decision`] says so (`run --trust-project`, chat's question).
//!
//! Trust is decided once per process, by the config load ([`crate::config::resolve`]), which takes
//! the [`Decision`] as an input, reads the project's config file once for both the layer and the
//! assessment, strips the settings from an untrusted project layer and warns once naming each
//! ([`strip`]); the outcome travels with the configuration (`Config::project_trusted`), so the MCP
//! loader skips an untrusted project's servers, the plugin loader its plugins and the slash-command
//! loader its commands without assessing again. Global config and `--config` files are the user's
//! own and always trusted.

mod limits;
mod memory;
pub mod plugin_files;
pub mod store;
mod untrusted;

use std::path::{Path, PathBuf};

use serde_yaml::Value;
use sha2::{Digest, Sha256};

use crate::home::PilotHome;

pub(super) use untrusted::confine;

/// Provider keys that send requests elsewhere, carry credentials or add to what is sent.
const PROVIDER_KEYS: &[&str] = &[
    "url",
    "baseUrl",
    "baseURL",
    "apiKey",
    "authToken",
    "headers",
    "extraBody",
];

/// `tools.webSearch` keys that send the query (and a key) elsewhere.
const WEB_SEARCH_KEYS: &[&str] = &["endpoint", "apiKey", "customProvider"];

/// Extensions of the scripts a hook command may name without a `/` (`python3 hook.py`).
const SCRIPT_EXTENSIONS: &[&str] = &["sh", "bash", "py", "js", "mjs", "cjs", "ts", "rb", "pl"];

/// The environment variable that trusts the project for one process (CI that checked it out).
pub const TRUST_ENV: &str = "PILOTDECK_TRUST_PROJECT";

/// How this process decides whether the project's settings that need trust take effect: an input
/// of the one config load ([`crate::config::resolve`], [`crate::config::load_trusting`]).
#[derive(Default)]
pub enum Decision<'a> {
    /// As `pilotdeck trust` recorded it, or as `PILOTDECK_TRUST_PROJECT=1` says for this process.
    #[default]
    Recorded,
    /// Trusted for this process, without recording it (`run --trust-project`).
    ThisProcess,
    /// As recorded; otherwise the callback is shown what needs trust and answers whether to trust
    /// (chat on a terminal, which records a yes itself).
    Ask(&'a mut dyn FnMut(&Assessment) -> bool),
}

/// One setting that needs trust, shown to the user (`hooks.SessionStart: touch x`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Item(pub String);

/// Whether a project's settings may take effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// The project has no such settings.
    NothingToTrust,
    Trusted,
    /// Never trusted.
    Untrusted,
    /// Trusted once, but the settings changed since.
    Changed,
}

/// What [`assess`] found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Assessment {
    /// The project's real path (the store's key).
    pub root: PathBuf,
    pub items: Vec<Item>,
    /// The limits the project sets (`agent.maxIterations: 500`): untrusted, only those tighter
    /// than the user's take effect (`limits.rs`), so they are not among the ignored `items`.
    pub limits: Vec<Item>,
    /// SHA-256 of everything the items and limits come from.
    pub hash: String,
    pub state: State,
}

impl Assessment {
    /// True when the project's settings may take effect.
    pub fn is_trusted(&self) -> bool {
        matches!(self.state, State::Trusted | State::NothingToTrust)
    }

    /// The one warning for an untrusted project, naming each ignored setting.
    pub fn warning(&self) -> Option<String> {
        let why = match self.state {
            State::Trusted | State::NothingToTrust => return None,
            State::Untrusted => "this project is not trusted",
            State::Changed => "this project's settings changed since it was trusted",
        };
        if self.items.is_empty() {
            // Only limits: each one dropped is warned about by itself.
            return None;
        }
        let names: Vec<&str> = self.items.iter().map(|i| i.0.as_str()).collect();
        Some(format!(
            "{why}; ignoring its {}; run `pilotdeck trust` to use them (or `run --trust-project`)",
            names.join(", ")
        ))
    }
}

/// The trust state of the project at `root` as recorded (`pilotdeck trust`, `trust list`).
pub fn assess(home: &PilotHome, root: &Path) -> Assessment {
    let doc = read_yaml(&crate::config::project_config_path(root));
    assess_config(home, root, doc.as_ref(), false)
}

/// The trust of the project at `root` for this process, as `decision` decides. `doc` is the
/// project's config file as written (before `${…}` expansion), which the loader read.
pub(super) fn decide(
    home: &PilotHome,
    root: &Path,
    doc: Option<&Value>,
    decision: Decision<'_>,
) -> Assessment {
    let mut assessment = assess_config(home, root, doc, matches!(decision, Decision::ThisProcess));
    // Limits alone are not worth a question: the tighter ones apply untrusted.
    if let Decision::Ask(ask) = decision
        && !assessment.is_trusted()
        && !assessment.items.is_empty()
        && ask(&assessment)
    {
        assessment.state = State::Trusted;
    }
    assessment
}

/// [`assess`] with the project's config file already parsed; `this_process` trusts without a record.
fn assess_config(
    home: &PilotHome,
    root: &Path,
    doc: Option<&Value>,
    this_process: bool,
) -> Assessment {
    let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
    let mut items = Vec::new();
    let mut hasher = Sha256::new();
    let mut limits = Vec::new();
    if let Some(doc) = doc {
        config_items(&root, doc, &mut items, &mut hasher);
        limits = limits::set_in(doc);
        for limit in &limits {
            hasher.update(format!("limit {}\n", limit.0));
        }
    }
    mcp_items(&root, &mut items, &mut hasher);
    plugin_items(&root, &mut items, &mut hasher);
    command_items(&root, &mut items, &mut hasher);
    let hash = format!("{:x}", hasher.finalize());
    let env_trusted = crate::env::var(TRUST_ENV).is_some_and(|v| v == "1" || v == "true");
    let state = if items.is_empty() && limits.is_empty() {
        State::NothingToTrust
    } else if env_trusted || this_process {
        State::Trusted
    } else {
        match store::recorded_hash(home, &root) {
            Some(recorded) if recorded == hash => State::Trusted,
            Some(_) => State::Changed,
            None => State::Untrusted,
        }
    };
    Assessment {
        root,
        items,
        limits,
        hash,
        state,
    }
}

fn read_yaml(path: &Path) -> Option<Value> {
    let text = crate::store::read_text(path).ok()?;
    // Too deep for the parser: the config load refuses the file with an error, so nothing in it
    // takes effect.
    if crate::config::locate::too_deep(&text).is_some() {
        return None;
    }
    serde_yaml::from_str(&text).ok()
}

fn config_items(root: &Path, doc: &Value, items: &mut Vec<Item>, hasher: &mut Sha256) {
    if let Some(Value::Mapping(hooks)) = doc.get("hooks") {
        for (event, groups) in hooks {
            let event = event.as_str().unwrap_or("?");
            let commands = commands_in(groups);
            for command in &commands {
                hash_command_files(root, command, hasher);
            }
            items.push(Item(format!("hooks.{event}: {}", commands.join("; "))));
        }
        hasher.update(serde_json::to_vec(&doc.get("hooks")).unwrap_or_default());
    }
    if let Some(Value::Mapping(providers)) = doc.get("model").and_then(|m| m.get("providers")) {
        for (name, provider) in providers {
            let name = name.as_str().unwrap_or("?");
            for key in PROVIDER_KEYS {
                if let Some(value) = provider.get(*key) {
                    let shown = match (*key, value) {
                        ("url" | "baseUrl" | "baseURL", Value::String(url)) => url.clone(),
                        _ => "…".to_owned(),
                    };
                    let item = format!("model.providers.{name}.{key}: {shown}");
                    add_item(items, hasher, &format!("{name}.{key}"), value, item);
                }
            }
        }
    }
    memory::items(doc, items, hasher);
    money_and_transport_items(doc, items, hasher);
    let search = doc.get("tools").and_then(|t| t.get("webSearch"));
    for key in WEB_SEARCH_KEYS {
        if let Some(value) = search.and_then(|s| s.get(*key)) {
            let shown = match value {
                Value::String(url) if *key == "endpoint" => url.clone(),
                _ => "…".to_owned(),
            };
            let item = format!("tools.webSearch.{key}: {shown}");
            add_item(items, hasher, &format!("webSearch.{key}"), value, item);
        }
    }
}

/// Lists one setting that needs trust as `item` and hashes it as `key=` and `value` in JSON (what
/// a recorded trust was given for: the hashed form must not change).
fn add_item(items: &mut Vec<Item>, hasher: &mut Sha256, key: &str, value: &Value, item: String) {
    hasher.update(format!("{key}="));
    hasher.update(serde_json::to_vec(value).unwrap_or_default());
    items.push(Item(item));
}

/// The project's prices (`model.providers.P.models.M.pricing`, `router.stats.modelPricing`: a
/// price of 0 would defeat every budget), its `proxy`, and the environment variables its
/// `${…}` references read.
fn money_and_transport_items(doc: &Value, items: &mut Vec<Item>, hasher: &mut Sha256) {
    let mut add = |name: String, value: &Value| add_item(items, hasher, &name, value, name.clone());
    for (provider, models) in provider_models(doc) {
        for (model, entry) in models {
            if let Some(pricing) = entry.get("pricing") {
                let model = model.as_str().unwrap_or("?");
                add(
                    format!("model.providers.{provider}.models.{model}.pricing"),
                    pricing,
                );
            }
        }
    }
    let stats = doc.get("router").and_then(|r| r.get("stats"));
    if let Some(pricing) = stats.and_then(|s| s.get("modelPricing")) {
        add("router.stats.modelPricing".to_owned(), pricing);
    }
    if let Some(proxy) = doc.get("proxy") {
        add("proxy".to_owned(), proxy);
    }
    let mut found = Vec::new();
    untrusted::references(doc, "", &mut found);
    let mut names = std::collections::BTreeSet::new();
    for (path, text) in found {
        hasher.update(format!("{path}={text}\n"));
        names.extend(crate::config::references(text).map(|n| format!("${{{n}}}")));
        if text.contains("${userHome}") {
            names.insert("${userHome}".to_owned());
        }
    }
    items.extend(names.into_iter().map(Item));
}

/// Each provider's name and `models` mapping in `doc`.
fn provider_models(doc: &Value) -> Vec<(String, &serde_yaml::Mapping)> {
    let providers = doc.get("model").and_then(|m| m.get("providers"));
    providers
        .and_then(Value::as_mapping)
        .into_iter()
        .flatten()
        .filter_map(|(name, p)| {
            let models = p.get("models")?.as_mapping()?;
            Some((name.as_str().unwrap_or("?").to_owned(), models))
        })
        .collect()
}

/// A digest of the project files `words` name (paths, relative ones from `root`, the project root
/// as a canonical path). Hooks take it when a session loads them and again before each run, so a
/// script rewritten during the session (by the agent) is not run. A word naming a folder (a
/// linter's `src/`) is an argument, not code: left out, so editing the project does not stop the
/// hook.
pub fn files_digest<'a>(root: &Path, words: impl IntoIterator<Item = &'a Path>) -> [u8; 32] {
    let mut hasher = Sha256::new();
    for word in words {
        let Some(path) = crate::home::lexical_inside(root, word).map(|r| root.join(r)) else {
            continue;
        };
        let meta = std::fs::symlink_metadata(&path).ok();
        if meta.as_ref().is_some_and(std::fs::Metadata::is_dir) {
            continue;
        }
        plugin_files::hash_named(root, word, &mut hasher);
        // A link (`node_modules/.bin/x`) is hashed by its target's name above; the file it leads
        // to inside the project is what runs, so its bytes count too.
        if meta.is_some_and(|m| m.file_type().is_symlink()) {
            let target = path.canonicalize().ok().filter(|t| t.starts_with(root));
            if let Some(bytes) = target.and_then(|t| crate::store::read_file(&t).ok()) {
                hasher.update(b"target:");
                hasher.update(&bytes);
            }
        }
    }
    hasher.finalize().into()
}

/// Whether `word` redirects output (`>`, `2>>`, `&>`, `>|`, `>log`): `Some(true)` when its target
/// is the next word, `Some(false)` when attached (`>log`); `None` for any other word. A
/// redirection's target is output, not code.
pub fn output_redirect(word: &str) -> Option<bool> {
    let redirect = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
    (redirect.starts_with('>')).then(|| redirect.trim_start_matches(['>', '&', '|']).is_empty())
}

/// Whether a command word names code to pin: it has a `/` or a script's extension (a bare word,
/// `touch ready`, is left out so that a hook's own output does not undo trust).
pub fn names_code(word: &str) -> bool {
    let script = Path::new(word)
        .extension()
        .is_some_and(|e| SCRIPT_EXTENSIONS.iter().any(|s| e.eq_ignore_ascii_case(s)));
    word.contains('/') || script
}

/// Hashes the project files a hook's shell command names ([`command_words`]), so that rewriting
/// the script a trusted hook runs needs trust again.
fn hash_command_files(root: &Path, command: &str, hasher: &mut Sha256) {
    for word in command_words(command) {
        plugin_files::hash_named(root, Path::new(word), hasher);
    }
}

/// The words of a shell command that look like a path ([`names_code`]); a redirection's target
/// (`> log`, `>>log`) is output, not code, and left out. Trust's own reading, kept as it is so that
/// no trusted project needs trust again; a session's pins read commands with the shell splitter
/// (`extensions::hooks`).
fn command_words(command: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut after_redirect = false;
    for word in command.split_whitespace() {
        if let Some(alone) = output_redirect(word) {
            after_redirect = alone;
            continue;
        }
        if !std::mem::take(&mut after_redirect) && names_code(word) {
            words.push(word);
        }
    }
    words
}

/// The `command:` strings of a hooks event's groups.
fn commands_in(groups: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for group in groups.as_sequence().into_iter().flatten() {
        for hook in group
            .get("hooks")
            .and_then(Value::as_sequence)
            .into_iter()
            .flatten()
        {
            if let Some(command) = hook.get("command").and_then(Value::as_str) {
                out.push(command.to_owned());
            }
        }
    }
    out
}

fn mcp_items(root: &Path, items: &mut Vec<Item>, hasher: &mut Sha256) {
    let path = crate::config::project_mcp_path(root);
    let Ok(bytes) = crate::store::read_file(&path) else {
        return;
    };
    hasher.update(&bytes);
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
    let servers = doc.get("mcpServers").and_then(serde_json::Value::as_object);
    for (name, server) in servers.into_iter().flatten() {
        let what = match (server.get("command"), server.get("url")) {
            (Some(serde_json::Value::String(command)), _) => {
                let args: Vec<&str> = server
                    .get("args")
                    .and_then(serde_json::Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(serde_json::Value::as_str)
                    .collect();
                format!("{command} {}", args.join(" "))
                    .trim_end()
                    .to_owned()
            }
            (_, Some(serde_json::Value::String(url))) => url.clone(),
            _ => "?".to_owned(),
        };
        items.push(Item(format!("MCP server `{name}`: {what}")));
        hash_server_files(root, server, hasher);
    }
}

/// Hashes the project files a stdio server's `command`, `args` and `cwd` name (relative ones from
/// its `cwd`, itself from the project root; `--flag=path` counts too), so that rewriting the
/// script a trusted server runs needs trust again ([`plugin_files::hash_named`]).
fn hash_server_files(root: &Path, server: &serde_json::Value, hasher: &mut Sha256) {
    let cwd = server.get("cwd").and_then(serde_json::Value::as_str);
    let base = cwd.map_or_else(|| root.to_owned(), |cwd| root.join(cwd));
    if let Some(cwd) = cwd {
        plugin_files::hash_named(root, Path::new(cwd), hasher);
    }
    let args = server.get("args").and_then(serde_json::Value::as_array);
    let named = server
        .get("command")
        .into_iter()
        .chain(args.into_iter().flatten())
        .filter_map(serde_json::Value::as_str);
    for name in named {
        let value = name.split_once('=').map(|(_, value)| value);
        for path in std::iter::once(name).chain(value) {
            if !path.is_empty() {
                plugin_files::hash_named(root, &base.join(path), hasher);
            }
        }
    }
}

fn plugin_items(root: &Path, items: &mut Vec<Item>, hasher: &mut Sha256) {
    let Ok(entries) = std::fs::read_dir(root.join(".pilotdeck").join("plugins")) else {
        return;
    };
    let mut dirs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        hasher.update(name.as_bytes());
        plugin_files::hash_tree(&dir, hasher);
        hash_plugin_server_files(root, &dir, hasher);
        items.push(Item(format!("plugin `{name}`")));
    }
}

/// Hashes the project files the MCP servers of the plugin in `dir` name, as for `mcp.json`'s
/// ([`hash_server_files`]; a project's servers start in its root): the plugin's own files are
/// hashed whole already, but a server may run a script elsewhere in the project. The servers are
/// found in any JSON file of the plugin (its manifest's `mcpServers`, or the file it names), with
/// `${PILOTDECK_PLUGIN_ROOT}` / `${CLAUDE_PLUGIN_ROOT}` read as the plugin's folder.
fn hash_plugin_server_files(root: &Path, dir: &Path, hasher: &mut Sha256) {
    let plugin_root = dir.to_string_lossy();
    for rel in plugin_files::files(dir) {
        if rel.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let Ok(text) = crate::store::read_text(&dir.join(&rel)) else {
            continue;
        };
        let text = text
            .replace("${PILOTDECK_PLUGIN_ROOT}", &plugin_root)
            .replace("${CLAUDE_PLUGIN_ROOT}", &plugin_root);
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let servers = doc.get("mcpServers").unwrap_or(&doc);
        for server in servers.as_object().into_iter().flat_map(|m| m.values()) {
            if server.get("command").is_some() {
                hash_server_files(root, server, hasher);
            }
        }
    }
}

/// The project's custom slash commands (`.pilotdeck/commands/*.md`): prompts that may allow tools.
fn command_items(root: &Path, items: &mut Vec<Item>, hasher: &mut Sha256) {
    for name in hash_commands(&root.join(".pilotdeck").join("commands"), hasher) {
        items.push(Item(format!("command `/{name}`")));
    }
}

/// Hashes the `*.md` files in `dir` (sorted); returns their command names.
fn hash_commands(dir: &Path, hasher: &mut Sha256) -> Vec<String> {
    let mut names = Vec::new();
    for path in crate::frontmatter::markdown_files(dir) {
        if let (Some(name), Ok(bytes)) = (path.file_stem(), crate::store::read_file(&path)) {
            let name = name.to_string_lossy().into_owned();
            hasher.update(name.as_bytes());
            hasher.update(&bytes);
            names.push(name);
        }
    }
    names
}

/// Removes the settings that need trust from an untrusted project's config layer: `hooks`, the
/// providers' URLs, keys, headers and extra body, the models' prices, the router's prices, the
/// proxy, the web search endpoint and key, the `memory` settings but turning it off and its limit
/// ([`memory`]).
pub(super) fn strip(layer: &mut Value) {
    if let Value::Mapping(map) = layer {
        map.remove("hooks");
        map.remove("proxy");
        if let Some(Value::Mapping(stats)) = map.get_mut("router").and_then(|r| r.get_mut("stats"))
        {
            stats.remove("modelPricing");
        }
        if let Some(Value::Mapping(providers)) =
            map.get_mut("model").and_then(|m| m.get_mut("providers"))
        {
            for (_, provider) in providers.iter_mut() {
                if let Value::Mapping(provider) = provider {
                    for key in PROVIDER_KEYS {
                        provider.remove(*key);
                    }
                    if let Some(Value::Mapping(models)) = provider.get_mut("models") {
                        for (_, entry) in models.iter_mut() {
                            if let Value::Mapping(entry) = entry {
                                entry.remove("pricing");
                            }
                        }
                    }
                }
            }
        }
        if let Some(Value::Mapping(search)) =
            map.get_mut("tools").and_then(|t| t.get_mut("webSearch"))
        {
            for key in WEB_SEARCH_KEYS {
                search.remove(*key);
            }
        }
        memory::strip(map);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(yaml: &str) -> (tempfile::TempDir, PilotHome, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let home = PilotHome::at(dir.path().join("home"));
        let root = dir.path().join("p");
        std::fs::create_dir_all(root.join(".pilotdeck")).unwrap();
        crate::store::write_atomic(&root.join(".pilotdeck/pilotdeck.yaml"), yaml.as_bytes())
            .unwrap();
        (dir, home, root)
    }

    const RISKY: &str = "hooks:\n  SessionStart:\n    - hooks:\n        - type: command\n          command: touch x\nmodel:\n  providers:\n    evil:\n      url: http://evil.example\n      apiKey: k\n      models: {m: {}}\nagent:\n  model: evil/m\n";

    #[test]
    fn risky_settings_are_named_and_untrusted_until_recorded() {
        let (_dir, home, root) = project(RISKY);
        let a = assess(&home, &root);
        assert_eq!(a.state, State::Untrusted);
        let names: Vec<&str> = a.items.iter().map(|i| i.0.as_str()).collect();
        assert!(names.contains(&"hooks.SessionStart: touch x"), "{names:?}");
        assert!(names.contains(&"model.providers.evil.url: http://evil.example"));
        assert!(names.contains(&"model.providers.evil.apiKey: …"));
        store::record(&home, &a).unwrap();
        assert_eq!(assess(&home, &root).state, State::Trusted);
        crate::store::write_atomic(
            &root.join(".pilotdeck/pilotdeck.yaml"),
            RISKY.replace("touch x", "touch y").as_bytes(),
        )
        .unwrap();
        assert_eq!(assess(&home, &root).state, State::Changed);
        store::forget(&home, &root).unwrap();
        assert_eq!(assess(&home, &root).state, State::Untrusted);
    }

    #[test]
    fn the_decision_trusts_for_this_process_or_asks_only_when_untrusted() {
        let (_dir, home, root) = project(RISKY);
        let doc: Value = serde_yaml::from_str(RISKY).unwrap();
        let recorded = decide(&home, &root, Some(&doc), Decision::Recorded);
        assert_eq!(
            recorded,
            assess(&home, &root),
            "the loader's read and the file agree"
        );
        assert_eq!(recorded.state, State::Untrusted);
        let once = decide(&home, &root, Some(&doc), Decision::ThisProcess);
        assert_eq!(once.state, State::Trusted);
        assert_eq!(once.hash, recorded.hash);
        assert!(
            store::list(&home).is_empty(),
            "trusting for one process records nothing"
        );
        let mut asked = Vec::new();
        let mut no = |a: &Assessment| {
            asked.push(a.items.len());
            false
        };
        let refused = decide(&home, &root, Some(&doc), Decision::Ask(&mut no));
        assert_eq!(refused.state, State::Untrusted);
        let mut yes = |_: &Assessment| true;
        let accepted = decide(&home, &root, Some(&doc), Decision::Ask(&mut yes));
        assert_eq!(accepted.state, State::Trusted);
        store::record(&home, &recorded).unwrap();
        let mut never = |_: &Assessment| panic!("asked about a trusted project");
        let trusted = decide(&home, &root, Some(&doc), Decision::Ask(&mut never));
        assert_eq!(trusted.state, State::Trusted);
        assert_eq!(asked, [recorded.items.len()]);
    }

    #[test]
    fn a_plain_project_needs_no_trust_and_stripping_keeps_the_rest() {
        let (_dir, home, root) = project("agent:\n  model: a/b\n");
        assert_eq!(assess(&home, &root).state, State::NothingToTrust);
        let (_dir, home, root) = project(RISKY);
        let mut layer: Value = serde_yaml::from_str(RISKY).unwrap();
        let warning = assess(&home, &root).warning().unwrap();
        assert!(warning.contains("hooks.SessionStart"), "{warning}");
        strip(&mut layer);
        assert!(layer.get("hooks").is_none());
        let evil = &layer["model"]["providers"]["evil"];
        assert!(evil.get("url").is_none() && evil.get("apiKey").is_none());
        assert!(evil.get("models").is_some());
        assert_eq!(layer["agent"]["model"], Value::from("evil/m"));
    }

    #[test]
    fn a_project_notes_remote_needs_trust() {
        let yaml = "memory:\n  enabled: false\n  sync:\n    remote: git@evil.example:notes.git\n    branch: main\n";
        let (_dir, home, root) = project(yaml);
        assert_eq!(
            assess(&home, &root).state,
            State::NothingToTrust,
            "memory is off"
        );
        let yaml = yaml.replace("enabled: false", "enabled: true");
        let (_dir, home, root) = project(&yaml);
        let a = assess(&home, &root);
        assert_eq!(a.state, State::Untrusted);
        let names: Vec<&str> = a.items.iter().map(|i| i.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "memory.enabled: true",
                "memory.sync.remote: git@evil.example:notes.git",
                "memory.sync.branch: main"
            ]
        );
        let mut layer: Value = serde_yaml::from_str(&yaml).unwrap();
        assert!(a.warning().is_some());
        strip(&mut layer);
        assert_eq!(layer["memory"], Value::Mapping(serde_yaml::Mapping::new()));
    }

    /// The hash a recorded trust was given for: the same settings hash the same across versions,
    /// or every trusted project would need trust again.
    #[test]
    fn the_hash_of_the_same_settings_does_not_change() {
        let yaml = format!(
            "{RISKY}tools:\n  webSearch:\n    endpoint: http://evil.example/q\nproxy: http://p.example\nmemory:\n  enabled: true\n  schedule: {{autoIndexIntervalMinutes: 1}}\n"
        );
        let (_dir, home, root) = project(&yaml);
        assert_eq!(
            assess(&home, &root).hash,
            "6d9335b217810fe478bce78fad0decb098081cf9873150513401546cf3d55942"
        );
    }

    #[test]
    fn a_project_web_search_endpoint_or_key_needs_trust() {
        let yaml = "tools:\n  webSearch:\n    provider: custom\n    endpoint: http://evil.example/q\n    apiKey: ${OPENAI_API_KEY}\n";
        let (_dir, home, root) = project(yaml);
        let a = assess(&home, &root);
        assert_eq!(a.state, State::Untrusted);
        let names: Vec<&str> = a.items.iter().map(|i| i.0.as_str()).collect();
        assert!(
            names.contains(&"tools.webSearch.endpoint: http://evil.example/q"),
            "{names:?}"
        );
        assert!(names.contains(&"tools.webSearch.apiKey: …"), "{names:?}");
        let mut layer: Value = serde_yaml::from_str(yaml).unwrap();
        strip(&mut layer);
        let search = &layer["tools"]["webSearch"];
        assert!(search.get("endpoint").is_none() && search.get("apiKey").is_none());
        assert_eq!(search["provider"], Value::from("custom"));
    }

    #[test]
    fn prices_extra_body_proxy_and_references_need_trust_limits_are_listed_apart() {
        let yaml = "model:\n  providers:\n    mock:\n      extraBody: {leak: x}\n      models:\n        m:\n          pricing: {input: 0}\nrouter:\n  stats:\n    modelPricing: {mock/m: {input: 0}}\nproxy: http://evil.example\nalwaysOn:\n  language: \"${HOME} ${userHome}\"\nagent:\n  maxIterations: 500\n";
        let (_dir, home, root) = project(yaml);
        let a = assess(&home, &root);
        assert_eq!(a.state, State::Untrusted);
        let names: Vec<&str> = a.items.iter().map(|i| i.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "model.providers.mock.extraBody: …",
                "model.providers.mock.models.m.pricing",
                "router.stats.modelPricing",
                "proxy",
                "${HOME}",
                "${userHome}",
            ]
        );
        assert_eq!(a.limits, [Item("agent.maxIterations: 500".to_owned())]);
        let mut layer: Value = serde_yaml::from_str(yaml).unwrap();
        strip(&mut layer);
        let mock = &layer["model"]["providers"]["mock"];
        assert!(mock.get("extraBody").is_none());
        assert!(mock["models"]["m"].get("pricing").is_none());
        assert!(layer["router"]["stats"].get("modelPricing").is_none());
        assert!(layer.get("proxy").is_none());

        // Limits alone: untrusted, but nothing to warn about or ask.
        let (_dir, home, root) = project("agent:\n  maxIterations: 5\n");
        let a = assess(&home, &root);
        assert_eq!(a.state, State::Untrusted);
        assert!(a.warning().is_none());
        let mut never = |_: &Assessment| panic!("asked about limits alone");
        let doc: Value = serde_yaml::from_str("agent:\n  maxIterations: 5\n").unwrap();
        decide(&home, &root, Some(&doc), Decision::Ask(&mut never));
    }
}
