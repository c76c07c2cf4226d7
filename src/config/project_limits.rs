//! A project's `.pilotdeck/pilotdeck.yaml` comes with the repository (or from the agent working in
//! it), so it may narrow the permissions the user's own config gives, never widen them: its
//! `tools.permissions.mode` applies only when it is no more permissive than the user's (default
//! `workspace-write`), its `allow` rules are dropped, and its `deny` and `ask` rules are added to the
//! user's instead of replacing them. Likewise its `tools.sandbox` may close the network, require the
//! sandbox and hide more paths, but not open the network (`network: true` or a host list), turn the
//! sandbox off (`backend: none`) or lift `required`; its `tools.bash.env` may hide more variables but
//! not re-expose any (`include` is dropped). Lists that narrow (`deny`, `ask`, `tools.sandbox.hide`,
//! `tools.bash.env.exclude`) are added to the user's, never replace them (a project cannot empty the
//! user's list). It may not point pilotdeck's own writes anywhere: the path-valued keys
//! [`PATH_KEYS`] (`memory.rootDir`, `alwaysOn.workspace.gitWorktreeBaseDir` and `snapshotBaseDir`)
//! are dropped (`tools.sandbox.hide`, the one other path-valued key, only narrows). Each thing
//! dropped is reported as a warning.

use serde_yaml::Value;

use super::diagnostic::{Diagnostic, Severity};
use super::layer::Layer;

/// The modes from least to most permissive (the spellings `validate` accepts).
const MODES: &[&str] = &["read-only", "workspace-write", "full"];
const DEFAULT_MODE: &str = "workspace-write";

/// The path-valued keys a project config may not set (section path, key): each names where
/// pilotdeck writes (memory notes, always-on worktrees and snapshots), and a cloned repository
/// must not send those writes outside it.
pub(super) const PATH_KEYS: &[(&[&str], &str)] = &[
    (&["memory"], "rootDir"),
    (&["alwaysOn", "workspace"], "gitWorktreeBaseDir"),
    (&["alwaysOn", "workspace"], "snapshotBaseDir"),
];

/// Rewrites the project layer's `tools.permissions` so merging it over `user` (the user's config
/// layer, if any) cannot widen anything.
pub(super) fn confine(project: &mut Layer, user: Option<&Layer>) {
    let user_perms = user.and_then(|l| tools_section(&l.value, "permissions"));
    let user_mode = user_perms
        .and_then(|p| p.get("mode"))
        .and_then(Value::as_str)
        .unwrap_or(DEFAULT_MODE)
        .to_owned();
    let mut notes = confine_sandbox(project, user);
    notes.extend(confine_env(project, user));
    notes.extend(drop_paths(project));
    let Some(perms) = project
        .value
        .get_mut("tools")
        .and_then(|t| t.get_mut("permissions"))
        .and_then(Value::as_mapping_mut)
    else {
        warn(project, notes);
        return;
    };
    if let Some(mode) = perms.get("mode").and_then(Value::as_str).map(str::to_owned)
        && let (Some(asked), Some(own)) = (rank(&mode), rank(&user_mode))
        && asked > own
    {
        perms.remove("mode");
        notes.push((
            "tools.permissions.mode".to_owned(),
            format!(
                "a project config cannot raise the permission mode above your own \
                 (`{user_mode}`), so `{mode}` is ignored; pass --permission-mode {mode} or set it \
                 in your own config to use it"
            ),
        ));
    }
    if perms.remove("allow").is_some() {
        notes.push((
            "tools.permissions.allow".to_owned(),
            "a project config cannot widen permissions, so its allow rules are ignored; add them \
             to your own config or pass --allow"
                .to_owned(),
        ));
    }
    for key in ["deny", "ask"] {
        add_user_list(perms, user_perms, key);
    }
    warn(project, notes);
}

/// The mapping at `tools.SECTION` of a layer's value.
fn tools_section<'v>(value: &'v Value, section: &str) -> Option<&'v Value> {
    value.get("tools").and_then(|t| t.get(section))
}

/// Makes the project's list `key` of `section` the user's list followed by the project's (merging
/// replaces lists, and a project's narrowing list must not drop the user's entries).
fn add_user_list(section: &mut serde_yaml::Mapping, user_section: Option<&Value>, key: &str) {
    if let Some(Value::Sequence(own)) = section.get(key) {
        let mut all = user_section
            .and_then(|s| s.get(key))
            .and_then(Value::as_sequence)
            .cloned()
            .unwrap_or_default();
        all.extend(own.iter().cloned());
        section.insert(key.into(), Value::Sequence(all));
    }
}

/// Drops the project's `tools.bash.env.include` (it would re-expose secret variables to commands)
/// and adds its `exclude` to the user's.
fn confine_env(project: &mut Layer, user: Option<&Layer>) -> Vec<(String, String)> {
    let user_env = user
        .and_then(|l| tools_section(&l.value, "bash"))
        .and_then(|b| b.get("env"));
    let Some(env) = project
        .value
        .get_mut("tools")
        .and_then(|t| t.get_mut("bash"))
        .and_then(|b| b.get_mut("env"))
        .and_then(Value::as_mapping_mut)
    else {
        return Vec::new();
    };
    add_user_list(env, user_env, "exclude");
    if env.remove("include").is_none() {
        return Vec::new();
    }
    vec![(
        "tools.bash.env.include".to_owned(),
        "a project config cannot re-expose environment variables to commands, so its          `tools.bash.env.include` is ignored; set it in your own config to use it"
            .to_owned(),
    )]
}

