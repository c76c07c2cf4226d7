//! Property tests: parsers of untrusted input never panic or hang, whatever bytes they get — the SSE
//! decoder (model streams), the JSONL reader (transcripts), config and mcp.json files, cron
//! expressions and schedules, note frontmatter, the always-on plan and report contracts. Case counts are modest for CI; raise them with
//! `PROPTEST_CASES=N`. The permission layer's hostile commands (issue 27's rows run against the real
//! binary, and generated spellings of the hard-deny list) are in `hostile_input/permissions.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files directly"
)]

use std::io::Write;

use chrono::{TimeZone, Utc};
use pilotdeck::always_on::plan::{self, PlanDraft, PlanHeader};
use pilotdeck::always_on::report::{self, AGENT_SECTIONS, ReportInput};
use pilotdeck::config::{LoadOptions, load};
use pilotdeck::cron::Schedule;
use pilotdeck::cron::expr::CronExpr;
use pilotdeck::home::PilotHome;
use pilotdeck::mcp::McpServers;
use pilotdeck::mcp::sanitize;
use pilotdeck::memory::{Note, NoteKind};
use pilotdeck::model::sse::{SseDecoder, SseEvent};
use pilotdeck::store::{JsonlRead, read_lines};
use proptest::prelude::*;

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "hostile_input/permissions.rs"]
mod permissions;
mod support;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(128),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// SSE-shaped bytes: field lines, blank lines, every line ending, and garbage.
fn sse_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"data: {\"a\":1}".to_vec()),
        Just(b"event: message_start".to_vec()),
        Just(b"data:".to_vec()),
        Just(b": comment".to_vec()),
        Just(b"id: 7".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just("data: 你好 ✓".as_bytes().to_vec()),
        proptest::collection::vec(any::<u8>(), 0..16),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

fn decode(bytes: &[u8], cuts: &[usize]) -> Vec<SseEvent> {
    let mut decoder = SseDecoder::new();
    let mut out = Vec::new();
    let mut start = 0;
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    points.sort_unstable();
    for p in points {
        decoder.push(&bytes[start..p], &mut out);
        start = p;
    }
    decoder.push(&bytes[start..], &mut out);
    decoder.finish(&mut out);
    out
}

proptest! {
    #![proptest_config(config())]

    /// However the socket splits the stream, the decoder yields the same events.
    #[test]
    fn sse_decoder_is_independent_of_chunking(bytes in sse_bytes(), cuts in proptest::collection::vec(any::<usize>(), 0..12)) {
        prop_assert_eq!(decode(&bytes, &cuts), decode(&bytes, &[]));
    }

    /// Every non-blank line of a JSONL file is either a record or a reported skip, never a panic.
    #[test]
    fn jsonl_reader_accounts_for_every_line(lines in proptest::collection::vec(prop_oneof![
        Just(b"{\"n\":1}".to_vec()),
        Just(b"[1,2]".to_vec()),
        Just(b"{\"n\":".to_vec()),
        Just(b"".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..24),
    ], 0..20), trailing_newline in any::<bool>()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        let mut bytes = lines.join(&b'\n');
        if trailing_newline {
            bytes.push(b'\n');
        }
        std::fs::File::create(&path).unwrap().write_all(&bytes).unwrap();
        let read: JsonlRead<serde_json::Value> = read_lines(&path).unwrap();
        let non_blank = bytes
            .split(|b| *b == b'\n')
            .filter(|l| std::str::from_utf8(l).map_or(true, |t| !t.trim().is_empty()))
            .count();
        prop_assert_eq!(read.records.len() + read.skipped.len(), non_blank);
    }

    /// Cron expressions: any text parses or is refused with an error; a parsed expression's next
    /// slot is found (or refused) without hanging.
    #[test]
    fn cron_expressions_never_panic(fields in proptest::collection::vec(prop_oneof![
        Just("*".to_owned()), Just("*/0".to_owned()), Just("0-59/7".to_owned()), Just("31".to_owned()),
        Just("FEB".to_owned()), Just("sun-sat".to_owned()), Just("7".to_owned()), Just("5-1".to_owned()),
        Just("1,2,,3".to_owned()), Just("L".to_owned()), Just("@daily".to_owned()), Just("99999999999999999999".to_owned()),
        "[0-9*/,-]{1,6}", ".{0,6}",
    ], 0..7), start in 0i64..4_102_444_800) {
        let text = fields.join(" ");
        let _ = CronExpr::parse(&text);
        if let Ok(schedule) = Schedule::cron(&text) {
            let after = Utc.timestamp_opt(start, 0).unwrap();
            for name in ["UTC", "Europe/Berlin", "Australia/Lord_Howe"] {
                let _ = schedule.next_after(after, &pilotdeck::zone::Zone::find(name).unwrap());
            }
        }
    }

    /// Note files: any text reads as a note, and a note written back reads the same.
    #[test]
    fn frontmatter_never_panics_and_round_trips(front in proptest::collection::vec(prop_oneof![
        Just("name: x".to_owned()), Just("description: 'a: b'".to_owned()), Just("type: feedback".to_owned()),
        Just("deprecated: yes".to_owned()), Just("source_sessions: [a, b]".to_owned()), Just("updated_at: 2026-01-01".to_owned()),
        Just("name: [unclosed".to_owned()), Just("extra: {k: v}".to_owned()), Just("---".to_owned()),
        ".{0,20}",
    ], 0..8), body in ".{0,80}", fenced in any::<bool>()) {
        let text = if fenced {
            format!("---\n{}\n---\n{body}", front.join("\n"))
        } else {
            format!("{}\n{body}", front.join("\n"))
        };
        let note = Note::parse(&text, "stem", NoteKind::Project);
        let again = Note::parse(&note.render(), "stem", NoteKind::Project);
        prop_assert_eq!(again.render(), note.render());
    }

    /// pilotdeck.yaml: any text loads or fails with a located error; never a panic.
    #[test]
    fn config_files_never_panic(lines in proptest::collection::vec(prop_oneof![
        Just("schemaVersion: 1".to_owned()), Just("agent:".to_owned()), Just("  model: a/b".to_owned()),
        Just("model:".to_owned()), Just("  providers:".to_owned()), Just("    x:".to_owned()),
        Just("      url: ${NOPE}".to_owned()), Just("      protocol: nonsense".to_owned()),
        Just("memory: [1, 2".to_owned()), Just("cron: {maxConcurrentRuns: -1}".to_owned()),
        Just("\t- :".to_owned()), Just("&a [*a]".to_owned()), ".{0,30}",
    ], 0..12)) {
        let dir = tempfile::tempdir().unwrap();
        let home = PilotHome::at(dir.path().join("home"));
        std::fs::create_dir_all(home.root()).unwrap();
        std::fs::File::create(home.config_file()).unwrap().write_all(lines.join("\n").as_bytes()).unwrap();
        let _ = load(&home, &LoadOptions { config_file: None, project_root: None, model_flag: None });
    }

    /// mcp.json: any text loads with its problems reported; never a panic.
    #[test]
    fn mcp_json_never_panics(text in prop_oneof![
        ".{0,60}",
        proptest::collection::vec(prop_oneof![
            Just("{\"mcpServers\": {".to_owned()), Just("\"a\": {\"command\": \"npx\", \"args\": [1]}".to_owned()),
            Just("\"b\": {\"url\": \"http://[::1\"}".to_owned()), Just("\"\\u202e\": {\"command\": \"x\"}".to_owned()),
            Just("\"c\": {\"type\": \"sse\", \"env\": {\"K\": \"${env:HOME}\"}}".to_owned()), Just(",".to_owned()), Just("}".to_owned()),
        ], 0..10).prop_map(|p| p.concat()),
    ]) {
        let dir = tempfile::tempdir().unwrap();
        let home = PilotHome::at(dir.path().join("home"));
        std::fs::create_dir_all(home.root()).unwrap();
        std::fs::File::create(home.mcp_file()).unwrap().write_all(text.as_bytes()).unwrap();
        let _ = McpServers::load(&home, None, true);
    }

    /// Whatever names and text an MCP server sends: tool names are provider-safe, and no bidi or
    /// zero-width character survives into a description.
    #[test]
    fn hostile_mcp_names_and_descriptions_are_neutralised(server in ".{0,40}", tool in prop_oneof![
        ".{0,200}",
        Just("read\u{202e}txt.exe".to_owned()),
        Just("a\u{200b}b\u{2066}c".to_owned()),
        Just("../../etc/passwd".to_owned()),
    ], description in ".{0,3000}") {
        let name = sanitize::tool_name(&server, &tool);
        prop_assert!(name.chars().count() <= sanitize::MAX_TOOL_NAME_CHARS, "{name}");
        prop_assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'), "{name}");
        let text = sanitize::description(&format!("{description}\u{202e}\u{200b}"));
        prop_assert!(!text.chars().any(sanitize::is_hidden_control), "{text:?}");
        prop_assert!(text.chars().count() <= sanitize::MAX_DESCRIPTION_CHARS);
    }

    /// Plan files: any text validates or names its problems; a plan rendered from any draft either
    /// validates with the draft's title or is refused with reasons — never a panic.
    #[test]
    fn plan_contract_never_panics(lines in proptest::collection::vec(prop_oneof![
        Just("# Title".to_owned()), Just("> Always-On Plan".to_owned()), Just("> id: p1".to_owned()),
        Just("> run: r".to_owned()), Just("> created: x".to_owned()), Just("> project: /p".to_owned()),
        Just("> dedupe key: k".to_owned()), Just("## Summary".to_owned()), Just("## Rationale".to_owned()),
        Just("## Context Signals".to_owned()), Just("## Proposed Change".to_owned()),
        Just("## Execution Steps".to_owned()), Just("## Verification".to_owned()), Just("- a".to_owned()),
        Just("1. step".to_owned()), Just("TODO".to_owned()), Just(String::new()), ".{0,30}",
    ], 0..24), fields in proptest::collection::vec(".{0,40}", 6), items in proptest::collection::vec(".{0,20}", 0..4)) {
        let _ = plan::validate(&lines.join("\n"));
        let draft = PlanDraft {
            title: fields[0].clone(), dedupe_key: fields[1].clone(), summary: fields[2].clone(),
            rationale: fields[3].clone(), context_signals: items.clone(), proposed_change: fields[4].clone(),
            execution_steps: items.clone(), verification: vec![fields[5].clone()],
        };
        let header = PlanHeader {
            id: "p1".to_owned(), run: "r".to_owned(), created: "2026-01-01T00:00:00Z".to_owned(),
            project: "/p".to_owned(), dedupe_key: plan::normalize_key(&draft.dedupe_key),
        };
        match plan::validate(&plan::render(&header, &draft)) {
            Ok(valid) => prop_assert_eq!(valid.title, draft.title.split_whitespace().collect::<Vec<_>>().join(" ")),
            Err(problems) => prop_assert!(!problems.is_empty()),
        }
    }

    /// Reports: whatever the agent answers, the report has every section.
    #[test]
    fn report_contract_always_has_every_section(lines in proptest::collection::vec(prop_oneof![
        Just("## Steps Performed".to_owned()), Just("### command output".to_owned()), Just("## Follow-ups".to_owned()),
        Just("## Verification Results".to_owned()), Just("##".to_owned()), Just("## Notes".to_owned()), ".{0,30}",
    ], 0..16)) {
        let text = lines.join("\n");
        let (markdown, _) = report::build(&ReportInput {
            title: "t", plan_id: "p", plan_file: std::path::Path::new("/p.md"), run_id: "r",
            started_at: "s", finished_at: "f", outcome: "completed", strategy: "worktree",
            workspace: std::path::Path::new("/w"), diffstat: "", agent_text: &text, error: None,
        });
        for section in AGENT_SECTIONS {
            prop_assert!(markdown.contains(&format!("## {section}")), "{markdown}");
        }
    }
}

/// Escapes the kernel sandbox holds against (issue 26), each run by `pilotdeck sandbox run` in
/// `workspace-write` with a temp HOME holding a secret: none may leave a file outside the project and
/// temp dir, change a file there, or print the secret or pilotdeck's environment.
const SANDBOX_ESCAPES: &[&str] = &[
    "echo x > ~/pd-esc",
    "sh -c 'touch ~/pd-esc'",
    "sh -c 'sh -c \"touch ~/pd-esc\"'",
    "python3 -c \"import os; open(os.path.expanduser('~/pd-esc'),'w').write('x')\"",
    "perl -e 'open(my $f, \">\", \"$ENV{HOME}/pd-esc\")' || true",
    "env -S'touch ~/pd-esc'",
    "find . -maxdepth 0 -exec touch ~/pd-esc \\;",
    "git -C ~ init -q",
    "echo pwned >> ~/.bashrc",
    "mv ~/.bashrc ./stolen-bashrc",
    "cat ~/.aws/credentials",
    "cp ~/.aws/credentials ./copied && cat ./copied",
    "ln -s ~/.aws/credentials ./link && cat ./link",
    "ln ~/.aws/credentials ./hard && cat ./hard",
    "tar cf - -C ~ .aws | tar tvf - ; tar xf - -C . < /dev/null; cat ~/.aws/*",
    "cat /proc/$PPID/environ",
    "kill -0 $PPID && echo sk-escape-env",
];

#[test]
fn sandbox_escapes_leave_no_trace_and_read_no_secret() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let project = tmp.path().join("project");
    std::fs::create_dir_all(home.join(".aws")).unwrap();
    std::fs::create_dir_all(project.join(".git")).unwrap();
    std::fs::write(home.join(".aws/credentials"), "key = SEKRIT-ESCAPE\n").unwrap();
    std::fs::write(home.join(".bashrc"), "# rc\n").unwrap();
    let mut leaks = Vec::new();
    for command in SANDBOX_ESCAPES {
        let out = assert_cmd::Command::cargo_bin("pilotdeck")
            .unwrap()
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &home)
            .env("PILOTDECK_HOME", tmp.path().join("pilothome"))
            .env("PD_ESCAPE_API_KEY", "sk-escape-env")
            .current_dir(&project)
            .args(["sandbox", "run", "--", "sh", "-c", command])
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut home_entries: Vec<String> = std::fs::read_dir(&home)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        home_entries.sort();
        let bashrc = std::fs::read_to_string(home.join(".bashrc")).unwrap_or_default();
        if text.contains("SEKRIT") || text.contains("sk-escape-env") {
            leaks.push(format!("{command}: leaked: {text}"));
        }
        if home_entries != [".aws", ".bashrc"] || bashrc != "# rc\n" {
            leaks.push(format!(
                "{command}: changed HOME: {home_entries:?} {bashrc:?}"
            ));
        }
    }
    assert!(leaks.is_empty(), "{leaks:#?}");
}

