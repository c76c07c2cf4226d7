//! The command line: clap definitions (one module per command family) and dispatch.
//!
//! Each command maps its arguments to a library call and hands the result to [`crate::output`]. No
//! business logic lives here. Errors are `anyhow` with the user's intent as context; `main` turns them
//! into exit codes.
//!
//! A family with subcommands is a folder (`memory/`, `cron/`, `session/`, `mcp/`, `always_on/`):
//! `mod.rs` holds the clap args and a dispatch `match` that calls one function per subcommand (in
//! `mod.rs`, or in a file by job when there are many), and `print.rs` renders every result — text, or
//! a typed `Serialize` value with `--json`. A new subcommand copies its neighbour in each of the two.
//! Value parsers shared across families live in `args`, Ctrl-C/SIGTERM cancellation in `signals`,
//! the terminal rendering of answers (`chat`, `run --render`) in `markdown`.
//!
//! A command loads the configuration once: [`Context::resolve`] when it needs the project and its
//! configuration (and decides the project's trust for the process: `run --trust-project`, chat's
//! question), [`Context::project`] when it needs only the project's key, [`Context::load_config`]
//! when it needs only the configuration.

mod always_on;
mod args;
mod chat;
mod completions;
mod config;
mod cron;
mod doctor;
mod extensions;
mod kubernetes;
mod markdown;
mod mcp;
mod memory;
mod router;
mod router_tune;
mod router_yaml;
mod run;
mod sandbox;
mod session;
mod signals;
pub use signals::ended_by_signal;
mod stdin_user;
mod trust;
mod usage;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::config::trust::Decision;
use crate::home::{PilotHome, Project};
use crate::output::{ColorChoice, Output};

/// Run LLM agents against a project directory, and remember what they learn.
#[derive(Debug, Parser)]
#[command(
    name = "pilotdeck",
    version,
    propagate_version = true,
    max_term_width = 100,
    after_long_help = EXIT_STATUS
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// The exit codes, shown in `--help` and the man page.
const EXIT_STATUS: &str = "\
Exit status:
  0    success (a closed always-on gate or an empty cron tick counts as success)
  1    the task failed
  2    usage or configuration error
  3    provider authentication, billing or quota error
  4    `run` stopped at its budget (--max-cost, --max-tokens, agent.budget)
  130  interrupted (Ctrl-C, or SIGTERM / SIGHUP in run, cron and always-on)
  128+N  ended by signal N in any other command (143 SIGTERM, 129 SIGHUP)";

/// Options every command accepts.
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Run as if started in DIR (the project directory)
    #[arg(short = 'C', long = "cwd", global = true, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// More log output on stderr (-v info, -vv debug, -vvv trace)
    #[arg(short, long, global = true, action = clap::ArgAction::Count, conflicts_with = "quiet")]
    pub verbose: u8,
    /// Only errors on stderr
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// When to use colour on stderr and in tables
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print results as JSON on stdout
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one agent task in this project and print the answer (scripts, CI, cron)
    Run(Box<run::RunArgs>),
    /// Talk with the agent in this project, interactively (one turn per line when piped)
    Chat(Box<chat::ChatArgs>),
    /// The saved conversations: list, show, search, resume, fork, export, compact
    #[command(subcommand)]
    Session(session::SessionCommand),
    /// Which model a prompt goes to, and what routing has cost
    #[command(subcommand)]
    Router(router::RouterCommand),
    /// Autonomous background work: tick, watch, review plans, apply or discard their results
    #[command(subcommand)]
    AlwaysOn(always_on::AlwaysOnCommand),
    /// What model calls cost, by day, project, model and entry point
    Usage(usage::UsageArgs),
    /// Scheduled agent tasks: add, list, tick (run due tasks), history, install
    #[command(subcommand)]
    Cron(cron::CronCommand),
    /// Create, show, check and locate the configuration
    #[command(subcommand)]
    Config(config::ConfigCommand),
    /// Print a shell completion script
    Completions(completions::CompletionsArgs),
    /// Write man pages (pilotdeck.1 and one per subcommand)
    Man(completions::ManArgs),
    /// Long-term memory: index turns into notes, recall, dream, and manage notes
    #[command(subcommand)]
    Memory(memory::MemoryCommand),
    /// Manage MCP servers (their tools join the agent's) and serve pilotdeck over MCP
    #[command(subcommand)]
    Mcp(mcp::McpCommand),
    /// Skills the agent can load: list them, show one
    #[command(subcommand)]
    Skills(extensions::SkillsCommand),
    /// Plugins (bundles of skills, hooks and MCP servers): list them
    #[command(subcommand)]
    Plugins(extensions::PluginsCommand),
    /// Check the installation: config, providers, tools, sandbox, state database, permissions, disk
    Doctor(doctor::DoctorArgs),
    /// The OS sandbox of the agent's commands: run any command in it
    #[command(subcommand)]
    Sandbox(sandbox::SandboxCommand),
    /// Let this project's own hooks, MCP servers, plugins and provider settings take effect; `trust list`
    Trust(trust::TrustArgs),
    /// Stop trusting this project's own hooks, MCP servers, plugins and provider settings
    Untrust(trust::UntrustArgs),
    /// Print the version
    Version,
}

