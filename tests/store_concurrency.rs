//! Storage under real concurrent processes: many appenders on one JSONL file, a writer killed in the
//! middle of atomic writes, and processes racing to create and migrate a fresh `state.db`.
//!
//! The child processes are this test binary re-run with a role in `PILOTDECK_TEST_ROLE`, entering
//! through the ignored `child` test, so they exercise the library exactly as the product uses it.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use pilotdeck::store;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Record {
    writer: u32,
    seq: u32,
    padding: String,
}

const APPENDERS: u32 = 8;
const LINES: u32 = 1000;

/// The child processes' entry point; does nothing unless started by a test below.
#[test]
#[ignore = "entry point for child processes"]
fn child() {
    let role = std::env::var("PILOTDECK_TEST_ROLE").unwrap();
    let path = PathBuf::from(std::env::var("PILOTDECK_TEST_PATH").unwrap());
    match role.as_str() {
        "append" => {
            let writer: u32 = std::env::var("PILOTDECK_TEST_WRITER")
                .unwrap()
                .parse()
                .unwrap();
            for seq in 0..LINES {
                // Varying lengths, some well over a page, so lines straddle buffer boundaries.
                let padding = "x".repeat(((writer * 7919 + seq * 104729) % 6000) as usize);
                store::append_line(
                    &path,
                    &Record {
                        writer,
                        seq,
                        padding,
                    },
                )
                .unwrap();
            }
        }
        "atomic" => {
            let big_a = vec![b'a'; 4 << 20];
            let big_b = vec![b'b'; 4 << 20];
            for i in 0u64.. {
                store::write_atomic(&path, if i % 2 == 0 { &big_a } else { &big_b }).unwrap();
                println!("wrote {i}");
            }
        }
        "migrate" => {
            let conn = store::open(&path).unwrap();
            let n: i64 = conn
                .query_row("SELECT count(*) FROM meta", [], |r| r.get(0))
                .unwrap();
            assert_eq!(n, 1);
        }
        other => panic!("unknown role {other}"),
    }
}

fn spawn(role: &str, path: &Path, extra: &[(&str, String)]) -> Child {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "child",
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("PILOTDECK_TEST_ROLE", role)
    .env("PILOTDECK_TEST_PATH", path)
    .stdout(Stdio::piped())
    .stderr(Stdio::inherit());
    for (k, v) in extra {
        cmd.env(k, v);
    }
    #[allow(clippy::disallowed_methods, reason = "test harness spawning itself")]
    cmd.spawn().unwrap()
}

#[test]
fn eight_processes_append_a_thousand_lines_each_without_tearing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.jsonl");
    let children: Vec<Child> = (0..APPENDERS)
        .map(|w| spawn("append", &path, &[("PILOTDECK_TEST_WRITER", w.to_string())]))
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let read: store::JsonlRead<Record> = store::read_lines(&path).unwrap();
    assert!(read.skipped.is_empty(), "{:?}", read.skipped);
    assert_eq!(read.records.len(), (APPENDERS * LINES) as usize);
    for w in 0..APPENDERS {
        let seqs: Vec<u32> = read
            .records
            .iter()
            .filter(|r| r.writer == w)
            .map(|r| r.seq)
            .collect();
        assert_eq!(
            seqs,
            (0..LINES).collect::<Vec<_>>(),
            "writer {w}: every line once, in its order"
        );
    }
    for r in &read.records {
        let expected = ((r.writer * 7919 + r.seq * 104729) % 6000) as usize;
        assert_eq!(r.padding.len(), expected, "line intact");
    }
}

#[test]
fn a_writer_killed_mid_write_leaves_old_or_new_never_a_mix() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.bin");
    for round in 0..12u32 {
        let mut child = spawn("atomic", &path, &[]);
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        // Let it complete a few writes (a different number each round), then kill it mid-stream.
        let mut writes = lines
            .map(Result::unwrap)
            .filter(|l| l.starts_with("wrote "));
        for _ in 0..=(round % 4) {
            writes.next().unwrap();
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 4 << 20, "round {round}: a whole file");
        let first = bytes[0];
        assert!(first == b'a' || first == b'b');
        assert!(
            bytes.iter().all(|b| *b == first),
            "round {round}: old or new, never a mix"
        );
    }
    let stray: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "state.bin")
        .collect();
    // A killed writer may leave its temp file; it never replaces the target.
    assert!(
        stray
            .iter()
            .all(|e| e.file_name().to_string_lossy().starts_with(".tmp-"))
    );
}

#[test]
fn processes_racing_to_migrate_a_fresh_database_end_with_one_schema() {
    for round in 0..8 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.db");
        let children: Vec<Child> = (0..4).map(|_| spawn("migrate", &path, &[])).collect();
        for mut c in children {
            assert!(c.wait().unwrap().success(), "round {round}: a racer failed");
        }
        let conn = store::open(&path).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, store::MIGRATIONS.len() as i64);
        let n: i64 = conn
            .query_row("SELECT count(*) FROM meta", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1, "each migration ran once");
    }
}