/// Network escapes from a closed sandbox (issue 26): `{tcp}`, `{udp}` and `{unix}` are local
/// listeners, which must receive nothing — TCP the plain way and through TCP Fast Open (which
/// Landlock's connect rule does not see), UDP over IPv4 and IPv4-mapped IPv6, bash's `/dev/tcp`,
/// and a host daemon's Unix socket by path (Docker's socket would be root on the host).
const NETWORK_ESCAPES: &[&str] = &[
    "curl -sS -m 3 http://127.0.0.1:{tcp}/",
    "exec 3<>/dev/tcp/127.0.0.1/{tcp} && echo x >&3",
    "python3 -c \"import socket; s = socket.socket(); s.sendto(b'x', 0x20000000, ('127.0.0.1', {tcp}))\"",
    "python3 -c \"import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('127.0.0.1', {udp}))\"",
    "python3 -c \"import socket; socket.socket(socket.AF_INET6, socket.SOCK_DGRAM).sendto(b'x', ('::ffff:127.0.0.1', {udp}))\"",
    "curl -sS -m 3 --unix-socket {unix} http://localhost/",
    "python3 -c \"import socket; s = socket.socket(socket.AF_UNIX); s.connect('{unix}'); s.send(b'x')\"",
];

#[test]
fn sandbox_network_escapes_reach_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("project");
    std::fs::create_dir_all(project.join(".git")).unwrap();
    let tcp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    tcp.set_nonblocking(true).unwrap();
    let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    udp.set_nonblocking(true).unwrap();
    let unix_path = tmp.path().join("daemon.sock");
    let unix = std::os::unix::net::UnixListener::bind(&unix_path).unwrap();
    unix.set_nonblocking(true).unwrap();
    let (tcp_port, udp_port) = (
        tcp.local_addr().unwrap().port(),
        udp.local_addr().unwrap().port(),
    );
    let mut reached = Vec::new();
    for template in NETWORK_ESCAPES {
        let command = template
            .replace("{tcp}", &tcp_port.to_string())
            .replace("{udp}", &udp_port.to_string())
            .replace("{unix}", &unix_path.display().to_string());
        assert_cmd::Command::cargo_bin("pilotdeck")
            .unwrap()
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", tmp.path())
            .env("PILOTDECK_HOME", tmp.path().join("pilothome"))
            .current_dir(&project)
            .args(["sandbox", "run", "--", "bash", "-c", &command])
            .output()
            .unwrap();
        let mut buf = [0u8; 64];
        if tcp.accept().is_ok() || udp.recv(&mut buf).is_ok() || unix.accept().is_ok() {
            reached.push(command);
        }
    }
    assert!(reached.is_empty(), "{reached:#?}");
}

