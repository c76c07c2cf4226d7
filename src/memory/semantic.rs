//! Recall's optional semantic stage (`memory.embedding`): the request is embedded once, the notes'
//! cached vectors ([`super::vectors`]) are ranked by cosine, and that ranking is fused with stage
//! 1's by reciprocal-rank fusion, the semantic side weighted by `memory.recall.embeddingWeight`.
//!
//! It never makes recall fail: without a model it is skipped; on a timeout, a failed call, a bad
//! reply, vectors of another length, or no vectors at all, stage 1's ranking stands and
//! [`Semantic`] says why (`semantic` in `memory recall --json`).

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;

use super::Error;
use super::embed::{Problem, Reason};
use super::fts;
use super::recall::{self, RecalledNote};
use super::space::Memory;
use super::vectors::VectorSet;

/// Notes each ranking hands to the fusion, at most.
pub(super) const POOL: usize = 50;

/// The constant of reciprocal-rank fusion: a note at rank r (from 1) adds `weight / (K + r)`.
const RRF_K: f64 = 60.0;

/// Cosine under which a note is not semantically related to the request at all.
const MIN_COSINE: f32 = 0.2;

/// What the semantic stage did for one recall.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Semantic {
    /// Not run: no `memory.embedding`, or `--offline`.
    Skipped,
    /// The result fuses stage 1 with the semantic ranking.
    Used,
    /// It ran and failed; the result is stage 1's ranking.
    Fallback { reason: Reason, problem: String },
}

impl Semantic {
    pub(super) fn fallback(problem: Problem) -> Semantic {
        Semantic::Fallback {
            reason: problem.reason,
            problem: problem.text,
        }
    }
}

/// Fuses `notes` (stage 1's ranking, best first) with the notes nearest to `query` among
/// `vectors`, keeping at most `limit`. Notes found only by meaning are read from their files.
pub(super) fn fuse(
    memory: &Memory,
    conn: &Connection,
    notes: &mut Vec<RecalledNote>,
    vectors: &VectorSet,
    query: &[f32],
    limit: usize,
) -> Result<Semantic, Error> {
    if vectors.is_empty() {
        notes.truncate(limit);
        return Ok(Semantic::fallback(Problem::new(
            Reason::NoVectors,
            "no note has a vector yet; run `pilotdeck memory reindex --embeddings`",
        )));
    }
    let nearest = match vectors.nearest(query, POOL, MIN_COSINE) {
        Ok(n) => n,
        Err(problem) => {
            notes.truncate(limit);
            return Ok(Semantic::fallback(problem));
        }
    };
    let weight = memory.settings.recall.embedding_weight;
    let rrf = |rank: usize| 1.0 / (RRF_K + rank as f64 + 1.0);
    // (fused score, stage 1 place, the note)
    let mut scored: HashMap<String, (f64, usize, RecalledNote)> = notes
        .drain(..)
        .enumerate()
        .map(|(i, n)| (n.id.clone(), (rrf(i), i, n)))
        .collect();
    for (rank, (rowid, _)) in nearest.iter().enumerate() {
        let lift = weight * rrf(rank);
        let Some(indexed) = fts::active_note(conn, *rowid)? else {
            continue;
        };
        let id = super::layout::relative(&indexed.path, memory.layout.root());
        if let Some(entry) = scored.get_mut(&id) {
            entry.0 += lift;
        } else if lift > 0.0
            && let Some(note) = recall::read(memory, indexed)
        {
            scored.insert(id, (lift, usize::MAX - POOL + rank, note));
        }
    }
    let mut fused: Vec<(f64, usize, RecalledNote)> = scored.into_values().collect();
    fused.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    fused.truncate(limit);
    *notes = fused
        .into_iter()
        .map(|(score, _, mut n)| {
            n.note.score = score;
            n
        })
        .collect();
    Ok(Semantic::Used)
}
