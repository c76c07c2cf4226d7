//! Opening a file to read that someone else may have replaced by a FIFO or a device: `O_NONBLOCK`,
//! so the open itself never waits for a writer; the caller checks what it opened (`fstat`).
//! [`read_file`] and [`read_text`] do both for the small files pilotdeck reads whole (configs,
//! `mcp.json`, permission files), which a cloned repository may hold: a FIFO, device or directory
//! there is an error, never a hang, and so is a file too large to be one.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The largest file [`read_file`] reads: 16 MiB, far over any config.
pub const MAX_READ_BYTES: u64 = 16 * 1024 * 1024;

/// Opens `path` to read with `flags` added (`O_NOFOLLOW`), never blocking on a FIFO.
pub fn open_nonblocking(path: &Path, flags: i32) -> std::io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(flags | libc::O_NONBLOCK)
        .open(path)
}

/// The bytes of the regular file at `path` (a link to one is followed): never waiting on a FIFO,
/// refusing anything that is not a regular file or is over [`MAX_READ_BYTES`].
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let file = open_nonblocking(path, 0)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a FIFO, device or directory)",
        ));
    }
    if meta.len() > MAX_READ_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} bytes: larger than the {} MiB read whole",
                meta.len(),
                MAX_READ_BYTES / (1024 * 1024)
            ),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_READ_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// [`read_file`] as UTF-8 text; bytes that are not UTF-8 are an error naming their line.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read_file(path)?).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..valid]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text (the first byte that is not is on line {line})"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_directory_and_bad_utf8_are_errors_not_hangs() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        let err = read_text(&fifo).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        assert!(read_text(dir.path()).is_err());
        let bad = dir.path().join("bad");
        crate::store::write_atomic(&bad, b"a: 1\nb: \xff\n").unwrap();
        let err = read_text(&bad).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        crate::store::write_atomic(&bad, b"a: 1\n").unwrap();
        assert_eq!(read_text(&bad).unwrap(), "a: 1\n");
    }
}
