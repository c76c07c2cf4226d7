//! The secret locations of a session ([`Secrets`]): what no sandboxed process (the OS sandbox of
//! the `tools` module) and no file tool may read, checked by path and, for a file already open, by
//! where the kernel says it is. Here, below the tools, so the checkpoint recorder and rewind check
//! what they read against the same list.

use std::path::{Path, PathBuf};

/// The secret locations of a session: what no sandboxed process and no file tool may read, and the
/// places inside them that stay readable. Paths have their symlinks resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Secrets {
    /// Files and directories hidden, with everything under them.
    pub hidden: Vec<PathBuf>,
    /// Directories strictly inside a hidden one that stay readable (a hidden path inside one of
    /// them is hidden again).
    pub open: Vec<PathBuf>,
}

impl Secrets {
    /// Only `hidden`, nothing open.
    pub fn hiding(hidden: Vec<PathBuf>) -> Secrets {
        Secrets {
            hidden,
            open: Vec::new(),
        }
    }

    /// The same secrets with `dirs` (symlinks resolved) open too: the workspace roots.
    #[must_use]
    pub fn opening(mut self, dirs: impl IntoIterator<Item = PathBuf>) -> Secrets {
        for dir in dirs {
            let dir = real(&dir);
            if !self.open.contains(&dir) {
                self.open.push(dir);
            }
        }
        self
    }

    /// The hidden location `path` is in, if any: a hidden path above it with no open directory
    /// strictly inside that hidden path and above `path`.
    pub fn covering(&self, path: &Path) -> Option<&Path> {
        self.hidden
            .iter()
            .filter(|h| path.starts_with(h))
            .find(|h| {
                !self
                    .open
                    .iter()
                    .any(|o| o != *h && o.starts_with(h) && path.starts_with(o))
            })
            .map(PathBuf::as_path)
    }

    /// The hidden location the open `file` is in, by where the kernel says it is: a directory
    /// swapped for a link between a check by path and the open cannot take the check elsewhere.
    pub fn covering_file(&self, file: &impl std::os::fd::AsRawFd) -> Option<&Path> {
        super::confine::fd_path(file).and_then(|real| self.covering(&real))
    }

    /// The open directories that are readable (strictly inside a hidden path, not hidden again).
    pub fn revealed(&self) -> impl Iterator<Item = &PathBuf> {
        self.open.iter().filter(move |o| {
            self.hidden.iter().any(|h| o.starts_with(h) && *o != h) && self.covering(o).is_none()
        })
    }
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
