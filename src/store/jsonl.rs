//! Append-only JSON Lines files: the transcript, event and log format.
//!
//! A record is appended with one `write` of one whole line on a file opened `O_APPEND`, so concurrent
//! appenders never interleave inside a line. A writer killed mid-write can leave a torn last line; the
//! reader skips it with a warning, and the next append starts a fresh line so the torn bytes never glue
//! onto a good record.

use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use rustix::fs::{Mode, OFlags};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Error, create_dir_private};

/// Appends `record` as one line to `path`, creating the file (0600) and its directory (0700).
pub fn append_line<T: Serialize + ?Sized>(path: &Path, record: &T) -> Result<(), Error> {
    let line = encode(path, record)?;
    let file = open_append(path)?;
    append_to(&file, path, line)
}

/// [`append_line`] to a file that must exist already: one removed meanwhile is an error, not made
/// again.
pub fn append_line_existing<T: Serialize + ?Sized>(path: &Path, record: &T) -> Result<(), Error> {
    let line = encode(path, record)?;
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .open(path)
        .map_err(|e| Error::io("append to", path, e))?;
    append_to(&file, path, line)
}

/// [`append_line`] to `name` in the open directory `dir`, never through a link at `name`
/// (`O_NOFOLLOW`), and only to a regular file (`O_NONBLOCK`: a FIFO does not block) with no other
/// hard link. `path` names
/// the file in errors.
pub fn append_line_at<T: Serialize + ?Sized>(
    dir: &impl AsFd,
    name: &OsStr,
    path: &Path,
    record: &T,
) -> Result<(), Error> {
    let line = encode(path, record)?;
    let file = rustix::fs::openat(
        dir,
        name,
        OFlags::RDWR
            | OFlags::APPEND
            | OFlags::CREATE
            | OFlags::NOFOLLOW
            | OFlags::NONBLOCK
            | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o600),
    )
    .map(File::from)
    .map_err(|e| match e {
        rustix::io::Errno::LOOP => Error::io(
            "open",
            path,
            std::io::Error::other("it is a symbolic link, not followed"),
        ),
        e => Error::io("open", path, e.into()),
    })?;
    let meta = file.metadata().map_err(|e| Error::io("inspect", path, e))?;
    if !meta.is_file() {
        return Err(Error::io(
            "append to",
            path,
            std::io::Error::other("not a regular file"),
        ));
    }
    // A second name for the file may be anywhere on the file system (a hook, another file the
    // caller must not write): the name alone says nothing about which file this is.
    if std::os::unix::fs::MetadataExt::nlink(&meta) > 1 {
        return Err(Error::io(
            "append to",
            path,
            std::io::Error::other("it has other hard links, not written through"),
        ));
    }
    append_to(&file, path, line)
}

fn encode<T: Serialize + ?Sized>(path: &Path, record: &T) -> Result<Vec<u8>, Error> {
    let mut line = serde_json::to_vec(record).map_err(|source| Error::Encode {
        path: path.to_owned(),
        source,
    })?;
    line.push(b'\n');
    Ok(line)
}

fn append_to(file: &File, path: &Path, mut line: Vec<u8>) -> Result<(), Error> {
    if ends_torn(file) {
        line.insert(0, b'\n');
    }
    (&*file)
        .write_all(&line)
        .map_err(|e| Error::io("append to", path, e))
}

fn open_append(path: &Path) -> Result<File, Error> {
    let open = || {
        OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .mode(0o600)
            .open(path)
    };
    match open() {
        Ok(f) => Ok(f),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(dir) = path.parent() {
                create_dir_private(dir)?;
            }
            open().map_err(|e| Error::io("open", path, e))
        }
        Err(e) => Err(Error::io("open", path, e)),
    }
}

/// True when the file is non-empty and its last byte is not a newline (a writer died mid-line).
fn ends_torn(file: &File) -> bool {
    let Ok(len) = file.metadata().map(|m| m.len()) else {
        return false;
    };
    if len == 0 {
        return false;
    }
    let mut last = [0u8; 1];
    matches!(file.read_at(&mut last, len - 1), Ok(1) if last[0] != b'\n')
}

/// A line that could not be read as a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    /// 1-based line number.
    pub line: usize,
    pub reason: String,
}

/// The records of a JSONL file plus the lines that were skipped.
#[derive(Debug)]
pub struct JsonlRead<T> {
    pub records: Vec<T>,
    pub skipped: Vec<SkippedLine>,
    pub path: PathBuf,
}

/// Reads every record of `path`. Blank lines are ignored; torn, non-UTF-8 or invalid lines are
/// skipped, reported in `skipped` and logged as warnings. A missing file is an error for the caller
/// to interpret.
pub fn read_lines<T: DeserializeOwned>(path: &Path) -> Result<JsonlRead<T>, Error> {
    let file = File::open(path).map_err(|e| Error::io("open", path, e))?;
    let mut reader = BufReader::new(file);
    let mut out = JsonlRead {
        records: Vec::new(),
        skipped: Vec::new(),
        path: path.to_owned(),
    };
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        let n = reader
            .read_until(b'\n', &mut buf)
            .map_err(|e| Error::io("read", path, e))?;
        if n == 0 {
            break;
        }
        line_no += 1;
        let complete = buf.last() == Some(&b'\n');
        let text = match std::str::from_utf8(&buf) {
            Ok(t) => t.trim(),
            Err(_) => {
                out.skip(line_no, "not valid UTF-8".to_owned());
                continue;
            }
        };
        if text.is_empty() {
            continue;
        }
        match serde_json::from_str::<T>(text) {
            Ok(r) => out.records.push(r),
            Err(e) if !complete => out.skip(line_no, format!("torn last line ({e})")),
            Err(e) => out.skip(line_no, e.to_string()),
        }
    }
    Ok(out)
}

impl<T> JsonlRead<T> {
    fn skip(&mut self, line: usize, reason: String) {
        tracing::warn!(path = %self.path.display(), line, %reason, "skipping unreadable JSONL line");
        self.skipped.push(SkippedLine { line, reason });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn torn_line_is_skipped_and_next_append_starts_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        append_line(&path, &json!({"n": 1})).unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"{\"n\": 2, \"tru")
            .unwrap();
        append_line(&path, &json!({"n": 3})).unwrap();
        let read: JsonlRead<Value> = read_lines(&path).unwrap();
        assert_eq!(read.records, vec![json!({"n": 1}), json!({"n": 3})]);
        assert_eq!(read.skipped.len(), 1);
        assert_eq!(read.skipped[0].line, 2);
    }

    #[test]
    fn invalid_utf8_and_garbage_lines_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        crate::store::write_atomic(&path, b"{\"a\":1}\n\xff\xfe\nnot json\n\n{\"a\":2}\n").unwrap();
        let read: JsonlRead<Value> = read_lines(&path).unwrap();
        assert_eq!(read.records.len(), 2);
        let lines: Vec<_> = read.skipped.iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![2, 3]);
    }
}
