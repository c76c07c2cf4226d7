//! PilotHome (the state directory every command shares) and project identity.
//!
//! This is the only place state paths are built: a subsystem asks [`PilotHome`] or [`Project`] for its
//! directory instead of joining strings. Project identity is one function, [`Project::resolve_as`]
//! (the path, or the git remote: [`identity`]), used by every subsystem through the configuration's
//! `project.identity`, so a session, its memory and its always-on state always agree on the key.

mod identity;

use std::path::{Component, Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::env;
use crate::store::{self, create_dir_private};

pub use identity::{Identity, KeySource, normalize_remote, remote_key};

/// The state directory: `--home`, else `$PILOTDECK_HOME`, else `$PILOT_HOME`, else `~/.pilotdeck`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PilotHome {
    root: PathBuf,
}

/// Where the PilotHome path came from, for `config show` and `doctor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HomeSource {
    Flag,
    PilotdeckHome,
    PilotHome,
    Default,
}

impl HomeSource {
    pub fn describe(self) -> &'static str {
        match self {
            HomeSource::Flag => "--home",
            HomeSource::PilotdeckHome => "$PILOTDECK_HOME",
            HomeSource::PilotHome => "$PILOT_HOME",
            HomeSource::Default => "default (~/.pilotdeck)",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(
        "cannot find the home directory for ~/.pilotdeck; set PILOTDECK_HOME or pass --home DIR"
    )]
    NoHomeDir,
    #[error("project directory `{path}` does not exist or cannot be read; check -C/--cwd")]
    BadProject {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] store::Error),
}

/// Expands a leading `~` or `~/` to the user's home directory.
pub fn expand_tilde(path: &str) -> PathBuf {
    let rest = match path {
        "~" => "",
        _ => match path.strip_prefix("~/") {
            Some(rest) => rest,
            None => return PathBuf::from(path),
        },
    };
    match user_home() {
        Some(h) if rest.is_empty() => h,
        Some(h) => h.join(rest),
        None => PathBuf::from(path),
    }
}

