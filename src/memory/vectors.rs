//! The vector cache in `state.db` (`memory_vectors`): one unit-length vector per (embedding
//! model, content hash), stored quantized ([`encode`]): an f32 scale, then one signed byte per
//! dimension, so recall reads a quarter of the bytes of f32 vectors (~7.7 MB at 10,000 notes of
//! 768 dimensions) and a cosine moves by well under 0.01. A note's row in the index carries the hash of
//! the text it is embedded from ([`note_text`], [`content_hash`]), so a note whose text did not
//! change — across syncs, imports and dreams — keeps its vector without a new call.
//!
//! [`embed_missing`] fills what is missing after every write (`memory index`, `memory import`,
//! dream) and for `memory reindex --embeddings`, in batches; a failure leaves the rest missing and
//! is reported, never raised. Recall ranks the vectors of its scopes by cosine ([`nearest`]), a
//! brute-force scan of their packs ([`pack`]) read a chunk at a time.

use rusqlite::{Connection, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::Error;
use super::embed::{self, Embedder, Problem, Reason};
use super::fts;
use super::index::IndexProgress;
use super::layout;
use super::note::{Note, NoteKind};
use super::pack::{self, View};
use super::space::{Memory, now};
use crate::home::ProjectKey;
use crate::store;

/// Characters of a note embedded, at most (name, description, then body).
const MAX_TEXT_CHARS: usize = 6000;

/// The text of `note` sent to the embedding model.
pub(super) fn note_text(note: &Note) -> String {
    let text = format!(
        "{}\n{}\n\n{}",
        note.meta.name,
        note.meta.description,
        note.body.trim()
    );
    text.chars().take(MAX_TEXT_CHARS).collect()
}

/// The cache key of an embedded text: SHA-256, hex.
pub(super) fn content_hash(text: &str) -> String {
    format!("{:x}", Sha256::digest(text.as_bytes()))
}

/// A note text near the request: its scope, content hash and cosine.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Nearest {
    pub scope_key: String,
    pub hash: String,
    pub cosine: f32,
}

