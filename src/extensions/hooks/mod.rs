//! Lifecycle hooks: shell commands run at points of the agent loop, configured in `pilotdeck.yaml`
//! (`hooks:`) and in plugins' `hooks/hooks.json`, shape
//! `{Event: [{matcher, hooks: [{type: command, command, timeout}]}]}`.
//!
//! Events: `PreToolUse`, `PostToolUse` (matched against the tool name), `UserPromptSubmit`, `Stop`,
//! `SessionStart` (once per session; also matched against `startup`/`resume`), `SessionEnd`,
//! `PreCompact` (also matched against `auto`/`manual`); other events match their own name.
//!
//! Contract of a command (see `command.rs`): the JSON payload on stdin; exit 0 = go on, with stdout
//! JSON able to add context or change the decision (allow / deny / updated input); exit 2 = block,
//! stderr is the reason; any other exit, a timeout or a failure to start = a warning on stderr and
//! the run goes on. Matching hooks run one after another in configuration order (pilotdeck.yaml
//! first, then plugins); the first block stops the rest. Every child goes through
//! `tools::process`, so a timed-out or cancelled hook's whole process group is killed, and inherits
//! only what the session's `tools::EnvFilter` lets through (no secrets); in a sandbox it runs like a
//! `bash` command (`tools::sandbox::guarded`): in its turn, with the protected paths it changed put
//! back after it.
//!
//! A session pins the project files each hook command runs (its script: the words of the command
//! that name project files, read as the shell would split them, [`pin`]) when it
//! loads its hooks, and checks them before each run: a hook whose script changed since — the agent
//! can write project files — is not run; the check is made in the hook's sandbox turn, right before
//! it starts, so a command that held the turn cannot rewrite it in between. Trust covers the next process (the project's settings
//! changed, so they need trust again); the pin covers the rest of this one, where the rewritten
//! script would otherwise run unasked. A `PreToolUse` hook not run blocks its call (the user's
//! guard did not look at it); at other events it is a warning.
//!
//! A pin covers the files a command names, not what its script loads from the project (a module
//! beside a Python script shadowing `import json`, `node_modules`, a `make` target). So once the
//! session has started a tool call that may write, however it ended ([`Hooks::note_project_change`],
//! shared with its sub-agents), a hook's `allow` is no decision: the person is asked as without the hook. Blocks,
//! context and updated input still count.

mod command;
mod config;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::{Error, Plugin};
use crate::config::Config;
use crate::tools::EnvFilter;
pub use config::{CommandHook, HookGroup, Matcher};

/// Default timeout of a hook command.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);
/// Default timeout of a `SessionEnd` hook: the program is exiting.
pub const SESSION_END_TIMEOUT: Duration = Duration::from_secs(10);

/// A point of the agent loop where hooks run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HookEvent {
    PreToolUse,
    PostToolUse,
    UserPromptSubmit,
    Stop,
    SessionStart,
    SessionEnd,
    PreCompact,
}

impl HookEvent {
    pub const ALL: [HookEvent; 7] = [
        HookEvent::PreToolUse,
        HookEvent::PostToolUse,
        HookEvent::UserPromptSubmit,
        HookEvent::Stop,
        HookEvent::SessionStart,
        HookEvent::SessionEnd,
        HookEvent::PreCompact,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            HookEvent::PreToolUse => "PreToolUse",
            HookEvent::PostToolUse => "PostToolUse",
            HookEvent::UserPromptSubmit => "UserPromptSubmit",
            HookEvent::Stop => "Stop",
            HookEvent::SessionStart => "SessionStart",
            HookEvent::SessionEnd => "SessionEnd",
            HookEvent::PreCompact => "PreCompact",
        }
    }

    pub fn parse(name: &str) -> Option<HookEvent> {
        HookEvent::ALL.into_iter().find(|e| e.as_str() == name)
    }

    fn default_timeout(self) -> Duration {
        match self {
            HookEvent::SessionEnd => SESSION_END_TIMEOUT,
            _ => DEFAULT_TIMEOUT,
        }
    }
}

