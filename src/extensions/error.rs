//! [`Error`]: a file or entry of an extension that could not be used. Never fatal: the loader keeps
//! it in a `problems` list and goes on with the rest.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A problem in `pilotdeck.yaml` (its `hooks:`), at the key's position.
    #[error(
        "{}:{}:{}: `{key}`: {message}; it is skipped",
        location.file.display(),
        location.line,
        location.column
    )]
    Located {
        location: crate::config::Location,
        /// The dotted key path (`hooks.PreToolUse.0.matcher`).
        key: String,
        message: String,
    },
    #[error("`{path}`: {key}: {message}; it is skipped")]
    Invalid {
        path: PathBuf,
        /// Where in the file: a key path (`hooks.PreToolUse[0].matcher`) or `frontmatter`.
        key: String,
        message: String,
    },
}

impl Error {
    pub(crate) fn invalid(
        path: impl Into<PathBuf>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        Error::Invalid {
            path: path.into(),
            key: key.into(),
            message: message.into(),
        }
    }

    /// This problem as `config validate` lists it: a warning (the entry is skipped), at its file
    /// position and dotted key where known.
    pub fn diagnostic(&self) -> crate::config::Diagnostic {
        use crate::config::{Diagnostic, Severity};
        match self {
            Error::Located {
                location,
                key,
                message,
            } => Diagnostic::new(Severity::Warning, format!("{message}; it is skipped"))
                .at(Some(location))
                .key(key),
            Error::Invalid { path, key, message } => {
                Diagnostic::new(Severity::Warning, format!("{message}; it is skipped"))
                    .file(path)
                    .key(key)
            }
            Error::Read { path, .. } => {
                Diagnostic::new(Severity::Warning, self.to_string()).file(path)
            }
        }
    }
}
