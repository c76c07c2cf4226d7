//! `pilotdeck mcp …`: manage the MCP servers in mcp.json, list and call their tools, and serve
//! pilotdeck itself over MCP. Each subcommand is one function here that maps its arguments to one
//! `mcp::ops` call (or `serve::serve`) and hands the result to `print`.

mod print;

use std::path::Path;

use clap::{Args, Subcommand};
use tokio_util::sync::CancellationToken;

use super::{Context, Outcome, UsageError};
use crate::home::{PilotHome, Project};
use crate::mcp::ops::{self, AddOptions, ServerDetails, ServerSummary};
use crate::mcp::{McpServers, Scope, ServerConfig};

#[derive(Debug, Subcommand)]
pub enum McpCommand {
    /// List the configured servers: name, scope, transport, enabled
    List,
    /// Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)
    Add(AddArgs),
    /// Remove a server (from the project's mcp.json if it is there, else the global one)
    Rm(NameArgs),
    /// Show one server's configuration
    Get(NameArgs),
    /// Enable a disabled server
    Enable(NameArgs),
    /// Disable a server without removing it
    Disable(NameArgs),
    /// Start servers and list their tools with schemas
    Tools(ToolsArgs),
    /// Call one tool of one server and print the result (exit 1 when the tool reports an error)
    Call(CallArgs),
    /// Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)
    Login(LoginArgs),
    /// Forget the OAuth sign-in of a server
    Logout(NameArgs),
    /// List one server's resources: URI, name, MIME type, description
    Resources(NameArgs),
    /// Read one resource of one server and print its text (binary parts are described, not shown)
    Read(ReadArgs),
    /// Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools:
    /// pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The widest mode a caller's `permission_mode` may ask for, and the default: read-only,
    /// workspace-write, full or plan [default: tools.permissions.mode, else workspace-write]
    #[arg(long, value_name = "MODE", value_parser = crate::cli::args::parse_mode)]
    permission_mode: Option<crate::tools::permission::PermissionMode>,
    /// A directory callers' `cwd`/`project` may be in, with its subdirectories (repeatable)
    /// [default: the project `mcp serve` is started in; never /, the home directory or PilotHome]
    #[arg(long = "root", value_name = "DIR")]
    roots: Vec<std::path::PathBuf>,
    /// Serve Streamable HTTP at http://ADDR/mcp instead of stdio [default ADDR: 127.0.0.1:8765].
    /// Requests need `Authorization: Bearer TOKEN`; the token file is printed at start
    #[arg(long, value_name = "ADDR", num_args = 0..=1,
          default_missing_value = crate::serve::http::DEFAULT_ADDR)]
    http: Option<std::net::SocketAddr>,
    /// Read the bearer token from this file (default: <home>/serve-token, generated on first use)
    #[arg(long, value_name = "PATH", requires = "http")]
    token_file: Option<std::path::PathBuf>,
    /// Allow a non-loopback ADDR (other machines can connect; the token is still required)
    #[arg(long, requires = "http")]
    allow_remote: bool,
    /// A browser origin allowed besides loopback ones, `scheme://host:port` (repeatable)
    #[arg(long = "allow-origin", value_name = "ORIGIN", requires = "http")]
    allow_origins: Vec<String>,
    /// A `Host` header value accepted besides loopback names, `host` or `host:port` (repeatable;
    /// for a remote bind reached by name)
    #[arg(long = "allow-host", value_name = "HOST", requires = "http")]
    allow_hosts: Vec<String>,
}

