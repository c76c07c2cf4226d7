//! Recall stage 2, the model step: one call to the memory model that decides whether the request
//! needs memory at all and, if it does, which of stage 1's candidates to use.
//!
//! It runs only when `memory.reasoningMode` (or `memory.schedule.reasoningMode`) is
//! `accuracy_first` and the caller did not ask for `--offline`, and only when stage 1 found
//! candidates. It never makes recall fail and never waits past the recall's deadline
//! (`retrievalTimeoutMs` from the start of the recall): on a timeout, a failed call, a reply that is
//! not the JSON asked for, or a pick of no known candidate, stage 1's ranking stands and the
//! [`ModelStep`] says why. There is no retry — recall sits in front of an answer. The call is routed
//! like index and dream (role `memory`).

use std::time::Instant;

use serde::Serialize;
use serde_json::{Value, json};

use super::llm::MemoryModel;
use super::recall::RecalledNote;
use super::space::Memory;

/// Characters of each candidate's body shown to the model.
const PREVIEW_CHARS: usize = 400;

/// Candidates stage 1 hands to the model step, at least.
pub(super) const MIN_CANDIDATES: usize = 10;

const SYSTEM_PROMPT: &str = "You decide what a coding agent should recall from its long-term memory before it answers a \
request. You get the request and candidate notes found by keyword search (id, type, name, description, updated_at, \
preview). Memory is needed only when a note clearly helps with this request: facts, decisions or rules it depends on. \
Greetings, small talk and self-contained requests need none. If memory is needed, pick the helpful notes, most useful \
first, using only ids from the candidates. Reply with one JSON object and nothing else: {\"needed\": true, \"ids\": \
[\"...\"]} or {\"needed\": false, \"ids\": []}.";

/// What the model step did for one recall.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ModelStep {
    /// Not run; stage 1's ranking is the result.
    Skipped { reason: SkipReason },
    /// The model picked the notes in the result.
    Picked { model: String, elapsed_ms: f64 },
    /// The model said the request needs no memory; the result is empty.
    NotNeeded { model: String, elapsed_ms: f64 },
    /// The step failed; stage 1's ranking is the result.
    Fallback {
        reason: FallbackReason,
        problem: String,
        elapsed_ms: f64,
    },
}

/// Why the model step did not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// `reasoningMode` is `answer_first` (the default).
    AnswerFirst,
    /// The caller asked for stage 1 only (`--offline`).
    Offline,
    /// Stage 1 found nothing to choose from.
    NoCandidates,
}

/// Why stage 1's ranking stands although the model step ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FallbackReason {
    /// No reply before the recall's deadline.
    Timeout,
    /// The model could not be resolved or the call failed.
    Error,
    /// The reply was not `{"needed": bool, "ids": [...]}` or named no candidate.
    Invalid,
}

