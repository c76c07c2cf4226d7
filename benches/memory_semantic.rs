//! Recall with the semantic stage (`memory.embedding`) over 10,000 notes with cached 768-dimension
//! vectors: what the stage adds to stage 1 alone. Notes are ~66 words drawn from a 4,000-word
//! vocabulary, common words more frequent, so stage 1's postings are as selective as prose's.
//!
//! Run with `cargo bench --bench memory_semantic`. A local HTTP server on its own thread plays the
//! embedding model (OpenAI `/v1/embeddings`, a vector per text from its hashed words, answered at
//! once), so the figures are pilotdeck's own cost: the query's request, loading the vectors from
//! `state.db` and the brute-force cosine scan, and the fusion. Reports the time to fill the 10,000
//! vectors (`memory reindex --embeddings`, in-process), then medians of in-process recall with and
//! without the stage, and of the whole `pilotdeck memory recall` process (release binary) with
//! and without, and of one query-embedding call on its own (a new connection to the local server,
//! as a recall process makes it). Goal (issue 19): < 30 ms whole process plus that one call.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "support/process.rs"]
mod process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::time::{Duration, Instant};

use pilotdeck::config::Config;
use pilotdeck::home::{PilotHome, Project};
use pilotdeck::memory::{self, Memory, NoProgress, Note, NoteKind, RecallOptions, Semantic};
use process::{children_cpu, pilotdeck_bin, time_run};

const NOTES: usize = 10_000;
const DIMS: usize = 768;
const QUERIES: usize = 100;
const PROCESS_RUNS: usize = 30;

/// Distinct words of the notes' vocabulary.
const VOCABULARY: usize = 4_000;

/// Syllables the vocabulary's words are made of.
const SYLLABLES: &[&str] = &[
    "ka", "to", "ri", "mu", "se", "la", "no", "vi", "da", "pe", "gu", "sho", "ter", "bin", "sol",
    "mar", "ex", "qui", "zan", "fo",
];

/// Word `i` of the vocabulary: three syllables, distinct for every `i` below 8,000.
fn word(i: usize) -> String {
    let n = SYLLABLES.len();
    format!(
        "{}{}{}",
        SYLLABLES[i % n],
        SYLLABLES[(i / n) % n],
        SYLLABLES[(i / n / n) % n]
    )
}

/// A pseudo-random sentence of `n` words for seed `seed`, common words more frequent (the rank
/// of a word is the square of a uniform draw, a rough Zipf), like prose.
fn sentence(seed: usize, n: usize) -> String {
    let mut x = (seed as u64)
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let u = (x >> 33) as f64 / f64::from(1u32 << 31);
            word((u * u * VOCABULARY as f64) as usize)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A unit-free vector of `text`: its words hashed into [`DIMS`] buckets.
fn vector(text: &str) -> Vec<f32> {
    let mut v = vec![0.0f32; DIMS];
    v[DIMS - 1] = 0.01;
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 2)
    {
        let h = (word.to_lowercase().bytes()).fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        v[(h % (DIMS as u64 - 1)) as usize] += 1.0;
    }
    v
}

/// Serves OpenAI-style embedding replies on a thread of its own; returns the base URL.
fn embedding_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream);
                loop {
                    let mut length = 0usize;
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if reader.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        let lower = line.to_ascii_lowercase();
                        if let Some(v) = lower.strip_prefix("content-length:") {
                            length = v.trim().parse().unwrap();
                        }
                        if line == "\r\n" {
                            break;
                        }
                    }
                    let mut body = vec![0u8; length];
                    reader.read_exact(&mut body).unwrap();
                    let request: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    let data: Vec<serde_json::Value> = (request["input"].as_array().unwrap().iter())
                        .enumerate()
                        .map(|(i, t)| serde_json::json!({"index": i, "embedding": vector(t.as_str().unwrap())}))
                        .collect();
                    let reply = serde_json::json!({"data": data}).to_string();
                    let head = format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                        reply.len()
                    );
                    // One write: a reply written as two segments waits for the client's delayed
                    // ACK of the first (Nagle), ~40 ms on a reused connection.
                    if (reader.get_mut())
                        .write_all(format!("{head}{reply}").as_bytes())
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
    });
    url
}

