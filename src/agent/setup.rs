//! Building an [`Agent`] for a session from the merged config and the caller's options: model and
//! provider, tools, permission policy, system prompt and limits. Every session's agent is built
//! here (through `Conversation::open`, which the launcher calls for every front end);
//! [`load_tool_sources`] then adds the tools started on demand (MCP servers).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use super::{Agent, Limits, RunBudget, SubagentSettings};
use crate::config::{Config, ModelRef, ProviderConfig};
use crate::context::{self, PromptOptions};
use crate::extensions::{Extensions, ReadSkillTool};
use crate::home::{PilotHome, Project};
use crate::model::{self, Effort, ModelClient, OutputSchema, ResolvedProvider, ThinkingRequest};
use crate::tools::permission::{FixedRules, PermissionMode, PermissionPolicy, PolicySources};
use crate::tools::{EnvFilter, ToolContext, ToolRegistry, ToolSource, Workspace};

/// What a front end asks for.
#[derive(Debug, Clone, Default)]
pub struct AgentOptions {
    /// `-m/--model`; else the resumed session's model; else `agent.model`.
    pub model_flag: Option<String>,
    /// The model of a session being continued.
    pub session_model: Option<String>,
    pub cwd: PathBuf,
    pub permission_mode: Option<PermissionMode>,
    pub allow: Vec<String>,
    pub deny: Vec<String>,
    /// Deny rules the caller fixes whatever the user's rules say, cited by their label when they deny.
    pub fixed_deny: FixedRules,
    pub add_dirs: Vec<PathBuf>,
    pub system: Option<String>,
    pub append_system: Option<String>,
    /// Nobody can answer permission prompts.
    pub unattended: bool,
    /// Who answers the agent's questions and reviews its plans: chat's terminal, `run
    /// --ask-via-stdin`. With one, the agent gets the `ask_user` tool; without (run, cron,
    /// always-on, mcp serve), it does not, and a plan ends the turn as its answer.
    pub user: Option<Arc<dyn crate::tools::UserChannel>>,
    /// The to-do list the session starts from (`run --plan`'s steps); `None` keeps the session's
    /// own (the last one its transcript recorded, on resume).
    pub todos: Option<Vec<crate::session::TodoItem>>,
    /// `--allow-network`: sandboxed commands may open TCP connections.
    pub allow_network: bool,
    /// `--max-turns`; else `agent.maxIterations`; else 50.
    pub max_iterations: Option<u32>,
    /// Tool calls per turn; else the default (500).
    pub max_tool_calls: Option<u32>,
    pub timeout: Option<std::time::Duration>,
    pub output_schema: Option<OutputSchema>,
    /// The project's plugins, skills and hooks, discovered once by the launcher; `None`: discovered
    /// when the agent is built.
    pub extensions: Option<Arc<Extensions>>,
    /// Tools started on demand (MCP servers), loaded before the first model call.
    pub tool_sources: Vec<Arc<dyn ToolSource>>,
    /// The caller's caps on one turn (`run --max-cost/--max-tokens`, a cron task's `maxCostUsd`,
    /// what is left of always-on's `dailyBudgetUsd`); `agent.budget` applies too, the lower cap
    /// wins.
    pub budget: RunBudget,
    /// Which entry point runs the turns (`run`, `chat`, `cron`, `always-on`, `mcp-serve`): their
    /// model calls are accounted under it (`pilotdeck usage`).
    pub entry: Option<&'static str>,
}

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error(
        "no model configured; pass -m provider/model, set agent.model in pilotdeck.yaml \
         (`pilotdeck config init`), or export OPENAI_API_KEY / ANTHROPIC_API_KEY"
    )]
    NoModel,
    #[error(transparent)]
    BadModel(#[from] crate::config::ModelRefError),
    #[error(transparent)]
    Provider(#[from] model::Error),
    #[error(transparent)]
    Permissions(#[from] crate::tools::permission::Error),
    #[error(transparent)]
    Workspace(#[from] crate::tools::Error),
    #[error(transparent)]
    Router(#[from] crate::router::Error),
    #[error(transparent)]
    Sandbox(#[from] crate::tools::sandbox::Error),
}

/// The model a session uses and its provider's config: the flag, else the session's, else the
/// config's default.
pub fn resolve_model<'c>(
    config: &'c Config,
    opts: &AgentOptions,
) -> Result<(ModelRef, &'c ProviderConfig), SetupError> {
    let text = opts
        .model_flag
        .as_deref()
        .or(opts.session_model.as_deref())
        .or(config.agent.model.as_deref())
        .ok_or(SetupError::NoModel)?;
    Ok(config.resolve_model(text)?)
}

/// Builds the agent for `project`.
pub fn build(
    home: &PilotHome,
    project: &Project,
    config: &Config,
    opts: &AgentOptions,
) -> Result<Agent, SetupError> {
    let (model, provider_config) = resolve_model(config, opts)?;
    let provider = ResolvedProvider::resolve(&model.provider, provider_config)?;
    let workspace = Workspace::new(&project.root, &opts.add_dirs)?;
    let permissions_file = home.permissions_file();
    let policy = PermissionPolicy::from_sources(
        workspace,
        PolicySources {
            mode_flag: opts.permission_mode,
            config: &config.tools.permissions,
            permissions_file: Some(&permissions_file),
            allow_flags: &opts.allow,
            deny_flags: &opts.deny,
            fixed_deny: opts.fixed_deny,
        },
    )?;
    let secrets = crate::tools::sandbox::secret_locations(
        config,
        Some(home.root()),
        policy.workspace().roots().map(Path::to_owned),
    );
    let policy = policy.with_hidden(secrets);
    let mode = policy.mode();
    let sandbox = crate::tools::sandbox::for_agent(
        home,
        config,
        &policy,
        opts.unattended,
        opts.allow_network,
    )?;
    let env = Arc::new(
        EnvFilter::from_config(config)
            .with_references(opts.tool_sources.iter().flat_map(|s| s.env_references())),
    );
    let checkpoints = crate::checkpoint::Checkpoints::new(home, &project.key)
        .recorder(policy.workspace().root(), Arc::clone(policy.hidden()));
    let tool_ctx = ToolContext {
        env: Arc::clone(&env),
        sandbox: sandbox.clone(),
        user: opts.user.clone(),
        checkpoints: Some(checkpoints),
        ..ToolContext::new(policy, tokio_util::sync::CancellationToken::new())
    };
    let extensions = opts.extensions.clone().unwrap_or_else(|| {
        let found = Extensions::load(home, &project.root, config);
        found.report();
        Arc::new(found)
    });
    let skills: Vec<_> = extensions.skills.iter().cloned().collect();
    let system = context::system_prompt(&PromptOptions {
        cwd: opts.cwd.clone(),
        project_root: project.root.clone(),
        permission_mode: mode.as_str().to_owned(),
        add_dirs: opts.add_dirs.clone(),
        instructions: context::discover(home.root(), &project.root, &opts.cwd),
        system_override: opts.system.clone(),
        append: opts.append_system.clone(),
        unattended: opts.unattended,
        can_ask: opts.user.is_some(),
        skills,
    });
    let client = ModelClient::new()?;
    let router = crate::router::Router::new(home, config, Some(&model), Some(client.clone()))?;
    let mut tools = ToolRegistry::with_builtins();
    crate::tools::web::register(&mut tools, &config.tools);
    if opts.user.is_some() {
        tools.register(Arc::new(crate::tools::builtin::AskUserTool));
    }
    if !extensions.skills.is_empty() {
        tools.register(Arc::new(ReadSkillTool::new(Arc::clone(&extensions.skills))));
    }
    let mut agent = Agent::new(client, provider, model, tools, tool_ctx, system);
    agent.limits = Limits {
        max_iterations: opts
            .max_iterations
            .or(config.agent.max_iterations)
            .unwrap_or(50),
        max_tool_calls: opts
            .max_tool_calls
            .unwrap_or(Limits::default().max_tool_calls),
        timeout: opts.timeout,
        budget: run_budget(home, config, opts),
    };
    agent.max_output_tokens = config.agent.max_output_tokens;
    agent.entry = opts.entry;
    agent.project_key = Some(project.key.0.clone());
    agent.thinking = config
        .agent
        .thinking
        .as_ref()
        .filter(|t| t.enabled)
        .map(|t| ThinkingRequest {
            budget_tokens: t.budget_tokens,
            effort: Effort::Medium,
        });
    agent.output_schema = opts.output_schema.clone();
    agent.router = Some(Arc::new(router));
    agent.explicit_model = opts.model_flag.is_some();
    agent.hooks = Arc::new(extensions.hooks.clone().with_env(env).with_sandbox(sandbox));
    agent.subagents = Some(subagent_settings(config));
    if let Some(prompt) = config
        .router
        .as_ref()
        .and_then(|r| r.auto_orchestrate.as_ref()?.orchestration_prompt.clone())
    {
        agent.orchestration_prompt = prompt;
    }
    agent.install_agent_tool();
    Ok(agent)
}

/// `agent.subagents`: the sub-agents' model (a bad one warns and inherits) and time limit.
fn subagent_settings(config: &Config) -> SubagentSettings {
    let section = config.agent.subagents.clone().unwrap_or_default();
    let model = section
        .default
        .filter(|m| m != "inherit")
        .and_then(|text| {
            let resolved = config.resolve_model(&text).ok().and_then(|(model, provider)| {
                let provider = ResolvedProvider::resolve(&model.provider, provider).ok()?;
                Some((model, provider))
            });
            if resolved.is_none() {
                tracing::warn!(
                    "agent.subagents.default: `{text}` is not a configured provider/model; sub-agents use the agent's model"
                );
            }
            resolved
        });
    SubagentSettings {
        model,
        timeout: section.timeout_ms.map_or(
            super::subagent::DEFAULT_TIMEOUT,
            std::time::Duration::from_millis,
        ),
    }
}

/// Starts the option's tool sources (in parallel) and registers their tools. A source never fails as a
/// whole; what could not start was reported by the source and is simply absent.
pub async fn load_tool_sources(
    agent: &mut Agent,
    sources: &[Arc<dyn ToolSource>],
    cancel: &CancellationToken,
) {
    let env = Arc::clone(&agent.tool_ctx.env);
    let sandbox = agent.tool_ctx.sandbox.clone();
    let loads = sources
        .iter()
        .map(|s| s.load(sandbox.as_ref(), cancel, &env));
    for live in futures::future::join_all(loads).await {
        agent.tools.register_live(live);
    }
    // The sub-agents get the new tools too.
    agent.install_agent_tool();
}

/// The turn's [`RunBudget`]: the caller's caps and `agent.budget`, the lower of each; `perDayUsd`
/// less what today's model calls already cost (`router/stats.jsonl`, since 00:00 UTC).
fn run_budget(home: &PilotHome, config: &Config, opts: &AgentOptions) -> RunBudget {
    let configured = config.agent.budget.clone().unwrap_or_default();
    let day_left_usd = RunBudget::tighter(
        opts.budget.day_left_usd,
        configured.per_day_usd.map(|cap| cap - spent_today(home)),
    );
    RunBudget {
        max_cost_usd: RunBudget::tighter(opts.budget.max_cost_usd, configured.per_run_usd),
        max_tokens: opts.budget.max_tokens,
        day_left_usd,
    }
}

/// USD today's model calls cost so far; 0 when nothing was recorded (an unreadable ledger is
/// logged and counts as 0).
fn spent_today(home: &PilotHome) -> f64 {
    let now = chrono::Utc::now();
    let since = now.time().signed_duration_since(chrono::NaiveTime::MIN);
    let options = crate::router::StatsOptions {
        since: since.to_std().ok(),
    };
    match crate::router::stats(&home.router_dir(), &options) {
        Ok(report) => report.total.cost_usd,
        Err(e) => {
            tracing::warn!("cannot read today's spend: {e}");
            0.0
        }
    }
}
