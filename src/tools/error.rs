//! The tools module's error type. Builtin tools turn these into `ToolOutput::error` for the model;
//! the message is written for the model as much as for people: what failed and what to do.

use std::io;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot {action} `{path}`: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("`{path}` does not exist; check the path (relative paths start at the project root)")]
    NotFound { path: PathBuf },
    #[error("`{path}` is a directory; use list_dir or glob to see what it contains")]
    IsDirectory { path: PathBuf },
    #[error("`{path}` is not a directory")]
    NotDirectory { path: PathBuf },
    #[error(
        "`{path}` was left alone: {reason}; file tools never go through a symbolic link inside \
         the project"
    )]
    Unsafe { path: PathBuf, reason: String },
    #[error("`{path}` is not a regular file (a FIFO, a socket or a device); it is not read")]
    NotRegular { path: PathBuf },
    #[error("`{path}` is in a secret location (`{hidden}`) hidden from the agent; do not retry it")]
    Hidden { path: PathBuf, hidden: PathBuf },
    #[error("`{path}` looks binary ({bytes} bytes); it is not shown as text")]
    Binary { path: PathBuf, bytes: u64 },
    #[error(
        "`{path}` is not UTF-8 text ({bytes} bytes; another encoding, such as Latin-1, or binary): \
         `edit_file` changes UTF-8 text only; change it with a command (`sed`, or `iconv` to convert it)"
    )]
    NotUtf8 { path: PathBuf, bytes: u64 },
    #[error(
        "`{path}` is {bytes} bytes, more than the {limit} bytes `edit_file` and `write_file` read whole; change it with a command instead"
    )]
    TooLarge {
        path: PathBuf,
        bytes: u64,
        limit: u64,
    },
    #[error(
        "`{path}` exists but was not read in this session; call read_file on it before overwriting"
    )]
    NotRead { path: PathBuf },
    #[error(
        "`{path}` changed on disk since it was last read; call read_file again before changing it"
    )]
    Stale { path: PathBuf },
    #[error("old_string was not found in `{path}`; read the file and copy the text exactly")]
    NoMatch { path: PathBuf },
    #[error(
        "old_string occurs {count} times in `{path}`; add surrounding context to make it unique, \
         or set replace_all to true"
    )]
    AmbiguousMatch { path: PathBuf, count: usize },
    #[error("old_string and new_string are identical; nothing to change in `{path}`")]
    NoChange { path: PathBuf },
    #[error("`{path}` already exists and is not empty; pass a non-empty old_string to edit it")]
    AlreadyExists { path: PathBuf },
    #[error("invalid {what} `{pattern}`: {message}")]
    BadPattern {
        what: &'static str,
        pattern: String,
        message: String,
    },
    #[error("unknown time zone `{zone}`; use an IANA name such as `Europe/Paris` or `UTC`")]
    UnknownTimeZone { zone: String },
    #[error("timeout_secs must be between 1 and {max}, got {got}")]
    BadTimeout { got: u64, max: u64 },
    #[error(transparent)]
    Process(#[from] super::process::Error),
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: crate::store::Error,
    },
    #[error("cannot save the large result to `{path}`: {source}")]
    Spill {
        path: PathBuf,
        #[source]
        source: crate::store::Error,
    },
    #[error("cannot save the large result to `{path}`: {reason}")]
    SpillRefused { path: PathBuf, reason: String },
    #[error("a background task failed: {message}; this is a bug in pilotdeck, please report it")]
    Join { message: String },
    #[error(transparent)]
    Media(#[from] crate::media::Error),
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
