//! `pilotdeck completions SHELL` and `pilotdeck man [--out DIR]`: generated from the clap definitions,
//! so they always list every command. The committed copies under `completions/` and `man/` are checked
//! by a test.

use std::path::PathBuf;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, Context, Outcome};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to generate for
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write pilotdeck.1 and one page per subcommand into DIR (default: print pilotdeck.1 to stdout)
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub(super) fn run_completions(ctx: &Context, args: &CompletionsArgs) -> anyhow::Result<Outcome> {
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "pilotdeck", &mut buf);
    ctx.out.raw(&String::from_utf8_lossy(&buf))?;
    Ok(Outcome::Success)
}

pub(super) fn run_man(ctx: &Context, args: &ManArgs) -> anyhow::Result<Outcome> {
    let cmd = Cli::command();
    match &args.out {
        Some(dir) => {
            crate::store::create_dir_private(dir)?;
            clap_mangen::generate_to(cmd, dir)?;
            ctx.out.line(&dir.display().to_string())?;
        }
        None => {
            let mut buf = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut buf)?;
            ctx.out.raw(&String::from_utf8_lossy(&buf))?;
        }
    }
    Ok(Outcome::Success)
}
