//! Where a caller of `mcp serve` may work. The `cwd` or `project` a tool call names, and the project
//! it resolves to, must be inside one of the serve roots: the `--root` directories, else the project
//! `mcp serve` was started in. The filesystem root, the user's home directory itself and PilotHome
//! (or a directory holding it) are never a root nor a project, so `workspace-write` cannot grow to
//! cover them: the operator's permission ceiling stays a ceiling.

use std::path::{Path, PathBuf};

/// The directories callers may work in.
#[derive(Debug, Clone)]
pub(super) struct Roots {
    dirs: Vec<PathBuf>,
    user_home: Option<PathBuf>,
    pilot_home: PathBuf,
    /// Why the directory `mcp serve` was started in is no root (no `--root` given).
    refused_start: Option<String>,
}

/// A `--root` directory that cannot be one.
#[derive(Debug, thiserror::Error)]
#[error("cannot serve `--root {}`: {reason}", path.display())]
pub struct RootError {
    pub path: PathBuf,
    pub reason: String,
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_owned())
}

impl Roots {
    /// The roots of a server started in the project `started_in`, with the `--root` dirs `named`.
    pub(super) fn new(
        started_in: &Path,
        named: &[PathBuf],
        pilot_home: &Path,
    ) -> Result<Roots, RootError> {
        let mut roots = Roots {
            dirs: Vec::new(),
            user_home: crate::env::var_os("HOME").map(|h| canonical(Path::new(&h))),
            pilot_home: canonical(pilot_home),
            refused_start: None,
        };
        for dir in named {
            let path = dir.canonicalize().map_err(|e| RootError {
                path: dir.clone(),
                reason: e.to_string(),
            })?;
            if let Some(reason) = roots.refusal(&path) {
                return Err(RootError { path, reason });
            }
            roots.dirs.push(path);
        }
        if named.is_empty() {
            let start = canonical(started_in);
            match roots.refusal(&start) {
                Some(reason) => {
                    roots.refused_start = Some(format!(
                        "`mcp serve` was started in {} ({reason})",
                        start.display()
                    ));
                }
                None => roots.dirs.push(start),
            }
        }
        Ok(roots)
    }

    /// Why `path` can never be a root or a project, if it cannot.
    fn refusal(&self, path: &Path) -> Option<String> {
        if path.parent().is_none() {
            return Some("the filesystem root".to_owned());
        }
        if self.user_home.as_deref() == Some(path) {
            return Some("the home directory itself".to_owned());
        }
        if path.starts_with(&self.pilot_home) || self.pilot_home.starts_with(path) {
            return Some(format!(
                "PilotHome {} is pilotdeck's own state",
                self.pilot_home.display()
            ));
        }
        None
    }

    /// Checks that `path` (canonical: a caller's directory or the project it resolved to) may be
    /// worked in; the error names it and says why not.
    pub(super) fn check(&self, path: &Path) -> Result<(), String> {
        if let Some(reason) = self.refusal(path) {
            return Err(format!("refusing `{}`: {reason}", path.display()));
        }
        if self.dirs.iter().any(|root| path.starts_with(root)) {
            return Ok(());
        }
        let allowed = match &self.refused_start {
            Some(why) => format!("no directory: {why}"),
            None => self
                .dirs
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        };
        Err(format!(
            "refusing `{}`: outside the directories this server may work in ({allowed}); start \
             `mcp serve` in the project or pass `--root DIR`",
            path.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subdirectory_is_inside_a_sibling_and_the_root_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path().canonicalize().unwrap();
        for d in ["served/sub", "other", "pilot"] {
            std::fs::create_dir_all(base.join(d)).unwrap();
        }
        let roots = Roots::new(&base.join("served"), &[], &base.join("pilot")).unwrap();
        assert!(roots.check(&base.join("served/sub")).is_ok());
        let err = roots.check(&base.join("other")).unwrap_err();
        assert!(
            err.contains(&base.join("other").display().to_string()),
            "{err}"
        );
        assert!(
            roots
                .check(Path::new("/"))
                .unwrap_err()
                .contains("filesystem root")
        );
        assert!(Roots::new(&base, &[base.join("pilot")], &base.join("pilot")).is_err());
        assert!(Roots::new(&base, &[PathBuf::from("/")], &base.join("pilot")).is_err());
        let from_root = Roots::new(Path::new("/"), &[], &base.join("pilot")).unwrap();
        let err = from_root.check(&base.join("other")).unwrap_err();
        assert!(err.contains("started in /"), "{err}");
    }
}
