//! Keeping a write inside the project (a rewind, the saved plan, a large tool result's spill file,
//! what the file tools, `run -o` and cron's file delivery write): a path is written, restored or
//! removed only when it is an absolute path under the project root without `.`/`..` components,
//! and no existing component below the root (the file included) is a symlink, so a directory the
//! agent swapped for a link to `~/.ssh` is never written through. Missing parent directories are
//! created one by one, each checked.
//!
//! The walk goes by file descriptor: the root is opened, then each directory below it with
//! `openat(O_NOFOLLOW | O_DIRECTORY)` relative to the one before, so a link swapped in at any
//! moment fails the walk instead of being followed. [`open_parent`] hands over the last directory
//! opened ([`Beneath`]): a caller that writes ([`write`], [`crate::store::write_atomic_at`]),
//! appends ([`crate::store::append_line_at`]), removes ([`Beneath::remove`]) or opens to read
//! ([`Beneath::open_read`], `O_NOFOLLOW`; [`read_regular`] reads a whole regular file so) relative
//! to it uses the very directory checked, not a path looked up again. [`fd_path`] says
//! where an open file really is, for a check against the secret locations after the open.

use std::ffi::{OsStr, OsString};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::path::{Component, Path, PathBuf};

use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use rustix::io::Errno;

/// Why a path was left alone.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Refused {
    pub path: PathBuf,
    pub reason: String,
}

fn refused(path: &Path, reason: impl Into<String>) -> Refused {
    Refused {
        path: path.to_owned(),
        reason: reason.into(),
    }
}

/// The directory holding a path below the project root, reached from the root without following a
/// link, and the path's last component (which may be missing, or itself a link: see
/// [`open_parent`]).
#[derive(Debug)]
pub struct Beneath {
    pub dir: OwnedFd,
    pub name: OsString,
}

impl Beneath {
    /// Opens `name` to read: never through a link at it (`O_NOFOLLOW`), never waiting on a FIFO
    /// (`O_NONBLOCK`); the caller checks what kind of file it got.
    pub fn open_read(&self) -> rustix::io::Result<std::fs::File> {
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
        rustix::fs::openat(&self.dir, self.name.as_os_str(), flags, Mode::empty())
            .map(std::fs::File::from)
    }

    /// The whole content of `name` (`Ok(None)`: missing), opened with [`Beneath::open_read`] and
    /// read as [`read_open`] reads; refused, naming `path`, when it is a link now.
    pub fn read_regular(
        &self,
        path: &Path,
        check: impl FnOnce(&std::fs::File) -> Result<(), String>,
    ) -> Result<Option<Vec<u8>>, Refused> {
        match self.open_read() {
            Ok(file) => read_open(file, path, check).map(Some),
            Err(Errno::NOENT) => Ok(None),
            Err(Errno::LOOP) => Err(refused(
                path,
                format!("`{}` is a symbolic link", path.display()),
            )),
            Err(e) => Err(refused(
                path,
                format!("cannot open `{}`: {e}", path.display()),
            )),
        }
    }

    /// True when `name` is a directory now (not following a link).
    pub fn is_dir(&self) -> bool {
        rustix::fs::statat(&self.dir, self.name.as_os_str(), AtFlags::SYMLINK_NOFOLLOW)
            .is_ok_and(|st| FileType::from_raw_mode(st.st_mode) == FileType::Directory)
    }

    /// Replaces `name` atomically with `contents` and permission bits `mode`
    /// ([`crate::store::write_atomic_at`]: a link at `name` is replaced, never followed); `path`
    /// names the file in the refusal.
    pub fn write(&self, path: &Path, contents: &[u8], mode: u32) -> Result<(), Refused> {
        crate::store::write_atomic_at(&self.dir, &self.name, path, contents, mode).map_err(|e| {
            let why = std::error::Error::source(&e).map_or_else(String::new, |s| format!(": {s}"));
            refused(path, format!("{e}{why}"))
        })
    }

