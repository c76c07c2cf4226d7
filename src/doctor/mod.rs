//! `pilotdeck doctor`: checks that the installation can work — config validity, each provider's key and
//! endpoint, the external programs pilotdeck uses, git's `safe.bareRepository`, the OS sandbox, the
//! state database, PilotHome permissions and free disk. Every check reports; none changes anything.
//! `doctor --deep` ([`deep`]) checks the consistency of the state in PilotHome instead, and can
//! repair it.

pub mod deep;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use crate::config::{self, Loaded, known_provider};
use crate::home::PilotHome;
use crate::store;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Warn,
    Fail,
}

/// One check's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub name: String,
    pub status: Status,
    pub detail: String,
}

fn check(name: impl Into<String>, status: Status, detail: impl Into<String>) -> Check {
    Check {
        name: name.into(),
        status,
        detail: detail.into(),
    }
}

/// How long an endpoint probe may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(3);

/// Runs every check. `config` is the load result (an error is reported as a failed check).
pub async fn run(home: &PilotHome, config: Result<&Loaded, &config::Error>) -> Vec<Check> {
    let mut checks = Vec::new();
    match config {
        Ok(loaded) => {
            let warnings = loaded
                .diagnostics
                .iter()
                .filter(|d| d.severity == config::Severity::Warning)
                .count();
            let files: Vec<String> = loaded
                .files
                .iter()
                .map(|f| f.display().to_string())
                .collect();
            let detail = match (files.is_empty(), warnings) {
                (true, _) => "no config file; using defaults and the environment".to_owned(),
                (false, 0) => format!("valid: {}", files.join(", ")),
                (false, n) => format!(
                    "valid with {n} warning(s): {} (see `pilotdeck config validate`)",
                    files.join(", ")
                ),
            };
            checks.push(check(
                "config",
                if warnings == 0 {
                    Status::Ok
                } else {
                    Status::Warn
                },
                detail,
            ));
            if loaded.config.model.providers.is_empty() {
                checks.push(check(
                    "providers",
                    Status::Fail,
                    "no provider configured; run `pilotdeck config init` or set OPENAI_API_KEY / ANTHROPIC_API_KEY",
                ));
            }
            checks.extend(provider_checks(loaded).await);
        }
        Err(e) => checks.push(check("config", Status::Fail, e.to_string())),
    }
    for program in ["git", "node"] {
        checks.push(match find_in_path(program) {
            Some(p) => check(program, Status::Ok, p.display().to_string()),
            None => check(
                program,
                Status::Warn,
                format!(
                    "`{program}` not found on PATH; {}",
                    if program == "git" {
                        "always-on needs git"
                    } else {
                        "MCP servers started with npx need Node.js"
                    }
                ),
            ),
        });
    }
    checks.push(bare_repository_check());
    checks.push(sandbox_check(config.ok().map(|l| &l.config.tools.sandbox)));
    checks.push(state_db_check(home));
    checks.push(permissions_check(home));
    checks.push(disk_check(home));
    checks
}

/// Git's `safe.bareRepository` in the user's git config. The sandbox guard checks the files a
/// command leaves, not the commits it writes: a commit can carry a bare repository's shape
/// (`dir/HEAD`, `dir/config`, `objects/`, `refs/`) that a later `git merge` writes out, and whose
/// config git would then obey inside `dir`. With `explicit`, git uses no such repository.
fn bare_repository_check() -> Check {
    const NAME: &str = "git safe.bareRepository";
    let value = git2::Config::open_default()
        .ok()
        .and_then(|c| c.get_string("safe.bareRepository").ok());
    match value {
        // Git compares the value as written.
        Some(v) if v == "explicit" => check(NAME, Status::Ok, "explicit"),
        other => check(
            NAME,
            Status::Warn,
            format!(
                "{}; set it with `git config --global safe.bareRepository explicit`, so that your \
                 git ignores a bare repository an agent's commit could carry into the project",
                other.map_or_else(|| "not set".to_owned(), |v| format!("`{v}`"))
            ),
        ),
    }
}

/// The OS sandbox of the agent's commands (see `crate::tools::sandbox`).
fn sandbox_check(settings: Option<&config::SandboxConfig>) -> Check {
    use crate::tools::sandbox::Availability;
    let (found, detail) =
        crate::tools::sandbox::describe(settings.unwrap_or(&config::SandboxConfig::default()));
    let status = match found {
        Availability::On => Status::Ok,
        Availability::Off => Status::Warn,
        Availability::Refused => Status::Fail,
    };
    check("sandbox", status, detail)
}

