use std::io;
use std::path::PathBuf;

/// A storage failure, always with the path it concerns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot {action} `{path}`")]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("database `{path}` failed")]
    Sqlite {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "database `{path}` has schema version {found}, newer than this pilotdeck knows ({known}); \
         upgrade pilotdeck or point --home at another directory"
    )]
    SchemaTooNew {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("cannot encode a record for `{path}`")]
    Encode {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
}

impl Error {
    pub(crate) fn io(action: &'static str, path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            action,
            path: path.into(),
            source,
        }
    }
}
