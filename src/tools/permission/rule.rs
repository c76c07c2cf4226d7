//! Permission rules: `tool` or `tool:pattern`, plus Claude-style `Tool(pattern)` with Claude's tool
//! names mapped to ours (`Read` → `read_file`, `Bash(git status:*)` → `bash:git status*`, …).
//!
//! Matching: the tool name is compared exactly or as a `*` glob (`mcp__github__*`). For `bash` the
//! pattern is a glob over the command (`*` spans anything, `/` included). For file tools the pattern
//! is a glob over the resolved absolute path; a relative pattern is taken from the project root and
//! `~/` from the home directory. For a tool that reaches a host (`web_fetch`, `web_search`) the
//! pattern matches the host by labels, with an optional port (`web_fetch:docs.rs`,
//! `web_fetch:*.github.com`, `web_fetch:127.0.0.1:8080`; see [`HostPattern`]).
//! A pattern on any other tool never matches.

use std::fmt;
use std::path::Path;

use globset::{Glob, GlobBuilder, GlobMatcher};

use super::Error;
use super::host::HostPattern;
use crate::home::expand_tilde;

/// What a matching rule does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Allow,
    Deny,
    Ask,
}

/// Where a rule came from, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSource {
    Config,
    PermissionsFile,
    Flag,
    /// Granted during the session (`PermissionPolicy::grant`).
    Session,
    /// Fixed by the caller of the loop, whatever the user's rules say; the label says whose they are.
    Fixed(&'static str),
}

/// Deny rules a caller fixes for its agent, on top of (and winning over) the user's rules. A denial
/// they cause cites `label`, e.g. "always-on's fixed rules (no push, remotes, credentials or
/// publishing)". The default is none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FixedRules {
    pub label: &'static str,
    pub rules: &'static [&'static str],
}

impl RuleSource {
    pub fn describe(self) -> &'static str {
        match self {
            RuleSource::Config => "config tools.permissions",
            RuleSource::PermissionsFile => "permissions.json",
            RuleSource::Flag => "the command line",
            RuleSource::Session => "this session",
            RuleSource::Fixed(label) => label,
        }
    }
}

/// The builtin file tools whose patterns match paths.
pub(crate) const PATH_TOOLS: &[&str] = &[
    "read_file",
    "write_file",
    "edit_file",
    "list_dir",
    "glob",
    "grep",
];

/// One parsed rule.
#[derive(Debug, Clone)]
pub struct Rule {
    pub kind: RuleKind,
    pub source: RuleSource,
    /// The rule as written, for messages.
    pub text: String,
    tool: GlobMatcher,
    pattern: Option<Pattern>,
}

#[derive(Debug, Clone)]
struct Pattern {
    text: String,
    command: GlobMatcher,
    /// For path tools: the pattern made absolute against the project root.
    path: GlobMatcher,
    /// For host tools (`None`: the pattern cannot name a host).
    host: Option<HostPattern>,
}

