//! Human and JSON output of `mcp` subcommands: results on stdout, notes, warnings and tool errors on
//! stderr.

use std::path::Path;

use crate::cli::Context;
use crate::mcp::ops::{ServerDetails, ServerSummary, ServerTools};
use crate::mcp::{CallOutput, Error, RemoteResource, ResourceContent};
use crate::terminal::{inert, inert_line};

/// One warning per mcp.json entry (or file) that cannot be used.
pub(super) fn problems(ctx: &Context, problems: &[Error]) {
    for problem in problems {
        ctx.out.warn(&problem.to_string());
    }
}

/// One warning naming an untrusted project's servers, which are not started.
pub(super) fn untrusted(ctx: &Context, servers: &[crate::mcp::ServerEntry]) {
    if servers.is_empty() {
        return;
    }
    let names: Vec<String> = servers
        .iter()
        .map(|s| format!("`{}`", inert_line(&s.name)))
        .collect();
    ctx.out.warn(&format!(
        "this project is not trusted; ignoring its MCP servers {}; run `pilotdeck trust` to use them",
        names.join(", ")
    ));
}

/// `NAME  SCOPE  TRANSPORT  enabled|disabled|untrusted  TARGET [AUTH]`, tab-separated (AUTH: `needs login`,
/// `signed in (expires …)`, for servers that asked for an OAuth sign-in); SCOPE is followed by
/// `(plugin NAME)` for a plugin's server.
pub(super) fn servers(ctx: &Context, rows: &[ServerSummary]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(rows)?;
    } else if rows.is_empty() {
        out.note(
            "no MCP servers configured; add one with `pilotdeck mcp add NAME -- COMMAND ARGS...`",
        );
    } else {
        for r in rows {
            let scope = serde_json::to_value(r.scope)?;
            let plugin = r
                .plugin
                .as_ref()
                .map(|p| format!(" (plugin {})", inert_line(p)))
                .unwrap_or_default();
            let auth = r
                .auth
                .as_ref()
                .map(|a| format!("\t{}", a.describe()))
                .unwrap_or_default();
            out.line(&format!(
                "{}\t{}{plugin}\t{}\t{}\t{}{auth}",
                inert_line(&r.name),
                scope.as_str().unwrap_or(""),
                r.transport,
                match (r.untrusted, r.enabled) {
                    (true, _) => "untrusted",
                    (false, true) => "enabled",
                    (false, false) => "disabled",
                },
                inert_line(&r.target.to_string())
            ))?;
        }
    }
    Ok(())
}

/// `VERB MCP server `NAME` PREPOSITION FILE` on stderr, after add, rm, enable or disable.
pub(super) fn changed(ctx: &Context, verb: &str, preposition: &str, name: &str, file: &Path) {
    ctx.out.note(&format!(
        "{verb} MCP server `{name}` {preposition} {}",
        file.display()
    ));
}

/// The entry as written is JSON already; both modes print it.
pub(super) fn details(ctx: &Context, details: &ServerDetails) -> anyhow::Result<()> {
    ctx.out.json(details)?;
    Ok(())
}

pub(super) fn tools(ctx: &Context, listed: &[ServerTools]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(listed)?;
        return Ok(());
    }
    for server in listed {
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
    Ok(())
}

/// The tool's text on stdout, or on stderr as an error when the tool reported one.
pub(super) fn called(ctx: &Context, result: &CallOutput) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(result)?;
    } else if result.is_error {
        out.error(&result.text);
    } else {
        out.line(&inert(&result.text))?;
    }
    Ok(())
}

/// `mcp serve --http`: the endpoint URL on stdout (`{"url", "token_file"}` with --json), the token
/// file on stderr. The token itself is never printed.
pub(super) fn listening(ctx: &Context, bound: &crate::serve::http::Bound) -> anyhow::Result<()> {
    let url = format!("http://{}{}", bound.addr, crate::serve::http::PATH);
    if ctx.out.json {
        ctx.out.json_line(&serde_json::json!({
            "url": url,
            "token_file": bound.token_file,
        }))?;
    } else {
        ctx.out.line(&url)?;
        ctx.out.note(&format!(
            "send `Authorization: Bearer <token>`; the token is in {}",
            bound.token_file.display()
        ));
    }
    Ok(())
}

/// `URI  NAME  MIME  DESCRIPTION`, tab-separated.
pub(super) fn resources(
    ctx: &Context,
    server: &str,
    rows: &[RemoteResource],
) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(rows)?;
    } else if rows.is_empty() {
        out.note(&format!(
            "MCP server `{}` lists no resources",
            inert_line(server)
        ));
    } else {
        for r in rows {
            out.line(&format!(
                "{}\t{}\t{}\t{}",
                inert_line(&r.uri),
                inert_line(&r.name),
                inert_line(r.mime_type.as_deref().unwrap_or("")),
                inert_line(r.description.as_deref().unwrap_or(""))
            ))?;
        }
    }
    Ok(())
}

/// The text of each part (binary parts described).
pub(super) fn read(ctx: &Context, contents: &[ResourceContent]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(contents)?;
    } else {
        for c in contents {
            out.line(&inert(&c.as_text()))?;
        }
    }
    Ok(())
}

/// After `mcp login`: the granted scopes (`{"server", "scopes"}` with --json); never the tokens.
pub(super) fn signed_in(ctx: &Context, server: &str, scopes: &[String]) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out
            .json(&serde_json::json!({"server": server, "scopes": scopes}))?;
    } else {
        ctx.out.note(&format!(
            "signed in to MCP server `{}`{}",
            inert_line(server),
            if scopes.is_empty() {
                String::new()
            } else {
                format!(" (scopes: {})", inert_line(&scopes.join(" ")))
            }
        ));
    }
    Ok(())
}
