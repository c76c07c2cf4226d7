//! The lifecycle operations behind `memory list | show | pending | deprecate | restore | export |
//! import | stats`. Every note write holds the memory write lock and rebuilds the catalogs; import
//! goes through staged copies swapped in atomically (see [`super::stage`]).

use std::path::{Component, Path};

use serde::{Deserialize, Serialize};

use super::Error;
use super::catalog;
use super::fts::{self, IndexedNote};
use super::index::NoProgress;
use super::layout::{self, GLOBAL_SCOPE};
use super::note::{Note, NoteKind};
use super::queue::{self, Capture};
use super::space::{self, Memory, now};
use super::stage::{self, Staged};
use super::state;
use super::vectors::{self, VectorReport};
use crate::home::Project;

/// The bundle format `export` writes and `import` reads.
pub(super) const BUNDLE_FORMAT: &str = "pilotdeck-memory.v1";

/// A note as listed: its id (path relative to the memory root) and its index row.
#[derive(Debug, Clone, Serialize)]
pub struct NoteView {
    pub id: String,
    #[serde(flatten)]
    pub note: IndexedNote,
}

/// The notes of `project` and the global notes (every project's when `None`), optionally of one kind.
pub fn list(
    memory: &Memory,
    project: Option<&Project>,
    kind: Option<NoteKind>,
) -> Result<Vec<NoteView>, Error> {
    let mut conn = memory.db()?;
    let key = project.map(|p| &p.key);
    memory.sync(&mut conn, key)?;
    let scopes = memory.scopes(key);
    Ok(fts::list(&conn, scopes.as_deref())?
        .into_iter()
        .filter(|n| kind.is_none_or(|k| n.kind == k))
        .map(|note| NoteView {
            id: layout::relative(&note.path, memory.layout.root()),
            note,
        })
        .collect())
}

/// Finds one note by id, path, file name, stem or name (case-insensitive).
pub fn show(
    memory: &Memory,
    project: Option<&Project>,
    query: &str,
) -> Result<(NoteView, String), Error> {
    let q = query.trim().trim_end_matches(".md").to_lowercase();
    let all = list(memory, project, None)?;
    let matches: Vec<NoteView> = all
        .into_iter()
        .filter(|v| {
            let id = v.id.trim_end_matches(".md").to_lowercase();
            let stem = v
                .note
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            id == q
                || id.ends_with(&format!("/{q}"))
                || stem == q
                || v.note.name.to_lowercase() == q
        })
        .collect();
    let view = match matches.len() {
        0 => {
            return Err(Error::NoteNotFound {
                query: query.to_owned(),
            });
        }
        1 => matches
            .into_iter()
            .next()
            .ok_or_else(|| Error::NoteNotFound {
                query: query.to_owned(),
            })?,
        count => {
            return Err(Error::NoteAmbiguous {
                query: query.to_owned(),
                count,
            });
        }
    };
    let text = std::fs::read_to_string(&view.note.path)
        .map_err(Error::io("read note", &view.note.path))?;
    Ok((view, text))
}

/// Sets or clears `deprecated` on one note. Returns its id.
pub fn deprecate(
    memory: &Memory,
    project: &Project,
    query: &str,
    deprecated: bool,
) -> Result<String, Error> {
    let (view, _) = show(memory, Some(project), query)?;
    let _lock = memory.layout.lock_writes()?;
    let mut note = layout::read_note(&view.note.path, view.note.kind)?;
    if note.meta.deprecated != deprecated {
        note.meta.deprecated = deprecated;
        if !deprecated {
            note.meta.superseded_by = None;
        }
        note.meta.updated_at = now();
        layout::write_note(&view.note.path, &note)?;
    }
    memory.rebuild_catalogs(&project.key, &space::project_name(project))?;
    Ok(view.id)
}

/// Captures waiting for `memory index`, of one project or all.
pub fn pending(memory: &Memory, project: Option<&Project>) -> Result<Vec<Capture>, Error> {
    let conn = memory.db()?;
    queue::pending(&conn, project.map(|p| p.key.0.as_str()))
}

/// One file of a bundle: a path relative to the workspace (global notes under `global/`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BundleFile {
    pub path: String,
    pub content: String,
}

/// Every note of a project (and the global notes) as one JSON document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bundle {
    pub format: String,
    pub project_key: String,
    pub exported_at: String,
    pub files: Vec<BundleFile>,
}

