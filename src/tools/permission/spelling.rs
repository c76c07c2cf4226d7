//! How a path argument is spelled versus where it lands, for the hard-deny check: parameter
//! expansions (`$X`, `${X:-/}`, `$'…'`), tildes (`~`, `~root`), globs (`/*`, `/[e]tc`, `/{etc,x}`)
//! and `..` chains (resolved against each directory the line may run in). What can be resolved is;
//! what cannot (a command substitution, `$1`, `${X#…}`) is assumed to be anything, so a recursive
//! removal of it counts as a removal of `/`.

use std::path::{Component, Path, PathBuf};

use globset::GlobBuilder;

use super::shell::UNKNOWN;
use crate::env;

/// Directories whose recursive removal (or a glob directly inside them) is hard-denied, besides the
/// user's home, its parents, and every directory directly in `/home` or `/Users`.
const SYSTEM_DIRS: &[&str] = &[
    "/",
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/home",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/media",
    "/mnt",
    "/opt",
    "/proc",
    "/root",
    "/run",
    "/sbin",
    "/snap",
    "/srv",
    "/sys",
    "/usr",
    "/var",
    "/nix",
    "/System",
    "/Library",
    "/Applications",
    "/Users",
    "/private",
];

/// At most this many spellings of one word are checked; past it the word counts as unknown.
const MAX_CANDIDATES: usize = 32;

/// If `word` (an operand of a recursive removal) can land on a system directory or a home
/// directory, what it lands on, for the message. `cwds` are the directories the command may run
/// in (none when unknown: relative words are then not checked).
pub(super) fn system_target(word: &str, cwds: &[PathBuf]) -> Option<String> {
    if word.starts_with('-') && !word.contains(UNKNOWN) {
        return None;
    }
    let home = crate::home::user_home();
    for candidate in candidates(word) {
        let Some(text) = tilde(&candidate, home.as_deref()) else {
            return Some(format!(
                "`{}`, which is only known at run time",
                shown(word)
            ));
        };
        if text.starts_with(UNKNOWN) {
            return Some(format!(
                "`{}`, which is only known at run time",
                shown(word)
            ));
        }
        if text.is_empty() {
            continue;
        }
        let text = text.replace(UNKNOWN, "*");
        let bases: Vec<PathBuf> = if text.starts_with('/') {
            vec![PathBuf::from("/")]
        } else {
            cwds.to_vec()
        };
        for base in bases {
            let normal = normalize(&base.join(&text));
            if is_system(&normal, home.as_deref()) {
                return Some(describe(word, &normal));
            }
        }
    }
    None
}

fn describe(word: &str, landed: &Path) -> String {
    if landed.as_os_str() == word {
        format!("`{word}`")
    } else {
        format!("`{}` (`{}`)", shown(word), landed.display())
    }
}

/// `word` with [`UNKNOWN`] shown as a command substitution.
pub(super) fn shown(word: &str) -> String {
    word.replace(UNKNOWN, "$(…)")
}

/// Whether a normalised path is a system or home directory, or a glob directly inside one.
fn is_system(path: &Path, home: Option<&Path>) -> bool {
    let text = path.to_string_lossy();
    let is_glob = |s: &str| s.contains(['*', '?', '[', '{']);
    let dirs = protected_dirs(home);
    if !is_glob(&text) {
        return dirs.iter().any(|d| d == path) || in_homes(path);
    }
    // A glob: does it match a protected directory, or does its last part glob inside one?
    let matches = |pattern: &str| {
        GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map(|g| g.compile_matcher())
            .map_or(true, |m| {
                dirs.iter().any(|d| m.is_match(d)) || m.is_match("/home/someone")
            })
    };
    if matches(&text) {
        return true;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(last)) if is_glob(&last.to_string_lossy()) => {
            let parent_text = parent.to_string_lossy();
            if is_glob(&parent_text) {
                matches(&parent_text)
            } else {
                dirs.iter().any(|d| d == parent) || in_homes(parent)
            }
        }
        _ => false,
    }
}

/// A directory directly in `/home` or `/Users`: somebody's home.
fn in_homes(path: &Path) -> bool {
    path.parent()
        .is_some_and(|p| p == Path::new("/home") || p == Path::new("/Users"))
}

