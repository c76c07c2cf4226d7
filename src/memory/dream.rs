//! `memory dream`: consolidate a project's notes and the global user notes, and `memory rollback`.
//!
//! Pending captures are indexed first. Then, briefly holding the memory write lock, the workspace
//! and the global notes are copied to private stages ([`Staged`]) and fingerprinted; the lock is
//! released for the (slow) model call, so index, import and hand-driven commands go on meanwhile.
//! The model gets the active notes and proposes a plan — clusters of notes on one topic to merge,
//! notes superseded by newer evidence, and a refreshed `project.meta.md` description and summary.
//! Every id in the plan is checked (it exists, is active, clusters do not overlap, members share a
//! kind); invalid parts are dropped and reported. The older of two versions `memory sync` kept of a
//! note changed on two machines (deprecated, `sync_conflict`) is offered too, marked, to be merged. The plan is applied to the stages only: a merged
//! note keeps every member's sources, members and superseded notes are deprecated with
//! `superseded_by` pointing at the note that replaces them (never deleted), the catalog and the user
//! profile are rebuilt. Then, holding the write lock again, the live notes are fingerprinted once
//! more: if they changed while the model was planning, the stages are dropped and the dream starts
//! over (at most [`MAX_ATTEMPTS`] times, then it stops with nothing changed). Otherwise the live
//! directories are copied to the rollback snapshots and the stages are swapped in atomically
//! (`renameat2` exchange). A dream that fails or is killed midway leaves live notes as they were. A
//! plan that changes nothing writes nothing, so a second dream with nothing new is a no-op.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Value, json};

use super::catalog::MetaUpdate;
use super::index::{self, IndexOptions, IndexScope};
use super::layout::{self, GLOBAL_SCOPE, NoteFile};
use super::llm::MemoryModel;
use super::note::{Note, NoteKind, slug};
use super::space::{self, Memory, now};
use super::stage::{self, Staged};
use super::state;
use super::trace::{self, TraceKind};
use super::vectors::{self, VectorReport};
use super::{Error, catalog, fts};
use crate::home::Project;

/// Characters of each note body shown to the model.
const BODY_PREVIEW_CHARS: usize = 1500;

/// Plans a dream makes when the live notes keep changing under it, before it gives up.
const MAX_ATTEMPTS: usize = 3;

/// The id prefix of global notes (their path under `<root>/global/`).
const GLOBAL_PREFIX: &str = "global/";

const SYSTEM_PROMPT: &str = "You consolidate the long-term memory notes of a coding agent. You get the active notes as JSON \
(id, type, name, description, updated_at, body) and the project's meta file. A note with \"sync_conflict_with\" is an \
older version of that note, edited on another machine: always merge the two into one note. Find (1) clusters of notes about the same \
topic that should be one note: merge each cluster (2+ notes of the same type) into one note keeping every fact, where \
newer evidence wins on conflicts; (2) notes contradicted by a newer note that should be deprecated in its favour; (3) a \
one-line description and a short markdown summary of the project's current state for its meta file, from the project \
notes (omit \"meta\" when there is nothing to say). Only use ids from the input. Reply with one JSON object and nothing \
else: {\"merges\": [{\"ids\": [\"...\"], \"name\": \"...\", \"description\": \"...\", \"body\": \"markdown\"}], \
\"supersede\": [{\"id\": \"old note id\", \"by\": \"newer note id\", \"reason\": \"...\"}], \"meta\": \
{\"description\": \"...\", \"summary\": \"markdown\"}}. Use empty lists when the notes are already consolidated.";

#[derive(Debug, Clone)]
pub struct DreamOptions {
    pub project: Project,
    /// Plan and report, change nothing.
    pub dry_run: bool,
    /// Do nothing unless notes changed since the last dream (or `memory sync` left two versions of
    /// a note to merge) and the interval passed.
    pub if_due: bool,
}

