//! The router's heuristic classifier and `router decide --offline` as a whole process.
//!
//! Run with `cargo bench --bench router_heuristic`. Reports, never asserts:
//! - accuracy per tier, the confusion matrix, and how often the heuristic picks a tier cheaper than
//!   the label (the costly mistake: the task may fail on a weak model) versus dearer (wasted money),
//!   on the hand-labelled set `benches/data/router_prompts.tsv` (English and Chinese; the keyword
//!   lists were tuned on it, so its numbers are optimistic), on
//!   `benches/data/router_prompts_holdout.tsv` (first held out, then used for a second tuning
//!   round) and on the held-out `benches/data/router_prompts_fresh.tsv` (never tuned on);
//! - the tier mix the learned scorer gives the 80 MT-Bench questions of the RouteLLM evaluation data, by category
//!   (no tier labels exist there; a sanity check that coding/math/reasoning go up a tier), when
//!   `/work/shared/benchdata/routellm` (or `$PILOTDECK_BENCHDATA/routellm`) is present;
//! - the same accuracy for the learned scorer's tiers (`router::scorer`, default thresholds). It
//!   is fitted on MMLU only; its default thresholds were chosen on the first two files, so the
//!   fresh file is the held-out agent-prompt check (`router.tokenSaver.scorer: learned` may become
//!   the default only if it is not worse there than the heuristic);
//! - the learned classifier's time per decision, features and keyword explanation together
//!   (goal: under 0.2 ms), and for an 11 KB prompt;
//! - median and p90 wall time of `pilotdeck router decide --offline`, with each offline
//!   classifier (goal: under 5 ms).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "support/process.rs"]
mod process;

use process::pilotdeck_bin;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pilotdeck::router::{Tier, classify, scorer};

const RUNS: usize = 100;

fn labelled(file: &str) -> Vec<(Tier, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("benches/data")
        .join(file);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (tier, prompt) = l.split_once('\t').unwrap();
            (Tier::parse(tier).unwrap(), prompt.replace("\\n", "\n"))
        })
        .collect()
}

fn accuracy(file: &str, what: &str, name: &str, classify: impl Fn(&str) -> Tier) {
    let set = labelled(file);
    let mut confusion = [[0usize; 4]; 4];
    let (mut cheaper, mut dearer) = (0, 0);
    let mut misses = Vec::new();
    for (label, prompt) in &set {
        let got = classify(prompt);
        if got != *label {
            misses.push(format!("  {label} → {got}: {}", prompt.replace('\n', " ")));
        }
        confusion[*label as usize][got as usize] += 1;
        if got < *label {
            cheaper += 1;
        } else if got > *label {
            dearer += 1;
        }
    }
    let correct: usize = (0..4).map(|i| confusion[i][i]).sum();
    println!(
        "{name} on {} hand-labelled prompts ({what}, {file})",
        set.len()
    );
    println!(
        "  accuracy {:.1}%  cheaper than label {} ({:.1}%)  dearer {} ({:.1}%)",
        pct(correct, set.len()),
        cheaper,
        pct(cheaper, set.len()),
        dearer,
        pct(dearer, set.len())
    );
    println!("  confusion (rows = label, columns = {name}):");
    println!(
        "  {:>10} {:>7} {:>7} {:>9} {:>7}   accuracy",
        "", "simple", "medium", "reasoning", "complex"
    );
    for tier in Tier::ALL {
        let row = confusion[tier as usize];
        let n: usize = row.iter().sum();
        println!(
            "  {:>10} {:>7} {:>7} {:>9} {:>7}   {:.1}%",
            tier.as_str(),
            row[0],
            row[1],
            row[2],
            row[3],
            pct(row[tier as usize], n)
        );
    }
    println!("  misclassified:");
    for miss in misses {
        println!("{miss}");
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 * 100.0 / b as f64
    }
}

