//! Stage 1 scoring: notes and their paragraph windows ranked together.
//!
//! One FTS5 query ranks whole notes (name, description, body, dates as words), another the windows
//! ([`super::window`]) of the best of those notes, each window by its own text and, at a lower
//! weight, its neighbours' nearest words (so an answer is found by the question before it); both BM25 scores are
//! normalised by the best of their list. A window's score is lifted by its note's; a note ranks by
//! its best window. Notes holding a day inside the request's relative time
//! ([`super::dates::relative`]) are lifted too. Pseudo-relevance feedback ([`Feedback`]), when on,
//! runs the queries again with the original terms twice and the words most shared by the first
//! pass's best notes; that pass ranks the notes, while windows keep the first pass's scores.

use std::collections::HashMap;

use chrono::NaiveDate;
use rusqlite::Connection;

use super::Error;
use super::dates::{self, Span};
use super::fts::{self, IndexedNote, NoteHit, WindowHit};
use super::segment;
pub(super) use crate::config::RecallFeedback as Feedback;

/// How many notes the note query ranks, at least; windows are ranked within those notes.
const NOTE_POOL: usize = 100;
/// At most this many windows of those notes are ranked.
const WINDOW_POOL: usize = 1000;
/// A window's score: its own (BM25 over its text and, lower, its neighbours') + `NOTE_LIFT` × its
/// note's.
const NOTE_LIFT: f64 = 0.5;
/// A note's score: its best window's (normalised; the window is lifted by its note), plus its own ×
/// `OWN_NOTE` — only enough to order notes none of whose windows was ranked. A long note is as
/// relevant as its best passage: its own BM25 over the whole text is already in that window's
/// lift, and weighing it again ranked notes worse on the LoCoMo dev split at every weight tried
/// (session R@5 0.897 at 1, 0.898 at 0.05, 0.899 at 0; R@1 0.701 → 0.709).
const OWN_NOTE: f64 = 1e-3;
/// Added to the (normalised) score of a note with a day inside the request's time span.
const TIME_BOOST: f64 = 0.5;
/// Feedback: expansion terms taken from the best `FEEDBACK_DOCS` notes.
const FEEDBACK_DOCS: usize = 3;
const FEEDBACK_TERMS: usize = 10;

/// What stage 1 is asked.
pub(super) struct Request<'a> {
    pub query: &'a str,
    pub limit: usize,
    /// Notes to return, at least `limit` (more for a later fusion); `limit` alone decides feedback.
    pub pool: usize,
    /// The reference day relative time is read against.
    pub today: NaiveDate,
    pub feedback: Feedback,
}

/// A ranked window: the note it belongs to (index into [`Ranked::notes`]) and its lines
/// (`last_line` is `usize::MAX` for a note that is one window: its whole body).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct RankedWindow {
    pub note: usize,
    pub first_line: usize,
    pub last_line: usize,
    pub score: f64,
}

/// Stage 1's answer.
#[derive(Debug, Default)]
pub(super) struct Ranked {
    /// Best first, at most `limit`.
    pub notes: Vec<IndexedNote>,
    /// The best windows of those notes, best first, at most `limit`.
    pub windows: Vec<RankedWindow>,
    /// The request's relative time, when it names one.
    pub span: Option<Span>,
    /// Whether feedback ran.
    pub feedback: bool,
    /// Whether the index changed while this recall ran (a note file changed since the last check),
    /// so work done on the index as it was before — the semantic stage's scan — is to be redone.
    pub reindexed: bool,
}

/// Ranks notes and windows in `scopes` for `req`.
pub(super) fn search(
    conn: &Connection,
    req: &Request<'_>,
    scopes: Option<&[String]>,
) -> Result<Ranked, Error> {
    let terms = segment::query_terms(req.query);
    let Some(expr) = segment::match_expression(&terms) else {
        return Ok(Ranked::default());
    };
    let span = dates::relative(req.query, req.today);
    let keep = req.limit.max(req.pool);
    let first = score(conn, &expr, scopes, keep, span)?;
    let feedback = match req.feedback {
        Feedback::On => true,
        Feedback::Off => false,
        Feedback::Auto => first.notes.len() < req.limit,
    };
    let extra = if feedback && !first.notes.is_empty() {
        expansion(conn, &first.notes, &terms)?
    } else {
        Vec::new()
    };
    // The original terms twice, then the expansion words.
    let again = (!extra.is_empty())
        .then(|| [terms.as_slice(), terms.as_slice(), extra.as_slice()].concat())
        .and_then(|all| segment::match_expression(&all));
    let second = match again {
        Some(expr) => Some(score(conn, &expr, scopes, keep, span)?),
        None => None,
    };
    let mut ranked = match second {
        // The second pass ranks the notes; windows keep the first pass's scores, the request's own
        // words (the expansion words pull windows away from the answer: LoCoMo dev turn R@5 0.678
        // against 0.685), and a note found only by the second pass is quoted by its second-pass
        // windows.
        Some(second) => {
            let mut windows = first.windows;
            let quoted: std::collections::HashSet<i64> = windows.iter().map(|w| w.0.note).collect();
            windows.extend((second.windows.into_iter()).filter(|(w, _)| !quoted.contains(&w.note)));
            let mut ranked = select(second.notes, windows, keep);
            ranked.feedback = true;
            ranked
        }
        None => select(first.notes, first.windows, keep),
    };
    ranked.span = span;
    Ok(ranked)
}

