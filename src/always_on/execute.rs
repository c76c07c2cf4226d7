//! The agent turns of a run — discovery and execution — launched by the same `launch::run` that
//! `pilotdeck run` and cron use: unattended (an "ask" is a deny), ephemeral (the run log replaces
//! the transcript), no long-term memory, the model chosen by the router, and the limits of
//! `alwaysOn.execution`. Every agent event is written to `runs/<run>.<phase>.jsonl` in the
//! `run --json` format.
//!
//! Discovery is read-only plus the plan tool. Execution runs in the workspace, which is the only
//! directory it may write (`workspace-write` rooted there), with [`DENY_RULES`] on top as the loop's
//! fixed deny rules ([`FIXED_DENY`]): no push, no remotes, no credential helpers, no publishing.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::agent::{
    AgentEvent, AgentOptions, JsonlEmitter, Resume, RunBudget, RunError, RunEvent, TurnOutcome,
};
use crate::config::{AlwaysOnExecution, Config};
use crate::home::{PilotHome, Project};
use crate::launch::{self, Launch, MemoryChoice, Setup};
use crate::tools::ToolSource;
use crate::tools::permission::{FixedRules, PermissionMode};

/// Denied in every execution, whatever the user's rules allow (deny wins).
pub const DENY_RULES: &[&str] = &[
    "bash:git push*",
    "bash:git * push*",
    "bash:git remote*",
    "bash:git * remote*",
    "bash:git send-pack*",
    "bash:git * send-pack*",
    "bash:git-send-pack*",
    "bash:git http-push*",
    "bash:git * http-push*",
    "bash:git-http-push*",
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

/// [`DENY_RULES`] as the loop's fixed deny rules; a denial cites the label.
pub const FIXED_DENY: FixedRules = FixedRules {
    label: "always-on's fixed rules (no push, remotes, credentials or publishing)",
    rules: DENY_RULES,
};

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
    let launch = Launch {
        setup: Setup {
            agent: AgentOptions {
                cwd: spec.project.root.clone(),
                permission_mode: Some(spec.mode),
                fixed_deny: FixedRules {
                    rules: spec.always_on_deny,
                    ..FIXED_DENY
                },
                unattended: true,
                max_iterations: Some(limits.max_turns.max(1)),
                max_tool_calls: Some(limits.max_tool_calls),
                timeout: (limits.timeout_minutes > 0)
                    .then(|| Duration::from_secs(u64::from(limits.timeout_minutes) * 60)),
                tool_sources: spec.tool_sources,
                budget: RunBudget {
                    day_left_usd: config
                        .always_on
                        .trigger
                        .daily_budget_usd
                        .map(|cap| cap - spec.log.parent().map_or(0.0, spent_today)),
                    ..RunBudget::default()
                },
                entry: Some("always-on"),
                ..AgentOptions::default()
            },
            project: spec.project,
            config: config.clone(),
            memory: MemoryChoice::Off,
            mcp_servers: false,
            ephemeral: true,
        },
        resume: Resume::New,
        prompt: spec.prompt,
        attachments: Vec::new(),
        timeout: None,
    };
    let mut log = RunLog {
        path: spec.log,
        emitter: JsonlEmitter::default(),
    };
    let outcome = launch::run(home, launch, cancel, &mut log).await?.outcome;
    let last = log.emitter.on_outcome(&outcome);
    log.write(&last);
    Ok(outcome)
}

/// Writes a turn's events to its run log in the `run --json` format; a write failure is logged.
struct RunLog {
    path: PathBuf,
    emitter: JsonlEmitter,
}

impl RunLog {
    fn write(&self, event: &RunEvent) {
        if let Err(e) = crate::store::append_line(&self.path, event) {
            tracing::warn!("cannot write the run log: {e}");
        }
    }
}

impl launch::Sink for RunLog {
    fn on_event(&mut self, event: AgentEvent) {
        for line in self.emitter.on_event(&event) {
            self.write(&line);
        }
    }
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

/// USD always-on's turns of this project spent today (UTC): the `cost_usd` of the closing line of
/// every run log in `dir` ([`super::Paths::runs_dir`]) written since midnight. Unreadable logs
/// count as 0.
pub(super) fn spent_today(dir: &std::path::Path) -> f64 {
    let midnight = chrono::Utc::now()
        .date_naive()
        .and_time(chrono::NaiveTime::MIN)
        .and_utc();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0.0;
    };
    entries
        .flatten()
        .filter(|e| {
            e.metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| chrono::DateTime::<chrono::Utc>::from(t) >= midnight)
        })
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .flat_map(|text| {
            text.lines()
                .filter_map(|l| serde_json::from_str::<RunEvent>(l).ok())
                .filter_map(|event| match event {
                    RunEvent::TurnCompleted { cost_usd, .. }
                    | RunEvent::TurnFailed { cost_usd, .. } => cost_usd,
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .sum()
}