impl Rule {
    /// Parses `text`; `root` anchors relative path patterns.
    pub fn parse(
        text: &str,
        kind: RuleKind,
        source: RuleSource,
        root: &Path,
    ) -> Result<Rule, Error> {
        let bad = |message: String| Error::BadRule {
            rule: text.to_owned(),
            origin: source.describe().to_owned(),
            message,
        };
        let trimmed = text.trim();
        let (name, pattern) = if let Some(open) = trimmed.find('(')
            && trimmed.ends_with(')')
            && !trimmed.get(..open).unwrap_or_default().contains([':', ' '])
        {
            let inner = trimmed.get(open + 1..trimmed.len() - 1).unwrap_or_default();
            (trimmed.get(..open).unwrap_or_default(), Some(inner))
        } else if let Some((name, pattern)) = trimmed.split_once(':') {
            (name, Some(pattern))
        } else {
            (trimmed, None)
        };
        let name = map_tool_name(name.trim());
        if name.is_empty() {
            return Err(bad("the tool name is empty".to_owned()));
        }
        // Claude's `mcp__server` names every tool of that server.
        let server_wide;
        let name = match name.strip_prefix("mcp__") {
            Some(server) if !server.is_empty() && !server.contains("__") => {
                server_wide = format!("{name}__*");
                server_wide.as_str()
            }
            _ => name,
        };
        let tool = Glob::new(name)
            .map_err(|e| bad(e.kind().to_string()))?
            .compile_matcher();
        let pattern = match pattern.map(str::trim) {
            None | Some("") | Some("*") => None,
            Some(p) => {
                // Claude's `git status:*` means "git status" followed by anything.
                let p = p
                    .strip_suffix(":*")
                    .map_or_else(|| p.to_owned(), |s| format!("{s}*"));
                let glob = |text: &str| {
                    GlobBuilder::new(text)
                        .literal_separator(false)
                        .backslash_escape(true)
                        .build()
                        .map(|g| g.compile_matcher())
                        .map_err(|e| bad(e.kind().to_string()))
                };
                let absolute = if p.starts_with('~') {
                    expand_tilde(&p)
                } else {
                    root.join(&p)
                };
                Some(Pattern {
                    command: glob(&p)?,
                    path: glob(&absolute.to_string_lossy())?,
                    host: HostPattern::parse(&p),
                    text: p,
                })
            }
        };
        Ok(Rule {
            kind,
            source,
            text: text.to_owned(),
            tool,
            pattern,
        })
    }

    /// True when the rule names this tool (ignoring any pattern).
    pub fn matches_tool(&self, tool: &str) -> bool {
        self.tool.is_match(tool)
    }

    pub fn has_pattern(&self) -> bool {
        self.pattern.is_some()
    }

    /// The pattern after Claude-name mapping and `:*` expansion (`git status*`), if any.
    pub fn pattern(&self) -> Option<&str> {
        self.pattern.as_ref().map(|p| p.text.as_str())
    }

    /// Matches a command string (bash).
    pub(crate) fn matches_command(&self, tool: &str, command: &str) -> bool {
        self.matches_tool(tool)
            && self
                .pattern
                .as_ref()
                .is_none_or(|p| p.command.is_match(command.trim()))
    }

    /// Matches a resolved absolute path (file tools).
    pub(crate) fn matches_path(&self, tool: &str, resolved: &Path) -> bool {
        self.matches_tool(tool)
            && self.pattern.as_ref().is_none_or(|p| {
                PATH_TOOLS.contains(&tool)
                    && (p.path.is_match(resolved) || p.command.is_match(resolved))
            })
    }

    /// Matches a network host (`docs.rs`, or `127.0.0.1:8080` with its port). An allow rule
    /// matches by labels ([`HostPattern`]); a deny or ask rule also as a plain glob over the host
    /// (`web_fetch:127.*`, `web_fetch:evil*`), so it never covers less than it appears to.
    pub(crate) fn matches_host(&self, tool: &str, host: &str) -> bool {
        let bare = host.rsplit_once(':').map_or(host, |(name, port)| {
            if port.chars().all(|c| c.is_ascii_digit()) && !name.ends_with(':') {
                name
            } else {
                host
            }
        });
        self.matches_tool(tool)
            && self.pattern.as_ref().is_none_or(|p| {
                p.host.as_ref().is_some_and(|h| h.matches(host))
                    || (self.kind != RuleKind::Allow
                        && (p.command.is_match(host)
                            || p.command.is_match(bare.trim_matches(['[', ']']))))
            })
    }

    /// True when the pattern names one host or IP address, without a wildcard in it: what a rule
    /// must do to let `web_fetch` reach a private or loopback address.
    pub(crate) fn names_one_host(&self) -> bool {
        self.pattern
            .as_ref()
            .and_then(|p| p.host.as_ref())
            .is_some_and(HostPattern::is_exact)
    }

