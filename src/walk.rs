//! The project walk every scanner shares — the checkpoint scan, the `grep` and `glob` tools,
//! always-on's fingerprint and snapshot — and the one reader of ignore files (also for the guard's
//! listing, `tools::sandbox::listing`).
//!
//! A confined command can make an ignore file anything: a FIFO (opening it waits for a writer for
//! ever), a link to `/dev/zero` (reading it never ends) or to the terminal. pilotdeck walks the
//! project unsandboxed, on threads a turn's timeout cannot cancel, so an ignore file is read only
//! when it is a regular file seen without following a link (`symlink_metadata`), then opened with
//! `O_NOFOLLOW | O_NONBLOCK`, checked again on the open file, and at most [`MAX_IGNORE_FILE`]
//! long. Any other is never opened: its rules do not apply, with a warning (git does not follow a
//! linked `.gitignore` either).
//!
//! The `ignore` crate opens ignore files itself when it enters a directory, with no way to check
//! them first, so [`walker`] turns its reading off and applies the same rules from its entry
//! filter, matched as the crate matches them: nearest directory first, `.ignore` before
//! `.gitignore` before git's `info/exclude` before the user's global excludes file
//! (`core.excludesFile`, outside any project; read by the crate).
//!
//! libgit2 reads `.gitignore` and `.gitattributes` itself, also blocking on a FIFO: before
//! pilotdeck's own git operations on a tree, [`unreadable_git_file`] finds such a file (always-on
//! refuses to go on then).

use std::collections::{BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::{DirEntry, Match, WalkBuilder};

/// An ignore file longer than this is not read (a sparse file of terabytes is a regular file too).
pub const MAX_IGNORE_FILE: u64 = 1 << 20;

/// Which ignore files a walk honours.
#[derive(Debug, Clone, Copy)]
pub struct Ignores {
    /// ripgrep's `.ignore` files too, not only git's `.gitignore` and `info/exclude`.
    pub dot_ignore: bool,
    /// git's rules apply only inside a git repository (a `.git` at the root or above it).
    pub require_git: bool,
    /// The ignore files of the root's parent directories and the user's global excludes file.
    pub parents: bool,
}

impl Ignores {
    /// As ripgrep searches with `--no-require-git`: `.gitignore` also outside a repository.
    pub const ALL: Ignores = Ignores {
        dot_ignore: true,
        require_git: false,
        parents: true,
    };
    /// git's own files of the tree below the root, in a repository only.
    pub const GIT: Ignores = Ignores {
        dot_ignore: false,
        require_git: true,
        parents: false,
    };
}

/// A walker over `root` that shows hidden files, follows no links, and skips what `ignores` (none:
/// nothing) ignores and what `keep` refuses (asked only for entries not ignored). Set no other
/// `filter_entry` on it: that would replace this one.
pub fn walker<F>(root: &Path, ignores: Option<Ignores>, keep: F) -> WalkBuilder
where
    F: Fn(&DirEntry) -> bool + Send + Sync + 'static,
{
    let rules = ignores.map(|opts| Rules::new(root, opts));
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .follow_links(false)
        .parents(false)
        .ignore(false)
        .git_ignore(false)
        .git_exclude(false)
        .git_global(false)
        .require_git(false)
        .filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            !rules
                .as_ref()
                .is_some_and(|r| r.ignored(entry.path(), is_dir))
                && keep(entry)
        });
    builder
}

/// Files git reads in any directory of a work tree (`git status`, `git diff`, `git log`): a FIFO
/// or device under one of these names makes git (and libgit2, which opens them with a blocking
/// `open`) wait for ever.
pub const GIT_READ_FILES: &[&str] = &[".gitignore", ".gitattributes", ".gitmodules", ".mailmap"];

/// The first of [`GIT_READ_FILES`] under `root` (outside `.git`, in directories `.gitignore` does
/// not exclude) that is there but is neither a regular file nor a directory, even through a link,
/// so pilotdeck checks before its own git operations on a tree a command could have changed.
pub fn unreadable_git_file(root: &Path) -> Option<PathBuf> {
    let ignores = Ignores {
        dot_ignore: false,
        require_git: false,
        parents: false,
    };
    walker(root, Some(ignores), |e| e.file_name() != ".git")
        .build()
        .filter_map(Result::ok)
        .map(DirEntry::into_path)
        .find(|path| {
            path.file_name()
                .is_some_and(|n| GIT_READ_FILES.iter().any(|g| n == *g))
                && std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
        })
}

