//! A scope's note vectors in one row (`memory_vector_packs`), for recall: per embedding model and
//! scope (a project key or `global`), the vectors of its active notes as cached in
//! `memory_vectors` ([`super::vectors`]: an f32 scale, then one signed byte per dimension) back to
//! back in one blob, and their content hashes (hex) back to back in another. Recall scans one row
//! — ~8 MB at 10,000 notes of 768 dimensions — instead of joining every note to its vector row,
//! and reads it through SQLite's incremental blob I/O ([`View`]): a chunk of vectors at a time
//! into one small buffer that stays in the CPU's cache, and only the hashes of the nearest ones,
//! never a copy of the whole row.
//!
//! A pack records what it was built from: the scope's index fingerprint (which every sync that
//! changes the scope's notes replaces, see [`fts::stored_fingerprint`]) and, when some active note
//! had no vector yet, the newest vector's id then. It is current while both still hold. Writes
//! rebuild it once their vectors are stored ([`refresh`]); recall rebuilds a stale one itself
//! ([`load`]: a hand edit since the last write) and keeps it when the database is free at that
//! moment. Entries are keyed by content hash, so a renamed or re-indexed note keeps its vector;
//! recall maps the nearest hashes back to notes ([`super::fts::active_by_hash`]).
//!
//! A pack is written in one transaction and read in one (its two blobs opened together), so a
//! reader sees a whole pack (the old or the new), never part of one, while other processes write.

use rusqlite::{Connection, OptionalExtension, params};

use super::Error;
use super::fts;
use crate::store;

/// Length of a content hash (SHA-256, hex).
const HASH_LEN: usize = 64;

/// The vectors of one scope for one model.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Pack {
    pub scope_key: String,
    pub dims: usize,
    /// One [`HASH_LEN`]-byte hex hash per vector.
    hashes: Vec<u8>,
    /// One stored vector (4-byte scale, `dims` bytes) per hash.
    vectors: Vec<u8>,
}

impl Pack {
    /// An empty pack of `scope_key` for vectors of `dims` dimensions.
    pub(super) fn new(scope_key: &str, dims: usize) -> Pack {
        Pack {
            scope_key: scope_key.to_owned(),
            dims,
            ..Pack::default()
        }
    }

    pub(super) fn len(&self) -> usize {
        self.hashes.len() / HASH_LEN
    }

    /// The content hash of entry `i`.
    pub(super) fn hash(&self, i: usize) -> &str {
        let bytes = self.hashes.get(i * HASH_LEN..(i + 1) * HASH_LEN);
        bytes
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or_default()
    }

    /// Each entry as stored: its scale's 4 bytes, then its components.
    pub(super) fn entries(&self) -> std::slice::ChunksExact<'_, u8> {
        self.vectors.chunks_exact(4 + self.dims)
    }

    /// Adds a stored vector (scale and components) of `hash`.
    pub(super) fn push(&mut self, hash: &str, stored: &[u8]) {
        self.hashes.extend(hash.as_bytes());
        self.vectors.extend(stored);
    }
}

/// What a pack was built from.
#[derive(Debug, Clone, PartialEq)]
struct Stamp {
    /// The scope's index fingerprint.
    fingerprint: String,
    /// The newest vector's id, when some active note had none; `None`: every one had one.
    vectors_seen: Option<i64>,
}

/// A scope's pack as recall reads it: its stored row, read in chunks ([`View`]), or one rebuilt
/// just now.
#[derive(Debug)]
pub(super) enum Loaded {
    Stored { scope_key: String },
    Built(Pack),
}

/// The current packs of `scopes` (every indexed scope when `None`) for `model`, not read yet. A
/// stale or missing pack is rebuilt from the vector cache and stored when no other process is
/// writing (else the next recall tries again).
pub(super) fn load(
    conn: &mut Connection,
    model: &str,
    scopes: Option<&[String]>,
) -> Result<Vec<Loaded>, Error> {
    let keys = match scopes {
        Some(s) => s.to_vec(),
        None => indexed_scopes(conn)?,
    };
    let mut packs = Vec::with_capacity(keys.len());
    for key in keys {
        let snapshot = conn.transaction()?;
        let Some(stamp) = current_stamp(&snapshot, model, &key)? else {
            continue;
        };
        if is_current(&snapshot, model, &key, &stamp)? {
            packs.push(Loaded::Stored { scope_key: key });
            continue;
        }
        let (pack, stamp) = build(&snapshot, model, &key, stamp.fingerprint)?;
        snapshot.commit()?;
        store::try_immediate(conn, |tx| -> Result<(), Error> {
            save_if_current(tx, model, &pack, &stamp)
        })?;
        packs.push(Loaded::Built(pack));
    }
    Ok(packs)
}

