//! The report contract: the markdown written after a plan's execution.
//!
//! ```text
//! # <plan title> - Work Report
//!
//! > Always-On Run Report
//! > run: … / plan: … / started: … / finished: … / outcome: … / workspace: <strategy> <path>
//!
//! ## Plan Reference       (pilotdeck: plan id, title, file)
//! ## Steps Performed      (agent)
//! ## Files Changed        (pilotdeck: the diffstat of the workspace)
//! ## Command Output       (agent)
//! ## Verification Results (agent)
//! ## Follow-ups           (agent)
//! ## Notes                (pilotdeck: what was missing, why the run stopped)
//! ```
//!
//! The agent's final answer supplies its four sections by heading. Lenient: a missing section gets a
//! placeholder and a note; an answer with none of the headings becomes "Steps Performed"; no answer
//! at all gives the fallback report (every agent section a placeholder, and the reason in Notes).

use std::path::Path;

/// The sections the agent writes, in order.
pub const AGENT_SECTIONS: [&str; 4] = [
    "Steps Performed",
    "Command Output",
    "Verification Results",
    "Follow-ups",
];

const NOT_REPORTED: &str = "_Not reported by the agent._";

/// What a report is made from.
#[derive(Debug, Clone)]
pub struct ReportInput<'a> {
    pub title: &'a str,
    pub plan_id: &'a str,
    pub plan_file: &'a Path,
    pub run_id: &'a str,
    pub started_at: &'a str,
    pub finished_at: &'a str,
    /// `completed`, `stopped` or `failed`.
    pub outcome: &'a str,
    pub strategy: &'a str,
    pub workspace: &'a Path,
    pub diffstat: &'a str,
    /// The execution's final answer.
    pub agent_text: &'a str,
    /// Why the execution stopped early, if it did.
    pub error: Option<&'a str>,
}

/// Whether the agent supplied the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportSource {
    /// Every agent section was there.
    Agent,
    /// Some were missing (placeholders, noted).
    Partial,
    /// No answer: the fallback report.
    Fallback,
}

/// The agent's sections found in `text`, by name (case-insensitive), in [`AGENT_SECTIONS`] order.
fn sections(text: &str) -> Vec<Option<String>> {
    let mut found: Vec<Option<String>> = vec![None; AGENT_SECTIONS.len()];
    let mut current: Option<usize> = None;
    let mut body = String::new();
    let mut flush = |current: Option<usize>, body: &mut String| {
        if let Some(i) = current {
            found[i] = Some(body.trim().to_owned()).filter(|b| !b.is_empty());
        }
        body.clear();
    };
    for line in text.lines() {
        let heading = line
            .trim_start()
            .strip_prefix("##")
            .map(|h| h.trim_start_matches('#').trim());
        if let Some(h) = heading {
            flush(current, &mut body);
            current = AGENT_SECTIONS.iter().position(|s| {
                s.eq_ignore_ascii_case(h) || s.replace('-', " ").eq_ignore_ascii_case(h)
            });
            continue;
        }
        if current.is_some() {
            body.push_str(line);
            body.push('\n');
        }
    }
    flush(current, &mut body);
    found
}

/// Builds the report markdown.
pub fn build(input: &ReportInput<'_>) -> (String, ReportSource) {
    let mut notes = Vec::new();
    let text = input.agent_text.trim();
    let mut parts = sections(text);
    let source = if text.is_empty() {
        notes.push("The agent gave no report; this is the fallback report.".to_owned());
        ReportSource::Fallback
    } else if parts.iter().all(Option::is_none) {
        notes.push(
            "The agent's answer did not use the report sections; it is quoted under Steps Performed."
                .to_owned(),
        );
        parts[0] = Some(text.to_owned());
        ReportSource::Partial
    } else if parts.iter().any(Option::is_none) {
        let missing: Vec<&str> = AGENT_SECTIONS
            .iter()
            .zip(&parts)
            .filter(|(_, p)| p.is_none())
            .map(|(n, _)| *n)
            .collect();
        notes.push(format!(
            "Missing from the agent's report: {}.",
            missing.join(", ")
        ));
        ReportSource::Partial
    } else {
        ReportSource::Agent
    };
    if let Some(e) = input.error {
        notes.push(format!("The execution stopped early: {e}"));
    }
    let files = if input.diffstat.trim().is_empty() {
        "No files changed.".to_owned()
    } else {
        format!("```\n{}\n```", input.diffstat.trim_end())
    };
    let body = |i: usize| parts[i].clone().unwrap_or_else(|| NOT_REPORTED.to_owned());
    let notes = if notes.is_empty() {
        "None.".to_owned()
    } else {
        notes
            .iter()
            .map(|n| format!("- {n}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let markdown = format!(
        "# {title} - Work Report\n\n> Always-On Run Report\n> run: {run}\n> plan: {plan}\n> started: {started}\n\
         > finished: {finished}\n> outcome: {outcome}\n> workspace: {strategy} {ws}\n\n\
         ## Plan Reference\n\n- id: {plan}\n- title: {title}\n- file: {plan_file}\n\n\
         ## Steps Performed\n\n{steps}\n\n## Files Changed\n\n{files}\n\n## Command Output\n\n{output}\n\n\
         ## Verification Results\n\n{verification}\n\n## Follow-ups\n\n{followups}\n\n## Notes\n\n{notes}\n",
        title = input.title,
        run = input.run_id,
        plan = input.plan_id,
        started = input.started_at,
        finished = input.finished_at,
        outcome = input.outcome,
        strategy = input.strategy,
        ws = input.workspace.display(),
        plan_file = input.plan_file.display(),
        steps = body(0),
        output = body(1),
        verification = body(2),
        followups = body(3),
    );
    (markdown, source)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &str) -> ReportInput<'_> {
        ReportInput {
            title: "T",
            plan_id: "p",
            plan_file: Path::new("/p.md"),
            run_id: "r",
            started_at: "s",
            finished_at: "f",
            outcome: "completed",
            strategy: "git-worktree",
            workspace: Path::new("/ws"),
            diffstat: " a | 1 +\n",
            agent_text: text,
            error: None,
        }
    }

    #[test]
    fn agent_sections_are_taken_by_heading() {
        let (md, source) = build(&input(
            "## Steps performed\nedited a\n## Command Output\nok\n## Verification Results\npass\n## Follow-ups\nnone",
        ));
        assert_eq!(source, ReportSource::Agent);
        assert!(md.contains("## Steps Performed\n\nedited a\n"));
        assert!(md.contains(" a | 1 +"));
    }

    #[test]
    fn missing_parts_get_placeholders_and_no_answer_the_fallback() {
        let (md, source) = build(&input("## Command Output\nok"));
        assert_eq!(source, ReportSource::Partial);
        assert!(md.contains("Missing from the agent's report: Steps Performed"));
        let (md, source) = build(&input(""));
        assert_eq!(source, ReportSource::Fallback);
        assert!(md.contains("fallback report"));
        assert_eq!(md.matches(NOT_REPORTED).count(), 4);
    }
}