    /// Removes `name` from the directory (a link there is removed, never followed); `Ok(false)`
    /// when it was already gone.
    pub fn remove(&self) -> rustix::io::Result<bool> {
        match rustix::fs::unlinkat(&self.dir, self.name.as_os_str(), AtFlags::empty()) {
            Ok(()) => Ok(true),
            Err(Errno::NOENT) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The permission bits of the regular file `name` names now, not following a link.
    pub fn file_mode(&self) -> Option<u32> {
        rustix::fs::statat(&self.dir, self.name.as_os_str(), AtFlags::SYMLINK_NOFOLLOW)
            .ok()
            .filter(|st| FileType::from_raw_mode(st.st_mode) == FileType::RegularFile)
            .map(|st| st.st_mode & 0o7777)
    }
}

/// The components of `path` below `root`, when `path` is lexically inside it.
fn below<'p>(root: &Path, path: &'p Path) -> Result<Vec<&'p std::ffi::OsStr>, Refused> {
    if !path.is_absolute() {
        return Err(refused(path, "not an absolute path"));
    }
    if path
        .components()
        .any(|c| matches!(c, Component::ParentDir | Component::CurDir))
    {
        return Err(refused(path, "the path has `.` or `..` components"));
    }
    let rest = path
        .strip_prefix(root)
        .map_err(|_| refused(path, "outside the project"))?;
    let parts: Vec<_> = rest.iter().collect();
    if parts.is_empty() {
        return Err(refused(path, "the project root itself"));
    }
    Ok(parts)
}

/// Checks that every existing component of `path` below `root` is a real directory (or, the last
/// one, not a symlink), that what exists resolves inside `root`; with `create`, makes the missing
/// parent directories. `root` must have its symlinks resolved.
pub fn check(root: &Path, path: &Path, create: bool) -> Result<(), Refused> {
    walk(root, path, create.then_some(0o777), false).map(drop)
}

/// [`check`], but `path` itself may be a symbolic link: for removing or replacing it (a link is
/// removed, never followed), as the sandbox guard does.
pub fn check_parents(root: &Path, path: &Path, create: bool) -> Result<(), Refused> {
    walk(root, path, create.then_some(0o777), true).map(drop)
}

/// Opens the directory holding `path` as [`check_parents`] walks to it (making the missing
/// directories with `create`); `Ok(None)` when one is missing and `create` is not set. The last
/// component is not looked at: open it relative to [`Beneath::dir`] without following a link
/// (`O_NOFOLLOW`, or a rename that replaces a link).
pub fn open_parent(root: &Path, path: &Path, create: bool) -> Result<Option<Beneath>, Refused> {
    walk(root, path, create.then_some(0o777), true)
}

/// [`open_parent`], refusing a link at `path` itself too (as [`check`] does): for reading a file
/// and putting back or removing what is there, where a link is not the file that was recorded.
/// Read it with [`Beneath::open_read`]; write it with [`crate::store::write_atomic_at`] (a link
/// swapped in at the name after the walk is replaced, never followed); remove it with
/// [`Beneath::remove`].
pub fn open_file_parent(
    root: &Path,
    path: &Path,
    create: bool,
) -> Result<Option<Beneath>, Refused> {
    walk(root, path, create.then_some(0o777), false)
}

/// How far behind the precise clock the coarse one that stamps a directory's birth may be.
const BIRTH_SLACK: std::time::Duration = std::time::Duration::from_millis(50);