/// The rules of the ignore file `path`, matched relative to `dir`; none when it is missing, not a
/// regular file or too long.
pub fn read_rules(dir: &Path, path: &Path) -> Gitignore {
    let mut builder = GitignoreBuilder::new(dir);
    if let Some(text) = read_text(path) {
        for (i, line) in text.lines().enumerate() {
            let line = if i == 0 {
                line.trim_start_matches('\u{feff}')
            } else {
                line
            };
            if let Err(e) = builder.add_line(Some(path.to_owned()), line) {
                tracing::debug!("{}: {e}", path.display());
            }
        }
    }
    builder.build().unwrap_or_else(|_| Gitignore::empty())
}

/// The text of the small regular file `path` (not followed); `None` when it is missing, and with a
/// warning when it is something else, which is then never opened.
fn read_text(path: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_IGNORE_FILE {
        return skipped(path, &meta);
    }
    let mut file = crate::store::open_nonblocking(path, libc::O_NOFOLLOW | libc::O_NOCTTY).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > MAX_IGNORE_FILE {
        return skipped(path, &meta);
    }
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_IGNORE_FILE)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Warns (once per path and process) that `path` is not read.
fn skipped<T>(path: &Path, meta: &std::fs::Metadata) -> Option<T> {
    static WARNED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let what = if meta.is_file() {
        "longer than 1 MiB"
    } else if meta.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    };
    let first = WARNED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(path.to_owned());
    if first {
        tracing::warn!(
            "{} is {what}: its ignore rules are not read",
            path.display()
        );
    }
    None
}

/// The git directory whose `info/exclude` applies to `dir`: `dir/.git`, or for a linked worktree
/// (`.git` a file naming its git directory) the common one.
fn git_dir(dir: &Path) -> Option<PathBuf> {
    let dot_git = dir.join(".git");
    if !std::fs::metadata(&dot_git).ok()?.is_file() {
        return Some(dot_git);
    }
    let text = read_text(&dot_git)?;
    let own = dir.join(text.lines().next()?.strip_prefix("gitdir: ")?);
    let common = read_text(&own.join("commondir"))?;
    Some(own.join(common.lines().next()?))
}

/// One directory's ignore rules.
#[derive(Debug)]
struct DirRules {
    ignore: Gitignore,
    git: Gitignore,
    exclude: Gitignore,
    /// A git (or jj) repository's top: git's rules of directories above it do not apply below.
    has_git: bool,
}

impl DirRules {
    fn read(dir: &Path, opts: Ignores, rules: bool) -> DirRules {
        let has_git = opts.require_git
            && (std::fs::symlink_metadata(dir.join(".git")).is_ok()
                || std::fs::symlink_metadata(dir.join(".jj")).is_ok());
        let rules_of = |path: Option<PathBuf>| match path {
            Some(path) if rules => read_rules(dir, &path),
            _ => Gitignore::empty(),
        };
        DirRules {
            ignore: rules_of(opts.dot_ignore.then(|| dir.join(".ignore"))),
            git: rules_of(Some(dir.join(".gitignore"))),
            exclude: rules_of(
                rules
                    .then(|| git_dir(dir))
                    .flatten()
                    .map(|g| g.join("info/exclude")),
            ),
            has_git,
        }
    }
}

/// The ignore rules of one walk, read once per directory.
struct Rules {
    root: PathBuf,
    opts: Ignores,
    /// The root's parent directories, nearest first (their rules read only with `opts.parents`).
    above: Vec<DirRules>,
    global: Gitignore,
    dirs: Mutex<HashMap<PathBuf, Arc<DirRules>>>,
}

