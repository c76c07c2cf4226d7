//! Project identity from a git remote (`project.identity: remote`): the same repository cloned on two
//! machines, or in two pods, is one project for memory and sessions.
//!
//! [`normalize_remote`] turns the forms one repository's URL takes (`git@host:org/repo.git`,
//! `ssh://git@host/org/repo`, `https://host/org/repo/`, any case of the host) into one string;
//! [`remote_key`] hashes it (plus the project's place inside the repository, for a monorepo holding
//! several projects) into a key of the same shape as a path key.

use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{ProjectKey, slug};

/// Where a project's key comes from (`project.identity`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Identity {
    /// The canonical path of the project root (the default).
    #[default]
    Path,
    /// The normalised URL of the repository's `origin` remote; the path when there is none.
    Remote,
}

/// How the key of a resolved project was made, for `config path --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "identity", rename_all = "snake_case")]
pub enum KeySource {
    /// From the project root's path (`project.identity: path`).
    Path,
    /// From the `origin` remote.
    Remote {
        /// The normalised URL the key was made from.
        remote: String,
    },
    /// `project.identity: remote`, but the project has no usable `origin`: the path stands in.
    PathFallback { reason: String },
    /// A directory under `<home>/projects/<key>/` (an always-on worktree): the key it sits under.
    Home,
}

/// The normalised form of a git remote URL: `host[:port]/path` with the host in lower case, no
/// user, no scheme, no trailing `/` or `.git`. Local paths and `file://` URLs become `file/<path>`.
/// `None` for an empty URL.
pub fn normalize_remote(url: &str) -> Option<String> {
    let url = url.trim();
    if url.is_empty() {
        return None;
    }
    let (host, path) = if let Some((scheme, rest)) = url.split_once("://") {
        let scheme = scheme.to_ascii_lowercase();
        if scheme == "file" {
            ("file".to_owned(), rest.to_owned())
        } else {
            let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
            let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            let host = host.to_ascii_lowercase();
            // The default port of the scheme says nothing about the repository.
            let host = match (scheme.as_str(), host.rsplit_once(':')) {
                ("ssh" | "git+ssh" | "ssh+git", Some((h, "22")))
                | ("https", Some((h, "443")))
                | ("http", Some((h, "80"))) => h.to_owned(),
                _ => host,
            };
            (host, path.to_owned())
        }
    } else if let Some((authority, path)) = scp_like(url) {
        let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        (host.to_ascii_lowercase(), path.to_owned())
    } else {
        ("file".to_owned(), url.to_owned())
    };
    let mut path = path.trim_end_matches('/').to_owned();
    if let Some(stripped) = path.strip_suffix(".git") {
        path = stripped.trim_end_matches('/').to_owned();
    }
    let path = path.trim_start_matches('/');
    Some(format!("{host}/{path}"))
}

/// `[user@]host:path` (scp-like syntax), not a local path that merely holds a `:`.
fn scp_like(url: &str) -> Option<(&str, &str)> {
    let (authority, path) = url.split_once(':')?;
    let local = authority.is_empty() || authority.contains('/') || url.starts_with('.');
    (!local).then_some((authority, path))
}

/// The key of a project identified by `remote` (normalised), sitting at `subdir` inside the
/// repository (empty at its root): `<slug of the repository name>-<10 hex of the hash>`.
pub fn remote_key(remote: &str, subdir: &Path) -> ProjectKey {
    let sub = subdir.to_string_lossy();
    let material = if sub.is_empty() {
        format!("remote:{remote}")
    } else {
        format!("remote:{remote}#{sub}")
    };
    let digest = Sha256::digest(material.as_bytes());
    let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    let name = match sub.is_empty() {
        true => remote.rsplit('/').next().unwrap_or(remote).to_owned(),
        false => subdir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    ProjectKey(format!("{}-{hex}", slug(Path::new(&name))))
}

/// The normalised `origin` URL of the repository holding `root`, and `root`'s place inside its work
/// tree; the reason there is none otherwise.
pub(super) fn origin_of(root: &Path) -> Result<(String, std::path::PathBuf), String> {
    let repo = git2::Repository::discover(root)
        .map_err(|_| "the project is not in a git repository".to_owned())?;
    let remote = repo
        .find_remote("origin")
        .map_err(|_| "the repository has no `origin` remote".to_owned())?;
    let url = remote
        .url()
        .ok()
        .and_then(normalize_remote)
        .ok_or_else(|| "the `origin` remote has no URL".to_owned())?;
    let subdir = repo
        .workdir()
        .and_then(|w| w.canonicalize().ok())
        .and_then(|w| root.strip_prefix(w).ok().map(Path::to_owned))
        .unwrap_or_default();
    Ok((url, subdir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_repository_in_every_url_form_is_one_string() {
        let forms = [
            "git@GitHub.com:Org/repo.git",
            "git@github.com:Org/repo",
            "ssh://git@github.com/Org/repo.git",
            "ssh://git@github.com:22/Org/repo.git/",
            "https://github.com/Org/repo",
            "https://user@GITHUB.com/Org/repo.git",
            "https://github.com:443/Org/repo/",
            "git+ssh://git@github.com/Org/repo",
        ];
        for form in forms {
            assert_eq!(
                normalize_remote(form).as_deref(),
                Some("github.com/Org/repo"),
                "{form}"
            );
        }
        // The path keeps its case (servers may tell `Org` from `org`); another port is another host.
        assert_ne!(
            normalize_remote("https://github.com/org/repo"),
            normalize_remote("https://github.com/Org/repo")
        );
        assert_eq!(
            normalize_remote("ssh://git@host:2222/a/b.git").as_deref(),
            Some("host:2222/a/b")
        );
    }

    #[test]
    fn local_paths_and_file_urls() {
        assert_eq!(
            normalize_remote("file:///srv/git/notes.git").as_deref(),
            Some("file/srv/git/notes")
        );
        assert_eq!(
            normalize_remote("/srv/git/notes.git/").as_deref(),
            Some("file/srv/git/notes")
        );
        assert_eq!(
            normalize_remote("./a:b").as_deref(),
            Some("file/./a:b"),
            "a relative path with a colon is not scp syntax"
        );
        assert_eq!(normalize_remote("  "), None);
    }

    #[test]
    fn remote_keys_name_the_repository_and_tell_subprojects_apart() {
        let root = remote_key("github.com/Org/My.Repo", Path::new(""));
        assert!(root.0.starts_with("my-repo-"), "{root}");
        assert_eq!(root.0.len(), "my-repo-".len() + 10);
        let sub = remote_key("github.com/Org/My.Repo", Path::new("services/api"));
        assert!(sub.0.starts_with("api-"), "{sub}");
        assert_ne!(root, sub);
        assert_ne!(root, remote_key("github.com/Org/Other", Path::new("")));
    }
}
