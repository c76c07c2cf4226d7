//! Reading a text file the project provides — instructions (`AGENTS.md`, `PILOTDECK.md`,
//! `.pilotdeck/rules/*.md`), skills, the project's slash commands, a plan — without letting the
//! project turn that read into a leak or a hang: [`ProjectFiles::read`] takes only a regular file
//! whose real path is inside the project and not in a hidden location
//! ([`crate::tools::sandbox::policy::Secrets`]: `~/.ssh`, PilotHome's config, …), opens it without
//! following a symlink in any component below the project root (`checkpoint::confine`, then
//! `O_NOFOLLOW`) nor blocking on a FIFO (`O_NONBLOCK`), and reads at most
//! one byte more than the caller's limit. [`read_own`] reads one of the user's own files (PilotHome
//! rules) with the same bound and file-type check, symlinks followed.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::sandbox::policy::{Secrets, hidden_paths};
use crate::checkpoint::confine;

/// The text read, cut at the caller's limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub text: String,
    /// True when the file held more than the limit.
    pub cut: bool,
}

/// The files of one project, as pilotdeck itself reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectFiles {
    /// The project root, symlinks resolved.
    root: PathBuf,
    secrets: Secrets,
}

impl ProjectFiles {
    /// The project at `root`, hiding the secret locations of the user's home and all of
    /// `pilot_home` (the project itself stays readable when it lives there).
    pub fn new(root: &Path, pilot_home: &Path) -> ProjectFiles {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
        let user_home = crate::home::user_home();
        let secrets =
            hidden_paths(user_home.as_deref(), Some(pilot_home), &[]).opening([root.clone()]);
        ProjectFiles { root, secrets }
    }

    /// Reads `path` (at most `max` bytes of it), refusing with an error saying why a symlink, a
    /// path whose real location is outside the project or hidden, and anything but a regular file.
    pub fn read(&self, path: &Path, max: usize) -> std::io::Result<Text> {
        let meta = std::fs::symlink_metadata(path)?;
        if meta.file_type().is_symlink() {
            return Err(refused("is a symbolic link"));
        }
        let real = path.canonicalize()?;
        if !real.starts_with(&self.root) {
            return Err(refused(&format!(
                "resolves to {} outside the project",
                real.display()
            )));
        }
        if let Some(hidden) = self.secrets.covering(&real) {
            return Err(refused(&format!(
                "is in a hidden location ({})",
                hidden.display()
            )));
        }
        // The real path, walked again from the root without following a link and opened
        // relative to the directory reached: a directory swapped for a link since the checks
        // above fails the read; what was opened is checked again by where it really is.
        let beneath = confine::open_parent(&self.root, &real, false)
            .map_err(|r| refused(&r.reason))?
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))?;
        let file = beneath.open_read()?;
        if let Some(hidden) = self.secrets.covering_file(&file) {
            return Err(refused(&format!(
                "is in a hidden location ({})",
                hidden.display()
            )));
        }
        read_file(file, max)
    }
}

/// Reads one of the user's own files (at most `max` bytes), symlinks followed; anything but a
/// regular file is refused.
pub fn read_own(path: &Path, max: usize) -> std::io::Result<Text> {
    read_file(crate::store::open_nonblocking(path, 0)?, max)
}

fn refused(why: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!("not read: it {why}"),
    )
}

/// Reads the open `file` (a regular file only) up to `max` bytes.
fn read_file(file: std::fs::File, max: usize) -> std::io::Result<Text> {
    if !file.metadata()?.is_file() {
        return Err(refused("is not a regular file"));
    }
    let mut bytes = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    file.take(limit).read_to_end(&mut bytes)?;
    let cut = bytes.len() > max;
    bytes.truncate(max);
    Ok(Text {
        text: String::from_utf8_lossy(&bytes).into_owned(),
        cut,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_inside_the_project_are_read_and_cut_at_the_limit() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        std::fs::create_dir_all(&root).unwrap();
        crate::store::write_atomic(&tmp.path().join("secret"), b"key").unwrap();
        crate::store::write_atomic(&root.join("a.md"), b"abcdef").unwrap();
        std::os::unix::fs::symlink(tmp.path().join("secret"), root.join("link.md")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", root.join("zero.md")).unwrap();
        std::os::unix::fs::symlink(tmp.path(), root.join("up")).unwrap();
        let files = ProjectFiles::new(&root, &tmp.path().join("home"));
        let text = files.read(&root.join("a.md"), 4).unwrap();
        assert_eq!((text.text.as_str(), text.cut), ("abcd", true));
        assert!(!files.read(&root.join("a.md"), 6).unwrap().cut);
        for refused in ["link.md", "zero.md", "up/secret"] {
            let err = files.read(&root.join(refused), 64).unwrap_err();
            assert!(err.to_string().contains("not read"), "{refused}: {err}");
        }
        let dev = read_own(Path::new("/dev/zero"), 64).unwrap_err();
        assert!(dev.to_string().contains("regular file"), "{dev}");
    }
}