/// `path` relative to `root`, with `.` and `..` resolved by name, when it stays strictly inside.
pub fn lexical_inside(root: &Path, path: &Path) -> Option<PathBuf> {
    let mut rel = PathBuf::new();
    for part in root.join(path).strip_prefix(root).ok()?.components() {
        match part {
            Component::Normal(name) => rel.push(name),
            Component::CurDir => {}
            Component::ParentDir => {
                if !rel.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!rel.as_os_str().is_empty()).then_some(rel)
}

/// The user's home directory (`$HOME`).
pub fn user_home() -> Option<PathBuf> {
    env::var_os("HOME").map(PathBuf::from)
}

impl PilotHome {
    /// Resolves PilotHome from the flag and the environment. Nothing is created on disk.
    pub fn resolve(flag: Option<&Path>) -> Result<(PilotHome, HomeSource), Error> {
        let (root, source) = if let Some(p) = flag {
            (p.to_owned(), HomeSource::Flag)
        } else if let Some(p) = env::var("PILOTDECK_HOME") {
            (expand_tilde(&p), HomeSource::PilotdeckHome)
        } else if let Some(p) = env::var("PILOT_HOME") {
            (expand_tilde(&p), HomeSource::PilotHome)
        } else {
            (
                user_home().ok_or(Error::NoHomeDir)?.join(".pilotdeck"),
                HomeSource::Default,
            )
        };
        Ok((PilotHome::at(root), source))
    }

    /// A PilotHome rooted at `root` (made absolute against the current directory).
    pub fn at(root: PathBuf) -> PilotHome {
        let root = if root.is_absolute() {
            root
        } else {
            std::env::current_dir()
                .map(|d| d.join(&root))
                .unwrap_or(root)
        };
        PilotHome { root }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Creates the root directory (0700) if it is missing.
    pub fn ensure(&self) -> Result<(), Error> {
        Ok(create_dir_private(&self.root)?)
    }

    pub fn config_file(&self) -> PathBuf {
        self.root.join("pilotdeck.yaml")
    }

    pub fn mcp_file(&self) -> PathBuf {
        self.root.join("mcp.json")
    }

    pub fn permissions_file(&self) -> PathBuf {
        self.root.join("permissions.json")
    }

    pub fn state_db(&self) -> PathBuf {
        self.root.join("state.db")
    }

    pub fn logs_dir(&self) -> PathBuf {
        self.root.join("logs")
    }

    pub fn projects_dir(&self) -> PathBuf {
        self.root.join("projects")
    }

    pub fn router_dir(&self) -> PathBuf {
        self.root.join("router")
    }

    pub fn memory_dir(&self) -> PathBuf {
        self.root.join("memory")
    }

    pub fn skills_dir(&self) -> PathBuf {
        self.root.join("skills")
    }

    pub fn plugins_dir(&self) -> PathBuf {
        self.root.join("plugins")
    }

    /// The user's custom slash commands (`*.md`).
    pub fn commands_dir(&self) -> PathBuf {
        self.root.join("commands")
    }

    /// The bearer token `mcp serve --http` requires unless `--token-file` names another (0600).
    pub fn serve_token_file(&self) -> PathBuf {
        self.root.join("serve-token")
    }

    /// OAuth sign-ins to remote MCP servers, one `<server>.json` each (0600; `mcp login`).
    pub fn mcp_auth_dir(&self) -> PathBuf {
        self.root.join("mcp-auth")
    }

    /// The empty directory the home's own MCP stdio servers start in (`mcp::McpServers`): not the
    /// project, where an agent could have planted the `node_modules/` an `npx` would run.
    pub fn mcp_start_dir(&self) -> PathBuf {
        self.root.join("mcp-start")
    }

    /// `<home>/locks/`: the locks that let one confined command of a project run at a time
    /// (`tools::sandbox::turn`).
    pub fn locks_dir(&self) -> PathBuf {
        self.root.join("locks")
    }

    /// `pilotdeck chat` input history, one JSON line per input.
    pub fn chat_history_file(&self) -> PathBuf {
        self.root.join("chat_history.jsonl")
    }

    /// `<home>/projects/<key>/`.
    pub fn project_dir(&self, key: &ProjectKey) -> PathBuf {
        self.projects_dir().join(&key.0)
    }

    /// `<home>/projects/<key>/sessions/`.
    pub fn sessions_dir(&self, key: &ProjectKey) -> PathBuf {
        self.project_dir(key).join("sessions")
    }

    /// `<home>/projects/<key>/serve-modes/`: the permission mode of each session `mcp serve`
    /// started, one file per session id.
    pub fn serve_modes_dir(&self, key: &ProjectKey) -> PathBuf {
        self.project_dir(key).join("serve-modes")
    }

    /// `<home>/projects/<key>/checkpoints/`: file contents saved before agent turns changed them.
    pub fn checkpoints_dir(&self, key: &ProjectKey) -> PathBuf {
        self.project_dir(key).join("checkpoints")
    }

    /// `<home>/projects/<key>/always-on/`.
    pub fn always_on_dir(&self, key: &ProjectKey) -> PathBuf {
        self.project_dir(key).join("always-on")
    }

    /// `<home>/memory/workspaces/<key>/`.
    pub fn memory_workspace_dir(&self, key: &ProjectKey) -> PathBuf {
        self.memory_dir().join("workspaces").join(&key.0)
    }

    /// `<home>/memory/global/`.
    pub fn memory_global_dir(&self) -> PathBuf {
        self.memory_dir().join("global")
    }
}

/// The storage key of a project: `<slug>-<first 10 hex of sha256(canonical path)>`, or with
/// `project.identity: remote` of its normalised `origin` URL ([`remote_key`]).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct ProjectKey(pub String);

impl std::fmt::Display for ProjectKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A project: its root directory and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    pub root: PathBuf,
    pub key: ProjectKey,
}

impl Project {
    /// Resolves the project that `dir` belongs to.
    ///
    /// The root is the nearest directory at or above `dir` (symlinks resolved) holding `.pilotdeck/` or
    /// `.git`, else `dir` itself. A directory inside `<home>/projects/<key>/` (an always-on worktree)
    /// belongs to the project `<key>`, whose root is read back from its `.cwd` marker.
    ///
    /// The key is the path's ([`project_key`]); [`Project::resolve_as`] applies `project.identity`.
    pub fn resolve(home: &PilotHome, dir: &Path) -> Result<Project, Error> {
        Ok(Self::resolve_as(home, dir, Identity::Path)?.0)
    }

    /// [`Project::resolve`] with the key made as `identity` says: with [`Identity::Remote`], from
    /// the repository's normalised `origin` URL (and the root's place inside the repository), so two
    /// clones of one repository are one project; the path's key, with a warning, when there is no
    /// `origin`.
    pub fn resolve_as(
        home: &PilotHome,
        dir: &Path,
        identity: Identity,
    ) -> Result<(Project, KeySource), Error> {
        let canonical = dir.canonicalize().map_err(|source| Error::BadProject {
            path: dir.to_owned(),
            source,
        })?;
        if let Some(p) = Self::from_home_worktree(home, &canonical) {
            return Ok((p, KeySource::Home));
        }
        let root = root_of(&canonical);
        let (key, source) = match identity {
            Identity::Path => (project_key(&root), KeySource::Path),
            Identity::Remote => match identity::origin_of(&root) {
                Ok((remote, subdir)) => {
                    (remote_key(&remote, &subdir), KeySource::Remote { remote })
                }
                Err(reason) => {
                    tracing::warn!(
                        root = %root.display(),
                        "project.identity is remote but {reason}; the project is keyed by its path"
                    );
                    (project_key(&root), KeySource::PathFallback { reason })
                }
            },
        };
        Ok((Project { root, key }, source))
    }

    fn from_home_worktree(home: &PilotHome, canonical: &Path) -> Option<Project> {
        let projects = home.projects_dir().canonicalize().ok()?;
        let rest = canonical.strip_prefix(&projects).ok()?;
        let key = rest.components().next()?.as_os_str().to_str()?.to_owned();
        let marker = std::fs::read_to_string(projects.join(&key).join(".cwd")).ok()?;
        Some(Project {
            root: PathBuf::from(marker.trim_end_matches('\n')),
            key: ProjectKey(key),
        })
    }

    /// Creates `<home>/projects/<key>/` and its `.cwd` marker (the project's root path).
    pub fn ensure_dir(&self, home: &PilotHome) -> Result<PathBuf, Error> {
        let dir = home.project_dir(&self.key);
        let marker = dir.join(".cwd");
        if !marker.exists() {
            let text = format!("{}\n", self.root.display());
            store::write_atomic(&marker, text.as_bytes())?;
        }
        Ok(dir)
    }
}

/// The nearest directory at or above `canonical` holding `.pilotdeck/` or `.git`, else `canonical`.
fn root_of(canonical: &Path) -> PathBuf {
    canonical
        .ancestors()
        .find(|a| a.join(".pilotdeck").is_dir() || a.join(".git").exists())
        .filter(|a| *a != Path::new("/"))
        .unwrap_or(canonical)
        .to_owned()
}

/// The key for a canonical project path. Pure: the same path always gives the same key.
pub fn project_key(canonical: &Path) -> ProjectKey {
    let bytes = canonical.as_os_str().as_encoded_bytes();
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    ProjectKey(format!("{}-{hex}", slug(canonical)))
}

fn slug(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    let trimmed = out.trim_matches('-');
    if trimmed.is_empty() {
        "project".to_owned()
    } else {
        trimmed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_is_slug_plus_hash() {
        let k = project_key(Path::new("/home/me/My Project"));
        assert!(k.0.starts_with("my-project-"), "{k}");
        assert_eq!(k.0.len(), "my-project-".len() + 10);
        assert_eq!(k, project_key(Path::new("/home/me/My Project")));
        assert_ne!(k, project_key(Path::new("/home/other/My Project")));
    }

    #[test]
    fn non_ascii_names_get_a_generic_slug() {
        let k = project_key(Path::new("/home/me/项目"));
        assert!(k.0.starts_with("project-"), "{k}");
    }

    #[test]
    fn symlinked_and_nested_dirs_map_to_the_root() {
        let tmp = tempfile::tempdir().unwrap();
        let home = PilotHome::at(tmp.path().join("home"));
        let root = tmp.path().join("proj with space");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("src/deep")).unwrap();
        let link = tmp.path().join("link");
        std::os::unix::fs::symlink(&root, &link).unwrap();
        let a = Project::resolve(&home, &root).unwrap();
        let b = Project::resolve(&home, &link.join("src/deep")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.root, root.canonicalize().unwrap());
    }

    #[test]
    fn worktree_under_home_maps_back() {
        let tmp = tempfile::tempdir().unwrap();
        let home = PilotHome::at(tmp.path().join("home"));
        let root = tmp.path().join("proj");
        std::fs::create_dir_all(&root).unwrap();
        let p = Project::resolve(&home, &root).unwrap();
        let dir = p.ensure_dir(&home).unwrap();
        let wt = dir.join("always-on/worktrees/run1");
        std::fs::create_dir_all(&wt).unwrap();
        let q = Project::resolve(&home, &wt).unwrap();
        assert_eq!(q, p);
    }
}
