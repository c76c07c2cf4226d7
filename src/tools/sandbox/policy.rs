//! [`Policy`]: what a sandboxed process may touch, derived from the permission mode — the directories
//! it may write, the secret locations it may not read, the few device files it may open
//! ([`DEVICE_FILES`]: no terminal, no disk), and which network it may reach ([`Network`]).
//!
//! The secret locations ([`Secrets`]) are the credential stores of [`HOME_SECRETS`], `tools.sandbox.hide`,
//! the config file in use (`--config`, `$PILOTDECK_CONFIG_PATH`) and the whole of PilotHome (its config with API keys, the `mcp serve` token, MCP OAuth tokens,
//! every project's transcripts and memory), except the places inside them a command legitimately
//! reads ([`Secrets::open`]): PilotHome's `skills/` and `plugins/` (skill scripts), and a project or
//! `--add-dir` directory that lives there (an always-on worktree).
//!
//! Landlock only allows, it cannot deny inside an allowed tree; so "read everywhere but the
//! secrets" becomes [`read_grants`]: read on every sibling along each path down to a secret, and
//! directory listing (not file reading) on the ancestors themselves.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::hosts::HostRules;
pub use crate::checkpoint::secrets::{Secrets, real};
use crate::tools::permission::PermissionMode;

/// Secret locations under the user's home that no sandboxed process (nor file tool) may read: the
/// common credential stores. The one table; the README's sandbox section lists it.
pub const HOME_SECRETS: &[&str] = &[
    ".ssh",
    ".aws",
    ".gnupg",
    ".netrc",
    ".git-credentials",
    ".config/git/credentials",
    ".config/gh",
    ".config/hub",
    ".config/glab-cli",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pypirc",
    ".gem/credentials",
    ".cargo/credentials",
    ".cargo/credentials.toml",
    ".docker/config.json",
    ".kube",
    ".config/gcloud",
    ".azure",
    ".oci",
    ".terraform.d/credentials.tfrc.json",
    ".vault-token",
    ".password-store",
    ".local/share/keyrings",
    ".config/rclone",
    ".s3cfg",
    ".boto",
    ".pgpass",
    ".my.cnf",
];

/// The folders of PilotHome a command may still read (skills' scripts, plugins' servers).
pub const PILOT_HOME_OPEN: &[&str] = &["skills", "plugins"];

/// The device files a confined process may open (read, write, device ioctls): the ones shells and
/// runtimes need (redirections to /dev/null, random bytes). Nothing else under [`DEVICES`] is
/// granted: no terminal (`/dev/tty`, `/dev/pts/*`, `/dev/ptmx` — a command could type into the
/// user's shell or read another terminal's keys), no disk (`/dev/sda`, `/dev/loop0` — a raw read
/// bypasses every path rule).
pub const DEVICE_FILES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The device directory: listed, but none of its entries readable but [`DEVICE_FILES`]
/// ([`read_grants`]).
pub const DEVICES: &str = "/dev";

/// The network a sandboxed process may reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Network {
    Open,
    /// No socket but Unix socket pairs (seccomp), no TCP (Landlock).
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
    /// What it may not read (nor write).
    pub hidden: Secrets,
    pub network: Network,
    /// Writable project roots whose protected paths are restored after each command
    /// ([`super::guard`]).
    pub guarded: Vec<PathBuf>,
}

/// Inputs of [`Policy::derive`].
#[derive(Debug, Clone)]
pub struct PolicyInputs {
    /// The project root and `--add-dir` directories (canonical).
    pub roots: Vec<PathBuf>,
    /// The per-run temp dir.
    pub tmpdir: Option<PathBuf>,
    /// The secret locations ([`hidden_paths`]), symlinks resolved; the roots are opened.
    pub hidden: Secrets,
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
        let guarded = match mode {
            PermissionMode::WorkspaceWrite => inputs.roots.clone(),
            _ => Vec::new(),
        };
        writable.extend(inputs.tmpdir.iter().cloned());
        Some(Policy {
            guarded,
            writable,
            hidden: inputs.hidden.clone().opening(inputs.roots.iter().cloned()),
            network: inputs.network.clone(),
        })
    }

    /// True when `path` is hidden or under a hidden path.
    pub fn is_hidden(&self, path: &Path) -> bool {
        self.hidden.covering(path).is_some()
    }

    /// True when `path` is inside a writable directory.
    pub fn is_writable(&self, path: &Path) -> bool {
        self.writable.iter().any(|w| path.starts_with(w))
    }

    /// A secret location the kernel cannot hide, and the writable directory holding it: Landlock
    /// grants a writable directory as one tree, reads included, so a secret inside it (the config
    /// file in use kept in the project, a `tools.sandbox.hide` entry such as `.env`) would be
    /// readable and writable by commands.
    pub fn unhideable(&self) -> Option<(&Path, &Path)> {
        self.hidden.hidden.iter().find_map(|h| {
            let root = self.writable.iter().find(|w| h.starts_with(w))?;
            Some((h.as_path(), root.as_path()))
        })
    }
}

