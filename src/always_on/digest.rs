//! What discovery is told about the project's recent past: the user's prompts from the newest
//! sessions (at most 10 sessions, 8 prompts each, 500 characters a prompt) and the plans already
//! filed, so it neither misses what the user was doing nor plans the same thing twice.

use std::fmt::Write as _;

use super::db::PlanRow;
use crate::home::{PilotHome, Project};
use crate::session::{Record, Transcript};

const SESSIONS: usize = 10;
const PROMPTS: usize = 8;
const PROMPT_CHARS: usize = 500;

/// The recent-sessions digest (empty when there are none).
pub(super) fn sessions(home: &PilotHome, project: &Project) -> String {
    let dir = home.sessions_dir(&project.key);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut out = String::new();
    for path in files.iter().rev().take(SESSIONS) {
        let Ok(records) = Transcript::open(path.clone()).read() else {
            continue;
        };
        let mut created = String::new();
        let mut prompts = Vec::new();
        for record in &records {
            match record {
                Record::Session { created_at, .. } => {
                    created = created_at.format("%Y-%m-%d %H:%M UTC").to_string();
                }
                Record::User { message, .. } if prompts.len() < PROMPTS => {
                    let text: String = message.text().chars().take(PROMPT_CHARS).collect();
                    prompts.push(text.split_whitespace().collect::<Vec<_>>().join(" "));
                }
                _ => {}
            }
        }
        if prompts.is_empty() {
            continue;
        }
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy())
            .unwrap_or_default();
        let _ = writeln!(out, "- session {name} ({created}):");
        for p in prompts {
            let _ = writeln!(out, "  - {p}");
        }
    }
    out
}

/// The plans already filed for the project, one line each.
pub(super) fn plans(plans: &[PlanRow]) -> String {
    let mut out = String::new();
    for p in plans {
        let _ = writeln!(
            out,
            "- {} \"{}\" (dedupe key {}, {})",
            p.id, p.title, p.dedupe_key, p.status
        );
    }
    out
}
