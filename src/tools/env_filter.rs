//! [`EnvFilter`]: which of pilotdeck's environment variables a child started for the agent may see.
//! One filter serves every such child — the bash tool, command hooks and MCP stdio servers — so a
//! command cannot print a credential into a tool result, and so into the model's context and the
//! transcript.
//!
//! A variable is hidden when its name
//! - contains `KEY`, `SECRET`, `TOKEN`, `PASSWORD` or `CREDENTIAL` in any case ([`SECRET_PATTERNS`]);
//! - is referenced by the configuration (`${NAME}` / `${env:NAME}` in `pilotdeck.yaml`, including
//!   `apiKey`, and in `mcp.json`), whatever it is called;
//! - or matches a `tools.bash.env.exclude` glob;
//!
//! unless it matches a `tools.bash.env.include` glob (an explicit re-allow; `exclude` wins over
//! `include`). Matching is by substring on purpose: `MYAPIKEY` and `GHTOKEN` must not slip through
//! a word-based rule, so harmless names such as `KEYBOARD_LAYOUT` or `TOKENIZERS_PARALLELISM` are
//! hidden too and can be re-allowed with `include`. Globs use `*` and `?` and ignore case.
//!
//! Only inherited variables are filtered: a variable a spawner sets explicitly (an MCP server's
//! `env:` in mcp.json, `PILOTDECK_TOOL`) is passed as given.

use std::collections::BTreeSet;
use std::ffi::OsString;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use super::process::CommandSpec;
use crate::config::EnvFilterConfig;

/// Name patterns hidden from every child unless re-allowed.
pub const SECRET_PATTERNS: &[&str] =
    &["*KEY*", "*SECRET*", "*TOKEN*", "*PASSWORD*", "*CREDENTIAL*"];

/// Hides secrets from the environment of the children pilotdeck starts for the agent.
#[derive(Debug, Clone)]
pub struct EnvFilter {
    hidden: GlobSet,
    allowed: GlobSet,
    referenced: BTreeSet<String>,
}

impl Default for EnvFilter {
    /// The built-in patterns only: no configured references, includes or excludes.
    fn default() -> Self {
        EnvFilter::new(&EnvFilterConfig::default(), [])
    }
}

impl EnvFilter {
    /// The built-in patterns plus `config`'s excludes, minus its includes, and the variables in
    /// `referenced`. Patterns were checked when the config was loaded (`config::validate`); one
    /// that still does not compile is skipped with a warning.
    pub fn new(
        config: &EnvFilterConfig,
        referenced: impl IntoIterator<Item = String>,
    ) -> EnvFilter {
        let hidden = SECRET_PATTERNS
            .iter()
            .copied()
            .chain(config.exclude.iter().map(String::as_str));
        EnvFilter {
            hidden: glob_set(hidden),
            allowed: glob_set(config.include.iter().map(String::as_str)),
            referenced: referenced.into_iter().collect(),
        }
    }

    /// The filter a session uses: `tools.bash.env` and every variable the config references.
    pub fn from_config(config: &crate::config::Config) -> EnvFilter {
        EnvFilter::new(
            &config.tools.bash.env,
            config.env_references.iter().cloned(),
        )
    }

    /// The same filter, also hiding `names` (the variables a tool source's own config references).
    #[must_use]
    pub fn with_references(&self, names: impl IntoIterator<Item = String>) -> EnvFilter {
        let mut out = self.clone();
        out.referenced.extend(names);
        out
    }

    /// True when a child must not inherit the variable `name`.
    pub fn hides(&self, name: &str) -> bool {
        let excluded = self.hidden.is_match(name) || self.referenced.contains(name);
        (excluded && !self.allowed.is_match(name)) || self.is_explicitly_excluded(name)
    }

    fn is_explicitly_excluded(&self, name: &str) -> bool {
        // The built-in patterns come first in `hidden`; any later match is a configured exclude.
        self.hidden
            .matches(name)
            .iter()
            .any(|&i| i >= SECRET_PATTERNS.len())
    }