/// How a command ended, when it did not fail with an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Exit 0.
    Success,
    /// Exit 1: the task ran and failed; the reason was already printed.
    Failed,
    /// Exit 130.
    Interrupted,
    /// Exit 2: invalid input or configuration; the diagnostics were already printed.
    Invalid,
    /// Exit 3: the provider refused the account (key, billing, quota); the reason was printed.
    AccountError,
    /// Exit 4: the turn stopped at its budget (`--max-cost`, `--max-tokens`, `agent.budget`); the
    /// partial answer is saved.
    BudgetExceeded,
    /// The exit code of a command run for the user (`sandbox run`).
    Child(u8),
}

impl Outcome {
    /// [`Outcome::Failed`] when `failed`, else [`Outcome::Success`].
    pub fn failed_if(failed: bool) -> Outcome {
        if failed {
            Outcome::Failed
        } else {
            Outcome::Success
        }
    }
}

/// A usage mistake the parser could not catch (exit 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// What every command gets: parsed globals, output, and lazily resolved home/project.
pub struct Context {
    pub global: GlobalArgs,
    pub out: Output,
}

impl Context {
    pub fn home(&self) -> anyhow::Result<PilotHome> {
        Ok(PilotHome::resolve(self.global.home.as_deref())?.0)
    }

    /// The directory commands act on: `-C DIR`, else the current directory.
    pub fn cwd(&self) -> anyhow::Result<PathBuf> {
        match &self.global.cwd {
            Some(d) => Ok(d.clone()),
            None => Ok(std::env::current_dir()?),
        }
    }

    /// [`Context::cwd`] with symbolic links resolved: where an agent command's agent starts.
    pub fn agent_cwd(&self) -> anyhow::Result<PathBuf> {
        let cwd = self.cwd()?;
        cwd.canonicalize()
            .map_err(|source| crate::home::Error::BadProject { path: cwd, source }.into())
    }

    /// The project at [`Context::cwd`], keyed as its configuration's `project.identity` says (a
    /// command that needs the configuration too uses [`Context::resolve`]: one load for both).
    pub fn project(&self, home: &PilotHome) -> anyhow::Result<Project> {
        Ok(self.project_at(home, &self.cwd()?)?.0)
    }

    /// The project at `dir`, keyed as its configuration's `project.identity` says, and how its key
    /// was made.
    pub fn project_at(
        &self,
        home: &PilotHome,
        dir: &std::path::Path,
    ) -> anyhow::Result<(Project, crate::home::KeySource)> {
        let resolved = self.resolve_at(home, dir, Decision::Recorded)?;
        Ok((resolved.project, resolved.key_source))
    }

    /// The project at [`Context::cwd`] and its configuration, from one load: a command's one load
    /// when it needs both. `decision` decides the project's trust for this process.
    pub fn resolve(
        &self,
        home: &PilotHome,
        decision: Decision<'_>,
    ) -> anyhow::Result<crate::config::Resolved> {
        self.resolve_at(home, &self.cwd()?, decision)
    }

