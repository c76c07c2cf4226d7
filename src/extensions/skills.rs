//! Skills: know-how the agent loads when a task needs it. A skill is a folder holding `SKILL.md`
//! (the file name matched case-insensitively): YAML frontmatter with `name` and `description`, then
//! a markdown body.
//!
//! Discovery roots, lowest precedence first: `<home>/skills/`, the skills of global plugins,
//! `<project>/.pilotdeck/skills/`, the skills of project plugins. On a name clash the later one wins,
//! so a project skill replaces a global one. A root that itself holds `SKILL.md` is one skill;
//! otherwise each direct subfolder holding one is. Plugin skills are named `<plugin>:<name>`.
//!
//! A `SKILL.md` without frontmatter or without `name` is skipped with a problem; a missing
//! `description` is kept (empty) with a problem, since the model then cannot tell when to use it.
//! A project's `SKILL.md` (its own or a project plugin's) is read, at discovery and when loaded,
//! through [`ProjectFiles`] (a regular file inside the project, at most 256 KiB).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::plugins::Plugin;
use super::{Error, subdirs};
use crate::home::PilotHome;
use crate::tools::project_file::{ProjectFiles, read_own};

/// A `SKILL.md` larger than this is cut.
const MAX_SKILL_BYTES: usize = 256 * 1024;

/// Where a skill (or plugin) was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Global,
    Project,
}

/// One discovered skill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skill {
    pub name: String,
    pub description: String,
    /// The `SKILL.md` file.
    pub path: PathBuf,
    pub scope: Scope,
    /// The plugin that contributed it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plugin: Option<String>,
    /// How a project skill's file is read (confined to the project); `None` for the user's own.
    #[serde(skip)]
    files: Option<ProjectFiles>,
}

impl Skill {
    /// The skill's folder, which `{{SKILL_ROOT_SHELL}}` stands for.
    pub fn root(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// The body of `SKILL.md` (frontmatter removed) with `{{SKILL_ROOT_SHELL}}` substituted.
    pub fn body(&self) -> Result<String, Error> {
        let text =
            read_skill_file(&self.path, self.files.as_ref()).map_err(|source| Error::Read {
                path: self.path.clone(),
                source,
            })?;
        let body = crate::frontmatter::split(&text).map_or(text.as_str(), |(_, body)| body);
        Ok(render_skill(body, self.root()))
    }
}

/// The skills of a project, by name.
#[derive(Debug, Clone, Default)]
pub struct SkillSet {
    skills: BTreeMap<String, Skill>,
}

#[derive(Debug, Deserialize)]
struct Frontmatter {
    name: Option<String>,
    description: Option<String>,
}

impl SkillSet {
    /// Discovers the skills of `<home>`, the project (if any) and `plugins`; see the module doc for
    /// the precedence. Problems go to `problems`.
    pub fn discover(
        home: &PilotHome,
        project_root: Option<&Path>,
        plugins: &[Plugin],
        problems: &mut Vec<Error>,
    ) -> SkillSet {
        let mut set = SkillSet::default();
        let mut roots: Vec<(PathBuf, Scope, Option<&str>)> =
            vec![(home.skills_dir(), Scope::Global, None)];
        let plugin_roots = |scope: Scope| {
            plugins
                .iter()
                .filter(move |p| p.scope == scope)
                .flat_map(|p| {
                    p.skill_dirs
                        .iter()
                        .map(|d| (d.clone(), p.scope, Some(p.name.as_str())))
                })
        };
        roots.extend(plugin_roots(Scope::Global));
        if let Some(root) = project_root {
            roots.push((project_skills_dir(root), Scope::Project, None));
        }
        roots.extend(plugin_roots(Scope::Project));
        let files = project_root.map(|root| ProjectFiles::new(root, home.root()));
        for (dir, scope, plugin) in roots {
            let files = files.as_ref().filter(|_| scope == Scope::Project);
            for file in skill_files(&dir) {
                if let Some(skill) = read_skill(&file, scope, plugin, files, problems) {
                    set.skills.insert(skill.name.clone(), skill);
                }
            }
        }
        set
    }

    pub fn get(&self, name: &str) -> Option<&Skill> {
        self.skills.get(name)
    }