/// Entries read from a stored pack at a time: ~200 KB at 768 dimensions, so the buffer they are
/// read into stays in the CPU's cache while they are scored.
const CHUNK_ENTRIES: usize = 256;

/// A pack open for reading. A stored one is read through SQLite's incremental blob I/O, a chunk
/// of entries at a time into one buffer, and only the hashes asked for: no copy of the whole row.
/// Open them in one transaction so they show one state of the database.
pub(super) enum View<'a> {
    Stored {
        scope_key: &'a str,
        dims: usize,
        hashes: rusqlite::blob::Blob<'a>,
        vectors: rusqlite::blob::Blob<'a>,
    },
    Built(&'a Pack),
}

impl<'a> View<'a> {
    /// `loaded` as read in `conn`; `None` when its row went away since (another model now).
    pub(super) fn open(
        conn: &'a Connection,
        model: &str,
        loaded: &'a Loaded,
    ) -> Result<Option<View<'a>>, Error> {
        let scope_key = match loaded {
            Loaded::Built(pack) => return Ok(Some(View::Built(pack))),
            Loaded::Stored { scope_key } => scope_key.as_str(),
        };
        let row: Option<(i64, i64)> = conn
            .prepare_cached(
                "SELECT rowid, dims FROM memory_vector_packs WHERE model = ?1 AND scope_key = ?2",
            )
            .and_then(|mut s| {
                s.query_row([model, scope_key], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()
            })
            .map_err(Error::sqlite("reading note vectors"))?;
        let Some((rowid, dims)) = row else {
            return Ok(None);
        };
        let blob = |column: &str| {
            conn.blob_open(
                rusqlite::MAIN_DB,
                "memory_vector_packs",
                column,
                rowid,
                true,
            )
            .map_err(Error::sqlite("reading note vectors"))
        };
        Ok(Some(View::Stored {
            scope_key,
            dims: dims as usize,
            hashes: blob("hashes")?,
            vectors: blob("vectors")?,
        }))
    }

    pub(super) fn scope_key(&self) -> &'a str {
        match self {
            View::Stored { scope_key, .. } => scope_key,
            View::Built(pack) => &pack.scope_key,
        }
    }

    pub(super) fn dims(&self) -> usize {
        match self {
            View::Stored { dims, .. } => *dims,
            View::Built(pack) => pack.dims,
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            View::Stored { hashes, .. } => hashes.len() / HASH_LEN,
            View::Built(pack) => pack.len(),
        }
    }

    /// Calls `each(i, entry)` for every entry `i`, as stored (see [`Pack::entries`]), in order;
    /// `buf` is the buffer a stored pack is read into.
    pub(super) fn scan(
        &self,
        buf: &mut Vec<u8>,
        mut each: impl FnMut(usize, &[u8]),
    ) -> Result<(), Error> {
        let entry = 4 + self.dims();
        match self {
            View::Built(pack) => pack.entries().enumerate().for_each(|(i, e)| each(i, e)),
            View::Stored { vectors, .. } => {
                let len = self.len().min(vectors.len() / entry);
                let mut first = 0;
                while first < len {
                    let n = CHUNK_ENTRIES.min(len - first);
                    buf.resize(n * entry, 0);
                    vectors
                        .read_at_exact(buf, first * entry)
                        .map_err(Error::sqlite("reading note vectors"))?;
                    (buf.chunks_exact(entry).enumerate()).for_each(|(j, e)| each(first + j, e));
                    first += n;
                }
            }
        }
        Ok(())
    }

    /// The content hash of entry `i`.
    pub(super) fn hash(&self, i: usize) -> Result<String, Error> {
        match self {
            View::Built(pack) => Ok(pack.hash(i).to_owned()),
            View::Stored { hashes, .. } => {
                let mut hash = [0u8; HASH_LEN];
                hashes
                    .read_at_exact(&mut hash, i * HASH_LEN)
                    .map_err(Error::sqlite("reading note vectors"))?;
                Ok(String::from_utf8_lossy(&hash).into_owned())
            }
        }
    }
}

