//! Protected paths: places inside the project where a write plants something that runs or steers
//! later — git's own directory (hooks, config) and the hooks directory `core.hooksPath` names,
//! pilotdeck's project directory `.pilotdeck/` (its config, rules, skills) and the instruction files
//! read into the agent's prompt (`PILOTDECK.md`, `AGENTS.md`) — and a git directory under another
//! name: a file named `HEAD` (with `objects/` and `refs/` beside it, its directory is a bare
//! repository git uses when run there, config and hooks included) and anything inside a directory
//! that already is one. A write there needs approval in every mode but `full`, from every tool
//! including bash.

use std::path::{Path, PathBuf};

/// Instruction files pilotdeck reads from every directory between the project root and the
/// working directory (see `context::instructions`); also kept by the sandbox's guard.
pub const INSTRUCTION_FILES: &[&str] = &["PILOTDECK.md", "AGENTS.md"];

/// pilotdeck's project directory (config, rules, skills); also kept by the sandbox's guard.
pub const PILOTDECK_DIR: &str = ".pilotdeck";

/// The file that, beside `objects/` and `refs/`, makes a directory a git directory (a bare
/// repository, when it is not named `.git`); also kept by the sandbox's guard.
pub const GIT_HEAD: &str = "HEAD";

/// True when `dir` is a git directory as git recognises one: a `HEAD` file and the `objects` and
/// `refs` directories.
fn is_git_directory(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join(GIT_HEAD)).is_ok_and(|m| !m.is_dir())
        && dir.join("objects").is_dir()
        && dir.join("refs").is_dir()
}

/// The protected places of one workspace.
#[derive(Debug, Clone, Default)]
pub(super) struct Protected {
    roots: Vec<PathBuf>,
    /// Hooks directories configured with `core.hooksPath` (e.g. `.husky`), resolved.
    hook_dirs: Vec<PathBuf>,
}

impl Protected {
    /// The protected places under `roots`, reading each root's `core.hooksPath`.
    pub(super) fn new(roots: &[PathBuf]) -> Protected {
        let hook_dirs = roots
            .iter()
            .filter_map(|root| {
                let repo = git2::Repository::open(root).ok()?;
                let path = repo.config().ok()?.get_path("core.hooksPath").ok()?;
                Some(super::resolve_path(root, &path))
            })
            .collect();
        Protected {
            roots: roots.to_vec(),
            hook_dirs,
        }
    }

    /// Why a write to `resolved` (an absolute, resolved path) needs approval, if it does. Paths
    /// outside the workspace are not this check's business (they ask anyway).
    pub(super) fn reason(&self, resolved: &Path) -> Option<String> {
        if let Some(dir) = self.hook_dirs.iter().find(|d| resolved.starts_with(d)) {
            return Some(format!(
                "`{}` is in git's hooks directory `{}`, whose scripts git runs later",
                resolved.display(),
                dir.display()
            ));
        }
        let root = self.roots.iter().find(|r| resolved.starts_with(r))?;
        let rel = resolved.strip_prefix(root).ok()?;
        let names: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().to_ascii_lowercase())
            .collect();
        let shown = rel.display();
        if names.iter().any(|n| n == ".git") {
            return Some(format!(
                "`{shown}` is inside git's own directory, whose hooks and config run code later"
            ));
        }
        if names.iter().any(|n| n == PILOTDECK_DIR) {
            return Some(format!(
                "`{shown}` is in `.pilotdeck/`, pilotdeck's project configuration, rules and skills"
            ));
        }
        let last = names.last()?;
        if last.eq_ignore_ascii_case(GIT_HEAD) {
            return Some(format!(
                "`{shown}` would make its directory a git repository (with `objects/` and \
                 `refs/`), whose config and hooks git runs"
            ));
        }
        let mut dir = resolved.parent();
        while let Some(d) = dir.filter(|d| d.starts_with(root) && *d != root.as_path()) {
            if is_git_directory(d) {
                return Some(format!(
                    "`{shown}` is inside the git repository `{}`, whose config and hooks git runs",
                    d.strip_prefix(root).unwrap_or(d).display()
                ));
            }
            dir = d.parent();
        }
        INSTRUCTION_FILES
            .iter()
            .any(|f| f.eq_ignore_ascii_case(last))
            .then(|| format!("`{shown}` is an instruction file read into the agent's prompt"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_pilotdeck_and_instruction_files_are_protected() {
        let p = Protected {
            roots: vec![PathBuf::from("/p")],
            hook_dirs: vec![PathBuf::from("/p/.husky")],
        };
        for path in [
            "/p/.git/hooks/pre-commit",
            "/p/.GIT/config",
            "/p/sub/.git/config",
            "/p/.pilotdeck/pilotdeck.yaml",
            "/p/.pilotdeck/rules/x.md",
            "/p/AGENTS.md",
            "/p/docs/PILOTDECK.md",
            "/p/.husky/pre-commit",
            "/p/docs/HEAD",
        ] {
            assert!(p.reason(Path::new(path)).is_some(), "{path}");
        }
        for path in [
            "/p/src/main.rs",
            "/p/src/header.rs",
            "/p/README.md",
            "/elsewhere/.git/config",
            "/p/.github/x",
        ] {
            assert!(p.reason(Path::new(path)).is_none(), "{path}");
        }
    }

    /// A bare repository in the project (`HEAD`, `objects/`, `refs/`) is git's directory too.
    #[test]
    fn inside_a_bare_repository_is_protected() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_owned();
        for dir in ["bare/objects", "bare/refs/heads", "plain/objects"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        crate::store::write_atomic(&root.join("bare/HEAD"), b"ref: refs/heads/main\n").unwrap();
        let p = Protected {
            roots: vec![root.clone()],
            hook_dirs: Vec::new(),
        };
        assert!(p.reason(&root.join("bare/config")).is_some());
        assert!(p.reason(&root.join("bare/hooks/pre-commit")).is_some());
        assert!(p.reason(&root.join("plain/config")).is_none());
    }
}