/// Which decision the hooks of one event reached.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum HookDecision {
    /// No hook said anything about the decision.
    #[default]
    None,
    /// `permissionDecision: allow` (or `decision: approve`): answers a routine permission prompt in
    /// the person's place (`tools::permission::Decision::answer_hook_allow`); it lifts no ask that
    /// guards the user, and approves nothing where nobody can be asked.
    Allow,
    /// Exit 2, `decision: block`, `permissionDecision: deny` or `continue: false`, with the reason.
    Block(String),
}

/// What the hooks of one event decided.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HookOutcome {
    pub decision: HookDecision,
    /// `updatedInput`: the tool input to use instead (PreToolUse).
    pub updated_input: Option<Value>,
    /// Text for the model: `additionalContext`, or the plain stdout of `UserPromptSubmit` and
    /// `SessionStart` hooks.
    pub context: Vec<String>,
}

impl HookOutcome {
    /// The reason, when a hook blocked.
    pub fn blocked(&self) -> Option<&str> {
        match &self.decision {
            HookDecision::Block(reason) => Some(reason),
            _ => None,
        }
    }
}

/// Who is asking: the common fields of every payload.
#[derive(Debug, Clone, Copy)]
pub struct HookScope<'a> {
    pub session: Option<&'a str>,
    pub transcript: Option<&'a Path>,
    pub permission_mode: &'a str,
}

/// The hooks of one project.
#[derive(Debug, Clone, Default)]
pub struct Hooks {
    groups: Vec<HookGroup>,
    /// Where commands run (the project root).
    cwd: PathBuf,
    /// The project root as a canonical path, which the hooks' pins are taken from.
    real_root: PathBuf,
    /// What the hook commands may inherit from the environment.
    env: Arc<EnvFilter>,
    /// The session's OS sandbox, which hook commands run in.
    sandbox: Option<crate::tools::sandbox::Confinement>,
    /// Whether the session (or a sub-agent of it) may have changed project files, shared by all of
    /// them: [`UNCHANGED`], [`CHANGED`], or [`CHANGED_AND_SAID`] once the warning was given.
    project: Arc<AtomicU8>,
}

const UNCHANGED: u8 = 0;
const CHANGED: u8 = 1;
const CHANGED_AND_SAID: u8 = 2;

/// The problems of the configuration's own hooks (`hooks:` in `pilotdeck.yaml`), which loading
/// them skips: what `config validate` reports.
pub fn check(config: &Config) -> Vec<Error> {
    let mut problems = Vec::new();
    own(config, &mut problems);
    problems
}

/// The configuration's own hooks (`hooks:`), with the problems of the entries skipped.
fn own(config: &Config, problems: &mut Vec<Error>) -> Vec<HookGroup> {
    let yaml = serde_json::to_value(&config.hooks).unwrap_or(Value::Null);
    config::parse(
        &yaml,
        Path::new("pilotdeck.yaml"),
        "hooks.",
        None,
        Some(&config.hook_locations),
        problems,
    )
}

impl Hooks {
    /// `pilotdeck.yaml`'s hooks, then each plugin's.
    pub fn load(
        project_root: &Path,
        config: &Config,
        plugins: &[Plugin],
        problems: &mut Vec<Error>,
    ) -> Hooks {
        let mut groups = own(config, problems);
        for plugin in plugins {
            if let Some((file, settings)) = &plugin.hooks {
                groups.extend(config::parse(
                    settings,
                    file,
                    "",
                    Some(&plugin.dir),
                    None,
                    problems,
                ));
            }
        }
        let real_root = project_root
            .canonicalize()
            .unwrap_or_else(|_| project_root.to_owned());
        for hook in groups.iter_mut().flat_map(|g| g.hooks.iter_mut()) {
            let command = expand(&real_root, hook);
            hook.pin = Some(pin(&real_root, &command));
            if let Some(what) = unpinnable(&command) {
                tracing::warn!(
                    "hook `{}`: pilotdeck cannot tell which project files it runs ({what}), so a \
                     rewrite of them during the session is not noticed; name its script by a \
                     path, e.g. \"$CLAUDE_PROJECT_DIR\"/.hooks/check.sh",
                    hook.command
                );
            }
        }
        Hooks {
            groups,
            cwd: project_root.to_owned(),
            real_root,
            env: Arc::new(EnvFilter::from_config(config)),
            sandbox: None,
            project: Arc::default(),
        }
    }

