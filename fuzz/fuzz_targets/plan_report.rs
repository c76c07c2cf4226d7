//! The always-on contracts: any text is validated as a plan without a panic, a plan rendered from
//! any draft validates or names its problems, and any agent answer makes a report with every section.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use pilotdeck::always_on::plan::{self, PlanDraft, PlanHeader};
use pilotdeck::always_on::report::{self, AGENT_SECTIONS, ReportInput};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(valid) = plan::validate(&text) {
        assert!(!valid.title.trim().is_empty());
    }
    if let Ok(draft) = serde_json::from_slice::<PlanDraft>(data) {
        let header = PlanHeader {
            id: "p".to_owned(),
            run: "r".to_owned(),
            created: "2026-01-01T00:00:00Z".to_owned(),
            project: "/p".to_owned(),
            dedupe_key: plan::normalize_key(&draft.dedupe_key),
        };
        if let Err(problems) = plan::validate(&plan::render(&header, &draft)) {
            assert!(!problems.is_empty());
        }
    }
    let (markdown, _) = report::build(&ReportInput {
        title: "t",
        plan_id: "p",
        plan_file: Path::new("/p.md"),
        run_id: "r",
        started_at: "s",
        finished_at: "f",
        outcome: "completed",
        strategy: "worktree",
        workspace: Path::new("/w"),
        diffstat: "",
        agent_text: &text,
        error: None,
    });
    for section in AGENT_SECTIONS {
        assert!(markdown.contains(&format!("## {section}")));
    }
});
