//! `pilotdeck config init|show|validate|path`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, Subcommand};
use serde::Serialize;

use super::{Context, Outcome, UsageError};
use crate::config::{self, Diagnostic, InitOptions, Severity, ShownValue};
use crate::home::ProjectKey;

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)
    Init(InitArgs),
    /// Show the merged configuration with the source of every value (secrets redacted)
    Show,
    /// Check a config file, or the merged configuration; exit 2 on errors
    Validate(ValidateArgs),
    /// Print where the configuration files are
    Path,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Provider id (openai, anthropic, deepseek, dashscope, moonshot, zhipu, openrouter, google, ollama, …)
    #[arg(long)]
    provider: Option<String>,
    /// Model id at that provider, e.g. gpt-4.1-mini
    #[arg(long)]
    model: Option<String>,
    /// Environment variable that holds the API key (default: the provider's usual one)
    #[arg(long, value_name = "VAR")]
    api_key_env: Option<String>,
    /// Base URL, for a provider pilotdeck does not know
    #[arg(long)]
    url: Option<String>,
    /// Turn the router's token saver on
    #[arg(long, overrides_with = "no_router")]
    router: bool,
    /// Leave the router off (the default)
    #[arg(long)]
    no_router: bool,
    /// Never prompt; take every answer from flags and defaults
    #[arg(long)]
    non_interactive: bool,
    /// Write <project>/.pilotdeck/pilotdeck.yaml instead of the home config
    #[arg(long)]
    project: bool,
    /// Overwrite an existing file
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A file to check on its own (default: the merged configuration)
    file: Option<PathBuf>,
}

pub(super) async fn run(ctx: &Context, cmd: ConfigCommand) -> anyhow::Result<Outcome> {
    match cmd {
        ConfigCommand::Init(args) => init(ctx, &args),
        ConfigCommand::Show => show(ctx),
        ConfigCommand::Validate(args) => validate(ctx, &args),
        ConfigCommand::Path => path(ctx),
    }
}

fn init(ctx: &Context, args: &InitArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let target = if args.project {
        config::project_config_path(&crate::home::Project::resolve(&home, &ctx.cwd()?)?.root)
    } else {
        config::home_config_path(&home, ctx.global.config.as_deref()).0
    };
    if target.exists() && !args.force {
        return Err(UsageError(format!(
            "`{}` already exists; pass --force to overwrite it",
            target.display()
        ))
        .into());
    }
    let interactive =
        !args.non_interactive && std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let answers = if interactive {
        ask(args)?
    } else {
        from_flags(args)?
    };
    let text = config::render_template(&answers);
    crate::store::write_atomic(&target, text.as_bytes())?;
    config::check_file(&target).with_context(|| {
        format!(
            "the written file `{}` does not validate; this is a bug in pilotdeck, please report it",
            target.display()
        )
    })?;
    if ctx.out.json {
        ctx.out.json(&Written { path: &target })?;
    } else {
        ctx.out.line(&target.display().to_string())?;
        ctx.out
            .note("next: `pilotdeck config validate`, then `pilotdeck doctor`");
    }
    Ok(Outcome::Success)
}

fn from_flags(args: &InitArgs) -> anyhow::Result<InitOptions> {
    let provider = match &args.provider {
        Some(p) => p.clone(),
        None if crate::env::var("OPENAI_API_KEY").is_some() => "openai".to_owned(),
        None if crate::env::var("ANTHROPIC_API_KEY").is_some() => "anthropic".to_owned(),
        None => {
            return Err(UsageError(
                "no --provider given and no OPENAI_API_KEY or ANTHROPIC_API_KEY set; pass --provider ID --model MODEL"
                    .to_owned(),
            )
            .into());
        }
    };
    let known = config::known_provider(&provider);
    if known.is_none() && args.url.is_none() {
        return Err(UsageError(format!(
            "provider `{provider}` is not one pilotdeck knows; pass --url BASE_URL (and --api-key-env VAR)"
        ))
        .into());
    }
    Ok(InitOptions {
        model: args
            .model
            .clone()
            .unwrap_or_else(|| config::default_model(&provider).to_owned()),
        api_key_env: args
            .api_key_env
            .clone()
            .or_else(|| known.and_then(|k| k.key_env.map(str::to_owned)))
            .or_else(|| {
                known.is_none().then(|| {
                    format!(
                        "{}_API_KEY",
                        provider.to_ascii_uppercase().replace('-', "_")
                    )
                })
            }),
        url: args.url.clone(),
        router: args.router && !args.no_router,
        provider,
    })
}

fn ask(args: &InitArgs) -> anyhow::Result<InitOptions> {
    use dialoguer::{Confirm, Input, Select};
    let ids: Vec<&str> = config::KNOWN_PROVIDERS.iter().map(|p| p.id).collect();
    let provider = match &args.provider {
        Some(p) => p.clone(),
        None => {
            let i = Select::new()
                .with_prompt("Provider")
                .items(&ids)
                .default(0)
                .interact()?;
            ids[i].to_owned()
        }
    };
    let known = config::known_provider(&provider);
    let url = match (&args.url, known) {
        (Some(u), _) => Some(u.clone()),
        (None, Some(_)) => None,
        (None, None) => Some(
            Input::<String>::new()
                .with_prompt("Base URL")
                .interact_text()?,
        ),
    };
    let model = match &args.model {
        Some(m) => m.clone(),
        None => Input::new()
            .with_prompt("Model")
            .default(config::default_model(&provider).to_owned())
            .interact_text()?,
    };
    let api_key_env = match (&args.api_key_env, known.map(|k| k.key_env)) {
        (Some(v), _) => Some(v.clone()),
        (None, Some(None)) => None,
        (None, default) => Some(
            Input::new()
                .with_prompt("Environment variable holding the API key")
                .default(default.flatten().unwrap_or("API_KEY").to_owned())
                .interact_text()?,
        ),
    };
    let router = if args.router || args.no_router {
        args.router
    } else {
        Confirm::new()
            .with_prompt("Turn the router's token saver on?")
            .default(false)
            .interact()?
    };
    Ok(InitOptions {
        provider,
        model,
        api_key_env,
        url,
        router,
    })
}