    /// The same hooks with `env` as their environment filter (the session's, which also knows the
    /// variables the MCP config references).
    #[must_use]
    pub fn with_env(self, env: Arc<EnvFilter>) -> Hooks {
        Hooks { env, ..self }
    }

    /// The same hooks, run in `sandbox`.
    #[must_use]
    pub fn with_sandbox(self, sandbox: Option<crate::tools::sandbox::Confinement>) -> Hooks {
        Hooks { sandbox, ..self }
    }

    /// The hooks that apply inside a sub-agent: tool calls and compaction (its session start,
    /// prompt and stop belong to the parent's tool call).
    pub fn for_subagent(&self) -> Hooks {
        Hooks {
            groups: self
                .groups
                .iter()
                .filter(|g| {
                    matches!(
                        g.event,
                        HookEvent::PreToolUse | HookEvent::PostToolUse | HookEvent::PreCompact
                    )
                })
                .cloned()
                .collect(),
            cwd: self.cwd.clone(),
            real_root: self.real_root.clone(),
            env: Arc::clone(&self.env),
            sandbox: self.sandbox.clone(),
            project: Arc::clone(&self.project),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// True when some hook is configured for `event` (lets callers skip building payloads).
    pub fn has(&self, event: HookEvent) -> bool {
        self.groups.iter().any(|g| g.event == event)
    }

    /// The number of command hooks per event, for listings.
    pub fn count(&self, event: HookEvent) -> usize {
        self.groups
            .iter()
            .filter(|g| g.event == event)
            .map(|g| g.hooks.len())
            .sum()
    }

    /// Records that a tool call that may write project files is about to run: from now on a hook's
    /// `allow` is no decision (what the hook loads from the project may be the agent's).
    pub fn note_project_change(&self) {
        let _ =
            (self.project).compare_exchange(UNCHANGED, CHANGED, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// Whether a hook's `allow` still counts, with a warning the first time it does not.
    fn allow_counts(&self, event: HookEvent) -> bool {
        match self.project.compare_exchange(
            CHANGED,
            CHANGED_AND_SAID,
            Ordering::SeqCst,
            Ordering::SeqCst,
        ) {
            Ok(_) => {
                tracing::warn!(
                    "a {} hook answered allow; it no longer answers prompts in this session: the \
                     session has changed project files, which a hook may load",
                    event.as_str()
                );
                false
            }
            Err(state) => state == UNCHANGED,
        }
    }

    /// Why `hook` must not run: the project files it runs changed since the session loaded it.
    fn changed(&self, hook: &CommandHook) -> Option<&'static str> {
        let pinned = hook.pin?;
        (pin(&self.real_root, &expand(&self.real_root, hook)) != pinned).then_some(
            "a project file it runs changed during this session (start a new one to use it)",
        )
    }

    /// Runs the hooks of `event` whose matcher matches one of `queries`, with `payload` (an object)
    /// plus the common fields on stdin.
    pub async fn run(
        &self,
        event: HookEvent,
        queries: &[&str],
        scope: HookScope<'_>,
        payload: Value,
        cancel: &CancellationToken,
    ) -> HookOutcome {
        let mut outcome = HookOutcome::default();
        let hooks: Vec<&CommandHook> = self
            .groups
            .iter()
            .filter(|g| g.event == event && queries.iter().any(|q| g.matcher.matches(q)))
            .flat_map(|g| &g.hooks)
            .collect();
        if hooks.is_empty() {
            return outcome;
        }
        let mut input = serde_json::json!({
            "session_id": scope.session,
            "transcript_path": scope.transcript,
            "cwd": self.cwd,
            "permission_mode": scope.permission_mode,
            "hook_event_name": event.as_str(),
        });
        if let (Some(input), Value::Object(extra)) = (input.as_object_mut(), payload) {
            input.extend(extra);
        }
        let stdin = input.to_string().into_bytes();
        for hook in hooks {
            let run = command::run(
                hook,
                event,
                self,
                scope.session,
                stdin.clone(),
                hook.timeout.unwrap_or(event.default_timeout()),
                cancel,
            )
            .await;
            let run = match run {
                Ok(run) => run,
                Err(why) => {
                    tracing::warn!("{} hook `{}` not run: {why}", event.as_str(), hook.command);
                    if event == HookEvent::PreToolUse {
                        outcome.decision = HookDecision::Block(format!(
                            "the PreToolUse hook `{}` was not run: {why}",
                            hook.command
                        ));
                        break;
                    }
                    continue;
                }
            };
            if let Some(input) = run.updated_input {
                outcome.updated_input = Some(input);
            }
            outcome.context.extend(run.context);
            match run.decision {
                HookDecision::None => {}
                HookDecision::Allow => {
                    if outcome.decision == HookDecision::None && self.allow_counts(event) {
                        outcome.decision = HookDecision::Allow;
                    }
                }
                block @ HookDecision::Block(_) => {
                    outcome.decision = block;
                    break;
                }
            }
        }
        outcome
    }
}

/// `hook`'s command with the project's and the plugin's folder variables (and `$PWD`: hooks start
/// in the project root) put in.
fn expand(root: &Path, hook: &CommandHook) -> String {
    let mut command = hook.command.clone();
    let project = root.to_string_lossy();
    let plugin = hook.plugin_root.as_deref().map(Path::to_string_lossy);
    for name in [
        "PILOTDECK_PROJECT_DIR",
        "CLAUDE_PROJECT_DIR",
        "PILOTDECK_PLUGIN_ROOT",
        "CLAUDE_PLUGIN_ROOT",
        "PWD",
    ] {
        let value = match (name.ends_with("PLUGIN_ROOT"), &plugin) {
            (false, _) => &project,
            (true, Some(plugin)) => plugin,
            (true, None) => continue,
        };
        command = command
            .replace(&format!("${{{name}}}"), value)
            .replace(&format!("${name}"), value);
    }
    command
}

/// Why the script `command` (expanded, [`expand`]) runs cannot be read from it, when a word that
/// names code is only worked out by the shell as it runs (a variable, a command substitution, a
/// glob), or the script is run through `sh -c '…'`.
fn unpinnable(command: &str) -> Option<&'static str> {
    use crate::config::trust::names_code;
    use crate::tools::permission::{UNKNOWN, split_commands};
    for words in split_commands(command) {
        for word in &words {
            if word.contains([UNKNOWN, '$']) && names_code(word) {
                return Some("a path the shell works out as it runs");
            }
            if word.contains(['*', '?']) && names_code(word) {
                return Some("a glob");
            }
        }
        let shell = (words.first())
            .is_some_and(|w| matches!(w.rsplit('/').next(), Some("sh" | "bash" | "zsh" | "dash")));
        let inline = (words.iter().skip_while(|w| *w != "-c").nth(1))
            .is_some_and(|code| split_commands(code).iter().flatten().any(|w| names_code(w)));
        if shell && inline {
            return Some("a script run through `sh -c`");
        }
    }
    None
}

/// The digest of the project files a hook's `command` runs, its folder variables put in
/// ([`expand`], so `"$CLAUDE_PROJECT_DIR"/hooks/x.sh` and `${CLAUDE_PLUGIN_ROOT}/x.sh` name their
/// files). The command is read with the permission checks' shell splitter (quotes, `;`,
/// `&&`, pipes), and a relative word after `cd DIR` is read from `DIR`. A redirection's target is
/// output, not code; a word names code when trust says so (`config::trust::names_code`).
fn pin(root: &Path, command: &str) -> [u8; 32] {
    let mut named: Vec<PathBuf> = Vec::new();
    // Where relative words are read from, relative to the project root (or absolute).
    let mut dir = PathBuf::new();
    for words in crate::tools::permission::split_commands(command) {
        if let [cd, rest @ ..] = words.as_slice()
            && matches!(cd.as_str(), "cd" | "pushd")
        {
            // Options (`--`, `-P`, `-L`) come before the folder; `cd` alone goes home, outside.
            match rest.iter().find(|w| !w.starts_with('-')) {
                Some(target) => dir = dir.join(target),
                None => dir = PathBuf::from("/"),
            }
            continue;
        }
        let mut after_redirect = false;
        for word in &words {
            if let Some(alone) = crate::config::trust::output_redirect(word) {
                after_redirect = alone;
                continue;
            }
            if !std::mem::take(&mut after_redirect) && crate::config::trust::names_code(word) {
                named.push(dir.join(word));
            }
        }
    }
    crate::config::trust::files_digest(root, named.iter().map(PathBuf::as_path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hook(command: &str, plugin_root: Option<&Path>) -> CommandHook {
        CommandHook {
            command: command.to_owned(),
            timeout: None,
            plugin_root: plugin_root.map(Path::to_owned),
            pin: None,
        }
    }

    #[test]
    fn a_script_path_the_shell_works_out_as_it_runs_is_unpinnable() {
        for command in [
            "sh \"$(git rev-parse --show-toplevel)\"/.hooks/x.sh",
            "sh $DIR/x.sh",
            "sh ${CLAUDE_PROJECT_DIR:-.}/.hooks/x.sh",
            "for f in .hooks/*.sh; do sh \"$f\"; done",
            "bash -c 'sh .hooks/x.sh'",
        ] {
            assert!(unpinnable(command).is_some(), "{command}");
        }
        for command in [
            "sh /proj/.hooks/x.sh",
            "cd .hooks && sh x.sh > \"$LOG\"",
            "echo \"$(date)\" >> log.txt",
            "jq -r .tool_input.command | grep -q rm && exit 2",
            "bash -c 'echo $HOME'",
        ] {
            assert_eq!(unpinnable(command), None, "{command}");
        }
    }

    #[test]
    fn a_pin_follows_the_script_as_the_shell_reads_the_command_and_a_link_s_target() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let plugin = root.join(".pilotdeck/plugins/p");
        std::fs::create_dir_all(root.join(".hooks")).unwrap();
        std::fs::create_dir_all(&plugin).unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        let write =
            |path: &Path, text: &str| crate::store::write_atomic(path, text.as_bytes()).unwrap();
        write(&root.join(".hooks/x.sh"), "exit 0\n");
        write(&plugin.join("y.sh"), "exit 0\n");
        std::fs::create_dir_all(root.join("my hooks")).unwrap();
        write(&root.join("my hooks/z.sh"), "exit 0\n");
        let hooks = [
            hook("sh .hooks/x.sh", None),
            hook("sh \"$CLAUDE_PROJECT_DIR\"/.hooks/x.sh > out.log", None),
            hook("bash ${CLAUDE_PLUGIN_ROOT}/y.sh", Some(&plugin)),
            hook("sh .hooks/x.sh src/", None),
            hook("cd .hooks && sh x.sh", None),
            hook("sh .hooks/x.sh; echo done", None),
            hook("test -f ready || sh 'my hooks/z.sh'", None),
            hook("cd -P -- .hooks && sh x.sh", None),
            hook("sh \"$PWD/.hooks/x.sh\"", None),
        ];
        write(&root.join(".hooks/real.sh"), "exit 0\n");
        std::os::unix::fs::symlink("real.sh", root.join(".hooks/link.sh")).unwrap();
        let hooks = [hooks.as_slice(), &[hook("sh .hooks/link.sh", None)]].concat();
        let before: Vec<_> = hooks
            .iter()
            .map(|h| pin(&root, &expand(&root, h)))
            .collect();
        write(&root.join("out.log"), "output\n");
        write(&root.join("other.sh"), "exit 1\n");
        write(&root.join("src/main.rs"), "fn main() {}\n");
        let after: Vec<_> = hooks
            .iter()
            .map(|h| pin(&root, &expand(&root, h)))
            .collect();
        assert_eq!(
            before, after,
            "output, unnamed files and files in a named folder change no pin"
        );
        write(&root.join(".hooks/x.sh"), "touch pwned\n");
        write(&plugin.join("y.sh"), "touch pwned\n");
        write(&root.join("my hooks/z.sh"), "touch pwned\n");
        std::fs::OpenOptions::new()
            .append(true)
            .open(root.join(".hooks/real.sh"))
            .and_then(|mut f| std::io::Write::write_all(&mut f, b"touch pwned\n"))
            .unwrap();
        for (i, h) in hooks.iter().enumerate() {
            assert_ne!(pin(&root, &expand(&root, h)), before[i], "{}", h.command);
        }
    }
}
