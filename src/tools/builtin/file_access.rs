//! How the file tools open and write files, so a confined command racing them (a parallel
//! sub-agent's `bash` swapping a project directory for a link) cannot redirect them: a path inside
//! a workspace root is reached from that root without following any link
//! ([`crate::checkpoint::confine::open_parent`]) and opened or replaced relative to the directory
//! reached — a read with `O_NOFOLLOW`, a write as a temp file renamed in that directory. Every read
//! opens with `O_NONBLOCK` and takes only a regular file (a FIFO never blocks a tool), and the file
//! opened is checked against the secret locations by where the kernel says it is, so the check and
//! the read see the same file. A write to a path named inside the project that resolves outside it
//! is refused ([`write_target`]). Paths outside the workspace (allowed by a rule or the user) follow
//! today's rules: links followed, parents created.

use std::fs::{File, Metadata};
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use rustix::io::Errno;

use crate::checkpoint::confine::{self, Beneath};
use crate::store;
use crate::tools::{Error, ToolContext};

/// The workspace root `path` (resolved) is strictly inside, if any.
fn root_of<'c>(ctx: &'c ToolContext, path: &Path) -> Option<&'c Path> {
    ctx.workspace
        .roots()
        .find(|root| path != *root && path.starts_with(root))
}

fn unsafe_path(refused: confine::Refused) -> Error {
    Error::Unsafe {
        path: refused.path,
        reason: refused.reason,
    }
}

/// Where a write of `arg` goes: `arg` resolved as the permission check resolves it. A path that
/// names a place inside the workspace but resolves outside it — through a link to outside in the
/// project, maybe one a command swapped in after the check — is refused; the real path can be
/// named instead, and is then checked as the outside path it is.
pub(super) fn write_target(ctx: &ToolContext, arg: &Path) -> Result<PathBuf, Error> {
    let resolved = ctx.resolve(arg);
    if ctx.workspace.contains(&resolved) {
        return Ok(resolved);
    }
    let named = match arg.to_str() {
        Some(text) if text == "~" || text.starts_with("~/") => crate::home::expand_tilde(text),
        _ => arg.to_owned(),
    };
    if ctx
        .workspace
        .roots()
        .any(|root| crate::home::lexical_inside(root, &named).is_some())
    {
        return Err(Error::Unsafe {
            path: arg.to_owned(),
            reason: format!(
                "it leads out of the project through a symbolic link, to `{}`; name that path \
                 itself if it is the one meant",
                resolved.display()
            ),
        });
    }
    Ok(resolved)
}

/// The directory holding `path` below `root`, or `None` when a parent is missing (and not
/// `create`).
fn parent(root: &Path, path: &Path, create: bool) -> Result<Option<Beneath>, Error> {
    confine::open_parent(root, path, create).map_err(unsafe_path)
}

/// Opens `path` (resolved) to read: a regular file, not hidden, with its metadata.
pub(super) fn open_read(ctx: &ToolContext, path: &Path) -> Result<(File, Metadata), Error> {
    let not_found = || Error::NotFound {
        path: path.to_owned(),
    };
    let file = match root_of(ctx, path) {
        Some(root) => {
            let beneath = parent(root, path, false)?.ok_or_else(not_found)?;
            match beneath.open_read() {
                Ok(file) => file,
                Err(Errno::NOENT) => return Err(not_found()),
                Err(Errno::LOOP) => {
                    return Err(Error::Unsafe {
                        path: path.to_owned(),
                        reason: "it is a symbolic link now".to_owned(),
                    });
                }
                Err(e) => return Err(Error::io("open", path, e.into())),
            }
        }
        None => crate::store::open_nonblocking(path, 0).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => not_found(),
            _ => Error::io("open", path, e),
        })?,
    };
    let meta = file.metadata().map_err(|e| Error::io("inspect", path, e))?;
    if meta.is_dir() {
        return Err(Error::IsDirectory {
            path: path.to_owned(),
        });
    }
    if !meta.is_file() {
        return Err(Error::NotRegular {
            path: path.to_owned(),
        });
    }
    if let Some(hidden) = ctx.policy.hidden().covering_file(&file) {
        return Err(Error::Hidden {
            path: path.to_owned(),
            hidden: hidden.to_owned(),
        });
    }
    Ok((file, meta))
}