/// One merge that was (or, in a dry run, would be) applied.
#[derive(Debug, Clone, Serialize)]
pub struct Merge {
    pub into: String,
    pub from: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct DreamReport {
    pub project_key: String,
    pub due: bool,
    pub indexed: usize,
    pub merged: Vec<Merge>,
    /// `[old, new]` pairs.
    pub superseded: Vec<[String; 2]>,
    /// Whether `project.meta.md`'s description or summary was refreshed.
    pub meta_refreshed: bool,
    /// Parts of the plan that failed validation.
    pub rejected: Vec<String>,
    /// Plans thrown away because the live notes changed while the model was planning.
    pub restarts: usize,
    /// Whether the live notes changed.
    pub changed: bool,
    pub dry_run: bool,
    /// The vectors computed for notes without one, when `memory.embedding` is set (not in a dry
    /// run); an unchanged note keeps its cached vector.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vectors: Option<VectorReport>,
}

impl DreamReport {
    /// Forgets what a discarded plan did.
    fn clear_plan(&mut self) {
        self.merged.clear();
        self.superseded.clear();
        self.rejected.clear();
        self.meta_refreshed = false;
        self.changed = false;
    }
}

/// Active notes by id: `Project/x.md`, `Feedback/x.md` (relative to the workspace) or
/// `global/User/x.md`.
type Notes = BTreeMap<String, (NoteFile, Note)>;

/// The staged workspace and global directories, addressed by note id.
struct Stages {
    workspace: Staged,
    global: Staged,
}

impl Stages {
    fn path(&self, id: &str) -> PathBuf {
        match id.strip_prefix(GLOBAL_PREFIX) {
            Some(rest) => self.global.dir.join(rest),
            None => self.workspace.dir.join(id),
        }
    }
}

/// Runs one dream for `opts.project`, then computes the vectors its notes lack
/// ([`vectors::embed_missing`]).
pub async fn dream(memory: &Memory, opts: &DreamOptions) -> Result<DreamReport, Error> {
    let mut report = consolidate(memory, opts).await?;
    if report.due && !opts.dry_run {
        report.vectors =
            vectors::embed_missing(memory, &opts.project.key, &index::NoProgress).await?;
    }
    Ok(report)
}

/// The dream itself: plan, apply to stages, swap in.
async fn consolidate(memory: &Memory, opts: &DreamOptions) -> Result<DreamReport, Error> {
    let key = &opts.project.key;
    let mut report = DreamReport {
        project_key: key.0.clone(),
        dry_run: opts.dry_run,
        ..DreamReport::default()
    };
    let mut conn = memory.db()?;
    report.due = !opts.if_due || is_due(memory, &mut conn, &opts.project)?;
    if !report.due {
        return Ok(report);
    }
    let indexed = index::index(
        memory,
        &IndexOptions {
            scope: IndexScope::Project(opts.project.clone()),
            if_due: false,
            retry_failed: false,
        },
        &index::NoProgress,
    )
    .await?;
    report.indexed = indexed.iter().map(|r| r.indexed).sum();
    let live = memory.layout.workspace(key);
    let global = memory.layout.global();
    for attempt in 0..MAX_ATTEMPTS {
        report.clear_plan();
        report.restarts = attempt;
        // Stage under the lock; a dream killed from here on leaves only stages behind, which the
        // next dream or import removes.
        let (notes, before, stages) = {
            let _lock = memory.layout.lock_writes()?;
            stage::remove_leftovers(&memory.layout, &live, "dream");
            stage::remove_leftovers(&memory.layout, &global, "dream");
            let notes = active_notes(&live, &global, key);
            if notes.len() < 2 {
                return finish(memory, &mut conn, opts, report);
            }
            let before = (stage::digest(&live)?, stage::digest(&global)?);
            let stages = Stages {
                workspace: Staged::copy_of(&memory.layout, &live, "dream")?,
                global: Staged::copy_of(&memory.layout, &global, "dream")?,
            };
            (notes, before, stages)
        };
        crate::crash::point("memory.dream.staged");
        let Some(plan) = ask_plan(memory, &live, &notes).await? else {
            report
                .rejected
                .push("the model's plan stayed invalid after a retry".to_owned());
            return finish(memory, &mut conn, opts, report);
        };
        let now = now();
        apply(&plan, &notes, &stages, &mut report)?;
        report.meta_refreshed = catalog::refresh_meta(&stages.workspace.dir, &plan.meta, &now)?;
        report.changed |= report.meta_refreshed;
        if !report.changed || opts.dry_run {
            report.changed = false;
            return finish(memory, &mut conn, opts, report);
        }
        let name = space::project_name(&opts.project);
        catalog::rebuild_workspace(&stages.workspace.dir, key, &name, &now)?;
        catalog::rebuild_global(&stages.global.dir)?;
        let _lock = memory.layout.lock_writes()?;
        if (stage::digest(&live)?, stage::digest(&global)?) != before {
            tracing::info!(
                attempt,
                "memory notes changed while the dream was planning; planning again"
            );
            continue;
        }
        commit(memory, &opts.project, stages, &before.1)?;
        fts::forget(&mut conn, &key.0)?;
        fts::forget(&mut conn, GLOBAL_SCOPE)?;
        return finish(memory, &mut conn, opts, report);
    }
    Err(Error::DreamRaced {
        attempts: MAX_ATTEMPTS,
    })
}

/// Saves the rollback snapshots and swaps the stages in. The global notes are swapped (and
/// snapshotted) only when the dream changed them. Caller holds the write lock.
fn commit(
    memory: &Memory,
    project: &Project,
    stages: Stages,
    global_before: &str,
) -> Result<(), Error> {
    let key = &project.key;
    let live = memory.layout.workspace(key);
    let global = memory.layout.global();
    let global_changed = stage::digest(&stages.global.dir)? != global_before;
    let snapshot = memory.layout.snapshot(key);
    let global_snapshot = memory.layout.global_snapshot(key);
    save_snapshot(&live, &snapshot)?;
    if global_changed {
        save_snapshot(&global, &global_snapshot)?;
    } else {
        stage::remove_tree(&global_snapshot)?;
    }
    let Stages {
        workspace,
        global: global_stage,
    } = stages;
    workspace.swap_into(&live)?;
    if global_changed && let Err(e) = global_stage.swap_into(&global) {
        // Put the workspace back so the two stay consistent.
        let _ = stage::exchange(&snapshot, &live);
        return Err(e);
    }
    Ok(())
}

/// Replaces `snapshot` with a copy of `live`.
fn save_snapshot(live: &Path, snapshot: &Path) -> Result<(), Error> {
    let fresh = stage::sibling(snapshot, "new");
    if live.is_dir() {
        stage::copy_tree(live, &fresh)?;
    } else {
        crate::store::create_dir_private(&fresh)?;
    }
    stage::remove_tree(snapshot)?;
    crate::crash::point("memory.dream.snapshot");
    std::fs::rename(&fresh, snapshot).map_err(Error::io("save the dream snapshot", snapshot))
}

/// The active notes of the workspace `live` and of the global directory, by id, with the older
/// versions `memory sync` kept beside notes changed on two machines (`sync_conflict`).
fn active_notes(live: &Path, global: &Path, key: &crate::home::ProjectKey) -> Notes {
    let workspace = layout::workspace_files(live, key)
        .into_iter()
        .map(|f| (layout::relative(&f.path, live), f));
    let globals = layout::global_files(global).into_iter().map(|f| {
        (
            format!("{GLOBAL_PREFIX}{}", layout::relative(&f.path, global)),
            f,
        )
    });
    workspace
        .chain(globals)
        .filter_map(|(id, f)| {
            let note = layout::read_note(&f.path, f.kind).ok()?;
            // The older of two versions `memory sync` kept is deprecated but still to be merged.
            (!note.meta.deprecated || note.meta.sync_conflict).then_some((id, (f, note)))
        })
        .collect()
}

fn finish(
    memory: &Memory,
    conn: &mut rusqlite::Connection,
    opts: &DreamOptions,
    report: DreamReport,
) -> Result<DreamReport, Error> {
    let key = &opts.project.key.0;
    if !opts.dry_run {
        state::set(conn, key, "last_dream_at", &now())?;
    }
    let detail = serde_json::to_value(&report).map_err(|source| Error::Encode {
        what: "the dream report",
        source,
    })?;
    trace::record(conn, key, TraceKind::Dream, &detail)?;
    memory.sync(conn, Some(&opts.project.key))?;
    Ok(report)
}

fn is_due(
    memory: &Memory,
    conn: &mut rusqlite::Connection,
    project: &Project,
) -> Result<bool, Error> {
    let minutes = memory
        .settings
        .auto_dream_interval_minutes
        .unwrap_or(memory.settings.schedule.auto_dream_interval_minutes);
    if minutes == 0 {
        return Ok(false);
    }
    let last = state::get(conn, &project.key.0, "last_dream_at")?;
    memory.sync(conn, Some(&project.key))?;
    let notes = fts::list(conn, Some(std::slice::from_ref(&project.key.0)))?;
    let changed = notes
        .iter()
        .filter(|n| !n.deprecated && last.as_ref().is_none_or(|l| n.updated_at > *l))
        .count();
    if changed == 0
        && !queue_has_pending(conn, &project.key.0)?
        && !has_sync_conflicts(memory, &project.key)
    {
        return Ok(false);
    }
    Ok(last
        .as_deref()
        .and_then(|l| chrono::DateTime::parse_from_rfc3339(l).ok())
        .is_none_or(|at| {
            chrono::Utc::now().signed_duration_since(at)
                >= chrono::Duration::minutes(i64::from(minutes))
        }))
}

/// Whether `memory sync` left two versions of a note for a dream to merge (whatever their dates).
fn has_sync_conflicts(memory: &Memory, key: &crate::home::ProjectKey) -> bool {
    layout::workspace_files(&memory.layout.workspace(key), key)
        .iter()
        .filter(|f| super::sync::is_conflict_copy(&f.path))
        .any(|f| layout::read_note(&f.path, f.kind).is_ok_and(|n| n.meta.sync_conflict))
}

fn queue_has_pending(conn: &rusqlite::Connection, key: &str) -> Result<bool, Error> {
    Ok(!super::queue::pending(conn, Some(key))?.is_empty())
}

/// A validated-as-JSON plan (ids are checked in [`apply`]).
struct Plan {
    merges: Vec<Value>,
    supersede: Vec<Value>,
    meta: MetaUpdate,
}

async fn ask_plan(memory: &Memory, live: &Path, notes: &Notes) -> Result<Option<Plan>, Error> {
    let model = MemoryModel::resolve(memory)?;
    let listing: Vec<Value> = notes
        .iter()
        .map(|(id, (_, n))| {
            let mut note = json!({
                "id": id,
                "type": n.meta.kind.as_str(),
                "name": n.meta.name,
                "description": n.meta.description,
                "updated_at": n.meta.updated_at,
                "body": n.body.chars().take(BODY_PREVIEW_CHARS).collect::<String>(),
            });
            if n.meta.sync_conflict {
                note["sync_conflict_with"] = json!(n.meta.superseded_by);
            }
            note
        })
        .collect();
    let meta = std::fs::read_to_string(live.join("project.meta.md")).unwrap_or_default();
    let user = format!(
        "Notes:\n{}\n\nproject.meta.md:\n{meta}",
        Value::Array(listing)
    );
    for _attempt in 0..2 {
        if let Ok(v) = model.json(SYSTEM_PROMPT, &user).await? {
            let list = |k: &str| v.get(k).and_then(Value::as_array).cloned();
            let text = |k: &str| {
                v.get("meta")
                    .and_then(|m| m.get(k))
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            };
            if let Some(merges) = list("merges") {
                return Ok(Some(Plan {
                    merges,
                    supersede: list("supersede").unwrap_or_default(),
                    meta: MetaUpdate {
                        description: text("description"),
                        summary: text("summary"),
                    },
                }));
            }
        }
    }
    Ok(None)
}

/// Applies the valid merges and supersessions of `plan` to the stages.
fn apply(
    plan: &Plan,
    notes: &Notes,
    stages: &Stages,
    report: &mut DreamReport,
) -> Result<(), Error> {
    let now = now();
    let mut used: BTreeSet<String> = BTreeSet::new();
    for (i, m) in plan.merges.iter().enumerate() {
        let ids: Vec<String> = m
            .get("ids")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect();
        let text = |k: &str| {
            m.get(k)
                .and_then(Value::as_str)
                .map(str::trim)
                .unwrap_or("")
                .to_owned()
        };
        let (name, description, body) = (text("name"), text("description"), text("body"));
        let members: Vec<&(NoteFile, Note)> = ids.iter().filter_map(|id| notes.get(id)).collect();
        let kinds: BTreeSet<NoteKind> = members.iter().map(|(f, _)| f.kind).collect();
        let problem = if ids.len() < 2 {
            Some("fewer than 2 ids")
        } else if members.len() != ids.len() {
            Some("an id is not an active note")
        } else if ids.iter().any(|id| used.contains(id)) {
            Some("overlaps another cluster")
        } else if kinds.len() != 1 {
            Some("mixes note types")
        } else if name.is_empty() || body.is_empty() {
            Some("no name or body")
        } else {
            None
        };
        if let Some(problem) = problem {
            report.rejected.push(format!("merges[{i}]: {problem}"));
            continue;
        }
        let Some(kind) = kinds.into_iter().next() else {
            continue;
        };
        used.extend(ids.iter().cloned());
        let folder_id = format!("{}/{}.md", kind.folder(), slug(&name));
        let into = match kind {
            NoteKind::User => format!("{GLOBAL_PREFIX}{folder_id}"),
            NoteKind::Project | NoteKind::Feedback => folder_id,
        };
        let mut merged = Note::new(kind, &name, &description, &body, &now);
        for (_, n) in &members {
            merged.add_sources(&n.meta.source_sessions);
        }
        layout::write_note(&stages.path(&into), &merged)?;
        for id in ids.iter().filter(|id| **id != into) {
            if let Some((_, n)) = notes.get(id) {
                deprecate_in(stages, id, n, &into, &now)?;
            }
        }
        report.merged.push(Merge { into, from: ids });
        report.changed = true;
    }
    for (i, s) in plan.supersede.iter().enumerate() {
        let field = |k: &str| s.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
        let (old, new) = (field("id"), field("by"));
        let valid =
            old != new && notes.contains_key(&new) && !used.contains(&old) && !used.contains(&new);
        match notes.get(&old) {
            Some((_, n)) if valid => {
                deprecate_in(stages, &old, n, &new, &now)?;
                used.insert(old.clone());
                report.superseded.push([old, new]);
                report.changed = true;
            }
            _ => report.rejected.push(format!(
                "supersede[{i}]: unknown, merged or self-referencing id"
            )),
        }
    }
    Ok(())
}

fn deprecate_in(stages: &Stages, id: &str, note: &Note, by: &str, now: &str) -> Result<(), Error> {
    let mut note = note.clone();
    note.meta.deprecated = true;
    note.meta.superseded_by = Some(by.to_owned());
    note.meta.sync_conflict = false;
    note.meta.updated_at = now.to_owned();
    layout::write_note(&stages.path(id), &note)
}

/// Swaps the last dream's snapshots back in (the workspace, and the global notes when that dream
/// changed them). The replaced notes become the snapshots, so a second rollback redoes the dream.
pub fn rollback(memory: &Memory, project: &Project) -> Result<(), Error> {
    let key = &project.key;
    let _lock = memory.layout.lock_writes()?;
    let snapshot = memory.layout.snapshot(key);
    let live = memory.layout.workspace(key);
    if !snapshot.is_dir() {
        return Err(Error::NoSnapshot);
    }
    stage::exchange(&snapshot, &live)?;
    let global_snapshot = memory.layout.global_snapshot(key);
    let global = memory.layout.global();
    let global_restored = global_snapshot.is_dir();
    if global_restored {
        if global.is_dir() {
            stage::exchange(&global_snapshot, &global)?;
        } else {
            std::fs::rename(&global_snapshot, &global).map_err(Error::io("restore", &global))?;
        }
    }
    let mut conn = memory.db()?;
    fts::forget(&mut conn, &key.0)?;
    fts::forget(&mut conn, GLOBAL_SCOPE)?;
    trace::record(
        &mut conn,
        &key.0,
        TraceKind::Dream,
        &json!({"rollback": true, "global": global_restored}),
    )?;
    memory.sync(&mut conn, Some(key))?;
    Ok(())
}
