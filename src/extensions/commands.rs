//! Custom slash commands: markdown files in `<home>/commands/`, in plugins' `commands/` folders and
//! in `<project>/.pilotdeck/commands/` (PilotDeck's and Claude Code's format). The file name is the
//! command (`review.md` is `/review`); optional frontmatter gives `description`, `argument-hint`
//! and `allowed-tools` (a list or a comma-separated string of permission rules allowed while it
//! runs); the body is the prompt, with `$ARGUMENTS` replaced by everything after the name and
//! `$1`…`$9` by the words (a quoted argument is one word).
//!
//! On a name clash the project wins over the global folder, which wins over plugins (a project's
//! plugins over global ones). A project's own commands (and its plugins') take effect only once
//! the project is trusted (`crate::config::trust`, which hashes them); the caller passes the
//! already trust-filtered plugins. A project's command files are read through [`ProjectFiles`]
//! (a regular file inside the project, at most 256 KiB).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{Error, Plugin, Scope};
use crate::home::PilotHome;
use crate::tools::project_file::{ProjectFiles, read_own};

/// A command file larger than this is cut.
const MAX_COMMAND_BYTES: usize = 256 * 1024;

/// Where a command came from, shown in `/help`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandSource {
    Global,
    Project,
    Plugin { name: String, scope: Scope },
}

impl std::fmt::Display for CommandSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandSource::Global => f.write_str("global"),
            CommandSource::Project => f.write_str("project"),
            CommandSource::Plugin { name, .. } => write!(f, "plugin {name}"),
        }
    }
}

/// One custom slash command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlashCommand {
    pub name: String,
    pub description: Option<String>,
    pub argument_hint: Option<String>,
    /// Permission rules (`bash:git *`, `edit_file`) allowed while the command runs.
    pub allowed_tools: Vec<String>,
    pub body: String,
    pub source: CommandSource,
    pub path: PathBuf,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Frontmatter {
    description: Option<String>,
    argument_hint: Option<String>,
    allowed_tools: Option<serde_yaml::Value>,
}

impl SlashCommand {
    /// The prompt for `/name arguments`: `$ARGUMENTS` and `$1`…`$9` substituted.
    pub fn expand(&self, arguments: &str) -> String {
        let arguments = arguments.trim();
        let words = split_words(arguments);
        let mut out = String::with_capacity(self.body.len() + arguments.len());
        let mut rest = self.body.as_str();
        while let Some(at) = rest.find('$') {
            out.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            if let Some(tail) = after.strip_prefix("ARGUMENTS") {
                out.push_str(arguments);
                rest = tail;
            } else if let Some(d) = after.chars().next().and_then(|c| c.to_digit(10))
                && d > 0
            {
                out.push_str(words.get(d as usize - 1).map_or("", String::as_str));
                rest = &after[1..];
            } else {
                out.push('$');
                rest = after;
            }
        }
        out.push_str(rest);
        out
    }

    /// `/name ARGS — description` for `/help`, with its source.
    pub fn help_line(&self) -> String {
        let usage = match &self.argument_hint {
            Some(hint) => format!("/{} {hint}", self.name),
            None => format!("/{}", self.name),
        };
        let description = self.description.as_deref().unwrap_or("");
        format!("{usage:<18} {description} ({})", self.source)
    }
}

/// The words of `text`, split on whitespace; double or single quotes keep spaces in one word.
fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The commands of one chat or run, by name.
#[derive(Debug, Clone, Default)]
pub struct SlashCommands {
    commands: Vec<SlashCommand>,
}

impl SlashCommands {
    /// Discovers the commands: global plugins', `<home>/commands/`, project plugins', then
    /// `<project>/.pilotdeck/commands/` of `trusted_project` (the project's root when it is trusted,
    /// `Config::project_trusted`), later ones winning. `plugins` are the session's plugins, already
    /// filtered by trust.
    pub fn discover(
        home: &PilotHome,
        trusted_project: Option<&Path>,
        plugins: &[Plugin],
        problems: &mut Vec<Error>,
    ) -> SlashCommands {
        let mut dirs: Vec<(PathBuf, CommandSource)> = Vec::new();
        let plugin_dirs = |scope: Scope| {
            plugins
                .iter()
                .filter(move |p| p.scope == scope)
                .flat_map(move |p| {
                    p.command_paths.iter().map(move |path| {
                        (
                            path.clone(),
                            CommandSource::Plugin {
                                name: p.name.clone(),
                                scope,
                            },
                        )
                    })
                })
        };
        dirs.extend(plugin_dirs(Scope::Global));
        dirs.push((home.commands_dir(), CommandSource::Global));
        dirs.extend(plugin_dirs(Scope::Project));
        if let Some(root) = trusted_project {
            dirs.push((
                root.join(".pilotdeck").join("commands"),
                CommandSource::Project,
            ));
        }
        let mut set = SlashCommands::default();
        // Project commands and project plugins are only here when the project is trusted.
        let project = trusted_project.map(|root| ProjectFiles::new(root, home.root()));
        for (dir, source) in dirs {
            let confined = project.as_ref().filter(|_| {
                matches!(
                    source,
                    CommandSource::Project
                        | CommandSource::Plugin {
                            scope: Scope::Project,
                            ..
                        }
                )
            });
            let files = if dir.is_file() {
                vec![dir]
            } else {
                crate::frontmatter::markdown_files(&dir)
            };
            for path in files {
                match load(&path, source.clone(), confined) {
                    Ok(command) => set.insert(command),
                    Err(e) => problems.push(e),
                }
            }
        }
        set
    }