/// Removes the directories holding `path` below `root` that are empty now and were born at or
/// after `since`: those made for a file a rewind has just removed. It stops at the first one that
/// is older, not empty, not a directory, or whose birth time the filesystem does not keep (then
/// nothing more goes). Each is reached as [`open_parent`] walks, never through a link.
pub fn remove_empty_parents(root: &Path, path: &Path, since: std::time::SystemTime) {
    use rustix::fs::StatxFlags;
    let since = since.checked_sub(BIRTH_SLACK).unwrap_or(since);
    for dir in path.ancestors().skip(1) {
        if dir == root || !dir.starts_with(root) {
            break;
        }
        let Ok(Some(at)) = open_parent(root, dir, false) else {
            break;
        };
        let Ok(st) = rustix::fs::statx(
            &at.dir,
            at.name.as_os_str(),
            AtFlags::SYMLINK_NOFOLLOW,
            StatxFlags::TYPE | StatxFlags::BTIME,
        ) else {
            break;
        };
        let born = u64::try_from(st.stx_btime.tv_sec).ok().map(|secs| {
            std::time::UNIX_EPOCH + std::time::Duration::new(secs, st.stx_btime.tv_nsec)
        });
        let is_dir = FileType::from_raw_mode(u32::from(st.stx_mode)) == FileType::Directory;
        let known = st.stx_mask & StatxFlags::BTIME.bits() != 0;
        if !is_dir || !known || born.is_none_or(|born| born < since) {
            break;
        }
        // Fails on a directory that is not empty, which then stays with those above it.
        if rustix::fs::unlinkat(&at.dir, at.name.as_os_str(), AtFlags::REMOVEDIR).is_err() {
            break;
        }
    }
}

/// The whole content of the file at `path` below `root` (`Ok(None)`: missing), reached as
/// [`open_file_parent`] walks and read with [`Beneath::read_regular`].
pub fn read_regular(
    root: &Path,
    path: &Path,
    check: impl FnOnce(&std::fs::File) -> Result<(), String>,
) -> Result<Option<Vec<u8>>, Refused> {
    match open_file_parent(root, path, false)? {
        Some(at) => at.read_regular(path, check),
        None => Ok(None),
    }
}

/// Reads the open `file` whole: a regular file only, and only when `check` (given the open file:
/// where it really is, see [`fd_path`]) has no reason against it; `path` names it in the refusal.
pub fn read_open(
    mut file: std::fs::File,
    path: &Path,
    check: impl FnOnce(&std::fs::File) -> Result<(), String>,
) -> Result<Vec<u8>, Refused> {
    let regular = file.metadata().is_ok_and(|meta| meta.is_file());
    if !regular {
        return Err(refused(
            path,
            format!("`{}` is not a regular file", path.display()),
        ));
    }
    check(&file).map_err(|why| refused(path, why))?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut file, &mut bytes)
        .map_err(|e| refused(path, format!("cannot read `{}`: {e}", path.display())))?;
    Ok(bytes)
}

/// Writes `contents` to `path` below `root` atomically with permission bits `mode`, making its
/// missing parent directories (0700, as `store::write_atomic` does): the temp file is created and renamed in the directory
/// [`open_parent`] reached, so no link in any component (nor at `path`) is followed.
pub fn write(root: &Path, path: &Path, contents: &[u8], mode: u32) -> Result<(), Refused> {
    walk(root, path, Some(0o700), true)?
        .ok_or_else(|| refused(path, "its directory is missing"))?
        .write(path, contents, mode)
}

fn open_dir(at: impl AsFd, name: &OsStr) -> rustix::io::Result<OwnedFd> {
    rustix::fs::openat(
        at,
        name,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
}

/// Why `name` in `dir` (at `at`) could not be opened as a directory.
fn not_a_directory(path: &Path, dir: &OwnedFd, name: &OsStr, at: &Path, e: Errno) -> Refused {
    match rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(st) if FileType::from_raw_mode(st.st_mode) == FileType::Symlink => {
            refused(path, format!("`{}` is a symbolic link", at.display()))
        }
        Ok(_) if matches!(e, Errno::NOTDIR | Errno::LOOP) => {
            refused(path, format!("`{}` is not a directory", at.display()))
        }
        _ => refused(path, format!("cannot open `{}`: {e}", at.display())),
    }
}

/// Where the open `fd` really is, as the kernel names it (`None` without `/proc`).
pub fn fd_path(fd: &impl AsRawFd) -> Option<PathBuf> {
    std::fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd())).ok()
}