    /// The names among `vars` that a child must not inherit.
    pub fn hidden_names(&self, vars: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
        vars.into_iter()
            .filter(|name| self.hides(&name.to_string_lossy()))
            .collect()
    }

    /// Removes from `spec` every variable of pilotdeck's own environment that the filter hides.
    /// Variables `spec` sets explicitly are kept.
    pub fn apply(&self, spec: &mut CommandSpec) {
        let inherited = std::env::vars_os().map(|(name, _)| name);
        spec.env_remove.extend(self.hidden_names(inherited));
    }
}

fn glob_set<'a>(patterns: impl Iterator<Item = &'a str>) -> GlobSet {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        match GlobBuilder::new(pattern)
            .case_insensitive(true)
            .literal_separator(false)
            .build()
        {
            Ok(glob) => {
                builder.add(glob);
            }
            Err(e) => tracing::warn!("environment pattern `{pattern}` is skipped: {e}"),
        }
    }
    builder.build().unwrap_or_else(|e| {
        tracing::warn!("environment patterns are skipped: {e}");
        GlobSet::empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(include: &[&str], exclude: &[&str]) -> EnvFilterConfig {
        EnvFilterConfig {
            include: include.iter().map(|s| (*s).to_owned()).collect(),
            exclude: exclude.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn secret_looking_names_are_hidden_in_any_case() {
        let f = EnvFilter::default();
        for name in [
            "ANTHROPIC_API_KEY",
            "GITHUB_TOKEN",
            "AWS_SECRET_ACCESS_KEY",
            "DB_PASSWORD",
            "GOOGLE_APPLICATION_CREDENTIALS",
            "npm_config__authToken",
            "MYAPIKEY",
            "KEYBOARD_LAYOUT",
        ] {
            assert!(f.hides(name), "{name} should be hidden");
        }
        for name in [
            "PATH",
            "HOME",
            "LANG",
            "TERM",
            "SSH_AUTH_SOCK",
            "CARGO_HOME",
        ] {
            assert!(!f.hides(name), "{name} should pass");
        }
    }

    #[test]
    fn referenced_names_are_hidden_whatever_they_are_called() {
        let f = EnvFilter::new(&config(&[], &[]), ["MY_PROXY_PASS".to_owned()]);
        assert!(f.hides("MY_PROXY_PASS"));
        assert!(!f.hides("MY_PROXY"));
        let f = EnvFilter::default().with_references(["DB_URL".to_owned()]);
        assert!(f.hides("DB_URL"));
    }

    #[test]
    fn include_re_allows_and_exclude_wins() {
        let f = EnvFilter::new(
            &config(
                &["KEYBOARD_*", "GITHUB_TOKEN", "LIB_*"],
                &["LIB_SECRETS_PATH", "DATABASE_URL"],
            ),
            ["KEYBOARD_LAYOUT".to_owned()],
        );
        assert!(!f.hides("KEYBOARD_LAYOUT"));
        assert!(!f.hides("github_token"));
        assert!(f.hides("OPENAI_API_KEY"));
        assert!(f.hides("DATABASE_URL"));
        assert!(f.hides("database_url"));
        assert!(f.hides("LIB_SECRETS_PATH"));
    }

    #[test]
    fn apply_removes_only_hidden_inherited_names() {
        let mut spec = CommandSpec::new("true").env("EXPLICIT_TOKEN", "kept");
        let f = EnvFilter::default();
        f.apply(&mut spec);
        assert!(
            spec.env_remove
                .iter()
                .all(|n| f.hides(&n.to_string_lossy()))
        );
        assert!(
            spec.env_remove
                .iter()
                .all(|n| n.to_string_lossy() != "PATH")
        );
        assert_eq!(spec.env.len(), 1);
    }
}