#[derive(Debug, Args)]
pub struct NameArgs {
    /// The server name
    name: String,
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// The server name (letters, digits, `-`, `_`)
    name: String,
    /// Which mcp.json to write: global (<home>/mcp.json) or project (<project>/.pilotdeck/mcp.json)
    #[arg(long, value_enum, default_value_t = Scope::Global)]
    scope: Scope,
    /// An environment variable for a stdio server, K=V (repeatable; `${NAME}` is expanded at start)
    #[arg(long = "env", value_name = "K=V", value_parser = parse_env)]
    env: Vec<(String, String)>,
    /// The Streamable HTTP endpoint
    #[arg(long, value_name = "URL", conflicts_with_all = ["command", "env"])]
    url: Option<String>,
    /// An HTTP header, `Name: value` (repeatable)
    #[arg(long = "header", value_name = "K:V", requires = "url", value_parser = parse_header)]
    headers: Vec<(String, String)>,
    /// The command and its arguments, after `--`
    #[arg(last = true, value_name = "COMMAND", required_unless_present = "url")]
    command: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ToolsArgs {
    /// Only this server (default: every enabled server)
    name: Option<String>,
}

#[derive(Debug, Args)]
pub struct CallArgs {
    /// The server name
    server: String,
    /// The tool's name on the server (e.g. `echo`, not `mcp__server__echo`)
    tool: String,
    /// The arguments, a JSON object
    #[arg(long, value_name = "JSON")]
    args: Option<String>,
}

#[derive(Debug, Args)]
pub struct LoginArgs {
    /// The server name
    name: String,
    /// Do not open a browser: print the URL and read the redirect URL (or the code) from stdin
    #[arg(long)]
    no_browser: bool,
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// The server name
    server: String,
    /// The resource URI (as `mcp resources NAME` lists it)
    uri: String,
}

fn parse_env(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_owned(), v.to_owned())),
        _ => Err(format!("`{text}` is not K=V")),
    }
}

fn parse_header(text: &str) -> Result<(String, String), String> {
    match text.split_once(':') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_owned(), v.trim().to_owned())),
        _ => Err(format!("`{text}` is not `Name: value`")),
    }
}

pub(super) async fn run(ctx: &Context, cmd: McpCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    // The current project and its trust (one config load); `serve` resolves each request's.
    let here = || Here::resolve(ctx, &home);
    match cmd {
        McpCommand::List => list(ctx, &home, &here()?),
        McpCommand::Add(args) => add(ctx, &home, &here()?.project.root, args),
        McpCommand::Rm(args) => remove(ctx, &home, &here()?.project.root, &args),
        McpCommand::Enable(args) => set_enabled(ctx, &home, &here()?.project.root, &args, true),
        McpCommand::Disable(args) => set_enabled(ctx, &home, &here()?.project.root, &args, false),
        McpCommand::Get(args) => get(ctx, &home, &here()?, &args),
        McpCommand::Tools(args) => tools(ctx, &home, &here()?, &args).await,
        McpCommand::Call(args) => call(ctx, &home, &here()?, &args).await,
        McpCommand::Login(args) => login(ctx, &home, &here()?, &args).await,
        McpCommand::Logout(args) => logout(ctx, &home, &here()?, &args),
        McpCommand::Resources(args) => resources(ctx, &home, &here()?, &args).await,
        McpCommand::Read(args) => read(ctx, &home, &here()?, &args).await,
        McpCommand::Serve(args) => serve(ctx, home, args).await,
    }
}

/// The current project and whether its own servers may start.
struct Here {
    project: Project,
    /// The config load's decision (`Config::project_trusted`), as for runs; the recorded trust
    /// when the configuration does not load.
    trusted: bool,
    /// The configuration (the defaults when it does not load), for the sandbox of a server that
    /// asks for one.
    config: crate::config::Config,
}

impl Here {
    fn resolve(ctx: &Context, home: &PilotHome) -> anyhow::Result<Here> {
        let resolved = ctx.resolve(home, crate::config::trust::Decision::Recorded)?;
        let trusted = match &resolved.loaded {
            Ok(loaded) => loaded.config.project_trusted,
            Err(_) => crate::config::trust::assess(home, &resolved.project.root).is_trusted(),
        };
        let config = match resolved.loaded {
            Ok(loaded) => loaded.config,
            Err(_) => crate::config::Config::default(),
        };
        Ok(Here {
            project: resolved.project,
            trusted,
            config,
        })
    }
}

/// The configured servers (an untrusted project's set aside, as runs do), with a warning for
/// each entry that cannot be used and one naming the untrusted project's servers.
fn load(ctx: &Context, home: &PilotHome, here: &Here) -> McpServers {
    let mut servers = McpServers::load(home, Some(&here.project.root), here.trusted);
    if let Ok(dir) = ctx.cwd() {
        servers = servers.started_in(&dir);
    }
    print::problems(ctx, &servers.problems);
    print::untrusted(ctx, &servers.untrusted);
    servers
}