/// Rebuilds the packs of `scopes` for `model` that are not current, each in a transaction of its
/// own (after a write stored new vectors).
pub(super) fn refresh(conn: &mut Connection, model: &str, scopes: &[String]) -> Result<(), Error> {
    for key in scopes {
        store::immediate(conn, |tx| -> Result<(), Error> {
            let Some(stamp) = current_stamp(tx, model, key)? else {
                return Ok(());
            };
            if is_current(tx, model, key, &stamp)? {
                return Ok(());
            }
            let (pack, stamp) = build(tx, model, key, stamp.fingerprint)?;
            save(tx, model, &pack, &stamp)
        })?;
    }
    Ok(())
}

/// Drops the packs of other models than `model`.
pub(super) fn prune(conn: &Connection, model: &str) -> Result<usize, Error> {
    Ok(conn.execute("DELETE FROM memory_vector_packs WHERE model != ?1", [model])?)
}

/// Every scope key with indexed notes.
fn indexed_scopes(conn: &Connection) -> Result<Vec<String>, Error> {
    conn.prepare_cached("SELECT DISTINCT scope_key FROM memory_notes ORDER BY scope_key")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(Error::sqlite("reading the note index"))
}

/// What a pack of `scope_key` built now would be stamped with, but for the newest vector's id,
/// which is read only when the stored pack recorded one; `None` when the scope was never indexed.
fn current_stamp(conn: &Connection, model: &str, scope_key: &str) -> Result<Option<Stamp>, Error> {
    let Some(fingerprint) = fts::stored_fingerprint(conn, scope_key)? else {
        return Ok(None);
    };
    let recorded: Option<Option<i64>> = conn
        .prepare_cached(
            "SELECT vectors_seen FROM memory_vector_packs WHERE model = ?1 AND scope_key = ?2",
        )
        .and_then(|mut s| s.query_row([model, scope_key], |r| r.get(0)).optional())
        .map_err(Error::sqlite("reading note vectors"))?;
    let vectors_seen = match recorded {
        Some(Some(_)) => Some(newest_vector(conn)?),
        _ => None,
    };
    Ok(Some(Stamp {
        fingerprint,
        vectors_seen,
    }))
}

/// The newest vector's id (0 when there is none).
fn newest_vector(conn: &Connection) -> Result<i64, Error> {
    conn.prepare_cached("SELECT coalesce(max(id), 0) FROM memory_vectors")
        .and_then(|mut s| s.query_row([], |r| r.get(0)))
        .map_err(Error::sqlite("reading note vectors"))
}

