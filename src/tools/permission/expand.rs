//! Static expansion of the run-time parts of a command line that hide a command from the
//! hard-deny check: `$(echo rm)` and `` `echo rm` `` become `rm`, and a variable set earlier on the
//! same line (`X=rm; $X -rf /`) is replaced by its value. The result is classified next to the
//! original, so the worse of the two wins. Anything that stays dynamic (a variable from the
//! environment, a real command substitution) is left as it is; [`computed_command`] flags it.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

#[expect(clippy::expect_used, reason = "constant patterns")]
static ECHO_SUBST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\$\(\s*(?:echo|printf)\s+([^()`]*?)\s*\)|`\s*(?:echo|printf)\s+([^`]*?)\s*`"#)
        .expect("valid regex")
});

#[expect(clippy::expect_used, reason = "constant patterns")]
static ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:^|[;&|\s(])([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;&|()]*)"#)
        .expect("valid regex")
});

/// `line` with echo-substitutions and same-line variables expanded, or `None` when nothing changed.
pub(super) fn expand(line: &str) -> Option<String> {
    if !line.contains('$') && !line.contains('`') {
        return None;
    }
    let mut out = ECHO_SUBST
        .replace_all(line, |c: &regex::Captures<'_>| {
            let text = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
            unquote(text).to_owned()
        })
        .into_owned();
    let vars: HashMap<String, String> = ASSIGNMENT
        .captures_iter(line)
        .map(|c| (c[1].to_owned(), unquote(&c[2]).to_owned()))
        .collect();
    for (name, value) in &vars {
        out = out
            .replace(&format!("${{{name}}}"), value)
            .replace(&format!("${name}"), value);
    }
    (out != line).then_some(out)
}

fn unquote(text: &str) -> &str {
    let t = text.trim();
    t.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .or_else(|| t.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
        .unwrap_or(t)
}

/// True when a command word is only known at run time: a variable or a command substitution.
pub(super) fn computed_command(word: &str) -> bool {
    word.starts_with('$') || word.starts_with('`')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_echo_substitutions_and_same_line_variables() {
        assert_eq!(expand("$(echo rm) -rf /").as_deref(), Some("rm -rf /"));
        assert_eq!(expand("`echo rm` -rf /").as_deref(), Some("rm -rf /"));
        assert_eq!(expand("X=rm; $X -rf /").as_deref(), Some("X=rm; rm -rf /"));
        assert_eq!(
            expand("X='rm -rf'; ${X} /").as_deref(),
            Some("X='rm -rf'; rm -rf /")
        );
        assert_eq!(expand("ls -la"), None);
        assert_eq!(expand("echo $HOME"), None);
    }
}
