//! [`Policy`]: what a sandboxed process may touch, derived from the permission mode — the directories
//! it may write, the secret locations it may not read, and which network it may reach ([`Network`]).
//!
//! Landlock only allows, it cannot deny inside an allowed tree; so "read everywhere but the
//! secrets" becomes [`read_grants`]: read on every sibling along each path down to a secret, and
//! directory listing (not file reading) on the ancestors themselves.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::hosts::HostRules;
use crate::tools::permission::PermissionMode;

/// Secret locations under the user's home that no sandboxed process may read.
pub const HOME_SECRETS: &[&str] = &[
    ".ssh",
    ".aws",
    ".gnupg",
    ".config/gcloud",
    ".netrc",
    ".docker/config.json",
    ".kube",
];

/// Files in PilotHome that hold credentials or tokens.
pub const PILOT_HOME_SECRETS: &[&str] =
    &["credentials", "credentials.json", "tokens", "tokens.json"];

/// Device files every shell needs to write (redirections to /dev/null, a terminal, random bytes).
pub const DEVICE_FILES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/ptmx",
];

/// Device directories written the same way (pseudo-terminals).
pub const DEVICE_DIRS: &[&str] = &["/dev/pts"];

/// The network a sandboxed process may reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Network {
    Open,
    /// No socket but Unix ones (seccomp), no TCP (Landlock).
    Closed,
    /// Only these hosts, through the session's proxy ([`super::proxy`]).
    Hosts(HostRules),
}

impl Network {
    pub fn is_open(&self) -> bool {
        matches!(self, Network::Open)
    }
}

/// The confinement of one session's children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// Directories (and everything under them) the process may change.
    pub writable: Vec<PathBuf>,
    /// Files and directories it may not read (nor write).
    pub hidden: Vec<PathBuf>,
    pub network: Network,
}

/// Inputs of [`Policy::derive`].
#[derive(Debug, Clone)]
pub struct PolicyInputs {
    /// The project root and `--add-dir` directories (canonical).
    pub roots: Vec<PathBuf>,
    /// The per-run temp dir.
    pub tmpdir: Option<PathBuf>,
    /// The secret locations ([`hidden_paths`]), symlinks resolved.
    pub hidden: Vec<PathBuf>,
    pub network: Network,
}

impl Policy {
    /// The policy of `mode`, or `None` for `full` (unsandboxed). `read-only` writes nothing but the
    /// temp dir and device files.
    pub fn derive(mode: PermissionMode, inputs: &PolicyInputs) -> Option<Policy> {
        let mut writable: Vec<PathBuf> = match mode {
            PermissionMode::Full => return None,
            PermissionMode::ReadOnly | PermissionMode::Plan => Vec::new(),
            PermissionMode::WorkspaceWrite => {
                let mut dirs = inputs.roots.clone();
                for root in &inputs.roots {
                    dirs.extend(git_worktree_dirs(root));
                }
                dirs
            }
        };
        writable.extend(inputs.tmpdir.iter().cloned());
        Some(Policy {
            writable,
            hidden: inputs.hidden.clone(),
            network: inputs.network.clone(),
        })
    }

    /// True when `path` is hidden or under a hidden path.
    pub fn is_hidden(&self, path: &Path) -> bool {
        self.hidden.iter().any(|h| path.starts_with(h))
    }

    /// True when `path` is inside a writable directory.
    pub fn is_writable(&self, path: &Path) -> bool {
        self.writable.iter().any(|w| path.starts_with(w))
    }
}

/// The secret locations: [`HOME_SECRETS`] under `user_home`, [`PILOT_HOME_SECRETS`] under
/// `pilot_home`, and `extra` (`tools.sandbox.hide`), symlinks resolved. The one list both the
/// sandbox and the file tools' permission check hide.
pub fn hidden_paths(
    user_home: Option<&Path>,
    pilot_home: Option<&Path>,
    extra: &[PathBuf],
) -> Vec<PathBuf> {
    let home = user_home
        .into_iter()
        .flat_map(|home| HOME_SECRETS.iter().map(move |s| home.join(s)));
    let pilot = pilot_home
        .into_iter()
        .flat_map(|home| PILOT_HOME_SECRETS.iter().map(move |s| home.join(s)));
    home.chain(pilot)
        .chain(extra.iter().cloned())
        .map(|p| real(&p))
        .collect()
}

/// `path` with symlinks resolved as far as it exists (the rest appended), so a hidden `~/.ssh` is
/// matched under its real name.
pub fn real(path: &Path) -> PathBuf {
    let mut existing = path.to_owned();
    let mut rest = Vec::new();
    loop {
        if let Ok(found) = existing.canonicalize() {
            return rest
                .iter()
                .rev()
                .fold(found, |p: PathBuf, part| p.join(part));
        }
        match (
            existing.file_name().map(ToOwned::to_owned),
            existing.parent(),
        ) {
            (Some(name), Some(parent)) => {
                rest.push(name);
                existing = parent.to_owned();
            }
            _ => return path.to_owned(),
        }
    }
}