impl Rules {
    fn new(root: &Path, opts: Ignores) -> Rules {
        let base = root.canonicalize().unwrap_or_else(|_| root.to_owned());
        let above = if opts.parents || opts.require_git {
            base.ancestors()
                .skip(1)
                .map(|d| DirRules::read(d, opts, opts.parents))
                .collect()
        } else {
            Vec::new()
        };
        let global = if opts.parents {
            GitignoreBuilder::new(root).build_global().0
        } else {
            Gitignore::empty()
        };
        Rules {
            root: root.to_owned(),
            opts,
            above,
            global,
            dirs: Mutex::new(HashMap::new()),
        }
    }

    /// The rules of `dir`, below the root.
    fn dir(&self, dir: &Path) -> Arc<DirRules> {
        let lock = || self.dirs.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = lock().get(dir) {
            return Arc::clone(found);
        }
        let read = Arc::new(DirRules::read(dir, self.opts, true));
        Arc::clone(lock().entry(dir.to_owned()).or_insert(read))
    }

    /// True when `path` (below the root) is ignored.
    fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let below: Vec<Arc<DirRules>> = path
            .ancestors()
            .skip(1)
            .take_while(|d| d.starts_with(&self.root))
            .map(|d| self.dir(d))
            .collect();
        let above: &[DirRules] = if self.opts.parents { &self.above } else { &[] };
        let chain = below.iter().map(|d| &**d).chain(above);
        let any_git = !self.opts.require_git
            || below.iter().any(|d| d.has_git)
            || self.above.iter().any(|d| d.has_git);
        let (mut ignore, mut git, mut exclude) = (Match::None, Match::None, Match::None);
        let mut saw_git = false;
        for d in chain {
            if ignore.is_none() {
                ignore = d.ignore.matched(path, is_dir);
            }
            if any_git && !saw_git && git.is_none() {
                git = d.git.matched(path, is_dir);
            }
            if any_git && !saw_git && exclude.is_none() {
                exclude = d.exclude.matched(path, is_dir);
            }
            saw_git = saw_git || d.has_git;
        }
        let global = if any_git {
            self.global.matched(path, is_dir)
        } else {
            Match::None
        };
        ignore.or(git).or(exclude).or(global).is_ignore()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(root: &Path, ignores: Ignores) -> Vec<String> {
        let mut found: Vec<String> = walker(root, Some(ignores), |e| e.file_name() != ".git")
            .build()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
            .map(|e| {
                let rel = e.path().strip_prefix(root).unwrap();
                rel.to_string_lossy().into_owned()
            })
            .collect();
        found.sort();
        found
    }

    #[test]
    fn rules_apply_as_the_crate_applies_them() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let write = |p: &str, t: &str| crate::store::write_atomic(&root.join(p), t.as_bytes());
        write(".gitignore", "*.log\nbuild/\n").unwrap();
        write("a/.gitignore", "!keep.log\n").unwrap();
        write("a/.ignore", "secret.txt\n").unwrap();
        write(".git/info/exclude", "local.txt\n").unwrap();
        for f in [
            "x.log",
            "a/keep.log",
            "a/y.log",
            "a/secret.txt",
            "local.txt",
            "build/o",
        ] {
            write(f, "").unwrap();
        }
        assert_eq!(
            names(&root, Ignores::ALL),
            [".gitignore", "a/.gitignore", "a/.ignore", "a/keep.log"]
        );
        assert_eq!(
            names(&root, Ignores::GIT),
            [
                ".gitignore",
                "a/.gitignore",
                "a/.ignore",
                "a/keep.log",
                "a/secret.txt"
            ]
        );
    }

    #[test]
    fn ignore_files_that_are_not_regular_files_are_not_opened() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("sub")).unwrap();
        crate::store::write_atomic(&root.join("sub/a.txt"), b"").unwrap();
        crate::store::write_atomic(&root.join("rules"), b"a.txt\n").unwrap();
        rustix::fs::mknodat(
            rustix::fs::CWD,
            root.join("sub/.gitignore"),
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        std::os::unix::fs::symlink("/dev/zero", root.join("sub/.ignore")).unwrap();
        std::os::unix::fs::symlink(root.join("rules"), root.join(".gitignore")).unwrap();
        assert_eq!(names(&root, Ignores::ALL), ["rules", "sub/a.txt"]);
    }
}