/// The most `edit_file` and `write_file` read of an existing file: a sparse file a command made
/// with `truncate -s 3G` costs it nothing and would be read whole (attacker review round 7).
const MAX_WHOLE_READ_BYTES: u64 = 64 * 1024 * 1024;

/// The whole content of `path` (resolved), opened as [`open_read`] does; refused past
/// [`MAX_WHOLE_READ_BYTES`].
pub(super) fn read_all(ctx: &ToolContext, path: &Path) -> Result<Vec<u8>, Error> {
    let (file, meta) = open_read(ctx, path)?;
    if meta.len() > MAX_WHOLE_READ_BYTES {
        return Err(Error::TooLarge {
            path: path.to_owned(),
            bytes: meta.len(),
            limit: MAX_WHOLE_READ_BYTES,
        });
    }
    let mut file = file.take(MAX_WHOLE_READ_BYTES);
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut bytes)
        .map_err(|e| Error::io("read", path, e))?;
    Ok(bytes)
}

/// The permission bits of an existing file a write keeps: not setuid, setgid, sticky nor
/// write-for-others. pilotdeck may run as root (with `CAP_FSETID`, which a confined command lacks):
/// a file a command created empty with mode 06755 must not come out of a write a setuid program
/// (attacker review round 7).
const KEPT_MODE_BITS: u32 = 0o775;

/// Writes `path` (resolved) atomically, creating its parents, keeping an existing file's
/// permission bits ([`KEPT_MODE_BITS`] of them; a new one gets 0644: `store::write_atomic` alone
/// makes 0600, right for state, wrong for a project's sources).
pub(super) fn write(ctx: &ToolContext, path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let written = match root_of(ctx, path) {
        Some(root) => {
            let beneath = parent(root, path, true)?.ok_or_else(|| Error::NotFound {
                path: path.to_owned(),
            })?;
            let mode = beneath.file_mode().map_or(0o644, |m| m & KEPT_MODE_BITS);
            store::write_atomic_at(&beneath.dir, &beneath.name, path, bytes, mode)
        }
        None => {
            let mode = std::fs::metadata(path)
                .map(|m| m.permissions().mode() & KEPT_MODE_BITS)
                .unwrap_or(0o644);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| Error::io("create directory", dir, e))?;
            }
            store::write_atomic_mode(path, bytes, mode)
        }
    };
    written.map_err(|source| Error::Write {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::Workspace;
    use crate::tools::permission::{PermissionMode, PermissionPolicy};
    use crate::tools::sandbox::policy::Secrets;

    fn context(root: &Path, hidden: &Path) -> ToolContext {
        let workspace = Workspace::new(root, &[]).unwrap();
        let policy = PermissionPolicy::new(PermissionMode::WorkspaceWrite, workspace)
            .with_hidden(Secrets::hiding(vec![hidden.to_owned()]));
        ToolContext::new(policy, tokio_util::sync::CancellationToken::new())
    }

    /// A path checked while `d` was a directory, then `d` swapped for a link to a secret
    /// location: the read and the write are refused, the secret neither read nor written.
    /// Outside the project, a path reaching a secret location through a link is refused by
    /// where the file opened really is.
    #[test]
    fn a_directory_swapped_after_the_check_is_not_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path().canonicalize().unwrap();
        let (root, secret) = (base.join("p"), base.join("pilothome"));
        std::fs::create_dir_all(root.join("d")).unwrap();
        crate::store::write_atomic(&secret.join("key.yaml"), b"apiKey: sk-1\n").unwrap();
        let ctx = context(&root, &secret);
        let path = ctx.resolve(Path::new("d/key.yaml"));
        std::fs::remove_dir(root.join("d")).unwrap();
        std::os::unix::fs::symlink(&secret, root.join("d")).unwrap();
        assert!(matches!(open_read(&ctx, &path), Err(Error::Unsafe { .. })));
        assert!(matches!(
            write(&ctx, &path, b"x"),
            Err(Error::Unsafe { .. })
        ));
        assert_eq!(
            std::fs::read(secret.join("key.yaml")).unwrap(),
            b"apiKey: sk-1\n"
        );
        std::os::unix::fs::symlink(&secret, base.join("elsewhere")).unwrap();
        let through = base.join("elsewhere/key.yaml");
        assert!(matches!(
            open_read(&ctx, &through),
            Err(Error::Hidden { .. })
        ));
    }
}