async fn provider_checks(loaded: &Loaded) -> Vec<Check> {
    let client = match reqwest::Client::builder().timeout(PROBE_TIMEOUT).build() {
        Ok(c) => c,
        Err(e) => {
            return vec![check(
                "providers",
                Status::Fail,
                format!("cannot build an HTTP client: {e}"),
            )];
        }
    };
    let used = config::used_providers(&loaded.config);
    let probes = loaded.config.model.providers.iter().map(|(id, p)| {
        let client = client.clone();
        let used = used.contains(id);
        async move {
            let name = format!("provider {id}");
            let key = key_status(id, p);
            // A provider no model reference names is not called: its missing key breaks nothing.
            let missing = if used { Status::Fail } else { Status::Warn };
            let key = key.map_err(|k| {
                if used {
                    k
                } else {
                    format!("{k} (no configured model uses this provider)")
                }
            });
            let Some(url) = p
                .url
                .clone()
                .or_else(|| known_provider(id).map(|k| k.url.to_owned()))
            else {
                return check(name, Status::Fail, "no url");
            };
            let reach = match client.get(&url).send().await {
                Ok(r) => Ok(format!("{url} answered HTTP {}", r.status().as_u16())),
                Err(e) if e.is_timeout() => Err(format!(
                    "{url} did not answer within {}s",
                    PROBE_TIMEOUT.as_secs()
                )),
                Err(e) => Err(format!("{url} unreachable ({})", root_cause(&e))),
            };
            match (key, reach) {
                (Ok(k), Ok(r)) => check(name, Status::Ok, format!("{k}; {r}")),
                (Err(k), Ok(r)) => check(name, missing, format!("{k}; {r}")),
                (Ok(k), Err(r)) => check(name, Status::Warn, format!("{k}; {r}")),
                (Err(k), Err(r)) => check(name, missing, format!("{k}; {r}")),
            }
        }
    });
    futures::future::join_all(probes).await
}

fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cur = e;
    while let Some(next) = cur.source() {
        cur = next;
    }
    cur.to_string()
}

/// `Ok(description)` when the provider has a usable key (or needs none), `Err(what to do)` otherwise.
fn key_status(id: &str, p: &config::ProviderConfig) -> Result<String, String> {
    let reference = p.api_key.clone().or_else(|| {
        known_provider(id)
            .and_then(|k| k.key_env)
            .map(|v| format!("${{{v}}}"))
    });
    match reference {
        None => Ok("no key needed".to_owned()),
        Some(r) if r.contains("${") => match config::expand(&r) {
            Ok(v) if !v.trim().is_empty() => Ok(format!("key from {r}")),
            _ => Err(format!("key {r} is not set; export it")),
        },
        Some(_) => Ok("key set in the config file".to_owned()),
    }
}

/// The first executable named `program` on `$PATH`.
pub fn find_in_path(program: &str) -> Option<std::path::PathBuf> {
    crate::env::find_in_path(program.as_ref(), &crate::env::var_os("PATH")?)
}

fn state_db_check(home: &PilotHome) -> Check {
    let path = home.state_db();
    if !path.exists() {
        return check(
            "state.db",
            Status::Ok,
            format!("{} not created yet", path.display()),
        );
    }
    let result = store::open(&path).and_then(|conn| {
        conn.query_row("PRAGMA quick_check", [], |r| r.get::<_, String>(0))
            .map_err(|source| store::Error::Sqlite {
                path: path.clone(),
                source,
            })
    });
    match result {
        Ok(s) if s == "ok" => check(
            "state.db",
            Status::Ok,
            format!("{} passes quick_check", path.display()),
        ),
        Ok(s) => check("state.db", Status::Fail, format!("{}: {s}", path.display())),
        Err(e) => check("state.db", Status::Fail, format!("{e}: {}", root_cause(&e))),
    }
}

fn permissions_check(home: &PilotHome) -> Check {
    let root = home.root();
    let Ok(meta) = root.metadata() else {
        return check(
            "permissions",
            Status::Ok,
            format!("{} not created yet", root.display()),
        );
    };
    let mut loose = Vec::new();
    if meta.permissions().mode() & 0o077 != 0 {
        loose.push(format!("{} (directory, should be 0700)", root.display()));
    }
    for file in [
        home.config_file(),
        home.mcp_file(),
        home.state_db(),
        home.permissions_file(),
    ] {
        if file
            .metadata()
            .is_ok_and(|m| m.permissions().mode() & 0o077 != 0)
        {
            loose.push(format!("{} (should be 0600)", file.display()));
        }
    }
    if loose.is_empty() {
        check(
            "permissions",
            Status::Ok,
            format!("{} is private", root.display()),
        )
    } else {
        check(
            "permissions",
            Status::Warn,
            format!(
                "readable by others: {}; chmod go-rwx them",
                loose.join(", ")
            ),
        )
    }
}

/// Below this much free space, state writes may start failing.
const LOW_DISK: u64 = 1 << 30;

fn disk_check(home: &PilotHome) -> Check {
    let probe = home
        .root()
        .ancestors()
        .find(|p| p.exists())
        .unwrap_or(Path::new("/"));
    match rustix::fs::statvfs(probe) {
        Ok(s) => {
            let free = s.f_bavail.saturating_mul(s.f_frsize);
            let gib = free as f64 / (1u64 << 30) as f64;
            let status = if free < LOW_DISK {
                Status::Warn
            } else {
                Status::Ok
            };
            check(
                "disk",
                status,
                format!("{gib:.1} GiB free at {}", probe.display()),
            )
        }
        Err(e) => check(
            "disk",
            Status::Warn,
            format!("cannot read free space at {}: {e}", probe.display()),
        ),
    }
}