    pub fn is_empty(&self) -> bool {
        self.skills.is_empty()
    }

    /// The skills sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = &Skill> {
        self.skills.values()
    }

    pub fn names(&self) -> Vec<&str> {
        self.skills.keys().map(String::as_str).collect()
    }
}

/// `<project>/.pilotdeck/skills`.
fn project_skills_dir(root: &Path) -> PathBuf {
    root.join(".pilotdeck").join("skills")
}

/// The `SKILL.md` of `dir` itself, else those of its direct subfolders (sorted).
fn skill_files(dir: &Path) -> Vec<PathBuf> {
    if let Some(file) = skill_file_in(dir) {
        return vec![file];
    }
    subdirs(dir)
        .iter()
        .filter_map(|d| skill_file_in(d))
        .collect()
}

fn skill_file_in(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .find(|e| {
            e.file_name()
                .to_string_lossy()
                .eq_ignore_ascii_case("SKILL.md")
        })
        .map(|e| e.path())
        .filter(|p| p.is_file())
}

fn read_skill(
    path: &Path,
    scope: Scope,
    plugin: Option<&str>,
    files: Option<&ProjectFiles>,
    problems: &mut Vec<Error>,
) -> Option<Skill> {
    let text = match read_skill_file(path, files) {
        Ok(text) => text,
        Err(source) => {
            problems.push(Error::Read {
                path: path.to_owned(),
                source,
            });
            return None;
        }
    };
    let Some((front, _)) = crate::frontmatter::split(&text) else {
        problems.push(Error::invalid(
            path,
            "frontmatter",
            "a SKILL.md must start with a `---` YAML block holding `name` and `description`",
        ));
        return None;
    };
    let front: Frontmatter = match serde_yaml::from_str(front) {
        Ok(f) => f,
        Err(e) => {
            problems.push(Error::invalid(path, "frontmatter", e.to_string()));
            return None;
        }
    };
    let Some(name) = front.name.filter(|n| !n.trim().is_empty()) else {
        problems.push(Error::invalid(
            path,
            "frontmatter.name",
            "missing; every skill needs a name",
        ));
        return None;
    };
    let description = front.description.unwrap_or_default();
    if description.trim().is_empty() {
        problems.push(Error::invalid(
            path,
            "frontmatter.description",
            "missing; the skill is listed without one, so the model cannot tell when to use it",
        ));
    }
    let name = match plugin {
        Some(p) => format!("{p}:{}", name.trim()),
        None => name.trim().to_owned(),
    };
    Some(Skill {
        name,
        description: description.trim().to_owned(),
        path: path.to_owned(),
        scope,
        plugin: plugin.map(str::to_owned),
        files: files.cloned(),
    })
}

/// A `SKILL.md`'s text: through `files` for a project skill, else the user's own file.
fn read_skill_file(path: &Path, files: Option<&ProjectFiles>) -> std::io::Result<String> {
    let read = match files {
        Some(files) => files.read(path, MAX_SKILL_BYTES),
        None => read_own(path, MAX_SKILL_BYTES),
    };
    read.map(|t| t.text)
}

/// Substitutes `{{SKILL_ROOT_SHELL}}` with the skill folder quoted for a POSIX shell;
/// `{{!SKILL_ROOT_SHELL}}` stays as the literal `{{SKILL_ROOT_SHELL}}`.
pub fn render_skill(body: &str, root: &Path) -> String {
    const TOKEN: &str = "{{SKILL_ROOT_SHELL}}";
    const ESCAPED: &str = "{{!SKILL_ROOT_SHELL}}";
    let quoted = shell_quote(&root.to_string_lossy());
    body.split(ESCAPED)
        .map(|part| part.replace(TOKEN, &quoted))
        .collect::<Vec<_>>()
        .join(TOKEN)
}

/// `'text'`, with each `'` written as `'\''`.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_token_is_shell_quoted_and_the_escape_kept() {
        let out = render_skill(
            "run {{SKILL_ROOT_SHELL}}/x.sh; literal {{!SKILL_ROOT_SHELL}}",
            Path::new("/a b/it's"),
        );
        assert_eq!(
            out,
            r"run '/a b/it'\''s'/x.sh; literal {{SKILL_ROOT_SHELL}}"
        );
    }
}
