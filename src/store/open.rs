//! Opening a file to read that someone else may have replaced by a FIFO or a device: `O_NONBLOCK`,
//! so the open itself never waits for a writer; the caller checks what it opened (`fstat`).

use std::fs::{File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Opens `path` to read with `flags` added (`O_NOFOLLOW`), never blocking on a FIFO.
pub fn open_nonblocking(path: &Path, flags: i32) -> std::io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(flags | libc::O_NONBLOCK)
        .open(path)
}