    fn insert(&mut self, command: SlashCommand) {
        self.commands.retain(|c| c.name != command.name);
        self.commands.push(command);
        self.commands.sort_by(|a, b| a.name.cmp(&b.name));
    }

    pub fn get(&self, name: &str) -> Option<&SlashCommand> {
        self.commands.iter().find(|c| c.name == name)
    }

    /// Every command, by name.
    pub fn all(&self) -> &[SlashCommand] {
        &self.commands
    }
}

fn load(
    path: &Path,
    source: CommandSource,
    files: Option<&ProjectFiles>,
) -> Result<SlashCommand, Error> {
    let read = match files {
        Some(files) => files.read(path, MAX_COMMAND_BYTES),
        None => read_own(path, MAX_COMMAND_BYTES),
    };
    let text = read.map(|t| t.text).map_err(|e| Error::Read {
        path: path.to_owned(),
        source: e,
    })?;
    let (front, body) = match crate::frontmatter::split(&text) {
        Some((front, body)) => {
            let front: Frontmatter = serde_yaml::from_str(front)
                .map_err(|e| Error::invalid(path, "frontmatter", e.to_string()))?;
            (front, body)
        }
        None => (Frontmatter::default(), text.as_str()),
    };
    let allowed_tools = match front.allowed_tools {
        None | Some(serde_yaml::Value::Null) => Vec::new(),
        Some(serde_yaml::Value::String(list)) => list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect(),
        Some(serde_yaml::Value::Sequence(list)) => list
            .iter()
            .filter_map(serde_yaml::Value::as_str)
            .map(str::to_owned)
            .collect(),
        Some(_) => {
            return Err(Error::invalid(
                path,
                "allowed-tools",
                "must be a list of rules or a comma-separated string",
            ));
        }
    };
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(SlashCommand {
        name,
        description: front.description,
        argument_hint: front.argument_hint,
        allowed_tools,
        body: body.to_owned(),
        source,
        path: path.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(body: &str) -> SlashCommand {
        SlashCommand {
            name: "c".into(),
            description: None,
            argument_hint: None,
            allowed_tools: Vec::new(),
            body: body.into(),
            source: CommandSource::Global,
            path: PathBuf::new(),
        }
    }

    #[test]
    fn arguments_are_substituted() {
        let c = command("Review $1 against \"$2\" ($ARGUMENTS); cost $5, $x, $");
        assert_eq!(
            c.expand(" src/a.rs 'the spec' "),
            "Review src/a.rs against \"the spec\" (src/a.rs 'the spec'); cost , $x, $"
        );
    }

    #[test]
    fn a_plugin_manifest_names_its_command_files_and_folders() {
        let tmp = tempfile::tempdir().unwrap();
        let home = PilotHome::at(tmp.path().join("home"));
        let plugin = home.plugins_dir().join("p");
        for (file, text) in [
            (
                "plugin.json",
                r#"{"name": "p", "commands": ["extra/review.md", "more"]}"#,
            ),
            (
                "extra/review.md",
                "---\ndescription: review\n---\nReview $1",
            ),
            ("more/ship.md", "Ship $ARGUMENTS"),
            ("commands/ignored.md", "not listed, so not a command"),
        ] {
            let path = plugin.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            crate::store::write_atomic(&path, text.as_bytes()).unwrap();
        }
        let mut problems = Vec::new();
        let plugins = crate::extensions::discover_plugins(&home, None, &mut problems);
        let set = SlashCommands::discover(&home, None, &plugins, &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        let names: Vec<&str> = set.all().iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["review", "ship"]);
        assert_eq!(set.get("review").unwrap().expand("a.rs"), "Review a.rs");
    }
}