/// One pass's scores, before the cut: notes (fused with their best window) and windows (fused with
/// their note), each list best first.
struct Scored {
    notes: Vec<(f64, NoteHit)>,
    windows: Vec<(WindowHit, f64)>,
}

/// One pass: both queries, normalised and fused.
fn score(
    conn: &Connection,
    expr: &str,
    scopes: Option<&[String]>,
    limit: usize,
    span: Option<Span>,
) -> Result<Scored, Error> {
    let notes = fts::notes(conn, expr, scopes, NOTE_POOL.max(limit))?;
    let rowids: Vec<i64> = notes
        .iter()
        .filter(|n| n.windowed)
        .map(|n| n.rowid)
        .collect();
    let mut windows = if rowids.is_empty() {
        Vec::new()
    } else {
        fts::windows(conn, expr, &rowids, WINDOW_POOL)?
    };
    let top = notes
        .first()
        .map_or(1.0, |n| n.note.score.max(f64::MIN_POSITIVE));
    let note_score: HashMap<i64, f64> = notes
        .iter()
        .map(|n| {
            let inside = span.is_some_and(|s| n.days.iter().any(|d| s.contains(*d)));
            let lift = if inside { TIME_BOOST } else { 0.0 };
            (n.rowid, n.note.score / top + lift)
        })
        .collect();
    let mut window_scores = window_scores(&windows, &note_score);
    // A note without windows of its own is one window: the whole body.
    for n in notes.iter().filter(|n| !n.windowed) {
        let note = note_score.get(&n.rowid).copied().unwrap_or(0.0);
        window_scores.push(note + NOTE_LIFT * note);
        windows.push(WindowHit {
            note: n.rowid,
            first_line: 1,
            last_line: usize::MAX,
            score: 0.0,
        });
    }
    let best_window = (window_scores.iter().copied()).fold(f64::MIN_POSITIVE, f64::max);
    let mut best_of_note: HashMap<i64, f64> = HashMap::new();
    for (w, score) in windows.iter().zip(&window_scores) {
        let best = best_of_note.entry(w.note).or_insert(0.0);
        *best = best.max(score / best_window);
    }
    let mut scored: Vec<(f64, NoteHit)> = notes
        .into_iter()
        .map(|n| {
            let own = note_score.get(&n.rowid).copied().unwrap_or(0.0);
            let window = best_of_note.get(&n.rowid).copied().unwrap_or(0.0);
            (window + OWN_NOTE * own, n)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut windows: Vec<(WindowHit, f64)> = windows.into_iter().zip(window_scores).collect();
    windows.sort_by(|a, b| b.1.total_cmp(&a.1));
    Ok(Scored {
        notes: scored,
        windows,
    })
}

/// The best `limit` notes and the best `limit` windows among them.
fn select(mut notes: Vec<(f64, NoteHit)>, windows: Vec<(WindowHit, f64)>, limit: usize) -> Ranked {
    notes.truncate(limit);
    let place: HashMap<i64, usize> = (notes.iter().enumerate())
        .map(|(i, (_, n))| (n.rowid, i))
        .collect();
    let kept: Vec<RankedWindow> = (windows.iter())
        .filter_map(|(w, score)| {
            Some(RankedWindow {
                note: *place.get(&w.note)?,
                first_line: w.first_line,
                last_line: w.last_line,
                score: *score,
            })
        })
        .take(limit)
        .collect();
    Ranked {
        notes: (notes.into_iter())
            .map(|(score, mut n)| {
                n.note.score = score;
                n.note
            })
            .collect(),
        windows: kept,
        span: None,
        feedback: false,
        reindexed: false,
    }
}

/// Each window's fused score: own (normalised) + its note's.
fn window_scores(windows: &[WindowHit], note_score: &HashMap<i64, f64>) -> Vec<f64> {
    let top = windows
        .first()
        .map_or(1.0, |w| w.score.max(f64::MIN_POSITIVE));
    windows
        .iter()
        .map(|w| {
            let note = note_score.get(&w.note).copied().unwrap_or(0.0);
            w.score / top + NOTE_LIFT * note
        })
        .collect()
}

/// Expansion terms for feedback: the words (not stop words, not already searched) found in most of
/// the best notes, most frequent first.
fn expansion(
    conn: &Connection,
    notes: &[(f64, NoteHit)],
    terms: &[String],
) -> Result<Vec<String>, Error> {
    let mut counts: HashMap<String, (usize, usize)> = HashMap::new();
    for (_, note) in notes.iter().take(FEEDBACK_DOCS) {
        let body = fts::body(conn, note.rowid)?;
        let mut seen = std::collections::HashSet::new();
        for word in crate::text::terms(&body) {
            let word = word.to_lowercase();
            if word.chars().count() < 3 && !word.chars().any(crate::text::is_cjk)
                || word.chars().all(|c| c.is_ascii_digit())
                || segment::is_stop_word(&word)
                || terms.contains(&word)
            {
                continue;
            }
            let entry = counts.entry(word.clone()).or_default();
            entry.1 += 1;
            if seen.insert(word) {
                entry.0 += 1;
            }
        }
    }
    let mut words: Vec<(String, (usize, usize))> = counts
        .into_iter()
        .filter(|(_, (docs, _))| *docs >= 2)
        .collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(words
        .into_iter()
        .take(FEEDBACK_TERMS)
        .map(|(w, _)| w)
        .collect())
}
