//! Recall's optional semantic stage (`memory.embedding`): the request is embedded once, the notes'
//! cached vectors ([`super::vectors`]) are ranked by cosine, and that ranking is fused with stage
//! 1's by reciprocal-rank fusion, the semantic side weighted by `memory.recall.embeddingWeight`.
//!
//! It never makes recall fail: without a model it is skipped; on a timeout, a failed call, a bad
//! reply, vectors of another length, or no vectors at all, stage 1's ranking stands and
//! [`Semantic`] says why (`semantic` in `memory recall --json`).

use std::collections::HashMap;
use std::path::PathBuf;

use rusqlite::Connection;
use serde::Serialize;

use super::Error;
use super::embed::{Problem, Reason};
use super::fts;
use super::recall::Candidate;
use super::space::Memory;
use super::vectors::{self, Nearest};

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

/// The notes of `scopes` nearest to `query` by their vectors of `model`, best first, on a
/// connection of its own (so it runs beside stage 1); `Err(_)` says why there are none.
pub(super) fn nearest(
    memory: &Memory,
    (model, scopes): (&str, Option<&[String]>),
    query: &[f32],
) -> Result<Result<Vec<Nearest>, Problem>, Error> {
    let mut conn = memory.db()?;
    crate::store::read_mapped(&conn)?;
    nearest_on(&mut conn, (model, scopes), query)
}

/// [`nearest`] on `conn`.
pub(super) fn nearest_on(
    conn: &mut Connection,
    (model, scopes): (&str, Option<&[String]>),
    query: &[f32],
) -> Result<Result<Vec<Nearest>, Problem>, Error> {
    vectors::nearest(conn, model, scopes, query, (POOL, MIN_COSINE))
}

/// Fuses `candidates` (stage 1's ranking, best first) with `nearest` (the semantic ranking, best
/// first); notes found only by meaning join from the index, unread.
pub(super) fn fuse(
    memory: &Memory,
    conn: &Connection,
    candidates: &mut Vec<Candidate>,
    nearest: &[Nearest],
) -> Result<(), Error> {
    let weight = memory.settings.recall.embedding_weight;
    let rrf = |rank: usize| 1.0 / (RRF_K + rank as f64 + 1.0);
    // (fused score, stage 1 place, the note)
    let mut scored: Vec<(f64, usize, Candidate)> = (candidates.drain(..).enumerate())
        .map(|(i, c)| (rrf(i), i, c))
        .collect();
    let mut place: HashMap<PathBuf, usize> = (scored.iter().enumerate())
        .map(|(j, (_, _, c))| (c.note.path.clone(), j))
        .collect();
    for (rank, near) in nearest.iter().enumerate() {
        let lift = weight * rrf(rank);
        for note in fts::active_by_hash(conn, &near.scope_key, &near.hash)? {
            if let Some(&j) = place.get(&note.path) {
                scored[j].0 += lift;
            } else if lift > 0.0 {
                place.insert(note.path.clone(), scored.len());
                let c = Candidate { note, stage1: None };
                scored.push((lift, usize::MAX - POOL + rank, c));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    *candidates = scored
        .into_iter()
        .map(|(score, _, mut c)| {
            c.note.score = score;
            c
        })
        .collect();
    Ok(())
}
