//! pilotdeck: run LLM agents against a project directory from the command line, and remember what they
//! learn. The binary (`src/main.rs`) is a thin front over this library. This doc is the map of the
//! crate: the layers, what each module owns, where state lives, the one launcher and the rules every
//! module keeps. `tests/layers.rs` reads the layer table and the exceptions below and fails the build
//! when the code disagrees with them, so the map stays true; each `mod.rs` doc is the local map.
//!
//! # Layers
//!
//! A module may use modules of its own layer or of a lower one, never a higher one, and no two
//! modules may depend on each other in a cycle (checked by `tests/layers.rs`).
//!
//! | layer | modules | owns |
//! |---|---|---|
//! | 0 | `env` `store` `crash` `frontmatter` `text` `terminal` `diff` `logging` `home` `config` `kubernetes` `walk` `zone` | the process environment (one reader of `PILOTDECK_*`); text made inert for a terminal (escape sequences shown, not obeyed); one file's change as a unified diff with its (+added −removed) counts; storage primitives (atomic writes, JSONL, file locks, `state.db` and its migrations, the doctor finding type); crash points for the crash tests; markdown frontmatter; the one text segmenter (CJK, terms) for search, memory and token estimates; logging; PilotHome paths and project identity; `pilotdeck.yaml` (schema, layers, validation with locations, model references, project configs that can narrow but never widen permissions, and project trust: which project settings that run code or move secrets take effect); Kubernetes manifests as typed objects and the one pod every generated CronJob runs; the project walk every scan shares, whose ignore files are read only when they are regular files; IANA time zones (the system's zoneinfo, a bundled copy where there is none) |
//! | 1 | `model` | canonical messages and stream events, provider resolution and the catalog, the three wire formats, the one HTTP client, retry |
//! | 2 | `tools` `session` `extensions` `context` `media` `checkpoint` | the tool trait, registry, builtin tools, permissions, the environment filter, the OS sandbox (Landlock, a seccomp filter, Seatbelt profiles, the per-host network proxy) and the one place child processes start; transcripts, the session index and search; skills, plugins and hooks; the system prompt, token estimates, compaction policy and the memory seam; images and PDFs given to the model (stored by hash, fitted to the model, PDF text); file checkpoints before agent edits and rewinding them, the no-follow walk below a root and the secret locations every reader checks |
//! | 3 | `router` | tier decision (explicit, scenario, sticky, judge or heuristic), fallback execution, accounting, the one background model call |
//! | 4 | `agent` | the loop: [`agent::Conversation`] (one session's agent, history, transcript) and the turn state machine, limits, [`agent::Deadline`] |
//! | 5 | `memory` `mcp` | long-term memory (capture, index, recall, dream) and its checks; the MCP client (mcp.json, rmcp connections, OAuth sign-in, tools and resources as a tool source) |
//! | 6 | `launch` | the one launcher (below) |
//! | 7 | `cron` `always_on` | scheduled tasks (schedules, claims, runs, delivery, units); autonomous background work (gates, lock, discovery, workspace, execution, report, apply) |
//! | 8 | `doctor` `output` `serve` `cli` | the fronts: `doctor` aggregates each subsystem's checks; `output` is the only writer of stdout; `serve` is `pilotdeck mcp serve`; `cli` is clap and one function per subcommand |
//!
//! Allowed exceptions, each a bullet naming the two modules in backticks joined by an arrow, then a
//! colon and why: none today.
//!
//! # The one launcher
//!
//! [`launch`] is the only place a turn is assembled: config, the project's MCP servers as tool
//! sources (their problems reported), the memory hook, the agent (model, router, hooks, permissions
//! with the caller's fixed deny rules, limits, recording) and the deadline; events go to a
//! [`launch::Sink`]. `run`, cron's runner, always-on's turns and `mcp serve` call [`launch::run`];
//! `chat` builds a [`launch::Launcher`] once and opens its conversations with it. A new capability
//! of the loop (budgets, media, checkpoints) is added there once, not per entry point; each entry
//! point keeps only what is its own (chat's approver, cron's record and delivery, always-on's fixed
//! rules and run log).
//!
//! # State
//!
//! PilotHome ([`home::PilotHome`]: `--home`, `$PILOTDECK_HOME`, `$PILOT_HOME`, `~/.pilotdeck`) is
//! shared by every process at once; only [`home`] builds its paths:
//!
//! - `pilotdeck.yaml`, `mcp.json`: the user's config (a project adds `.pilotdeck/` files on top).
//! - `state.db` (+ `-wal`, `-shm`): SQLite in WAL mode, the coordination point between processes —
//!   session index and full text, router sticky state, memory queue/index/traces, cron tasks, claims
//!   and runs, always-on runs, plans, workspaces and leases. Anything two processes could race on
//!   goes through a transaction here or a file lock ([`store`]).
//! - `projects/<key>/sessions/<id>.jsonl`: transcripts, the source of truth (the index is a cache);
//!   `projects/<key>/checkpoints/`: file contents saved before agent turns changed them;
//!   `projects/<key>/always-on/`: plans, reports, run logs, worktrees.
//! - `memory/`: markdown notes per project and global, and the git repository `memory sync` shares
//!   them through; `router/`: decision and cost logs; `logs/`.
//!
//! # Rules
//!
//! - stdout carries results only and is written only through [`output`]; everything for people goes
//!   to stderr (`mcp serve`'s JSON-RPC stream is the one exception).
//! - Every whole-file write is atomic and every JSONL record one whole line; a torn line is skipped
//!   with a warning ([`store`]).
//! - Child processes start only through `tools::process` (process groups, kill on cancel), with the
//!   session's environment filter and, outside `full` mode, in its OS sandbox (`tools::sandbox`)
//!   and, on Linux, a pid namespace of their own (`tools::pid_namespace`: pilotdeck's own binary,
//!   the one other place that starts a process, as the confined command's first two steps); one
//!   stopped between requests (a sandboxed MCP server) is frozen in a cgroup of its own where one
//!   can be made (`tools::cgroup`); root's, with no step watching pilotdeck, is ended if pilotdeck is
//!   killed, by a watcher `tools::process` starts once (`tools::dead_man`).
//! - Text from models, tools, servers and files is made inert before it reaches a terminal
//!   ([`terminal`]); `output` lets only pilotdeck's own colours through.
//! - One owner per primitive: text segmentation ([`text`]), model references
//!   (`Config::resolve_model`), background model calls (`router::background_complete`), the
//!   deadline ([`agent::Deadline`]); `doctor` only aggregates the checks each subsystem exposes.
//! - Errors are one `thiserror` enum per module; `anyhow` only in `cli`; exit codes are chosen in
//!   `main.rs`.

pub mod agent;
pub mod always_on;
pub mod checkpoint;
pub mod cli;
pub mod config;
pub mod context;
pub mod crash;
pub mod cron;
pub mod diff;
pub mod doctor;
pub mod env;
pub mod extensions;
pub mod frontmatter;
pub mod home;
pub mod kubernetes;
pub mod launch;
pub mod logging;
pub mod mcp;
pub mod media;
pub mod memory;
pub mod model;
pub mod output;
pub mod router;
pub mod serve;
pub mod session;
pub mod store;
pub mod terminal;
pub mod text;
pub mod tools;
pub mod walk;
pub mod zone;

/// File edits the way other programs make them, shared with the integration tests.
#[cfg(test)]
mod test_edits {
    include!("../tests/support/edits.rs");
}

/// Images and PDFs made for tests, shared with the integration tests.
#[cfg(test)]
mod test_media {
    include!("../tests/support/media.rs");
}