/// Runs the model step over `candidates` (stage 1's ranking, best first) and returns the notes to
/// use, at most `limit`, with what happened. Never waits past `deadline`.
pub(super) async fn choose(
    memory: &Memory,
    query: &str,
    mut candidates: Vec<RecalledNote>,
    limit: usize,
    deadline: tokio::time::Instant,
) -> (Vec<RecalledNote>, ModelStep) {
    let started = Instant::now();
    let elapsed = || started.elapsed().as_secs_f64() * 1000.0;
    let fallback = |mut candidates: Vec<RecalledNote>, reason, problem: String| {
        candidates.truncate(limit);
        let step = ModelStep::Fallback {
            reason,
            problem,
            elapsed_ms: elapsed(),
        };
        (candidates, step)
    };
    let model = match MemoryModel::resolve(memory) {
        Ok(m) => m,
        Err(e) => return fallback(candidates, FallbackReason::Error, e.to_string()),
    };
    let prompt = prompt(query, &candidates, limit);
    let reply = match tokio::time::timeout_at(deadline, model.json(SYSTEM_PROMPT, &prompt)).await {
        Err(_) => {
            let problem = format!(
                "no reply within memory.retrievalTimeoutMs ({} ms)",
                memory.settings.retrieval_timeout_ms
            );
            return fallback(candidates, FallbackReason::Timeout, problem);
        }
        Ok(Err(e)) => return fallback(candidates, FallbackReason::Error, error_chain(&e)),
        Ok(Ok(Err(problem))) => return fallback(candidates, FallbackReason::Invalid, problem),
        Ok(Ok(Ok(value))) => value,
    };
    let ids: Vec<&str> = candidates.iter().map(|c| c.id.as_str()).collect();
    match parse(&reply, &ids, limit) {
        Err(problem) => fallback(candidates, FallbackReason::Invalid, problem),
        Ok(None) => {
            let step = ModelStep::NotNeeded {
                model: model.name(),
                elapsed_ms: elapsed(),
            };
            (Vec::new(), step)
        }
        Ok(Some(picked)) => {
            let mut slots: Vec<Option<RecalledNote>> = candidates.drain(..).map(Some).collect();
            let notes = picked.into_iter().filter_map(|i| slots[i].take()).collect();
            let step = ModelStep::Picked {
                model: model.name(),
                elapsed_ms: elapsed(),
            };
            (notes, step)
        }
    }
}

/// The user message: the request and the candidates as JSON.
fn prompt(query: &str, candidates: &[RecalledNote], limit: usize) -> String {
    let listing: Vec<Value> = candidates
        .iter()
        .map(|c| {
            json!({
                "id": c.id,
                "type": c.note.kind.as_str(),
                "name": c.note.name,
                "description": c.note.description,
                "updated_at": c.note.updated_at,
                "preview": c.body.chars().take(PREVIEW_CHARS).collect::<String>(),
            })
        })
        .collect();
    format!(
        "Request:\n{query}\n\nPick at most {limit} notes.\n\nCandidates:\n{}",
        Value::Array(listing)
    )
}

/// Checks a reply against the candidate ids: `Ok(None)` when no memory is needed, else the indexes
/// of the picked candidates in the model's order (unknown and repeated ids dropped, at most
/// `limit`). An error names what is wrong.
fn parse(reply: &Value, ids: &[&str], limit: usize) -> Result<Option<Vec<usize>>, String> {
    let needed = reply
        .get("needed")
        .and_then(Value::as_bool)
        .ok_or("the reply has no boolean `needed`")?;
    if !needed {
        return Ok(None);
    }
    let picked = reply
        .get("ids")
        .and_then(Value::as_array)
        .ok_or("the reply has no `ids` array")?;
    let mut out: Vec<usize> = Vec::new();
    for id in picked.iter().filter_map(Value::as_str) {
        if let Some(i) = ids.iter().position(|c| *c == id)
            && !out.contains(&i)
            && out.len() < limit
        {
            out.push(i);
        }
    }
    if out.is_empty() {
        return Err("the reply names no candidate id".to_owned());
    }
    Ok(Some(out))
}

/// `e` and its sources, joined by `: `.
pub(super) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_keeps_known_ids_in_order_and_rejects_bad_replies() {
        let ids = ["Project/a.md", "Project/b.md", "Project/c.md"];
        let reply = json!({"needed": true, "ids": ["Project/c.md", "nope", "Project/c.md", "Project/a.md"]});
        assert_eq!(parse(&reply, &ids, 5), Ok(Some(vec![2, 0])));
        assert_eq!(parse(&reply, &ids, 1), Ok(Some(vec![2])));
        assert_eq!(
            parse(&json!({"needed": false, "ids": []}), &ids, 5),
            Ok(None)
        );
        assert!(parse(&json!({"needed": "yes"}), &ids, 5).is_err());
        assert!(parse(&json!({"needed": true}), &ids, 5).is_err());
        assert!(parse(&json!({"needed": true, "ids": ["x"]}), &ids, 5).is_err());
    }
}