fn mt_bench() {
    let root = std::env::var_os("PILOTDECK_BENCHDATA")
        .map_or_else(|| PathBuf::from("/work/shared/benchdata"), PathBuf::from);
    let path = root.join("routellm/mt_bench/question.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("MT-Bench: {} not found; skipped", path.display());
        return;
    };
    let mut by_category: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    for line in text.lines() {
        let q: serde_json::Value = serde_json::from_str(line).unwrap();
        let prompt = q["turns"][0].as_str().unwrap_or_default();
        let tier = scorer::classify(prompt, 0, None).tier;
        by_category
            .entry(q["category"].as_str().unwrap_or("?").to_owned())
            .or_default()[tier as usize] += 1;
    }
    println!("MT-Bench first turns (RouteLLM eval data), scorer tier mix by category:");
    println!(
        "  {:>12} {:>7} {:>7} {:>9} {:>7}",
        "", "simple", "medium", "reasoning", "complex"
    );
    for (cat, row) in by_category {
        println!(
            "  {:>12} {:>7} {:>7} {:>9} {:>7}",
            cat, row[0], row[1], row[2], row[3]
        );
    }
}

fn decide_process(scorer: &str) {
    let bin = pilotdeck_bin();
    if !bin.exists() {
        println!(
            "router decide --offline: {} not built; skipped",
            bin.display()
        );
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("project");
    std::fs::create_dir_all(project.join(".git")).unwrap();
    let config = tmp.path().join("pilotdeck.yaml");
    std::fs::write(
        &config,
        format!("agent:\n  model: openai/gpt-4.1\nmodel:\n  providers:\n    openai:\n      apiKey: x\nrouter:\n  tokenSaver:\n    scorer: {scorer}\n    judge: openai/gpt-4.1-mini\n    tiers:\n      simple: {{model: openai/gpt-4.1-mini}}\n      medium: {{model: openai/gpt-4.1}}\n      reasoning: {{model: openai/o3}}\n      complex: {{model: openai/o3}}\n"),
    )
    .unwrap();
    let mut times: Vec<Duration> = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        let status = Command::new(&bin)
            .args(["--config"])
            .arg(&config)
            .args([
                "router",
                "decide",
                "--offline",
                "refactor src/a.rs and src/b.rs",
            ])
            .env("PILOTDECK_HOME", tmp.path().join("home"))
            .current_dir(&project)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        times.push(start.elapsed());
        assert!(status.success());
    }
    times.sort();
    println!(
        "router decide --offline, scorer {scorer} (whole process, {RUNS} runs): median {:.2} ms, p90 {:.2} ms (goal < 5 ms)",
        times[RUNS / 2].as_secs_f64() * 1000.0,
        times[RUNS * 9 / 10].as_secs_f64() * 1000.0
    );
}

/// Time per scorer decision (features + dot product) over every labelled prompt and a long one.
fn scorer_timing() {
    let mut prompts: Vec<String> = ["router_prompts.tsv", "router_prompts_fresh.tsv"]
        .iter()
        .flat_map(|f| labelled(f).into_iter().map(|(_, p)| p))
        .collect();
    prompts.push("explain this stack trace and fix the bug in the parser. ".repeat(200));
    let rounds = 50;
    let start = Instant::now();
    let mut sum = 0.0;
    for _ in 0..rounds {
        for p in &prompts {
            sum += scorer::classify(p, 0, None).score.unwrap();
        }
    }
    let per = start.elapsed().as_secs_f64() * 1e6 / (rounds * prompts.len()) as f64;
    let long = Instant::now();
    sum += scorer::classify(prompts.last().unwrap(), 0, None)
        .score
        .unwrap();
    println!(
        "scorer: {per:.1} µs per decision over {} prompts; a {}-character prompt {:.1} µs (goal < 200 µs; checksum {sum:.3})",
        prompts.len(),
        prompts.last().unwrap().len(),
        long.elapsed().as_secs_f64() * 1e6
    );
}

fn main() {
    let scorer_tier = |p: &str| scorer::classify(p, 0, None).tier;
    let heuristic_tier = |p: &str| classify(p).tier;
    for (name, f) in [
        ("heuristic", &heuristic_tier as &dyn Fn(&str) -> Tier),
        ("scorer", &scorer_tier),
    ] {
        accuracy(
            "router_prompts.tsv",
            "the set the keyword lists were tuned on; the scorer's thresholds chosen on it",
            name,
            f,
        );
        accuracy(
            "router_prompts_holdout.tsv",
            "written after round 1; its misses guided round 2; the scorer's thresholds chosen on it",
            name,
            f,
        );
        accuracy(
            "router_prompts_fresh.tsv",
            "held out, never used for tuning, training or thresholds",
            name,
            f,
        );
    }
    mt_bench();
    scorer_timing();
    decide_process("heuristic");
    decide_process("learned");
}