/// The `k` note texts of `scopes` (all when `None`) most similar to `query` (unit length) by
/// their vectors of `model`, with a cosine of at least `floor`, best first: a scan of the scopes'
/// packs ([`pack::load`]), read in one transaction. `Ok(Err(_))` when no note has a vector, or
/// when every pack with vectors has another length than the query's (the model changed since
/// they were computed); packs of another length are not searched.
pub(super) fn nearest(
    conn: &mut Connection,
    model: &str,
    scopes: Option<&[String]>,
    query: &[f32],
    (k, floor): (usize, f32),
) -> Result<Result<Vec<Nearest>, Problem>, Error> {
    let loaded = pack::load(conn, model, scopes)?;
    let snapshot = conn.transaction()?;
    let mut views = Vec::with_capacity(loaded.len());
    for l in &loaded {
        views.extend(View::open(&snapshot, model, l)?.filter(|v| v.len() > 0));
    }
    if views.is_empty() {
        return Ok(Err(Problem::new(
            Reason::NoVectors,
            "no note has a vector yet; run `pilotdeck memory reindex --embeddings`",
        )));
    }
    if let Some(other) = views.iter().find(|v| v.dims() != query.len())
        && views.iter().all(|v| v.dims() != query.len())
    {
        return Ok(Err(Problem::new(
            Reason::Dimensions,
            format!(
                "the query's vector has {} dimensions, the notes' {}; run `pilotdeck memory reindex --embeddings` after changing memory.embedding",
                query.len(),
                other.dims()
            ),
        )));
    }
    let mut best = Best::new(query, k, floor);
    let mut buf = Vec::new();
    for (p, view) in views.iter().enumerate() {
        if view.dims() == query.len() {
            view.scan(&mut buf, |i, stored| best.offer(p, i, stored))?;
        }
    }
    let found = (best.sorted().into_iter())
        .map(|(cosine, p, i)| {
            Ok(Nearest {
                scope_key: views[p].scope_key().to_owned(),
                hash: views[p].hash(i)?,
                cosine,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    drop(views);
    snapshot.commit()?;
    Ok(Ok(found))
}

/// The best `k` entries offered, by cosine with the query, at or above a floor.
struct Best<'q> {
    query: &'q [f32],
    k: usize,
    floor: f32,
    /// (cosine, pack, entry); trimmed to the best `k` whenever it holds `2k`.
    scored: Vec<(f32, usize, usize)>,
}

impl<'q> Best<'q> {
    fn new(query: &'q [f32], k: usize, floor: f32) -> Best<'q> {
        Best {
            query,
            k,
            floor,
            scored: Vec::with_capacity(2 * k + 1),
        }
    }

    /// Scores entry `i` of pack `p`, as stored (a scale, then the components).
    fn offer(&mut self, p: usize, i: usize, stored: &[u8]) {
        let Some((scale, components)) = stored.split_first_chunk::<4>() else {
            return;
        };
        let cosine = dot(self.query, components) * f32::from_le_bytes(*scale);
        if cosine >= self.floor {
            self.scored.push((cosine, p, i));
            if self.scored.len() >= 2 * self.k.max(1) {
                self.trim();
            }
        }
    }

    fn trim(&mut self) {
        if self.scored.len() > self.k {
            self.scored.select_nth_unstable_by(self.k, by_score);
            self.scored.truncate(self.k);
        }
    }

    /// The best `k`, best first; ties in the order offered.
    fn sorted(mut self) -> Vec<(f32, usize, usize)> {
        self.trim();
        self.scored.sort_by(by_score);
        self.scored
    }
}

fn by_score(a: &(f32, usize, usize), b: &(f32, usize, usize)) -> std::cmp::Ordering {
    b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2)))
}

/// Lanes summed separately, so the compiler can keep them in one SIMD register.
const LANES: usize = 16;

/// The dot product of `a` and the quantized `b` (signed bytes, same length), before `b`'s scale.
fn dot(a: &[f32], b: &[u8]) -> f32 {
    let mut lanes = [0.0f32; LANES];
    let (a_main, a_rest) = a.split_at(a.len() - a.len() % LANES);
    let (b_main, b_rest) = b.split_at(a_main.len());
    for (x, y) in a_main.chunks_exact(LANES).zip(b_main.chunks_exact(LANES)) {
        for i in 0..LANES {
            lanes[i] += x[i] * f32::from(i8::from_le_bytes([y[i]]));
        }
    }
    let rest: f32 = (a_rest.iter().zip(b_rest))
        .map(|(x, &y)| x * f32::from(i8::from_le_bytes([y])))
        .sum();
    lanes.iter().sum::<f32>() + rest
}

/// `v` as stored: its scale (the largest magnitude / 127) as little-endian f32, then each
/// component divided by the scale, rounded, as a signed byte.
fn encode(v: &[f32]) -> Vec<u8> {
    let largest = v.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    let scale = if largest > 0.0 { largest / 127.0 } else { 1.0 };
    let mut out = Vec::with_capacity(4 + v.len());
    out.extend(scale.to_le_bytes());
    out.extend(
        v.iter()
            .map(|x| ((x / scale).round().clamp(-127.0, 127.0) as i8).to_le_bytes()[0]),
    );
    out
}

/// (active notes with a vector for `model`, active notes) in `scopes`.
pub(super) fn counts(
    conn: &Connection,
    model: &str,
    scopes: Option<&[String]>,
) -> Result<(usize, usize), Error> {
    conn.prepare_cached(
        "SELECT count(v.id), count(*) FROM memory_notes n
           LEFT JOIN memory_vectors v ON v.model = ?1 AND v.hash = n.content_hash
         WHERE n.deprecated = 0
           AND (?2 IS NULL OR n.scope_key IN (SELECT value FROM json_each(?2)))",
    )
    .and_then(|mut s| {
        s.query_row(params![model, fts::scope_param(scopes)], |r| {
            Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize))
        })
    })
    .map_err(Error::sqlite("counting note vectors"))
}

