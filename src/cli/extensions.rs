//! `pilotdeck skills …` and `pilotdeck plugins …`: what the extension loader finds for this project.
//! Problems (a SKILL.md without a name, a broken plugin.json) are printed as warnings; the listing
//! shows everything else.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{Context, Outcome};
use crate::extensions::{Error, Plugin, Skill, SkillSet, discover_plugins};
use crate::home::PilotHome;
use crate::terminal::{inert, inert_line};

#[derive(Debug, Subcommand)]
pub enum SkillsCommand {
    /// List the skills: name, scope, description, path (project skills win over global ones)
    List,
    /// Print a skill's instructions, as `read_skill` gives them to the model
    Show(ShowArgs),
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The skill's name (`plugin:name` for a plugin's skill)
    name: String,
}

#[derive(Debug, Subcommand)]
pub enum PluginsCommand {
    /// List the plugins: name, version, scope, and the skills, hook events and MCP servers they add
    List,
}

/// The plugins and skills of the current project, problems printed as warnings.
fn discover(ctx: &Context) -> anyhow::Result<(PilotHome, Vec<Plugin>, SkillSet)> {
    let home = ctx.home()?;
    // The root only: listing needs neither the project's key nor its configuration.
    let project = crate::home::Project::resolve(&home, &ctx.cwd()?)?;
    let mut problems: Vec<Error> = Vec::new();
    let plugins = discover_plugins(&home, Some(&project.root), &mut problems);
    let skills = SkillSet::discover(&home, Some(&project.root), &plugins, &mut problems);
    for problem in &problems {
        ctx.out.warn(&problem.to_string());
    }
    Ok((home, plugins, skills))
}

pub(super) async fn run_skills(ctx: &Context, cmd: SkillsCommand) -> anyhow::Result<Outcome> {
    let (home, _, skills) = discover(ctx)?;
    let out = ctx.out;
    match cmd {
        SkillsCommand::List => {
            let rows: Vec<&Skill> = skills.iter().collect();
            if out.json {
                out.json(&rows)?;
            } else if rows.is_empty() {
                out.note(&format!(
                    "no skills; add a folder with a SKILL.md under {} or .pilotdeck/skills/",
                    home.skills_dir().display()
                ));
            } else {
                for s in rows {
                    let scope = serde_json::to_value(s.scope)?;
                    out.line(&format!(
                        "{}\t{}\t{}\t{}",
                        inert_line(&s.name),
                        scope.as_str().unwrap_or(""),
                        inert_line(&s.description),
                        s.path.display()
                    ))?;
                }
            }
        }
        SkillsCommand::Show(args) => {
            let Some(skill) = skills.get(&args.name) else {
                out.error(&format!(
                    "there is no skill named `{}`; see `pilotdeck skills list`",
                    args.name
                ));
                return Ok(Outcome::Failed);
            };
            let body = skill.body()?;
            if out.json {
                #[derive(Serialize)]
                struct Shown<'a> {
                    #[serde(flatten)]
                    skill: &'a Skill,
                    body: &'a str,
                }
                out.json(&Shown { skill, body: &body })?;
            } else {
                out.raw(&inert(&body))?;
            }
        }
    }
    Ok(Outcome::Success)
}

/// One row of `plugins list --json`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PluginRow<'a> {
    #[serde(flatten)]
    plugin: &'a Plugin,
    skills: Vec<&'a str>,
    hook_events: Vec<&'a str>,
}

pub(super) async fn run_plugins(ctx: &Context, cmd: PluginsCommand) -> anyhow::Result<Outcome> {
    let (home, plugins, skills) = discover(ctx)?;
    let out = ctx.out;
    match cmd {
        PluginsCommand::List => {
            let rows: Vec<PluginRow<'_>> = plugins
                .iter()
                .map(|p| PluginRow {
                    plugin: p,
                    skills: skills
                        .iter()
                        .filter(|s| s.plugin.as_deref() == Some(p.name.as_str()))
                        .map(|s| s.name.as_str())
                        .collect(),
                    hook_events: p
                        .hooks
                        .as_ref()
                        .and_then(|(_, v)| v.as_object())
                        .map(|o| o.keys().map(String::as_str).collect())
                        .unwrap_or_default(),
                })
                .collect();
            if out.json {
                out.json(&rows)?;
            } else if rows.is_empty() {
                out.note(&format!(
                    "no plugins; add a folder with a plugin.json under {} or .pilotdeck/plugins/",
                    home.plugins_dir().display()
                ));
            } else {
                for r in &rows {
                    let scope = serde_json::to_value(r.plugin.scope)?;
                    out.line(&format!(
                        "{}\t{}\t{}\tskills: {}\thooks: {}\tmcp: {}\t{}",
                        inert_line(&r.plugin.name),
                        inert_line(r.plugin.version.as_deref().unwrap_or("-")),
                        scope.as_str().unwrap_or(""),
                        r.skills.len(),
                        r.hook_events.len(),
                        r.plugin.mcp_servers.len(),
                        r.plugin.dir.display()
                    ))?;
                }
            }
        }
    }
    Ok(Outcome::Success)
}