    /// Matches a tool with no inspectable subject: only pattern-less rules apply.
    pub(crate) fn matches_plain(&self, tool: &str) -> bool {
        self.matches_tool(tool) && self.pattern.is_none()
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` from {}", self.text, self.source.describe())
    }
}

/// Claude Code's tool names → pilotdeck's. Unknown names (ours, MCP tools) pass through.
pub(crate) fn map_tool_name(name: &str) -> &str {
    match name {
        "Read" => "read_file",
        "Write" => "write_file",
        "Edit" | "MultiEdit" => "edit_file",
        "Glob" => "glob",
        "Grep" => "grep",
        "Bash" => "bash",
        "LS" => "list_dir",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(text: &str) -> Rule {
        Rule::parse(text, RuleKind::Allow, RuleSource::Flag, Path::new("/proj")).unwrap()
    }

    #[test]
    fn parses_claude_and_native_forms() {
        let r = rule("Bash(git status:*)");
        assert!(r.matches_command("bash", "git status --short"));
        assert!(!r.matches_command("bash", "git push"));
        assert_eq!(r.pattern(), Some("git status*"));
        assert!(rule("bash:echo (x)").matches_command("bash", "echo (x)"));
        assert!(rule("Read").matches_plain("read_file"));
        assert!(rule("MultiEdit").matches_plain("edit_file"));
        assert!(rule("bash:npm test*").matches_command("bash", "npm test -- --watch"));
        assert!(rule("mcp__github__*").matches_plain("mcp__github__create_issue"));
        assert!(rule("mcp__github").matches_plain("mcp__github__create_issue"));
        assert!(!rule("mcp__github").matches_plain("mcp__gitlab__create_issue"));
    }

    #[test]
    fn path_patterns_are_anchored_at_the_root() {
        let r = rule("write_file:src/*");
        assert!(r.matches_path("write_file", Path::new("/proj/src/a/b.rs")));
        assert!(!r.matches_path("write_file", Path::new("/other/src/a.rs")));
        assert!(rule("Write(/tmp/*)").matches_path("write_file", Path::new("/tmp/x")));
        assert!(!rule("mcp_x:foo").matches_plain("mcp_x"));
    }

    #[test]
    fn host_patterns_match_the_host_with_or_without_its_port() {
        let r = rule("web_fetch:127.0.0.1*");
        assert!(r.matches_host("web_fetch", "127.0.0.1:8080"));
        assert!(r.matches_host("web_fetch", "127.0.0.1"));
        assert!(!r.matches_host("web_fetch", "10.0.0.1"));
        assert!(rule("web_fetch:docs.rs").matches_host("web_fetch", "docs.rs:443"));
        assert!(rule("web_fetch:*.github.com").matches_host("web_fetch", "api.github.com"));
        assert!(!rule("web_fetch:docs.rs*").matches_host("web_fetch", "docs.rs.attacker.example"));
        assert!(!rule("web_fetch:10.0.0.5*").matches_host("web_fetch", "10.0.0.50"));
        assert!(rule("web_fetch:127.0.0.1*").names_one_host());
        assert!(!rule("web_fetch:*.github.com").names_one_host());
        assert!(!rule("web_fetch").names_one_host());
        let deny = |text: &str| {
            Rule::parse(text, RuleKind::Deny, RuleSource::Flag, Path::new("/proj")).unwrap()
        };
        assert!(deny("web_fetch:127.*").matches_host("web_fetch", "127.0.0.1:80"));
        assert!(deny("web_fetch:docs.rs*").matches_host("web_fetch", "docs.rs.attacker.example"));
        assert!(!rule("web_fetch:docs.rs").matches_host("web_search", "docs.rs"));
        assert!(rule("web_fetch:::1").matches_host("web_fetch", "[::1]:80"));
        assert!(rule("web_search").matches_host("web_search", "api.tavily.com"));
    }

    #[test]
    fn rejects_bad_rules() {
        let err = Rule::parse("bash:[", RuleKind::Deny, RuleSource::Config, Path::new("/"));
        assert!(err.is_err());
        assert!(Rule::parse("  ", RuleKind::Deny, RuleSource::Config, Path::new("/")).is_err());
    }
}