/// One note whose text has no vector yet: (path, kind), one per distinct hash.
fn missing(
    conn: &Connection,
    model: &str,
    scopes: Option<&[String]>,
) -> Result<Vec<(String, NoteKind)>, Error> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT min(n.path), min(n.kind) FROM memory_notes n
             WHERE n.deprecated = 0
               AND (?2 IS NULL OR n.scope_key IN (SELECT value FROM json_each(?2)))
               AND NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.model = ?1 AND v.hash = n.content_hash)
             GROUP BY n.content_hash ORDER BY min(n.path)",
        )
        .map_err(Error::sqlite("reading note vectors"))?;
    let rows = stmt
        .query_map(params![model, fts::scope_param(scopes)], |r| {
            let kind: String = r.get(1)?;
            Ok((
                r.get(0)?,
                NoteKind::parse(&kind).unwrap_or(NoteKind::Project),
            ))
        })
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("reading note vectors"))?;
    Ok(rows)
}

/// Caches `vectors` (hash, unit vector) of `model`.
fn store_vectors(
    conn: &mut Connection,
    model: &str,
    vectors: &[(String, Vec<f32>)],
) -> Result<(), Error> {
    let at = now();
    store::immediate(conn, |tx| -> Result<(), Error> {
        for (hash, v) in vectors {
            tx.prepare_cached(
                "INSERT INTO memory_vectors (model, hash, dims, vector, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (model, hash) DO UPDATE SET dims = ?3, vector = ?4, created_at = ?5",
            )?
            .execute(params![model, hash, v.len() as i64, encode(v), at])?;
        }
        Ok(())
    })
}

/// Drops cached vectors no indexed note uses any more, and those of other models than `model`.
/// Returns how many were dropped.
/// The packs of other models go too.
pub(super) fn prune(conn: &mut Connection, model: &str) -> Result<usize, Error> {
    store::immediate(conn, |tx| -> Result<usize, Error> {
        pack::prune(tx, model)?;
        Ok(tx.execute(
            "DELETE FROM memory_vectors WHERE model != ?1
               OR hash NOT IN (SELECT content_hash FROM memory_notes)",
            [model],
        )?)
    })
}

/// What [`embed_missing`] did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct VectorReport {
    /// The embedding model, `provider/model`.
    pub model: String,
    /// Notes (distinct texts) that had no vector.
    pub missing: usize,
    /// Of those, how many got one.
    pub embedded: usize,
    /// Why the rest did not; they are filled by the next write or `memory reindex --embeddings`.
    pub problem: Option<String>,
}

/// Computes the vectors missing for the active notes of project `key` and the global notes, in
/// batches, reporting one step per note to `progress`, then brings recall's packs of those scopes
/// up to date ([`pack::refresh`]). `Ok(None)` when `memory.embedding` is not set. A failed call
/// stops the filling and is reported in [`VectorReport::problem`].
pub async fn embed_missing(
    memory: &Memory,
    key: &ProjectKey,
    progress: &dyn IndexProgress,
) -> Result<Option<VectorReport>, Error> {
    let Some(model) = memory.settings.embedding.clone() else {
        return Ok(None);
    };
    let mut conn = memory.db()?;
    memory.sync(&mut conn, Some(key))?;
    let scopes = memory.scopes(Some(key)).unwrap_or_default();
    let report = fill(memory, &mut conn, (key, &scopes), model, progress).await?;
    if let Some(report) = &report {
        pack::refresh(&mut conn, &report.model, &scopes)?;
    }
    Ok(report)
}

