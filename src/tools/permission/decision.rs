//! [`Decision`], the outcome of a permission check, and [`AskKind`]: whether an `Ask` is the mode's
//! routine approval of an in-project call (which a `PreToolUse` hook's `allow` may answer in the
//! person's place) or one that guards the user (which only the person, a rule or the mode lifts).

/// The outcome of a permission check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Allow,
    Deny { reason: String },
    Ask { reason: String, kind: AskKind },
}

/// What an [`Decision::Ask`] is for, which decides whether a `PreToolUse` hook may answer it.
///
/// A hook's command may be a file the agent can write (a project script), so its `allow` is no
/// more trustworthy than the agent: it may only stand in for the person's "yes" to a call the mode
/// asks about for itself, never lift an ask that keeps the agent inside its bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskKind {
    /// The mode's routine approval of a call that stays inside the project and the `--add-dir`
    /// directories: a dangerous command (`rm -r`, a destructive git operation) whose writes the
    /// checks see inside them, or a tool not marked read-only (an MCP tool). A hook's `allow` may
    /// answer it where a person could have been asked.
    Routine,
    /// An ask that guards the user: a path outside the project and the `--add-dir` directories (or
    /// a file with several hard links, which may be one), a protected path or git setting, a
    /// network host, an ask rule. Only the person answers it; a hook's `allow` does not.
    Guard,
}

impl Decision {
    /// For callers where nobody can be asked (run, cron, always-on, mcp serve): `Ask` becomes `Deny`
    /// with a message that names the `rules` that would allow the call next time
    /// (`PermissionPolicy::suggested_rules`), or, with none to offer, how it can be allowed.
    pub fn finalize_unattended(self, rules: &[String]) -> Decision {
        match self {
            Decision::Ask { reason, .. } => {
                let how = if rules.is_empty() {
                    "it needs a person's approval (in chat) each time, or --permission-mode full"
                        .to_owned()
                } else {
                    let flags: Vec<String> =
                        rules.iter().map(|r| format!("--allow '{r}'")).collect();
                    let those = if rules.len() == 1 {
                        "that rule"
                    } else {
                        "those rules"
                    };
                    format!(
                        "to allow it, pass {} or add {those} to tools.permissions.allow, or use \
                         --permission-mode full",
                        flags.join(" ")
                    )
                };
                Decision::Deny {
                    reason: format!(
                        "{reason}. This needs approval, but nobody can be asked in this session, \
                         so it was denied; {how}"
                    ),
                }
            }
            other => other,
        }
    }

    /// The decision once a `PreToolUse` hook answered `allow`. `attended`: a person could have been
    /// asked in this session (chat on a terminal). A [`AskKind::Routine`] ask there becomes `Allow`:
    /// the hook answers in the person's place. Every other ask stays an ask (the person is asked,
    /// or the unattended session denies it, as without the hook), its reason saying why the hook's
    /// answer did not count; `Allow` and `Deny` are unchanged.
    pub fn answer_hook_allow(self, attended: bool) -> Decision {
        match self {
            Decision::Ask {
                kind: AskKind::Routine,
                ..
            } if attended => Decision::Allow,
            Decision::Ask { reason, kind } => {
                let why = match kind {
                    AskKind::Guard => {
                        "a hook's allow does not lift an ask that keeps the agent inside the \
                         project and away from protected paths, the network and ask rules"
                    }
                    AskKind::Routine => {
                        "a hook's allow approves nothing in a session where nobody can be asked"
                    }
                };
                Decision::Ask {
                    reason: format!("{reason} (a PreToolUse hook answered allow, but {why})"),
                    kind,
                }
            }
            other => other,
        }
    }
}