fn protected_dirs(home: Option<&Path>) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = SYSTEM_DIRS.iter().map(PathBuf::from).collect();
    if let Some(home) = home {
        dirs.extend(home.ancestors().map(Path::to_owned));
    }
    dirs
}

/// Lexical normalisation: `.`, `..` and repeated `/` resolved without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for part in path.components() {
        match part {
            Component::Normal(name) => out.push(name),
            Component::ParentDir => {
                out.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    out
}

/// `~` → home, `~user` → that user's home; `None` for `~+`/`~-` (only known at run time).
fn tilde(word: &str, home: Option<&Path>) -> Option<String> {
    let Some(after) = word.strip_prefix('~') else {
        return Some(word.to_owned());
    };
    let (user, rest) = after.split_at(after.find('/').unwrap_or(after.len()));
    match user {
        "" => Some(format!(
            "{}{rest}",
            home.map_or("/home/someone".to_owned(), |h| h.display().to_string())
        )),
        "+" | "-" => None,
        "root" => Some(format!("/root{rest}")),
        other => Some(format!("/home/{other}{rest}")),
    }
}

/// Every spelling `word` may expand to: each variable as its value and as empty, `${X:-w}` also as
/// `w`, anything else unresolvable as [`UNKNOWN`].
pub(super) fn candidates(word: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let chars: Vec<char> = word.chars().collect();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        let options: Vec<String> = if c != '$' {
            vec![c.to_string()]
        } else if chars.get(i) == Some(&'{') {
            let close = chars.iter().skip(i).position(|&c| c == '}').map(|p| p + i);
            let Some(close) = close else {
                return vec![UNKNOWN.to_string()];
            };
            let inner: String = chars.get(i + 1..close).unwrap_or_default().iter().collect();
            i = close + 1;
            braced(&inner)
        } else {
            let name: String = chars
                .iter()
                .skip(i)
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .collect();
            if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
                // `$1`, `$@`, `$'…'`, `$"…"`: not known here.
                i += name.len();
                vec![UNKNOWN.to_string()]
            } else {
                i += name.len();
                variable(&name, None)
            }
        };
        let mut next = Vec::new();
        for prefix in &out {
            for o in &options {
                next.push(format!("{prefix}{o}"));
            }
        }
        if next.len() > MAX_CANDIDATES {
            return vec![UNKNOWN.to_string()];
        }
        out = next;
    }
    out.dedup();
    out
}

/// `${inner}`.
fn braced(inner: &str) -> Vec<String> {
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let (name, op) = inner.split_at(name_len);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return vec![UNKNOWN.to_string()];
    }
    for (prefix, keeps_value) in [
        (":-", true),
        ("-", true),
        (":=", true),
        ("=", true),
        (":?", true),
        ("?", true),
        (":+", false),
        ("+", false),
    ] {
        if let Some(word) = op.strip_prefix(prefix) {
            let alternatives = candidates(word);
            return if keeps_value {
                variable(name, Some(alternatives))
            } else {
                alternatives.into_iter().chain([String::new()]).collect()
            };
        }
    }
    if op.is_empty() {
        variable(name, None)
    } else {
        vec![UNKNOWN.to_string()]
    }
}

fn variable(name: &str, alternatives: Option<Vec<String>>) -> Vec<String> {
    let mut out: Vec<String> = env::var(name).into_iter().collect();
    out.extend(alternatives.unwrap_or_default());
    out.push(String::new());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(word: &str) -> bool {
        system_target(word, &[PathBuf::from("/tmp/a/b/proj")]).is_some()
    }

    #[test]
    fn resolves_spellings_of_system_directories() {
        for word in [
            "/",
            "//",
            "/*",
            "/[e]tc",
            "/e*",
            "/{etc,x}",
            "/usr/../",
            "/usr/*",
            "~",
            "~/",
            "~root",
            "~someone",
            "${X_UNSET_FOR_TEST:-/}",
            "$X_UNSET_FOR_TEST/",
            "$HOME",
            "../../../../../../../../*",
            "../../../..",
            "\0",
            "$1",
            "$'\\x2f'",
        ] {
            assert!(hits(word), "{word}");
        }
        for word in [
            "build",
            "./target",
            "/tmp/x",
            "$X_UNSET_FOR_TEST",
            "../x",
            "-rf",
            "/usr/lib/x",
        ] {
            assert!(!hits(word), "{word}");
        }
    }
}