/// Exports the project's notes, `project.meta.md` and the global user notes.
pub fn export(memory: &Memory, project: &Project) -> Result<Bundle, Error> {
    let live = memory.layout.workspace(&project.key);
    let global = memory.layout.global();
    let mut files = Vec::new();
    let meta = live.join("project.meta.md");
    let mut paths: Vec<(std::path::PathBuf, String)> = Vec::new();
    if meta.is_file() {
        paths.push((meta, "project.meta.md".to_owned()));
    }
    for f in layout::workspace_files(&live, &project.key) {
        let rel = layout::relative(&f.path, &live);
        paths.push((f.path, rel));
    }
    for f in layout::global_files(&global) {
        let rel = format!("global/{}", layout::relative(&f.path, &global));
        paths.push((f.path, rel));
    }
    for (path, rel) in paths {
        let content = std::fs::read_to_string(&path).map_err(Error::io("read note", &path))?;
        files.push(BundleFile { path: rel, content });
    }
    Ok(Bundle {
        format: BUNDLE_FORMAT.to_owned(),
        project_key: project.key.0.clone(),
        exported_at: now(),
        files,
    })
}

/// What import did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ImportReport {
    pub imported: Vec<String>,
    pub skipped: Vec<String>,
    /// The vectors computed for the imported notes, when `memory.embedding` is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vectors: Option<VectorReport>,
}

/// Imports a bundle file, or a folder of markdown notes, then computes the vectors the notes lack
/// ([`vectors::embed_missing`]).
pub async fn import(
    memory: &Memory,
    project: &Project,
    source: &Path,
) -> Result<ImportReport, Error> {
    let mut report = import_files(memory, project, source)?;
    report.vectors = vectors::embed_missing(memory, &project.key, &NoProgress).await?;
    Ok(report)
}

/// Imports a bundle file, or a folder of markdown notes (their kind from the frontmatter, else the
/// folder name, else `project`). Existing notes with the same path are replaced. Like dream, the
/// import is written to staged copies of the workspace and the global notes, which are swapped in
/// atomically, so a failed or killed import changes nothing; the last dream's snapshot is dropped.
fn import_files(memory: &Memory, project: &Project, source: &Path) -> Result<ImportReport, Error> {
    let mut report = ImportReport::default();
    let files = if source.is_dir() {
        folder_files(source, &mut report.skipped)?
    } else {
        let text = std::fs::read_to_string(source).map_err(Error::io("read", source))?;
        let bundle: Bundle = serde_json::from_str(&text).map_err(|e| Error::BadImport {
            path: source.to_owned(),
            source: Some(e),
        })?;
        if bundle.format != BUNDLE_FORMAT {
            return Err(Error::BadImport {
                path: source.to_owned(),
                source: None,
            });
        }
        bundle.files
    };
    let layout = &memory.layout;
    let live = layout.workspace(&project.key);
    let global = layout.global();
    let _lock = layout.lock_writes()?;
    stage::remove_leftovers(layout, &live, "import");
    stage::remove_leftovers(layout, &global, "import");
    let workspace_stage = Staged::copy_of(layout, &live, "import")?;
    let global_stage = Staged::copy_of(layout, &global, "import")?;
    let mut global_touched = false;
    for f in files {
        let Some(target) = target_for(&f.path, &workspace_stage.dir, &global_stage.dir) else {
            report.skipped.push(f.path);
            continue;
        };
        global_touched |= target.starts_with(&global_stage.dir);
        crate::store::write_atomic(&target, f.content.as_bytes())?;
        report.imported.push(f.path);
    }
    let now = now();
    catalog::rebuild_workspace(
        &workspace_stage.dir,
        &project.key,
        &space::project_name(project),
        &now,
    )?;
    workspace_stage.swap_into(&live)?;
    if global_touched {
        catalog::rebuild_global(&global_stage.dir)?;
        global_stage.swap_into(&global)?;
    }
    // The last dream's snapshot predates the import; rolling back to it would drop the import.
    stage::remove_tree(&layout.snapshot(&project.key))?;
    stage::remove_tree(&layout.global_snapshot(&project.key))?;
    let mut conn = memory.db()?;
    fts::forget(&mut conn, &project.key.0)?;
    if global_touched {
        fts::forget(&mut conn, GLOBAL_SCOPE)?;
    }
    memory.sync(&mut conn, Some(&project.key))?;
    Ok(report)
}

/// Where a bundle path may be written: only `project.meta.md`, `Project/*.md`, `Feedback/*.md` and
/// `global/User/*.md`, without `..`.
fn target_for(rel: &str, live: &Path, global: &Path) -> Option<std::path::PathBuf> {
    let path = Path::new(rel);
    if path
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let parts: Vec<&str> = rel.split('/').collect();
    let is_md = rel.ends_with(".md");
    match parts.as_slice() {
        ["project.meta.md"] => Some(live.join(rel)),
        ["Project" | "Feedback", _] if is_md => Some(live.join(rel)),
        ["global", "User", name] if is_md => Some(global.join("User").join(name)),
        _ => None,
    }
}