/// [`load`], for a command that starts servers: a stdio server whose entry says `sandbox: true`
/// runs in the sandbox an unattended run would give it (its calls guarded the same way), never
/// with the user's full rights.
fn load_to_start(ctx: &Context, home: &PilotHome, here: &Here) -> anyhow::Result<McpServers> {
    let mut servers = load(ctx, home, here);
    let boxed = |s: &crate::mcp::ServerEntry| s.config.sandbox == Some(true);
    if servers.servers.values().any(boxed) {
        let root = &here.project.root;
        let sandbox = super::sandbox::unattended(home, &here.config, root, (None, &[]), false)?;
        for entry in servers.servers.values_mut().filter(|s| boxed(s)) {
            entry.sandbox = sandbox.clone();
        }
    }
    Ok(servers)
}

fn list(ctx: &Context, home: &PilotHome, here: &Here) -> anyhow::Result<Outcome> {
    let servers = load(ctx, home, here);
    let untrusted = servers.untrusted.iter().map(ServerSummary::of_untrusted);
    let rows: Vec<ServerSummary> = servers
        .servers
        .values()
        .map(ServerSummary::of)
        .chain(untrusted)
        .collect();
    print::servers(ctx, &rows)?;
    Ok(Outcome::Success)
}

fn add(ctx: &Context, home: &PilotHome, root: &Path, args: AddArgs) -> anyhow::Result<Outcome> {
    let config = match args.url {
        Some(url) => ServerConfig {
            url: Some(url),
            headers: args.headers.into_iter().collect(),
            ..ServerConfig::default()
        },
        None => {
            let mut words = args.command.into_iter();
            let Some(command) = words.next() else {
                return Err(UsageError("give the command after `--`, or --url".to_owned()).into());
            };
            ServerConfig {
                command: Some(command),
                args: words.collect(),
                env: args.env.into_iter().collect(),
                ..ServerConfig::default()
            }
        }
    };
    let opts = AddOptions {
        name: args.name,
        scope: args.scope,
        config,
    };
    let path = ops::add(home, root, &opts)?;
    print::changed(ctx, "added", "to", &opts.name, &path);
    Ok(Outcome::Success)
}

fn remove(
    ctx: &Context,
    home: &PilotHome,
    root: &Path,
    args: &NameArgs,
) -> anyhow::Result<Outcome> {
    let path = ops::remove(home, root, &args.name)?;
    print::changed(ctx, "removed", "from", &args.name, &path);
    Ok(Outcome::Success)
}

/// `enable` (`on`) and `disable`.
fn set_enabled(
    ctx: &Context,
    home: &PilotHome,
    root: &Path,
    args: &NameArgs,
    on: bool,
) -> anyhow::Result<Outcome> {
    let path = ops::set_enabled(home, root, &args.name, on)?;
    let verb = if on { "enabled" } else { "disabled" };
    print::changed(ctx, verb, "in", &args.name, &path);
    Ok(Outcome::Success)
}

fn get(ctx: &Context, home: &PilotHome, here: &Here, args: &NameArgs) -> anyhow::Result<Outcome> {
    let servers = load(ctx, home, here);
    // An untrusted project's entry is shown as such (`get` only reads it).
    let untrusted = servers.untrusted.iter().find(|s| s.name == args.name);
    let details = match (servers.get(&args.name), untrusted) {
        (Ok(entry), _) => ServerDetails {
            summary: ServerSummary::of(entry),
            config: entry.config.clone(),
        },
        (Err(_), Some(entry)) => ServerDetails {
            summary: ServerSummary::of_untrusted(entry),
            config: entry.config.clone(),
        },
        (Err(e), None) => return Err(e.into()),
    };
    print::details(ctx, &details)?;
    Ok(Outcome::Success)
}