/// Drops the project's `tools.sandbox` settings that would loosen the sandbox, and adds its `hide`
/// to the user's.
fn confine_sandbox(project: &mut Layer, user: Option<&Layer>) -> Vec<(String, String)> {
    let user_sandbox = user.and_then(|l| tools_section(&l.value, "sandbox"));
    let Some(sandbox) = project
        .value
        .get_mut("tools")
        .and_then(|t| t.get_mut("sandbox"))
        .and_then(Value::as_mapping_mut)
    else {
        return Vec::new();
    };
    add_user_list(sandbox, user_sandbox, "hide");
    let mut notes = Vec::new();
    for (key, full) in [
        ("network", "tools.sandbox.network"),
        ("backend", "tools.sandbox.backend"),
        ("required", "tools.sandbox.required"),
    ] {
        if sandbox.get(key).is_some_and(|value| loosens(key, value)) {
            sandbox.remove(key);
            notes.push((
                full.to_owned(),
                format!(
                    "a project config cannot loosen the sandbox, so its `{full}` is ignored; set \
                     it in your own config (or pass --allow-network) to use it"
                ),
            ));
        }
    }
    notes
}

/// Drops the project's [`PATH_KEYS`].
fn drop_paths(project: &mut Layer) -> Vec<(String, String)> {
    let mut notes = Vec::new();
    for (section, key) in PATH_KEYS {
        let mut at = Some(&mut project.value);
        for part in *section {
            at = at.and_then(|v| v.get_mut(*part));
        }
        if let Some(map) = at.and_then(Value::as_mapping_mut)
            && map.remove(*key).is_some()
        {
            let full = format!("{}.{key}", section.join("."));
            notes.push((
                full.clone(),
                format!(
                    "a project config cannot choose where pilotdeck writes, so its `{full}` is \
                     ignored; set it in your own config to use it"
                ),
            ));
        }
    }
    notes
}

/// True when `tools.sandbox.KEY: value` would open the network or switch the sandbox off.
fn loosens(key: &str, value: &Value) -> bool {
    match key {
        "network" => value.as_bool() != Some(false),
        "backend" => value.as_str() == Some("none"),
        _ => value.as_bool() == Some(false),
    }
}

pub(super) fn warn(project: &mut Layer, notes: Vec<(String, String)>) {
    for (key, message) in notes {
        let loc = project.location(&key);
        project.diagnostics.push(
            Diagnostic::new(Severity::Warning, message)
                .key(key)
                .at(loc.as_ref()),
        );
    }
}

fn rank(mode: &str) -> Option<usize> {
    MODES.iter().position(|m| *m == mode.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_yaml::Mapping;

    fn layer(yaml: &str) -> Layer {
        Layer::from_file(std::path::Path::new("/p/.pilotdeck/pilotdeck.yaml"), yaml)
    }

    fn perms(l: &Layer) -> &Mapping {
        l.value["tools"]["permissions"].as_mapping().unwrap()
    }

    #[test]
    fn a_project_can_lower_but_not_raise_or_widen() {
        let user = layer(
            "tools:\n  permissions:\n    deny: ['bash:make publish*']\n    ask: ['bash:npm *']\n",
        );
        let mut project = layer(
            "tools:\n  permissions:\n    mode: full\n    allow: [bash]\n    deny: ['bash:curl *']\n",
        );
        confine(&mut project, Some(&user));
        let p = perms(&project);
        assert!(p.get("mode").is_none());
        assert!(p.get("allow").is_none());
        assert_eq!(
            p.get("deny").unwrap().as_sequence().unwrap().len(),
            2,
            "the user's deny rules stay"
        );
        assert_eq!(project.diagnostics.len(), 2);
        assert!(project.diagnostics[0].message.contains("cannot raise"));

        let mut lower = layer("tools:\n  permissions:\n    mode: read-only\n");
        confine(&mut lower, None);
        assert_eq!(
            perms(&lower).get("mode").unwrap().as_str(),
            Some("read-only")
        );
        assert!(lower.diagnostics.is_empty());

        let mut sandbox = layer(
            "tools:\n  sandbox:\n    network: [evil.example]\n    backend: none\n    hide: [x]\n",
        );
        confine(&mut sandbox, None);
        let s = sandbox.value["tools"]["sandbox"].as_mapping().unwrap();
        assert!(s.get("network").is_none() && s.get("backend").is_none());
        assert!(s.get("hide").is_some());
        assert_eq!(sandbox.diagnostics.len(), 2);
        let mut closing = layer("tools:\n  sandbox:\n    network: false\n    required: true\n");
        confine(&mut closing, None);
        assert!(closing.diagnostics.is_empty());

        let mut paths = layer(
            "memory:\n  rootDir: /tmp/out\n  enabled: true\nalwaysOn:\n  workspace:\n    gitWorktreeBaseDir: /tmp/w\n    snapshotBaseDir: /tmp/s\n",
        );
        confine(&mut paths, None);
        assert!(paths.value["memory"].get("rootDir").is_none());
        assert_eq!(paths.value["memory"]["enabled"], Value::from(true));
        let workspace = &paths.value["alwaysOn"]["workspace"];
        assert!(workspace.get("gitWorktreeBaseDir").is_none());
        assert!(workspace.get("snapshotBaseDir").is_none());
        assert_eq!(paths.diagnostics.len(), 3);
        assert!(paths.diagnostics[0].message.contains("`memory.rootDir`"));

        let full_user = layer("tools:\n  permissions:\n    mode: full\n");
        let mut same = layer("tools:\n  permissions:\n    mode: full\n");
        confine(&mut same, Some(&full_user));
        assert_eq!(perms(&same).get("mode").unwrap().as_str(), Some("full"));
    }
}