/// The notes of a folder: its `.md` files, recursively. Symlinks are skipped with a warning (they
/// could lead out of the folder, to `~/.ssh`), and so is a note that cannot be read whole as text
/// (not UTF-8, a FIFO, over 16 MiB: `crate::store::read_text`); each goes into `skipped`. A note
/// whose frontmatter is broken is imported as text with a warning naming the error. A folder in a
/// hidden location (`crate::tools::sandbox::policy::HOME_SECRETS`) is refused.
fn folder_files(dir: &Path, skipped: &mut Vec<String>) -> Result<Vec<super::BundleFile>, Error> {
    let real = dir
        .canonicalize()
        .map_err(Error::io("read directory", dir))?;
    let user_home = crate::home::user_home();
    let secrets = crate::tools::sandbox::policy::hidden_paths(user_home.as_deref(), None, &[]);
    if let Some(hidden) = secrets.covering(&real) {
        return Err(Error::HiddenImport {
            path: dir.to_owned(),
            hidden: hidden.to_owned(),
        });
    }
    let mut out = Vec::new();
    let mut stack = vec![real];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)
            .map_err(Error::io("read directory", &d))?
            .flatten()
        {
            let path = entry.path();
            let kind = entry.file_type().map_err(Error::io("read", &path))?;
            if kind.is_symlink() {
                tracing::warn!(
                    "memory import: skipping {}: a symbolic link (only the folder's own files are \
                     imported)",
                    path.display()
                );
                skipped.push(path.display().to_string());
                continue;
            }
            if kind.is_dir() {
                stack.push(path);
                continue;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.ends_with(".md") || name == "MEMORY.md" || name == "profile.md" {
                continue;
            }
            let content = match crate::store::read_text(&path) {
                Ok(text) => text,
                Err(e) => {
                    tracing::warn!("memory import: skipping {}: {e}", path.display());
                    skipped.push(path.display().to_string());
                    continue;
                }
            };
            if name == "project.meta.md" {
                out.push(BundleFile {
                    path: name,
                    content,
                });
                continue;
            }
            let folder = d
                .file_name()
                .map(|f| f.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            let fallback = NoteKind::parse(&folder).unwrap_or(NoteKind::Project);
            let stem = name.trim_end_matches(".md");
            let (note, broken) = Note::parse_reporting(&content, stem, fallback);
            if let Some(e) = broken {
                tracing::warn!(
                    "memory import: {}: its frontmatter could not be read ({e}); imported as a {} \
                     note named {stem:?} with the whole file as its text",
                    path.display(),
                    fallback.folder().to_lowercase()
                );
            }
            let kind = note.meta.kind;
            let rel = match kind {
                NoteKind::User => format!("global/User/{name}"),
                NoteKind::Project | NoteKind::Feedback => format!("{}/{name}", kind.folder()),
            };
            out.push(BundleFile { path: rel, content });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// Counts for `memory stats`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Stats {
    pub project_key: String,
    pub project_notes: usize,
    pub feedback_notes: usize,
    pub user_notes: usize,
    pub deprecated_notes: usize,
    pub pending_captures: usize,
    /// Captures whose model reply stayed invalid, kept for `memory index --retry-failed`.
    pub failed_captures: usize,
    pub last_dream_at: Option<String>,
    /// The embedding model (`memory.embedding`), when set.
    pub embedding_model: Option<String>,
    /// Active notes (project and global) with a vector of that model; 0 without one.
    pub notes_with_vectors: usize,
    /// Active notes (project and global).
    pub active_notes: usize,
}

pub fn stats(memory: &Memory, project: &Project) -> Result<Stats, Error> {
    let notes = list(memory, Some(project), None)?;
    let active = |k: NoteKind| {
        notes
            .iter()
            .filter(|n| n.note.kind == k && !n.note.deprecated)
            .count()
    };
    let conn = memory.db()?;
    let scopes = memory.scopes(Some(&project.key));
    let model = memory.settings.embedding.clone();
    let (with_vectors, active_notes) =
        vectors::counts(&conn, model.as_deref().unwrap_or(""), scopes.as_deref())?;
    Ok(Stats {
        project_key: project.key.0.clone(),
        project_notes: active(NoteKind::Project),
        feedback_notes: active(NoteKind::Feedback),
        user_notes: notes
            .iter()
            .filter(|n| n.note.scope_key == GLOBAL_SCOPE && !n.note.deprecated)
            .count(),
        deprecated_notes: notes.iter().filter(|n| n.note.deprecated).count(),
        pending_captures: queue::pending(&conn, Some(&project.key.0))?.len(),
        failed_captures: queue::failed_count(&conn, Some(&project.key.0))?,
        last_dream_at: state::get(&conn, &project.key.0, "last_dream_at")?,
        embedding_model: model,
        notes_with_vectors: with_vectors,
        active_notes,
    })
}