/// The secret locations: [`HOME_SECRETS`] under `user_home`, all of `pilot_home` but
/// [`PILOT_HOME_OPEN`], and `extra` (`tools.sandbox.hide`, the user's config file in use),
/// symlinks resolved. The one list both
/// the sandbox and the file tools' permission check hide (each opens the workspace roots).
pub fn hidden_paths(
    user_home: Option<&Path>,
    pilot_home: Option<&Path>,
    extra: &[PathBuf],
) -> Secrets {
    let home = user_home
        .into_iter()
        .flat_map(|home| HOME_SECRETS.iter().map(move |s| home.join(s)));
    let hidden = home
        .chain(pilot_home.map(Path::to_owned))
        .chain(extra.iter().cloned())
        .map(|p| real(&p))
        .collect();
    let open = pilot_home
        .into_iter()
        .flat_map(|home| PILOT_HOME_OPEN.iter().map(move |s| real(&home.join(s))));
    Secrets::hiding(hidden).opening(open)
}

/// What git inside a linked worktree (`.git` is a file `gitdir: <main>/.git/worktrees/<name>`)
/// writes outside it to commit on the branch it has checked out: its own admin dir (`HEAD`,
/// `index`, its logs), the main repository's objects, and the directories holding that branch's
/// ref and its reflog (`refs/heads` for `main`, `refs/heads/always-on` for `always-on/<cycle>`).
/// Never the main repository's hooks, config, tags or other refs directories. Landlock grants
/// whole directories: the other branches beside that ref stay writable.
pub fn git_worktree_dirs(root: &Path) -> Vec<PathBuf> {
    let Ok(text) = crate::store::read_text(&root.join(".git")) else {
        return Vec::new();
    };
    let Some(admin) = text.trim().strip_prefix("gitdir:").map(str::trim) else {
        return Vec::new();
    };
    let admin = root.join(admin);
    let Ok(admin) = admin.canonicalize() else {
        return Vec::new();
    };
    let common = crate::store::read_text(&admin.join("commondir"))
        .ok()
        .and_then(|c| admin.join(c.trim()).canonicalize().ok());
    let branch_dir = crate::store::read_text(&admin.join("HEAD"))
        .ok()
        .and_then(|head| {
            let name = head.trim().strip_prefix("ref:")?.trim().to_owned();
            let path = PathBuf::from(name);
            let plain = path
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            let branch = plain && path.starts_with("refs/heads") && path.components().count() > 2;
            branch.then(|| path.parent().map(Path::to_owned)).flatten()
        });
    let mut dirs = vec![admin];
    if let Some(common) = common {
        dirs.push(common.join("objects"));
        if let Some(branch_dir) = branch_dir {
            dirs.push(common.join(&branch_dir));
            dirs.push(common.join("logs").join(&branch_dir));
        }
    }
    dirs.retain(|d| d.is_dir());
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
/// ancestors, so it stays hidden once created. An open directory inside a hidden one is granted
/// whole, and its ancestors inside the hidden one listed only (their other entries stay hidden).
/// Paths the process may write are granted read whole. [`DEVICES`] is split the same way, always,
/// and none of its entries is granted: the device files a process may open are granted apart
/// ([`DEVICE_FILES`]).
pub fn read_grants(secrets: &Secrets) -> ReadGrants {
    let hidden: BTreeSet<&Path> = secrets
        .hidden
        .iter()
        .map(PathBuf::as_path)
        .chain([Path::new(DEVICES)])
        .collect();
    let revealed: Vec<&Path> = secrets.revealed().map(PathBuf::as_path).collect();
    let ancestors: BTreeSet<&Path> = hidden
        .iter()
        .chain(&revealed)
        .flat_map(|h| h.ancestors().skip(1))
        .collect();
    let mut grants = ReadGrants {
        full: Vec::new(),
        list_only: vec![PathBuf::from(DEVICES)],
    };
    for dir in &ancestors {
        grants.list_only.push(dir.to_path_buf());
        if secrets.covering(dir).is_some() || dir.starts_with(DEVICES) {
            continue;
        }
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
    grants.full.extend(
        revealed
            .iter()
            .filter(|o| !ancestors.contains(*o))
            .map(|o| o.to_path_buf()),
    );
    grants.full.sort();
    grants.full.dedup();
    grants.list_only.sort();
    grants.list_only.dedup();
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
            hidden: Secrets::default(),
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
        let grants = read_grants(&Secrets::hiding(vec![root.join(".ssh"), root.join(".aws")]));
        assert!(grants.full.contains(&root.join("code")));
        assert!(grants.full.contains(&root.join(".bashrc")));
        assert!(!grants.full.iter().any(|p| p.starts_with(root.join(".ssh"))));
        assert!(grants.list_only.contains(&root));
        assert!(grants.list_only.contains(&PathBuf::from("/")));
        assert!(!grants.full.contains(&PathBuf::from("/")));
    }

    #[test]
    fn no_secret_grants_everything_but_the_devices() {
        let grants = read_grants(&Secrets::default());
        assert!(grants.full.contains(&PathBuf::from("/usr")));
        assert!(!grants.full.iter().any(|p| p.starts_with(DEVICES)));
        assert_eq!(
            grants.list_only,
            [PathBuf::from("/"), PathBuf::from(DEVICES)]
        );
    }

    #[test]
    fn a_secret_under_dev_does_not_open_the_other_devices() {
        let grants = read_grants(&Secrets::hiding(vec![PathBuf::from("/dev/shm/x")]));
        assert!(!grants.full.iter().any(|p| p.starts_with(DEVICES)));
        assert!(grants.list_only.contains(&PathBuf::from(DEVICES)));
    }

    #[test]
    fn pilot_home_is_hidden_but_its_skills_and_a_worktree_inside_stay_readable() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let pilot = root.join("pilot");
        let worktree = pilot.join("projects/k/always-on/worktrees/c1");
        for dir in ["skills/s", "projects/other/sessions"] {
            std::fs::create_dir_all(pilot.join(dir)).unwrap();
        }
        std::fs::create_dir_all(worktree.join("secret")).unwrap();
        std::fs::create_dir_all(worktree.join("src")).unwrap();
        crate::store::write_atomic(&pilot.join("serve-token"), b"t").unwrap();
        let secrets = hidden_paths(None, Some(&pilot), &[worktree.join("secret")])
            .opening([worktree.clone()]);
        assert_eq!(
            secrets.covering(&pilot.join("serve-token")),
            Some(pilot.as_path())
        );
        assert!(
            secrets
                .covering(&pilot.join("projects/other/sessions"))
                .is_some()
        );
        assert!(secrets.covering(&pilot.join("skills/s/run.sh")).is_none());
        assert!(secrets.covering(&worktree.join("src/main.rs")).is_none());
        assert!(secrets.covering(&worktree.join("secret/x")).is_some());
        // The root itself opened does not reveal what is hidden inside it.
        let at_home = hidden_paths(None, Some(&pilot), &[]).opening([pilot.clone()]);
        assert!(at_home.covering(&pilot.join("serve-token")).is_some());

        let grants = read_grants(&secrets);
        assert!(grants.full.contains(&pilot.join("skills")));
        assert!(grants.list_only.contains(&worktree));
        assert!(grants.full.contains(&worktree.join("src")));
        assert!(
            !grants
                .full
                .iter()
                .any(|p| p.starts_with(pilot.join("projects/other"))
                    || p == &pilot.join("serve-token")
                    || p.starts_with(worktree.join("secret")))
        );
        assert!(grants.list_only.contains(&pilot.join("projects")));
    }

    #[test]
    fn worktree_dirs_name_admin_objects_and_the_branchs_refs_but_not_hooks_or_tags() {
        let dir = tempfile::tempdir().unwrap();
        let main = dir.path().join("main");
        let admin = main.join(".git/worktrees/wt");
        for d in [
            "objects",
            "refs/heads/always-on",
            "refs/tags",
            "logs/refs/heads/always-on",
            "hooks",
        ] {
            std::fs::create_dir_all(main.join(".git").join(d)).unwrap();
        }
        std::fs::create_dir_all(&admin).unwrap();
        crate::store::write_atomic(&admin.join("commondir"), b"../..\n").unwrap();
        crate::store::write_atomic(&admin.join("HEAD"), b"ref: refs/heads/always-on/c1\n").unwrap();
        let wt = dir.path().join("wt");
        std::fs::create_dir_all(&wt).unwrap();
        crate::store::write_atomic(
            &wt.join(".git"),
            format!("gitdir: {}\n", admin.display()).as_bytes(),
        )
        .unwrap();
        let git = main.join(".git").canonicalize().unwrap();
        assert_eq!(
            git_worktree_dirs(&wt),
            [
                git.join("worktrees/wt"),
                git.join("objects"),
                git.join("refs/heads/always-on"),
                git.join("logs/refs/heads/always-on"),
            ]
        );
        // A HEAD naming something else than a branch grants no refs.
        crate::store::write_atomic(&admin.join("HEAD"), b"ref: refs/tags/../heads/x\n").unwrap();
        assert_eq!(
            git_worktree_dirs(&wt),
            [git.join("worktrees/wt"), git.join("objects")]
        );
    }
}
