//! `pilotdeck trust [DIR]`, `pilotdeck trust list`, `pilotdeck untrust [DIR]`: which projects may
//! use their own hooks, MCP servers, plugins and provider settings (see [`crate::config::trust`]); and the
//! question `chat` asks once in an untrusted project.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{Context, Outcome};
use crate::config::trust::{self, Assessment, State, store};
use crate::home::{PilotHome, Project};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TrustArgs {
    #[command(subcommand)]
    command: Option<TrustCommand>,
    /// The project to trust (default: the current one)
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum TrustCommand {
    /// The trusted projects
    List,
}

#[derive(Debug, Args)]
pub struct UntrustArgs {
    /// The project to forget (default: the current one)
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
}

fn project_root(ctx: &Context, home: &PilotHome, dir: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    let dir = match dir {
        Some(dir) => dir,
        None => ctx.cwd()?,
    };
    Ok(Project::resolve(home, &dir)?.root)
}

pub(super) fn run_trust(ctx: &Context, args: TrustArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    if let Some(TrustCommand::List) = args.command {
        let list = store::list(&home);
        if ctx.out.json {
            ctx.out.json(&list)?;
        } else if list.is_empty() {
            ctx.out.note("no trusted project");
        } else {
            for (root, entry) in list {
                ctx.out.line(&format!(
                    "{}  trusted {}",
                    root.display(),
                    entry.trusted_at.format("%Y-%m-%d %H:%M")
                ))?;
            }
        }
        return Ok(Outcome::Success);
    }
    let root = project_root(ctx, &home, args.dir)?;
    let assessment = trust::assess(&home, &root);
    store::record(&home, &assessment)?;
    if ctx.out.json {
        ctx.out.json(&assessment)?;
    } else {
        ctx.out
            .line(&format!("trusted {}", assessment.root.display()))?;
        for item in assessment.items.iter().chain(&assessment.limits) {
            ctx.out.line(&format!("  {}", item.0))?;
        }
    }
    Ok(Outcome::Success)
}

pub(super) fn run_untrust(ctx: &Context, args: UntrustArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let root = project_root(ctx, &home, args.dir)?;
    let root = root.canonicalize().unwrap_or(root);
    let removed = store::forget(&home, &root)?;
    ctx.out.line(&format!(
        "{} {}",
        if removed {
            "untrusted"
        } else {
            "was not trusted:"
        },
        root.display()
    ))?;
    Ok(Outcome::Success)
}

/// `chat` in an untrusted project with settings that need trust (the config load's
/// `trust::Decision::Ask`), on a terminal: shows what they run and asks once; yes records the trust
/// and trusts. Anything else (no terminal, no, an error) leaves the project untrusted, and the
/// config load then warns.
pub(super) fn ask_in_chat(ctx: &Context, home: &PilotHome, assessment: &Assessment) -> bool {
    if !std::io::stdin().is_terminal() {
        return false;
    }
    let changed = if assessment.state == State::Changed {
        " (changed since you trusted it)"
    } else {
        ""
    };
    ctx.out.note(&format!(
        "This folder{changed} has settings that run code or send your keys elsewhere:"
    ));
    for item in assessment.items.iter().chain(&assessment.limits) {
        ctx.out.note(&format!("  {}", item.0));
    }
    let answer = dialoguer::Confirm::new()
        .with_prompt("Trust this folder's hooks, MCP servers, plugins and provider settings?")
        .default(false)
        .interact_on(&dialoguer::console::Term::stderr());
    if !answer.unwrap_or(false) {
        return false;
    }
    match store::record(home, assessment) {
        Ok(()) => true,
        Err(e) => {
            ctx.out.warn(&format!("cannot record the trust: {e}"));
            false
        }
    }
}