/// Embeds the texts of project `key`'s scopes that have no vector of `model` yet.
async fn fill(
    memory: &Memory,
    conn: &mut Connection,
    (key, scopes): (&ProjectKey, &[String]),
    model: String,
    progress: &dyn IndexProgress,
) -> Result<Option<VectorReport>, Error> {
    let todo = missing(conn, &model, Some(scopes))?;
    let mut report = VectorReport {
        model,
        missing: todo.len(),
        ..VectorReport::default()
    };
    if todo.is_empty() {
        return Ok(Some(report));
    }
    let embedder = match Embedder::resolve(memory) {
        Ok(Some(e)) => e,
        Ok(None) => return Ok(None),
        Err(problem) => {
            report.problem = Some(problem.text);
            return Ok(Some(report));
        }
    };
    report.model = embedder.name();
    progress.start(&key.0, todo.len());
    for batch in todo.chunks(embed::BATCH) {
        // A note that cannot be read now (deleted since the sync) stays missing.
        let texts: Vec<String> = batch
            .iter()
            .filter_map(|(path, kind)| {
                let note = layout::read_note(std::path::Path::new(path), *kind).ok()?;
                Some(note_text(&note))
            })
            .collect();
        if texts.is_empty() {
            continue;
        }
        match embedder.embed(&texts).await {
            Ok(found) => {
                // Keyed by the text sent: a note edited since the sync is cached as it is now.
                let cached: Vec<(String, Vec<f32>)> =
                    (texts.iter()).map(|t| content_hash(t)).zip(found).collect();
                store_vectors(conn, &report.model, &cached)?;
                report.embedded += texts.len();
                batch.iter().for_each(|_| progress.advance());
            }
            Err(problem) => {
                report.problem = Some(problem.text);
                break;
            }
        }
    }
    progress.finish();
    Ok(Some(report))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entries (from 1) of `vectors` nearest to `query`, as stored, with their cosines.
    fn nearest(vectors: &[&[f32]], query: &[f32], k: usize, floor: f32) -> Vec<(usize, f32)> {
        let mut best = Best::new(query, k, floor);
        for (i, v) in vectors.iter().enumerate() {
            best.offer(0, i + 1, &encode(v));
        }
        best.sorted().into_iter().map(|(c, _, i)| (i, c)).collect()
    }

    fn ids(found: &[(usize, f32)]) -> Vec<usize> {
        found.iter().map(|f| f.0).collect()
    }

    #[test]
    fn nearest_ranks_by_cosine_above_the_floor() {
        let all: &[&[f32]] = &[&[1.0, 0.0], &[0.6, 0.8], &[0.0, 1.0], &[-1.0, 0.0]];
        let near = nearest(all, &[1.0, 0.0], 2, -1.0);
        assert_eq!(ids(&near), [1, 2]);
        assert!((near[1].1 - 0.6).abs() < 0.01, "{near:?}");
        let near = nearest(all, &[0.0, 1.0], 10, 0.5);
        assert_eq!(ids(&near), [3, 2]);
        assert!((near[0].1 - 1.0).abs() < 1e-6 && (near[1].1 - 0.8).abs() < 0.01);
        // Many entries past `k`: kept the best, ties in the order offered.
        let unit = |i: usize| {
            let angle = (i % 5) as f32 * 0.3;
            [angle.cos(), angle.sin()]
        };
        let many: Vec<[f32; 2]> = (0..50).map(unit).collect();
        let many: Vec<&[f32]> = many.iter().map(|v| v.as_slice()).collect();
        assert_eq!(ids(&nearest(&many, &[1.0, 0.0], 3, 0.0)), [1, 6, 11]);
    }

    #[test]
    fn quantized_cosines_stay_close_to_exact_ones() {
        // 770 dimensions: the lanes and a remainder.
        let unit = |seed: u32| -> Vec<f32> {
            let v: Vec<f32> = (0..770u32)
                .map(|i| ((i * 7 + seed * 13) % 29) as f32 - 14.0)
                .collect();
            let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            v.iter().map(|x| x / norm).collect()
        };
        let (a, b) = (unit(1), unit(2));
        let exact: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        let found = nearest(&[&b], &a, 1, -1.0);
        assert!((found[0].1 - exact).abs() < 0.01, "{found:?} vs {exact}");
        assert!((nearest(&[&a], &a, 1, -1.0)[0].1 - 1.0).abs() < 0.01);
    }

    #[test]
    fn vectors_round_trip_through_the_cache() {
        let mut conn = store::open_memory().unwrap();
        store_vectors(&mut conn, "m/e", &[("h".to_owned(), vec![0.6, -0.8])]).unwrap();
        let blob: Vec<u8> = conn
            .query_row("SELECT vector FROM memory_vectors", [], |r| r.get(0))
            .unwrap();
        let scale = 0.8f32 / 127.0;
        assert_eq!(
            blob[..4],
            scale.to_le_bytes(),
            "the scale, then one byte a dimension"
        );
        assert_eq!(blob[4..], [95, (-127i8).to_le_bytes()[0]]);
        assert_eq!(prune(&mut conn, "m/e").unwrap(), 1, "no note uses hash h");
    }
}
