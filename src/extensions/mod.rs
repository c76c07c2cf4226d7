//! Extensions: what adapts the one runtime to many jobs without code changes.
//!
//! - **Skills** (`skills.rs`): `SKILL.md` folders under `<home>/skills/`, `<project>/.pilotdeck/skills/`
//!   and inside plugins. The system prompt lists them; the model loads one with the `read_skill` tool
//!   (`read_skill.rs`). A project skill wins over a global one of the same name.
//! - **Plugins** (`plugins.rs`): `<home>/plugins/*/plugin.json` and
//!   `<project>/.pilotdeck/plugins/*/plugin.json`, bundles of skills, hooks and MCP servers. Their
//!   servers join `mcp.json`'s in `mcp::McpServers::load` (mcp.json wins on the same id).
//! - **Hooks** (`hooks/`): shell commands from `pilotdeck.yaml` (`hooks:`) and plugins'
//!   `hooks/hooks.json`, run at lifecycle events of the agent loop with a JSON payload on stdin; a
//!   hook whose script (a project file its command names) changed since the session loaded it is
//!   not run.
//!
//! - **Slash commands** (`commands.rs`): markdown prompts in `<home>/commands/`, plugins'
//!   `commands/` and `<project>/.pilotdeck/commands/`, run as `/name args` in chat or `run`.
//!
//! Loading never fails as a whole: a broken file or entry is an [`Error`] in the `problems` list,
//! naming the file and key, and the rest loads. This module sits below `context`, `agent` and `mcp`,
//! which use it; it starts processes only through `tools::process`.

mod commands;
mod error;
pub mod hooks;
mod plugins;
mod read_skill;
mod skills;

pub use commands::{CommandSource, SlashCommand, SlashCommands};
pub use error::Error;
pub use hooks::{HookDecision, HookEvent, HookOutcome, HookScope, Hooks};
pub use plugins::{Plugin, discover_plugins};
pub use read_skill::ReadSkillTool;
pub use skills::{Scope, Skill, SkillSet, render_skill};

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::home::PilotHome;

/// Everything the extensions of one project contribute. Discovered once per launch (`launch`)
/// and shared by every agent the launch builds, its MCP servers and its slash commands.
#[derive(Debug, Default)]
pub struct Extensions {
    pub plugins: Vec<Plugin>,
    pub skills: std::sync::Arc<SkillSet>,
    pub hooks: Hooks,
    /// What could not be loaded, each naming its file.
    pub problems: Vec<Error>,
}

impl Extensions {
    /// Discovers the plugins, skills and hooks for the project at `project_root` (its own plugins
    /// only when the project is trusted: `config.project_trusted`, decided by the config load).
    pub fn load(home: &PilotHome, project_root: &Path, config: &Config) -> Extensions {
        let mut problems = Vec::new();
        let mut plugins = discover_plugins(home, Some(project_root), &mut problems);
        // An untrusted project's own plugins do not run (`crate::config::trust`; the config load warns).
        if !config.project_trusted {
            plugins.retain(|p| p.scope != Scope::Project);
        }
        let skills = SkillSet::discover(home, Some(project_root), &plugins, &mut problems);
        let hooks = Hooks::load(project_root, config, &plugins, &mut problems);
        Extensions {
            plugins,
            skills: std::sync::Arc::new(skills),
            hooks,
            problems,
        }
    }
}

impl Extensions {
    /// Logs what could not be loaded, once per discovery.
    pub fn report(&self) {
        for problem in &self.problems {
            tracing::warn!("{problem}");
        }
    }
}

/// The directories directly inside `dir`, sorted; none when it cannot be read.
fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}