/// The time of one query-embedding call as recall makes it: a new connection to the server at
/// `url`, the request for `text`, the whole reply read.
fn time_call(url: &str, text: &str) -> Duration {
    let address = url.trim_start_matches("http://").trim_end_matches("/v1");
    let body = serde_json::json!({"model": "embed-768", "input": [text]}).to_string();
    let start = Instant::now();
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(
        stream,
        "POST /v1/embeddings HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut length = 0usize;
    let mut line = String::new();
    while line != "\r\n" {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap();
        }
    }
    let mut reply = vec![0u8; length];
    reader.read_exact(&mut reply).unwrap();
    let reply: serde_json::Value = serde_json::from_slice(&reply).unwrap();
    assert_eq!(
        reply["data"][0]["embedding"].as_array().unwrap().len(),
        DIMS
    );
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1000.0
}

fn main() {
    let tmp = tempfile::tempdir().unwrap();
    let url = embedding_server();
    let home = PilotHome::at(tmp.path().join("home"));
    let dir = tmp.path().join("project");
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::resolve(&home, &dir).unwrap();
    let yaml = format!(
        "model:\n  providers:\n    local:\n      protocol: openai\n      url: {url}\nmemory:\n  enabled: true\n  embedding: local/embed-768\n"
    );
    std::fs::create_dir_all(home.root()).unwrap();
    std::fs::write(home.root().join("pilotdeck.yaml"), &yaml).unwrap();
    let config: Config = serde_yaml::from_str(&yaml).unwrap();
    let memory = Memory::new(&home, &config);
    let folder = memory.layout.workspace(&project.key).join("Project");
    std::fs::create_dir_all(&folder).unwrap();
    for i in 0..NOTES {
        let note = Note::new(
            NoteKind::Project,
            &format!("Note {i}"),
            &sentence(i, 6),
            &format!(
                "{}\n\n{}",
                sentence(i + NOTES, 30),
                sentence(i + 2 * NOTES, 30)
            ),
            "2026-01-01T00:00:00Z",
        );
        std::fs::write(folder.join(format!("n{i:05}.md")), note.render()).unwrap();
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let started = Instant::now();
    let report = runtime
        .block_on(memory::reindex(&memory, &project, true, &NoProgress))
        .unwrap();
    let vectors = report.vectors.unwrap();
    assert_eq!(vectors.embedded, NOTES, "{:?}", vectors.problem);
    println!(
        "fill {NOTES} vectors of {DIMS} dims (reindex --embeddings, local server): {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let queries: Vec<String> = (0..QUERIES).map(|i| sentence(i + 7 * NOTES, 5)).collect();
    let recall = |query: &str, offline: bool| {
        let opts = RecallOptions {
            project: Some(project.clone()),
            query: query.to_owned(),
            limit: 5,
            offline,
            as_of: None,
        };
        let start = Instant::now();
        let result = runtime.block_on(memory::recall(&memory, &opts)).unwrap();
        let expected = if offline {
            Semantic::Skipped
        } else {
            Semantic::Used
        };
        assert_eq!(result.semantic, expected);
        start.elapsed()
    };
    recall("warm up", true);
    for (offline, what) in [
        (true, "stage 1 only (--offline)"),
        (false, "with the semantic stage"),
    ] {
        let times: Vec<Duration> = queries.iter().map(|q| recall(q, offline)).collect();
        println!(
            "in-process recall over {NOTES} notes, {what}: median {:.2} ms ({QUERIES} queries)",
            median(times)
        );
    }
    let calls: Vec<Duration> = (queries.iter().take(PROCESS_RUNS))
        .map(|q| time_call(&url, q))
        .collect();
    println!(
        "one query-embedding call (new connection, local server): median {:.2} ms ({PROCESS_RUNS} calls)",
        median(calls)
    );
    let bin = pilotdeck_bin();
    if !bin.exists() {
        println!(
            "whole-process recall: skipped ({} not built)",
            bin.display()
        );
        return;
    }
    for (offline, what) in [
        (true, "stage 1 only (--offline)"),
        (false, "with the semantic stage"),
    ] {
        let cpu = children_cpu();
        let times: Vec<Duration> = (queries.iter().take(PROCESS_RUNS))
            .map(|q| {
                let mut args = vec!["memory", "recall", "--json", q.as_str()];
                if offline {
                    args.push("--offline");
                }
                time_run(&bin, &args, home.root(), &dir)
            })
            .collect();
        let cpu = (children_cpu() - cpu).as_secs_f64() * 1000.0 / PROCESS_RUNS as f64;
        println!(
            "whole-process recall over {NOTES} notes, {what}: median {:.1} ms, CPU (user + sys) mean {cpu:.1} ms ({PROCESS_RUNS} runs)",
            median(times)
        );
    }
}
