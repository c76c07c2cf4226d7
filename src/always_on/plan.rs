//! The plan contract: the fixed markdown a discovery plan is saved as, and its validation.
//!
//! ```text
//! # <title>
//!
//! > Always-On Plan
//! > id: <plan id>
//! > run: <run id>
//! > created: <RFC 3339>
//! > project: <project root>
//! > dedupe key: <key>
//!
//! ## Summary            one paragraph, at most 200 characters
//! ## Rationale          not empty
//! ## Context Signals    one or more `- ` bullets
//! ## Proposed Change    not empty; no TODO / TBD / 待补充 placeholders
//! ## Execution Steps    an ordered list (`1. `), one or more items, nothing else
//! ## Verification       one or more `- ` bullets
//! ```
//!
//! Exactly these sections, in this order; the header keys exactly these five. A plan is rendered
//! from the plan tool's fields and then validated as text, so what is saved always passes
//! [`validate`] (which also checks a plan file someone edited by hand).

use serde::Deserialize;

/// Longest plan file.
pub const MAX_CHARS: usize = 100_000;
/// Longest summary.
pub const SUMMARY_CHARS: usize = 200;

const MARKER: &str = "Always-On Plan";
const HEADER_KEYS: [&str; 5] = ["id", "run", "created", "project", "dedupe key"];
const SECTIONS: [&str; 6] = [
    "Summary",
    "Rationale",
    "Context Signals",
    "Proposed Change",
    "Execution Steps",
    "Verification",
];
const PLACEHOLDERS: [&str; 3] = ["TODO", "TBD", "待补充"];

/// What the model files through the plan tool.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlanDraft {
    pub title: String,
    pub dedupe_key: String,
    pub summary: String,
    pub rationale: String,
    pub context_signals: Vec<String>,
    pub proposed_change: String,
    pub execution_steps: Vec<String>,
    pub verification: Vec<String>,
}

/// The header fields pilotdeck fills in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanHeader {
    pub id: String,
    pub run: String,
    pub created: String,
    pub project: String,
    pub dedupe_key: String,
}

/// A plan that passed [`validate`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidPlan {
    pub title: String,
    pub header: PlanHeader,
    pub summary: String,
}

