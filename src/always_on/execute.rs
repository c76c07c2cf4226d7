//! The agent turns of a run — discovery and execution — through the same `agent::run_once` that
//! `pilotdeck run` and cron use: unattended (an "ask" is a deny), ephemeral (the run log replaces
//! the transcript), no long-term memory, the model chosen by the router, and the limits of
//! `alwaysOn.execution`. Every agent event is written to `runs/<run>.<phase>.jsonl` in the
//! `run --json` format.
//!
//! Discovery is read-only plus the plan tool. Execution runs in the workspace, which is the only
//! directory it may write (`workspace-write` rooted there), with [`DENY_RULES`] on top: no push, no
//! remotes, no credential helpers, no publishing.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::agent::{
    self, AgentEvent, AgentOptions, JsonlEmitter, Resume, RunError, RunRequest, TurnOutcome,
};
use crate::config::{AlwaysOnExecution, Config};
use crate::home::{PilotHome, Project};
use crate::tools::ToolSource;
use crate::tools::permission::PermissionMode;

/// Denied in every execution, whatever the user's rules allow (deny wins).
pub const DENY_RULES: &[&str] = &[
    "bash:git push*",
    "bash:git * push*",
    "bash:git remote*",
    "bash:git * remote*",
    "bash:git credential*",
    "bash:git-credential*",
    "bash:git * credential*",
    "bash:git config*credential*",
    "bash:git send-email*",
    "bash:gh *",
    "bash:glab *",
    "bash:npm publish*",
    "bash:yarn publish*",
    "bash:yarn npm publish*",
    "bash:pnpm publish*",
    "bash:cargo publish*",
    "bash:cargo login*",
    "bash:twine upload*",
    "bash:poetry publish*",
    "bash:gem push*",
    "bash:docker push*",
    "bash:docker login*",
    "bash:podman push*",
    "bash:helm push*",
    "bash:scp *",
    "bash:rsync *:*",
    "bash:curl *--upload-file*",
    "bash:curl *-T *",
];

/// One agent turn of a run.
pub struct TurnSpec {
    /// The project as the agent sees it: its root is the directory it works in.
    pub project: Project,
    pub prompt: String,
    pub mode: PermissionMode,
    /// [`DENY_RULES`] for an execution, none for discovery.
    pub always_on_deny: &'static [&'static str],
    pub tool_sources: Vec<Arc<dyn ToolSource>>,
    /// `runs/<run>.<phase>.jsonl`.
    pub log: PathBuf,
}

/// Runs `spec` with `alwaysOn.execution`'s limits.
pub async fn run_turn(
    home: &PilotHome,
    config: &Config,
    spec: TurnSpec,
    cancel: &CancellationToken,
) -> Result<TurnOutcome, RunError> {
    let limits: &AlwaysOnExecution = &config.always_on.execution;
    let request = RunRequest {
        prompt: spec.prompt,
        resume: Resume::New,
        ephemeral: true,
        agent: AgentOptions {
            cwd: spec.project.root.clone(),
            permission_mode: Some(spec.mode),
            always_on_deny: spec.always_on_deny,
            unattended: true,
            allow_network: false,
            max_iterations: Some(limits.max_turns.max(1)),
            max_tool_calls: Some(limits.max_tool_calls),
            timeout: (limits.timeout_minutes > 0)
                .then(|| Duration::from_secs(u64::from(limits.timeout_minutes) * 60)),
            tool_sources: spec.tool_sources,
            ..AgentOptions::default()
        },
        memory: None,
    };
    let log = spec.log;
    let write = |event: &crate::agent::RunEvent| {
        if let Err(e) = crate::store::append_line(&log, event) {
            tracing::warn!("cannot write the run log: {e}");
        }
    };
    let mut emitter = JsonlEmitter::default();
    let outcome = {
        let mut on_start = |_: &agent::SessionStart| {};
        let mut emit = |event: AgentEvent| {
            for line in emitter.on_event(&event) {
                write(&line);
            }
        };
        agent::run_once(
            home,
            &spec.project,
            config,
            request,
            cancel,
            &mut on_start,
            &mut emit,
        )
        .await?
    };
    write(&emitter.on_outcome(&outcome));
    Ok(outcome)
}

fn language_line(language: &str) -> &'static str {
    match language {
        "zh-CN" => "Write everything you file or report in Simplified Chinese.",
        _ => "Write everything you file or report in English.",
    }
}

/// The discovery prompt.
pub fn discovery_prompt(
    root: &Path,
    run_id: &str,
    language: &str,
    digest: &str,
    existing: &str,
) -> String {
    format!(
        "[always-on discovery, run {run_id}]\n\
         You are pilotdeck's always-on agent. The user is away. Look at the project at {root} and \
         decide whether there is ONE small, clearly valuable, low-risk improvement worth doing now: a \
         failing test, a bug, a gap in the documentation, an obvious cleanup, or something the user \
         asked for in a recent session and did not finish. You can read files and run read-only \
         commands; you cannot change anything in this turn.\n\n\
         If you find one, call `{tool}` once with every field filled. If nothing is clearly worth \
         doing, do not call it; answer \"no plan\" and one sentence why. Never plan something already \
         listed under <existing_plans>. {language}\n\n\
         <recent_sessions>\n{digest}</recent_sessions>\n\n<existing_plans>\n{existing}</existing_plans>\n",
        root = root.display(),
        tool = super::plan_tool::NAME,
        language = language_line(language),
    )
}

/// The execution prompt for `plan` in the workspace `ws`.
pub fn execution_prompt(ws: &Path, run_id: &str, language: &str, plan: &str) -> String {
    let sections = super::report::AGENT_SECTIONS
        .iter()
        .map(|s| format!("## {s}"))
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "[always-on execution, run {run_id}]\n\
         You are pilotdeck's always-on agent, executing the plan below unattended in an isolated \
         workspace: {ws}. It is a copy of the project; the user's own checkout is elsewhere and must \
         not be touched. Change files only inside this workspace. Do not push, add or change git \
         remotes, use credentials, or publish anything. Follow the plan and run its verification.\n\n\
         When you are done, answer with your report in markdown with exactly these sections:\n\
         {sections}\n{language}\n\n<plan>\n{plan}</plan>\n",
        ws = ws.display(),
        language = language_line(language),
    )
}