/// What git inside a linked worktree (`.git` is a file `gitdir: <main>/.git/worktrees/<name>`)
/// writes outside it: its own admin dir, and the main repository's objects, refs and logs — never
/// the main repository's hooks or config.
pub fn git_worktree_dirs(root: &Path) -> Vec<PathBuf> {
    let Ok(text) = std::fs::read_to_string(root.join(".git")) else {
        return Vec::new();
    };
    let Some(admin) = text.trim().strip_prefix("gitdir:").map(str::trim) else {
        return Vec::new();
    };
    let admin = root.join(admin);
    let Ok(admin) = admin.canonicalize() else {
        return Vec::new();
    };
    let common = std::fs::read_to_string(admin.join("commondir"))
        .ok()
        .and_then(|c| admin.join(c.trim()).canonicalize().ok());
    let mut dirs = vec![admin];
    if let Some(common) = common {
        dirs.extend(
            ["objects", "refs", "logs"]
                .iter()
                .map(|d| common.join(d))
                .filter(|d| d.is_dir()),
        );
    }
    dirs
}

/// How read access is granted so that `hidden` stays unreadable: `full` paths get read on the
/// whole tree, `list_only` paths (ancestors of a hidden path) only directory listing.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ReadGrants {
    pub full: Vec<PathBuf>,
    pub list_only: Vec<PathBuf>,
}

/// Splits `/` around the hidden paths: every ancestor of a hidden path is listed only and its other
/// entries are granted whole. A hidden path that does not exist yet still splits its existing
/// ancestors, so it stays hidden once created. Paths the process may write are granted read whole.
pub fn read_grants(hidden: &[PathBuf]) -> ReadGrants {
    let hidden: BTreeSet<&Path> = hidden.iter().map(PathBuf::as_path).collect();
    let ancestors: BTreeSet<&Path> = hidden.iter().flat_map(|h| h.ancestors().skip(1)).collect();
    let mut grants = ReadGrants::default();
    if ancestors.is_empty() {
        grants.full.push(PathBuf::from("/"));
        return grants;
    }
    for dir in &ancestors {
        grants.list_only.push(dir.to_path_buf());
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !hidden.contains(path.as_path()) && !ancestors.contains(path.as_path()) {
                grants.full.push(path);
            }
        }
    }
    grants.full.sort();
    grants
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_mode_is_unsandboxed_and_read_only_writes_only_tmp() {
        let inputs = PolicyInputs {
            roots: vec![PathBuf::from("/p")],
            tmpdir: Some(PathBuf::from("/t")),
            hidden: Vec::new(),
            network: Network::Closed,
        };
        assert_eq!(Policy::derive(PermissionMode::Full, &inputs), None);
        let ro = Policy::derive(PermissionMode::ReadOnly, &inputs).unwrap();
        assert_eq!(ro.writable, [PathBuf::from("/t")]);
        let ww = Policy::derive(PermissionMode::WorkspaceWrite, &inputs).unwrap();
        assert!(ww.is_writable(Path::new("/p/src/x")));
        assert!(!ww.is_writable(Path::new("/px")));
    }

    #[test]
    fn read_grants_leave_out_the_secret_but_grant_its_siblings() {
        let home = tempfile::tempdir().unwrap();
        let root = home.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join(".ssh")).unwrap();
        std::fs::create_dir_all(root.join("code/x")).unwrap();
        crate::store::write_atomic(&root.join(".bashrc"), b"").unwrap();
        let grants = read_grants(&[root.join(".ssh"), root.join(".aws")]);
        assert!(grants.full.contains(&root.join("code")));
        assert!(grants.full.contains(&root.join(".bashrc")));
        assert!(!grants.full.iter().any(|p| p.starts_with(root.join(".ssh"))));
        assert!(grants.list_only.contains(&root));
        assert!(grants.list_only.contains(&PathBuf::from("/")));
        assert!(!grants.full.contains(&PathBuf::from("/")));
    }

    #[test]
    fn no_secret_grants_everything() {
        assert_eq!(read_grants(&[]).full, [PathBuf::from("/")]);
    }

    #[test]
    fn worktree_dirs_name_admin_objects_and_refs_but_not_hooks() {
        let dir = tempfile::tempdir().unwrap();
        let main = dir.path().join("main");
        let admin = main.join(".git/worktrees/wt");
        for d in ["objects", "refs", "logs", "hooks"] {
            std::fs::create_dir_all(main.join(".git").join(d)).unwrap();
        }
        std::fs::create_dir_all(&admin).unwrap();
        crate::store::write_atomic(&admin.join("commondir"), b"../..\n").unwrap();
        let wt = dir.path().join("wt");
        std::fs::create_dir_all(&wt).unwrap();
        crate::store::write_atomic(
            &wt.join(".git"),
            format!("gitdir: {}\n", admin.display()).as_bytes(),
        )
        .unwrap();
        let dirs = git_worktree_dirs(&wt);
        let git = main.join(".git").canonicalize().unwrap();
        assert!(dirs.contains(&git.join("worktrees/wt")));
        assert!(dirs.contains(&git.join("objects")));
        assert!(!dirs.iter().any(|d| d.ends_with("hooks") || d == &git));
    }
}
