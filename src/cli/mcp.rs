//! `pilotdeck mcp …`: manage the MCP servers in mcp.json, list and call their tools, and serve
//! pilotdeck itself over MCP. Each subcommand maps its arguments to one `mcp::ops` call (or
//! `mcp::serve::serve`) and prints the result.

use clap::{Args, Subcommand};
use tokio_util::sync::CancellationToken;

use super::{Context, Outcome, UsageError};
use crate::mcp::ops::{self, AddOptions, ServerDetails, ServerSummary};
use crate::mcp::{McpServers, Scope, ServerConfig};
use crate::terminal::{inert, inert_line};

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
    /// Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply,
    /// session_list)
    Serve,
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
    let project = ctx.project(&home)?;
    let load = || {
        let servers = McpServers::load(&home, Some(&project.root));
        for problem in &servers.problems {
            ctx.out.warn(&problem.to_string());
        }
        servers
    };
    let out = ctx.out;
    match cmd {
        McpCommand::List => {
            let servers = load();
            let rows: Vec<ServerSummary> =
                servers.servers.values().map(ServerSummary::of).collect();
            if out.json {
                out.json(&rows)?;
            } else if rows.is_empty() {
                out.note("no MCP servers configured; add one with `pilotdeck mcp add NAME -- COMMAND ARGS...`");
            } else {
                for r in &rows {
                    let scope = serde_json::to_value(r.scope)?;
                    out.line(&format!(
                        "{}\t{}\t{}\t{}\t{}",
                        inert_line(&r.name),
                        scope.as_str().unwrap_or(""),
                        r.transport,
                        if r.enabled { "enabled" } else { "disabled" },
                        inert_line(&r.target.to_string())
                    ))?;
                }
            }
        }
        McpCommand::Add(args) => {
            let config = match args.url {
                Some(url) => ServerConfig {
                    url: Some(url),
                    headers: args.headers.into_iter().collect(),
                    ..ServerConfig::default()
                },
                None => {
                    let mut words = args.command.into_iter();
                    let Some(command) = words.next() else {
                        return Err(
                            UsageError("give the command after `--`, or --url".to_owned()).into(),
                        );
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
                name: args.name.clone(),
                scope: args.scope,
                config,
            };
            let path = ops::add(&home, &project.root, &opts)?;
            out.note(&format!(
                "added MCP server `{}` to {}",
                args.name,
                path.display()
            ));
        }
        McpCommand::Rm(args) => {
            let path = ops::remove(&home, &project.root, &args.name)?;
            out.note(&format!(
                "removed MCP server `{}` from {}",
                args.name,
                path.display()
            ));
        }
        McpCommand::Enable(args) => {
            let path = ops::set_enabled(&home, &project.root, &args.name, true)?;
            out.note(&format!(
                "enabled MCP server `{}` in {}",
                args.name,
                path.display()
            ));
        }
        McpCommand::Disable(args) => {
            let path = ops::set_enabled(&home, &project.root, &args.name, false)?;
            out.note(&format!(
                "disabled MCP server `{}` in {}",
                args.name,
                path.display()
            ));
        }
        McpCommand::Get(args) => {
            let servers = load();
            let entry = servers.get(&args.name)?;
            let details = ServerDetails {
                summary: ServerSummary::of(entry),
                config: entry.config.clone(),
            };
            // The entry as written is JSON already; both modes print it.
            out.json(&details)?;
        }
        McpCommand::Tools(args) => {
            let servers = load();
            let cancel = CancellationToken::new();
            let listed = ops::tools(&servers, args.name.as_deref(), &cancel).await?;
            let failed = listed.iter().any(|s| s.error.is_some());
            if out.json {
                out.json(&listed)?;
            } else {
                for server in &listed {
                    if let Some(e) = &server.error {
                        out.error(e);
                        continue;
                    }
                    out.line(&format!(
                        "{} ({} tools)",
                        inert_line(&server.server),
                        server.tools.len()
                    ))?;
                    for t in &server.tools {
                        let first = t.description.lines().next().unwrap_or("");
                        let ro = if t.read_only { " [read-only]" } else { "" };
                        out.line(&format!(
                            "  {}{ro}  {}",
                            inert_line(&t.qualified_name),
                            inert_line(first)
                        ))?;
                        let schema = t.input_schema.to_string();
                        out.line(&format!("    schema: {}", inert_line(&schema)))?;
                    }
                }
            }
            if failed {
                return Ok(Outcome::Failed);
            }
        }
        McpCommand::Call(args) => {
            let servers = load();
            let cancel = CancellationToken::new();
            let result = ops::call(
                &servers,
                &args.server,
                &args.tool,
                args.args.as_deref(),
                &cancel,
            )
            .await?;
            if out.json {
                out.json(&result)?;
            } else if result.is_error {
                out.error(&result.text);
            } else {
                out.line(&inert(&result.text))?;
            }
            if result.is_error {
                return Ok(Outcome::Failed);
            }
        }
        McpCommand::Serve => {
            let opts = crate::mcp::serve::ServeOptions {
                home,
                cwd: project.root.clone(),
                config_file: ctx.global.config.clone(),
            };
            crate::mcp::serve::serve(opts).await?;
        }
    }
    Ok(Outcome::Success)
}