/// Whether the stored pack of `scope_key` was built from what `now` describes.
fn is_current(conn: &Connection, model: &str, scope_key: &str, now: &Stamp) -> Result<bool, Error> {
    let found: Option<(String, Option<i64>)> = conn
        .prepare_cached(
            "SELECT fingerprint, vectors_seen FROM memory_vector_packs WHERE model = ?1 AND scope_key = ?2",
        )
        .and_then(|mut s| {
            s.query_row([model, scope_key], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()
        })
        .map_err(Error::sqlite("reading note vectors"))?;
    Ok(found.is_some_and(|(fingerprint, seen)| {
        fingerprint == now.fingerprint && seen == now.vectors_seen
    }))
}

/// The pack of `scope_key` from the vector cache, with its stamp: each distinct hash of an active
/// note once, in path order. Vectors of another length than the first one read (left from an
/// earlier model of the same name) are left out.
fn build(
    conn: &Connection,
    model: &str,
    scope_key: &str,
    fingerprint: String,
) -> Result<(Pack, Stamp), Error> {
    let newest = newest_vector(conn)?;
    let mut stmt = conn
        .prepare_cached(
            "SELECT n.content_hash, v.dims, v.vector FROM memory_notes n
               LEFT JOIN memory_vectors v ON v.model = ?1 AND v.hash = n.content_hash
             WHERE n.scope_key = ?2 AND n.deprecated = 0
             ORDER BY n.path",
        )
        .map_err(Error::sqlite("reading note vectors"))?;
    let mut rows = stmt
        .query(params![model, scope_key])
        .map_err(Error::sqlite("reading note vectors"))?;
    let mut pack = Pack::new(scope_key, 0);
    let mut seen = std::collections::HashSet::new();
    let mut complete = true;
    while let Some(row) = rows.next().map_err(Error::sqlite("reading note vectors"))? {
        let hash: String = row.get(0).map_err(Error::sqlite("reading note vectors"))?;
        let dims: Option<i64> = row.get(1).map_err(Error::sqlite("reading note vectors"))?;
        let stored = (row.get_ref(2).and_then(|v| Ok(v.as_blob_or_null()?)))
            .map_err(Error::sqlite("reading note vectors"))?;
        let (Some(dims), Some(stored)) = (dims, stored) else {
            complete = false;
            continue;
        };
        let dims = dims as usize;
        if pack.hashes.is_empty() {
            pack.dims = dims;
        }
        if hash.len() != HASH_LEN || dims != pack.dims || stored.len() != 4 + dims {
            continue;
        }
        if seen.insert(hash.clone()) {
            pack.push(&hash, stored);
        }
    }
    let stamp = Stamp {
        fingerprint,
        vectors_seen: (!complete).then_some(newest),
    };
    Ok((pack, stamp))
}

/// Stores `pack`, built as `stamp` says, unless the scope's index or (for a pack missing some
/// vectors) the vector cache changed since: a pack built earlier never replaces a later one.
fn save_if_current(
    tx: &rusqlite::Transaction<'_>,
    model: &str,
    pack: &Pack,
    stamp: &Stamp,
) -> Result<(), Error> {
    let fingerprint = fts::stored_fingerprint(tx, &pack.scope_key)?;
    if fingerprint.as_deref() != Some(stamp.fingerprint.as_str()) {
        return Ok(());
    }
    if let Some(seen) = stamp.vectors_seen
        && seen != newest_vector(tx)?
    {
        return Ok(());
    }
    save(tx, model, pack, stamp)
}

fn save(
    tx: &rusqlite::Transaction<'_>,
    model: &str,
    pack: &Pack,
    stamp: &Stamp,
) -> Result<(), Error> {
    tx.prepare_cached(
        "INSERT INTO memory_vector_packs (model, scope_key, fingerprint, vectors_seen, dims, hashes, vectors)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (model, scope_key) DO UPDATE SET fingerprint = ?3, vectors_seen = ?4, dims = ?5,
           hashes = ?6, vectors = ?7",
    )?
    .execute(params![
        model,
        pack.scope_key,
        stamp.fingerprint,
        stamp.vectors_seen,
        pack.dims as i64,
        pack.hashes,
        pack.vectors
    ])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::state;

    const MODEL: &str = "m/e";

    fn hash(n: u32) -> String {
        format!("{n:064}")
    }

    fn add_note(conn: &Connection, path: &str, n: u32) {
        conn.execute(
            "INSERT INTO memory_notes (path, scope_key, kind, name, description, deprecated, updated_at,
               source_sessions, mtime_ns, size, content_hash)
             VALUES (?1, 'p', 'project', ?1, '', 0, '', '[]', 0, 0, ?2)",
            params![path, hash(n)],
        )
        .unwrap();
    }

    /// Caches a one-dimension vector of `n` whose stored component is `byte`.
    fn add_vector(conn: &Connection, n: u32, byte: u8) {
        let stored = [1.0f32.to_le_bytes().as_slice(), &[byte]].concat();
        conn.execute(
            "INSERT INTO memory_vectors (model, hash, dims, vector, created_at) VALUES (?1, ?2, 1, ?3, '')
             ON CONFLICT (model, hash) DO UPDATE SET vector = ?3",
            params![MODEL, hash(n), stored],
        )
        .unwrap();
    }

    fn fingerprint(conn: &Connection, value: &str) {
        state::put(conn, "p", "index_fingerprint", value).unwrap();
    }

    /// Each entry of the one pack loaded: its hash and what is stored for it, and whether it was
    /// read from its row (else just built).
    fn entries(conn: &mut Connection) -> (Vec<(String, Vec<u8>)>, bool) {
        let packs = load(conn, MODEL, Some(&["p".to_owned()])).unwrap();
        assert_eq!(packs.len(), 1);
        let tx = conn.transaction().unwrap();
        let view = View::open(&tx, MODEL, &packs[0]).unwrap().unwrap();
        let mut found = Vec::new();
        view.scan(&mut Vec::new(), |i, e| found.push((i, e.to_vec())))
            .unwrap();
        assert_eq!(found.len(), view.len());
        let found = (found.into_iter())
            .map(|(i, e)| (view.hash(i).unwrap(), e))
            .collect();
        (found, matches!(packs[0], Loaded::Stored { .. }))
    }

    /// (hash number, stored component) of each entry of the one pack loaded.
    fn loaded(conn: &mut Connection) -> Vec<(u32, u8)> {
        (entries(conn).0.into_iter())
            .map(|(h, e)| (h.parse().unwrap(), e[4]))
            .collect()
    }

    #[test]
    fn a_stored_pack_is_read_in_chunks_as_it_was_built() {
        let mut conn = store::open_memory().unwrap();
        let n = 2 * CHUNK_ENTRIES as u32 + 3;
        for i in 0..n {
            add_note(&conn, &format!("{i:04}.md"), i);
            add_vector(&conn, i, (i % 251) as u8);
        }
        fingerprint(&conn, "f1");
        let (built, stored) = entries(&mut conn);
        assert!(!stored, "the first recall builds the pack");
        assert_eq!(built.len(), n as usize);
        let (read, stored) = entries(&mut conn);
        assert!(stored, "then reads the one it stored");
        assert_eq!(read, built);
    }

    #[test]
    fn a_pack_is_read_as_stored_until_its_notes_or_their_missing_vectors_change() {
        let mut conn = store::open_memory().unwrap();
        add_note(&conn, "a.md", 1);
        add_note(&conn, "b.md", 2);
        add_vector(&conn, 1, 10);
        fingerprint(&conn, "f1");
        assert_eq!(loaded(&mut conn), [(1, 10)], "b has no vector yet");

        // Stored and current: read as stored, the cache is not joined again.
        add_vector(&conn, 1, 11);
        assert_eq!(loaded(&mut conn), [(1, 10)]);
        // ... until a vector is added while some note had none: b's, say.
        add_vector(&conn, 2, 20);
        assert_eq!(loaded(&mut conn), [(1, 11), (2, 20)]);

        // Every note has its vector: other notes' new vectors do not matter.
        add_vector(&conn, 1, 12);
        add_vector(&conn, 9, 90);
        assert_eq!(loaded(&mut conn), [(1, 11), (2, 20)]);
        // The index changed (a sync): rebuilt.
        conn.execute("DELETE FROM memory_notes WHERE path = 'b.md'", [])
            .unwrap();
        fingerprint(&conn, "f2");
        assert_eq!(loaded(&mut conn), [(1, 12)]);
        refresh(&mut conn, MODEL, &["p".to_owned()]).unwrap();
        assert_eq!(loaded(&mut conn), [(1, 12)]);
    }

    #[test]
    fn a_recall_does_not_wait_to_store_a_rebuilt_pack() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.db");
        let mut conn = store::open(&path).unwrap();
        add_note(&conn, "a.md", 1);
        add_vector(&conn, 1, 10);
        fingerprint(&conn, "f1");
        let other = store::open(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        assert_eq!(loaded(&mut conn), [(1, 10)], "built, not stored");
        other.execute_batch("ROLLBACK").unwrap();
        let stored: i64 = conn
            .query_row("SELECT count(*) FROM memory_vector_packs", [], |r| r.get(0))
            .unwrap();
        assert_eq!(stored, 0);
        assert_eq!(loaded(&mut conn), [(1, 10)]);
        let stored: i64 = conn
            .query_row("SELECT count(*) FROM memory_vector_packs", [], |r| r.get(0))
            .unwrap();
        assert_eq!(stored, 1, "stored once the database is free");
    }
}
