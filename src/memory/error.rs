//! The memory module's one error type.

use std::path::PathBuf;

/// A memory operation failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Store(#[from] crate::store::Error),
    #[error("memory database query failed while {action}")]
    Sqlite {
        action: &'static str,
        #[source]
        source: rusqlite::Error,
    },
    #[error("cannot {action} `{path}`")]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "no model for memory: set memory.model or agent.model in pilotdeck.yaml (provider/model)"
    )]
    NoModel,
    #[error("memory model `{model}` cannot be used: {problem}")]
    BadModel {
        model: String,
        problem: crate::config::ModelRefError,
    },
    #[error(
        "no embedding model: set memory.embedding in pilotdeck.yaml (provider/model, e.g. openai/text-embedding-3-small)"
    )]
    NoEmbeddingModel,
    #[error("the memory model call failed")]
    Model(#[source] crate::model::Error),
    #[error("note `{query}` not found; list notes with `pilotdeck memory list`")]
    NoteNotFound { query: String },
    #[error("note `{query}` is ambiguous ({count} notes match); give its path from `memory list`")]
    NoteAmbiguous { query: String, count: usize },
    #[error("`{path}` is not a memory bundle or a folder of markdown notes")]
    BadImport {
        path: PathBuf,
        #[source]
        source: Option<serde_json::Error>,
    },
    #[error("`{path}` is in a hidden location ({hidden}); notes are not imported from there")]
    HiddenImport { path: PathBuf, hidden: PathBuf },
    #[error("nothing to roll back: no dream snapshot for this project")]
    NoSnapshot,
    #[error("cannot encode {what} as JSON")]
    Encode {
        what: &'static str,
        #[source]
        source: serde_json::Error,
    },
    #[error(transparent)]
    Home(#[from] crate::home::Error),
    #[error(
        "recall took longer than memory.retrievalTimeoutMs ({ms} ms); raise it, or check that no other process holds state.db locked"
    )]
    RecallTimeout { ms: u64 },
    #[error(
        "the notes kept changing while dream was planning ({attempts} attempts); nothing was changed, run `pilotdeck memory dream` again"
    )]
    DreamRaced { attempts: usize },
    #[error(
        "no remote to sync the notes with: pass --remote URL (it is remembered) or set memory.sync.remote"
    )]
    NoSyncRemote,
    #[error("memory sync failed: {0}")]
    Sync(String),
    #[error("this is a bug in pilotdeck, please report it: {0}")]
    Bug(&'static str),
}

impl Error {
    pub(crate) fn sqlite(action: &'static str) -> impl FnOnce(rusqlite::Error) -> Error {
        move |source| Error::Sqlite { action, source }
    }

    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io {
            action,
            path,
            source,
        }
    }
}

impl From<rusqlite::Error> for Error {
    fn from(source: rusqlite::Error) -> Error {
        Error::Sqlite {
            action: "writing",
            source,
        }
    }
}