/// A dedupe key as stored: trimmed, lower case, inner whitespace collapsed to `-`.
pub fn normalize_key(key: &str) -> String {
    key.split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
        .to_lowercase()
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn strip_marker(item: &str) -> &str {
    let t = item.trim();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t);
    match t.split_once(". ") {
        Some((n, rest)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => rest,
        _ => t,
    }
}

/// The plan's markdown.
pub fn render(header: &PlanHeader, draft: &PlanDraft) -> String {
    let bullets = |items: &[String]| {
        items
            .iter()
            .map(|i| format!("- {}", one_line(strip_marker(i))))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let steps = draft
        .execution_steps
        .iter()
        .enumerate()
        .map(|(n, s)| format!("{}. {}", n + 1, one_line(strip_marker(s))))
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "# {title}\n\n> {MARKER}\n> id: {}\n> run: {}\n> created: {}\n> project: {}\n> dedupe key: {}\n\n\
         ## Summary\n\n{summary}\n\n## Rationale\n\n{rationale}\n\n## Context Signals\n\n{signals}\n\n\
         ## Proposed Change\n\n{change}\n\n## Execution Steps\n\n{steps}\n\n## Verification\n\n{verification}\n",
        header.id,
        header.run,
        header.created,
        header.project,
        header.dedupe_key,
        title = one_line(&draft.title),
        summary = one_line(&draft.summary),
        rationale = draft.rationale.trim(),
        signals = bullets(&draft.context_signals),
        change = draft.proposed_change.trim(),
        verification = bullets(&draft.verification),
    )
}

/// Checks `markdown` against the contract; every problem found, in order.
pub fn validate(markdown: &str) -> Result<ValidPlan, Vec<String>> {
    let mut problems = Vec::new();
    if markdown.chars().count() > MAX_CHARS {
        problems.push(format!("the plan is longer than {MAX_CHARS} characters"));
    }
    let mut lines = markdown.lines().peekable();
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    let title = match lines.next().and_then(|l| l.strip_prefix("# ")) {
        Some(t) if !t.trim().is_empty() => t.trim().to_owned(),
        _ => {
            problems.push("the plan must start with a `# Title` line".to_owned());
            String::new()
        }
    };
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    let mut quote = Vec::new();
    while let Some(l) = lines.peek().and_then(|l| l.strip_prefix('>')) {
        quote.push(l.trim().to_owned());
        lines.next();
    }
    let header = check_header(&quote, &mut problems);
    let mut sections: Vec<(String, Vec<&str>)> = Vec::new();
    for line in lines {
        if let Some(name) = line.strip_prefix("## ") {
            sections.push((name.trim().to_owned(), Vec::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push(line);
        } else if !line.trim().is_empty() {
            problems.push(format!("text before the first section: `{}`", line.trim()));
        }
    }
    let names: Vec<&str> = sections.iter().map(|(n, _)| n.as_str()).collect();
    if names != SECTIONS {
        problems.push(format!(
            "the sections must be exactly {} in this order (found: {})",
            SECTIONS.join(", "),
            if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(", ")
            }
        ));
    }
    let mut summary = String::new();
    for (name, body) in &sections {
        let text: Vec<&str> = body.iter().map(|l| l.trim()).collect();
        let filled: Vec<&str> = text.iter().copied().filter(|l| !l.is_empty()).collect();
        match name.as_str() {
            "Summary" => {
                let joined = text.join("\n");
                let paragraph = joined.trim();
                if paragraph.is_empty() || paragraph.contains("\n\n") {
                    problems.push("Summary must be one paragraph".to_owned());
                }
                if paragraph.chars().count() > SUMMARY_CHARS {
                    problems.push(format!("Summary is longer than {SUMMARY_CHARS} characters"));
                }
                summary = paragraph.to_owned();
            }
            "Rationale" if filled.is_empty() => problems.push("Rationale is empty".to_owned()),
            "Context Signals" | "Verification"
                if filled.is_empty()
                    || filled.iter().any(|l| !l.starts_with("- ") || l.len() < 3) =>
            {
                problems.push(format!("{name} must be a list of one or more `- ` bullets"));
            }
            "Proposed Change" => {
                if filled.is_empty() {
                    problems.push("Proposed Change is empty".to_owned());
                }
                if let Some(l) = filled
                    .iter()
                    .find(|l| PLACEHOLDERS.iter().any(|p| l.contains(p)))
                {
                    problems.push(format!(
                        "Proposed Change has a placeholder instead of a decision: `{l}`"
                    ));
                }
            }
            "Execution Steps" => {
                let ordered = |l: &&str| {
                    l.split_once(". ").is_some_and(|(n, rest)| {
                        !n.is_empty()
                            && n.chars().all(|c| c.is_ascii_digit())
                            && !rest.trim().is_empty()
                    })
                };
                if filled.is_empty() || !filled.iter().all(ordered) {
                    problems.push(
                        "Execution Steps must be an ordered list (`1. …`) of one or more steps"
                            .to_owned(),
                    );
                }
            }
            _ => {}
        }
    }
    match (problems.is_empty(), header) {
        (true, Some(header)) => Ok(ValidPlan {
            title,
            header,
            summary,
        }),
        _ => Err(problems),
    }
}

fn check_header(quote: &[String], problems: &mut Vec<String>) -> Option<PlanHeader> {
    if quote.first().map(String::as_str) != Some(MARKER) {
        problems.push(format!(
            "after the title comes a blockquote whose first line is `> {MARKER}`"
        ));
        return None;
    }
    let mut values = std::collections::BTreeMap::new();
    for line in &quote[1..] {
        match line.split_once(':') {
            Some((k, v)) if HEADER_KEYS.contains(&k.trim()) => {
                if v.trim().is_empty() {
                    problems.push(format!("header `{}` is empty", k.trim()));
                }
                values.insert(k.trim().to_owned(), v.trim().to_owned());
            }
            Some((k, _)) => problems.push(format!(
                "unknown header `{}` (allowed: {})",
                k.trim(),
                HEADER_KEYS.join(", ")
            )),
            None => problems.push(format!("header line `{line}` is not `key: value`")),
        }
    }
    for key in HEADER_KEYS {
        if !values.contains_key(key) {
            problems.push(format!("header `{key}` is missing"));
        }
    }
    let get = |k: &str| values.get(k).cloned().unwrap_or_default();
    Some(PlanHeader {
        id: get("id"),
        run: get("run"),
        created: get("created"),
        project: get("project"),
        dedupe_key: get("dedupe key"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> PlanDraft {
        PlanDraft {
            title: "Add a README".to_owned(),
            dedupe_key: "Docs README".to_owned(),
            summary: "The project has no README.".to_owned(),
            rationale: "New contributors cannot start.".to_owned(),
            context_signals: vec!["no README.md at the root".to_owned()],
            proposed_change: "Write README.md with usage.".to_owned(),
            execution_steps: vec!["1. write README.md".to_owned(), "check it".to_owned()],
            verification: vec!["README.md exists".to_owned()],
        }
    }

    fn header() -> PlanHeader {
        PlanHeader {
            id: "p1".into(),
            run: "r1".into(),
            created: "2026-01-01T00:00:00Z".into(),
            project: "/p".into(),
            dedupe_key: normalize_key("Docs README"),
        }
    }

    #[test]
    fn a_rendered_plan_validates() {
        let text = render(&header(), &draft());
        let plan = validate(&text).unwrap();
        assert_eq!(plan.title, "Add a README");
        assert_eq!(plan.header.dedupe_key, "docs-readme");
        assert!(text.contains("1. write README.md\n2. check it"));
    }

    #[test]
    fn placeholders_missing_sections_and_long_summaries_are_refused() {
        let mut d = draft();
        d.proposed_change = "TODO decide".to_owned();
        d.summary = "x".repeat(201);
        let problems = validate(&render(&header(), &d)).unwrap_err();
        assert!(
            problems.iter().any(|p| p.contains("placeholder")),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.contains("longer than 200")),
            "{problems:?}"
        );
        let text = render(&header(), &draft()).replace("## Rationale", "## Why");
        let problems = validate(&text).unwrap_err();
        assert!(
            problems.iter().any(|p| p.contains("exactly")),
            "{problems:?}"
        );
        let text = render(&header(), &draft()).replace("> run:", "> owner: x\n> run:");
        assert!(validate(&text).unwrap_err()[0].contains("unknown header `owner`"));
    }

    #[test]
    fn empty_lists_are_refused() {
        let mut d = draft();
        d.execution_steps.clear();
        d.verification.clear();
        let problems = validate(&render(&header(), &d)).unwrap_err();
        assert_eq!(problems.len(), 2, "{problems:?}");
    }
}
