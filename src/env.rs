//! The one place pilotdeck reads environment variables, so every variable it honours is listed and
//! tests can see them all. It sits below `config` and `home`, which both read the environment.

use std::ffi::{OsStr, OsString};
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

/// The value of `name` when set and valid UTF-8; an empty value counts as unset.
pub fn var(name: &str) -> Option<String> {
    #[expect(clippy::disallowed_methods, reason = "the sanctioned reader")]
    let v = std::env::var(name).ok()?;
    (!v.is_empty()).then_some(v)
}

/// The raw value of `name`, for paths that need not be UTF-8.
pub fn var_os(name: &str) -> Option<OsString> {
    std::env::var_os(name).filter(|v| !v.is_empty())
}

/// The first executable file named `program` in the directories of `path` (a `$PATH` value).
pub fn find_in_path(program: &OsStr, path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|d| d.join(program))
        .find(|p| {
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}