/// `pilotdeck ARGS` in `env`, killed (and the test failed) if it has not ended within 20 s; its
/// exit code and stderr.
fn run_bounded(env: &support::TestEnv, args: &[&str]) -> (Option<i32>, String) {
    let mut child = env.spawn(args);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("`pilotdeck {}` hung", args.join(" "));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A cloned repository may hold a FIFO where pilotdeck reads its config or `mcp.json`: an error
/// or a warning naming it, never a hang; a config that is not UTF-8 names the line.
#[test]
fn a_fifo_config_or_mcp_json_is_refused_not_waited_on() {
    let env = support::TestEnv::new();
    let dir = env.project.join(".pilotdeck");
    std::fs::create_dir_all(&dir).unwrap();
    let mkfifo = |path: &std::path::Path| {
        let made = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(made.success());
    };
    mkfifo(&dir.join("pilotdeck.yaml"));
    let (code, stderr) = run_bounded(&env, &["config", "validate"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
    std::fs::remove_file(dir.join("pilotdeck.yaml")).unwrap();

    mkfifo(&dir.join("mcp.json"));
    let (code, stderr) = run_bounded(&env, &["mcp", "list"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("mcp.json") && stderr.contains("not a regular file"),
        "{stderr}"
    );
    std::fs::remove_file(dir.join("mcp.json")).unwrap();

    std::fs::create_dir_all(&env.home).unwrap();
    std::fs::write(
        env.home.join("pilotdeck.yaml"),
        b"agent:\n  maxIterations: 5\n\xff\n",
    )
    .unwrap();
    let (code, stderr) = run_bounded(&env, &["config", "validate"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("line 3"), "{stderr}");
}

/// A config file that is a symbolic link to nothing (a dotfile manager's link whose target moved)
/// is an error naming the link and its target, not a run on defaults without the user's settings.
#[test]
fn a_dangling_config_symlink_is_an_error_naming_its_target() {
    let env = support::TestEnv::new();
    std::fs::create_dir_all(&env.home).unwrap();
    let gone = env.tmp.path().join("dotfiles/pilotdeck.yaml");
    std::os::unix::fs::symlink(&gone, env.home.join("pilotdeck.yaml")).unwrap();
    let (code, stderr) = run_bounded(&env, &["config", "validate"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("symbolic link") && stderr.contains(&gone.display().to_string()),
        "{stderr}"
    );
    std::fs::remove_file(env.home.join("pilotdeck.yaml")).unwrap();
    let (code, stderr) = run_bounded(&env, &["config", "validate"]);
    assert_eq!(code, Some(0), "no config file at all is fine: {stderr}");
}
