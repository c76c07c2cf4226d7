//! Shared storage primitives every subsystem uses: atomic whole-file writes, append-only JSONL (both
//! also relative to an open directory, for `checkpoint::confine`), opening a file to read without
//! blocking on a FIFO, advisory file locks, the SQLite `state.db` with its migrations, and the typed
//! findings of consistency checks ([`check`]).
//!
//! Invariants kept here so no caller has to: every whole-file write is atomic (temp file, fsync,
//! rename); every JSONL record is one `write` of one whole line; a torn or invalid line is skipped with a
//! warning, never fatal; directories are created 0700 and files 0600; every error names its path.

mod atomic;
pub mod check;
mod db;
mod error;
mod jsonl;
mod lock;
mod open;
mod stamp;

pub use atomic::{create_dir_private, write_atomic, write_atomic_at, write_atomic_mode};
pub use check::{Finding, Severity};
pub use db::{MIGRATIONS, immediate, open, open_memory, read_mapped, try_immediate};
pub use error::Error;
pub use jsonl::{
    JsonlRead, SkippedLine, append_line, append_line_at, append_line_existing, read_lines,
};
pub use lock::{FileLock, pid_alive};
pub use open::{MAX_READ_BYTES, open_nonblocking, read_file, read_text};
pub use stamp::{nanos, settled};