    /// [`Context::resolve`] for the project at `dir`.
    pub fn resolve_at(
        &self,
        home: &PilotHome,
        dir: &std::path::Path,
        decision: Decision<'_>,
    ) -> anyhow::Result<crate::config::Resolved> {
        Ok(crate::config::resolve(
            home,
            dir,
            self.global.config.as_deref(),
            decision,
        )?)
    }

    /// A loaded configuration for a command that uses it: its warnings printed on stderr, its error
    /// the command's.
    pub fn config_of(
        &self,
        loaded: Result<crate::config::Loaded, crate::config::Error>,
    ) -> anyhow::Result<crate::config::Loaded> {
        let loaded = loaded?;
        for d in &loaded.diagnostics {
            // A diagnostic names its own level (`file:line: warning: …`).
            if d.severity == crate::config::Severity::Warning {
                self.out.note(&crate::terminal::inert(&d.to_string()));
            }
        }
        Ok(loaded)
    }

    /// Loads the merged configuration for the current project without printing anything (for a
    /// command that needs no project key).
    /// The outer error is a home or project problem; the inner one is the configuration's.
    pub fn load_config_quiet(
        &self,
        model_flag: Option<String>,
    ) -> anyhow::Result<Result<crate::config::Loaded, crate::config::Error>> {
        let home = self.home()?;
        // The root only: the key does not change which configuration files apply.
        let project_root = Some(Project::resolve(&home, &self.cwd()?)?.root);
        let opts = crate::config::LoadOptions {
            config_file: self.global.config.clone(),
            project_root,
            model_flag,
        };
        Ok(crate::config::load(&home, &opts))
    }

    /// Loads the merged configuration for the current project, printing its warnings on stderr.
    pub fn load_config(&self, model_flag: Option<String>) -> anyhow::Result<crate::config::Loaded> {
        self.config_of(self.load_config_quiet(model_flag)?)
    }
}

/// Runs the parsed command.
pub async fn run(cli: Cli, out: Output) -> anyhow::Result<Outcome> {
    if matches!(cli.command, Command::Run(_) | Command::Chat(_)) {
        // They call a model next: load the TLS roots while the config and session are set up.
        crate::model::ModelClient::prewarm();
    }
    let ctx = Context {
        global: cli.global,
        out,
    };
    match cli.command {
        Command::Run(args) => run::run(&ctx, *args).await,
        Command::Chat(args) => chat::run(&ctx, *args).await,
        Command::Session(cmd) => session::run(&ctx, cmd).await,
        Command::Router(cmd) => router::run(&ctx, cmd).await,
        Command::Cron(cmd) => cron::run(&ctx, cmd).await,
        Command::AlwaysOn(cmd) => always_on::run(&ctx, cmd).await,
        Command::Usage(args) => usage::run(&ctx, &args),
        Command::Config(cmd) => config::run(&ctx, cmd).await,
        Command::Completions(args) => completions::run_completions(&ctx, &args),
        Command::Man(args) => completions::run_man(&ctx, &args),
        Command::Doctor(args) => doctor::run(&ctx, &args).await,
        Command::Sandbox(cmd) => sandbox::run(&ctx, cmd).await,
        Command::Trust(args) => trust::run_trust(&ctx, args),
        Command::Untrust(args) => trust::run_untrust(&ctx, args),
        Command::Memory(cmd) => memory::run(&ctx, cmd).await,
        Command::Mcp(cmd) => mcp::run(&ctx, cmd).await,
        Command::Skills(cmd) => extensions::run_skills(&ctx, cmd).await,
        Command::Plugins(cmd) => extensions::run_plugins(&ctx, cmd).await,
        Command::Version => {
            let version = env!("CARGO_PKG_VERSION");
            if ctx.out.json {
                ctx.out
                    .json(&serde_json::json!({"name": "pilotdeck", "version": version}))?;
            } else {
                ctx.out.line(&format!("pilotdeck {version}"))?;
            }
            Ok(Outcome::Success)
        }
    }
}
