//! The JSONL reader (transcripts, logs): any file content is read without a panic, and every
//! non-blank line is a record or a reported skip.
#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use pilotdeck::store::{JsonlRead, read_lines};

fuzz_target!(|data: &[u8]| {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(data).unwrap();
    let read: JsonlRead<serde_json::Value> = read_lines(file.path()).unwrap();
    let non_blank = data
        .split(|b| *b == b'\n')
        .filter(|l| std::str::from_utf8(l).map_or(true, |t| !t.trim().is_empty()))
        .count();
    assert_eq!(read.records.len() + read.skipped.len(), non_blank);
});
