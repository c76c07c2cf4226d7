//! `memory reindex`: rebuild a project's note index (and the global notes') from the files, and
//! with `--embeddings` compute every missing vector of the embedding model, dropping the cached
//! vectors no note uses any more.

use serde::Serialize;

use super::Error;
use super::fts;
use super::index::IndexProgress;
use super::layout::GLOBAL_SCOPE;
use super::space::Memory;
use super::vectors::{self, VectorReport};
use crate::home::Project;

/// What reindex did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ReindexReport {
    pub project_key: String,
    /// Notes (project and global, deprecated included) in the rebuilt index.
    pub notes: usize,
    /// With `--embeddings`: the vectors computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vectors: Option<VectorReport>,
    /// With `--embeddings`: cached vectors dropped (of notes gone or changed, or of another model).
    pub pruned: usize,
}

/// Rebuilds the index of `project` and the global notes; with `embeddings`, fills the missing
/// vectors (one `progress` step per note). Fails when `embeddings` is asked without
/// `memory.embedding`.
pub async fn reindex(
    memory: &Memory,
    project: &Project,
    embeddings: bool,
    progress: &dyn IndexProgress,
) -> Result<ReindexReport, Error> {
    let model = match (embeddings, &memory.settings.embedding) {
        (true, None) => return Err(Error::NoEmbeddingModel),
        (true, Some(model)) => Some(model.clone()),
        (false, _) => None,
    };
    let key = &project.key;
    let mut conn = memory.db()?;
    fts::forget(&mut conn, &key.0)?;
    fts::forget(&mut conn, GLOBAL_SCOPE)?;
    memory.sync(&mut conn, Some(key))?;
    let scopes = memory.scopes(Some(key));
    let mut report = ReindexReport {
        project_key: key.0.clone(),
        notes: fts::list(&conn, scopes.as_deref())?.len(),
        ..ReindexReport::default()
    };
    if let Some(model) = model {
        report.pruned = vectors::prune(&mut conn, &model)?;
        report.vectors = vectors::embed_missing(memory, key, progress).await?;
    }
    Ok(report)
}