fn show(ctx: &Context) -> anyhow::Result<Outcome> {
    let loaded = ctx.load_config(None)?;
    let rows = config::rows(&loaded);
    if ctx.out.json {
        ctx.out.json(&Shown {
            files: &loaded.files,
            config: config::effective_json(&loaded),
            sources: &rows,
        })?;
    } else {
        for r in rows {
            let value = match &r.value {
                serde_json::Value::String(s) => s.clone(),
                v => v.to_string(),
            };
            let source = ctx.out.paint("2", &format!("# {}", r.source));
            let value = crate::terminal::inert_line(&value);
            ctx.out.line(&format!("{} = {value}  {source}", r.key))?;
        }
    }
    Ok(Outcome::Success)
}

fn validate(ctx: &Context, args: &ValidateArgs) -> anyhow::Result<Outcome> {
    let result = match &args.file {
        Some(f) => config::check_file(f),
        None => ctx.load_config_quiet(None)?,
    };
    let mut diagnostics = match result {
        Ok(l) => {
            let hooks = crate::extensions::hooks::check(&l.config);
            let mut diagnostics = l.diagnostics;
            diagnostics.extend(hooks.iter().map(crate::extensions::Error::diagnostic));
            diagnostics
        }
        Err(config::Error::Invalid { diagnostics }) => diagnostics,
        Err(e) => return Err(e.into()),
    };
    if args.file.is_none() {
        // The MCP servers the same runs would load (home and project mcp.json, plugins').
        let home = ctx.home()?;
        let (project, _) = ctx.project_at(&home, &ctx.cwd()?)?;
        let servers = crate::mcp::McpServers::load(&home, Some(&project.root), false);
        diagnostics.extend(servers.problems.iter().map(crate::mcp::Error::diagnostic));
    }
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    if ctx.out.json {
        ctx.out.json(&Validated {
            valid: errors == 0,
            diagnostics: &diagnostics,
        })?;
    } else {
        for d in &diagnostics {
            ctx.out.line(&crate::terminal::inert(&d.to_string()))?;
        }
        ctx.out.note(&match errors {
            0 => format!("configuration is valid ({} note(s))", diagnostics.len()),
            n => format!("configuration is invalid: {n} error(s)"),
        });
    }
    Ok(if errors == 0 {
        Outcome::Success
    } else {
        Outcome::Invalid
    })
}

fn path(ctx: &Context) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let (file, given_by) = config::home_config_path(&home, ctx.global.config.as_deref());
    let (project, identity) = ctx.project_at(&home, &ctx.cwd()?)?;
    let project_file = config::project_config_path(&project.root);
    if ctx.out.json {
        ctx.out.json(&Paths {
            home: home.root(),
            config: HomeFile {
                path: &file,
                exists: file.exists(),
                given_by,
            },
            project: ProjectPaths {
                root: &project.root,
                key: &project.key,
                identity: &identity,
                state: home.project_dir(&project.key),
                config: ProjectFile {
                    path: &project_file,
                    exists: project_file.exists(),
                },
            },
        })?;
    } else {
        ctx.out.line(&file.display().to_string())?;
        if project_file.exists() {
            ctx.out.line(&project_file.display().to_string())?;
        }
    }
    Ok(Outcome::Success)
}

/// `config init --json`: the file written.
#[derive(Debug, Serialize)]
struct Written<'a> {
    path: &'a Path,
}

/// `config show --json`: the files read, the effective configuration, and each setting's source.
#[derive(Debug, Serialize)]
struct Shown<'a> {
    files: &'a [PathBuf],
    config: serde_json::Value,
    /// `{"agent.model": "<source>", …}`, in the order of `config::rows`.
    #[serde(serialize_with = "sources_by_key")]
    sources: &'a [ShownValue],
}

fn sources_by_key<S: serde::Serializer>(rows: &&[ShownValue], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(rows.iter().map(|r| (&r.key, &r.source)))
}

/// `config validate --json`.
#[derive(Debug, Serialize)]
struct Validated<'a> {
    valid: bool,
    diagnostics: &'a [Diagnostic],
}

/// `config path --json`: where the home and project configuration and state are.
#[derive(Debug, Serialize)]
struct Paths<'a> {
    home: &'a Path,
    config: HomeFile<'a>,
    project: ProjectPaths<'a>,
}

#[derive(Debug, Serialize)]
struct HomeFile<'a> {
    path: &'a Path,
    exists: bool,
    /// What chose the file: `--config`, `$PILOTDECK_CONFIG_PATH` or the default.
    #[serde(rename = "givenBy")]
    given_by: &'static str,
}

#[derive(Debug, Serialize)]
struct ProjectPaths<'a> {
    root: &'a Path,
    key: &'a ProjectKey,
    /// `identity` (`path`, `remote`, `path_fallback` or `home`) and what the key was made from.
    #[serde(flatten)]
    identity: &'a crate::home::KeySource,
    state: PathBuf,
    config: ProjectFile<'a>,
}

#[derive(Debug, Serialize)]
struct ProjectFile<'a> {
    path: &'a Path,
    exists: bool,
}