/// The walk; `create` is the mode of the directories it makes, if it makes them.
fn walk(
    root: &Path,
    path: &Path,
    create: Option<u32>,
    last_may_link: bool,
) -> Result<Option<Beneath>, Refused> {
    let parts = below(root, path)?;
    let Some((name, dirs)) = parts.split_last() else {
        return Err(refused(path, "the project root itself"));
    };
    let mut dir = rustix::fs::open(
        root,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| refused(path, format!("cannot open `{}`: {e}", root.display())))?;
    let mut at = root.to_owned();
    for part in dirs {
        at.push(part);
        dir = match open_dir(&dir, part) {
            Ok(next) => next,
            Err(Errno::NOENT) => {
                let Some(mode) = create else {
                    return Ok(None);
                };
                match rustix::fs::mkdirat(&dir, *part, Mode::from_raw_mode(mode)) {
                    Ok(()) => {}
                    Err(Errno::EXIST) => {
                        return Err(refused(path, format!("`{}` appeared", at.display())));
                    }
                    Err(e) => {
                        return Err(refused(
                            path,
                            format!("cannot create `{}`: {e}", at.display()),
                        ));
                    }
                }
                open_dir(&dir, part).map_err(|e| not_a_directory(path, &dir, part, &at, e))?
            }
            Err(e) => return Err(not_a_directory(path, &dir, part, &at, e)),
        };
    }
    at.push(name);
    match rustix::fs::statat(&dir, *name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(st) if FileType::from_raw_mode(st.st_mode) == FileType::Symlink && !last_may_link => {
            return Err(refused(
                path,
                format!("`{}` is a symbolic link", at.display()),
            ));
        }
        Ok(_) | Err(Errno::NOENT) => {}
        Err(e) => {
            return Err(refused(
                path,
                format!("cannot inspect `{}`: {e}", at.display()),
            ));
        }
    }
    // Bind mounts and the like: the directory reached must still be inside the root.
    if let Some(real) = fd_path(&dir)
        && !real.starts_with(root)
    {
        return Err(refused(
            path,
            format!("`{}` resolves outside the project", real.display()),
        ));
    }
    Ok(Some(Beneath {
        dir,
        name: name.to_os_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_outside_with_dots_or_through_links_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(root.join("real")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("link")).unwrap();
        assert_eq!(check(&root, &root.join("real/a.txt"), false), Ok(()));
        for (path, why) in [
            (outside.join("a.txt"), "outside the project"),
            (root.join("real/../../outside/a"), "`..`"),
            (PathBuf::from("p/a"), "absolute"),
            (root.join("link/a.txt"), "symbolic link"),
            (root.join("link"), "symbolic link"),
        ] {
            let err = check(&root, &path, true).unwrap_err();
            assert!(err.reason.contains(why), "{path:?}: {err:?}");
        }
        assert!(!outside.join("a.txt").exists());
        assert_eq!(check(&root, &root.join("new/dir/a.txt"), true), Ok(()));
        assert!(root.join("new/dir").is_dir());
    }

    /// The directory handed over is the one walked: a link swapped in for it afterwards (what a
    /// racing command does) does not redirect what is written or appended there.
    #[test]
    fn writes_land_in_the_directory_walked_whatever_its_path_becomes() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        let path = root.join("d/a.txt");
        let beneath = open_parent(&root, &path, false).unwrap().unwrap();
        std::fs::rename(root.join("d"), root.join("moved")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("d")).unwrap();
        crate::store::write_atomic_at(&beneath.dir, &beneath.name, &path, b"x", 0o644).unwrap();
        crate::store::append_line_at(&beneath.dir, OsStr::new("log"), &path, &1).unwrap();
        assert_eq!(std::fs::read(root.join("moved/a.txt")).unwrap(), b"x");
        assert!(root.join("moved/log").is_file());
        assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
        // Walked again, the link is refused; a link at the name itself is not appended through.
        let err = open_parent(&root, &path, true).unwrap_err();
        assert!(err.reason.contains("symbolic link"), "{err:?}");
        std::os::unix::fs::symlink(outside.join("x"), root.join("moved/link")).unwrap();
        let moved = open_parent(&root, &root.join("moved/link"), false)
            .unwrap()
            .unwrap();
        assert!(crate::store::append_line_at(&moved.dir, &moved.name, &path, &1).is_err());
        assert!(!outside.join("x").exists());
        // A missing parent is `None` without `create`.
        assert!(
            open_parent(&root, &root.join("none/a"), false)
                .unwrap()
                .is_none()
        );
    }
}