/// Exit 1 when a server failed to start or list its tools.
async fn tools(
    ctx: &Context,
    home: &PilotHome,
    here: &Here,
    args: &ToolsArgs,
) -> anyhow::Result<Outcome> {
    let servers = load_to_start(ctx, home, here)?;
    // The one server asked for, disabled: a usage error (exit 2), as an unknown or untrusted one.
    if let Some(name) = &args.name
        && !servers.get(name)?.config.is_enabled()
    {
        return Err(crate::mcp::Error::Disabled {
            server: name.clone(),
        }
        .into());
    }
    let cancel = CancellationToken::new();
    let listed = ops::tools(&servers, args.name.as_deref(), &cancel).await?;
    print::tools(ctx, &listed)?;
    Ok(Outcome::failed_if(listed.iter().any(|s| s.error.is_some())))
}

/// Exit 1 when the tool reports an error.
async fn call(
    ctx: &Context,
    home: &PilotHome,
    here: &Here,
    args: &CallArgs,
) -> anyhow::Result<Outcome> {
    let servers = load_to_start(ctx, home, here)?;
    let cancel = CancellationToken::new();
    let result = ops::call(
        &servers,
        &args.server,
        &args.tool,
        args.args.as_deref(),
        &cancel,
    )
    .await?;
    print::called(ctx, &result)?;
    Ok(Outcome::failed_if(result.is_error))
}

async fn login(
    ctx: &Context,
    home: &PilotHome,
    here: &Here,
    args: &LoginArgs,
) -> anyhow::Result<Outcome> {
    let servers = load(ctx, home, here);
    let opts = crate::mcp::oauth::login::LoginOptions {
        no_browser: args.no_browser,
    };
    let say = |text: &str| ctx.out.note(text);
    let scopes = ops::login(&servers, &args.name, &opts, &say).await?;
    print::signed_in(ctx, &args.name, &scopes)?;
    Ok(Outcome::Success)
}

fn logout(
    ctx: &Context,
    home: &PilotHome,
    here: &Here,
    args: &NameArgs,
) -> anyhow::Result<Outcome> {
    let servers = load(ctx, home, here);
    let was = ops::logout(&servers, &args.name)?;
    ctx.out.note(&if was {
        format!("signed out of MCP server `{}`", args.name)
    } else {
        format!("MCP server `{}` had no sign-in", args.name)
    });
    Ok(Outcome::Success)
}

async fn resources(
    ctx: &Context,
    home: &PilotHome,
    here: &Here,
    args: &NameArgs,
) -> anyhow::Result<Outcome> {
    let servers = load_to_start(ctx, home, here)?;
    let listed = ops::resources(&servers, &args.name).await?;
    print::resources(ctx, &args.name, &listed)?;
    Ok(Outcome::Success)
}

async fn read(
    ctx: &Context,
    home: &PilotHome,
    here: &Here,
    args: &ReadArgs,
) -> anyhow::Result<Outcome> {
    let servers = load_to_start(ctx, home, here)?;
    let cancel = CancellationToken::new();
    let _signals = super::signals::cancel_on_signals(cancel.clone());
    let contents = ops::read(&servers, &args.server, &args.uri, &cancel).await?;
    print::read(ctx, &contents)?;
    Ok(Outcome::Success)
}

async fn serve(ctx: &Context, home: PilotHome, args: ServeArgs) -> anyhow::Result<Outcome> {
    // The root only: each request resolves its project and loads its configuration.
    let cwd = Project::resolve(&home, &ctx.cwd()?)?.root;
    let opts = crate::serve::ServeOptions {
        home,
        cwd,
        config_file: ctx.global.config.clone(),
        permission_mode: args.permission_mode,
        roots: args.roots,
    };
    let Some(addr) = args.http else {
        crate::serve::serve(opts).await?;
        return Ok(Outcome::Success);
    };
    let http = crate::serve::http::HttpOptions {
        addr,
        token_file: args.token_file,
        allow_remote: args.allow_remote,
        allowed_origins: args.allow_origins,
        allowed_hosts: args.allow_hosts,
    };
    let bound = crate::serve::http::bind(opts, http).await?;
    print::listening(ctx, &bound)?;
    let stop = CancellationToken::new();
    let _signals = super::signals::cancel_on_signals(stop.clone());
    bound.serve(stop).await?;
    Ok(Outcome::Success)
}
