//! Secrets stay home. The environment of the children pilotdeck starts for the agent (the bash tool,
//! hooks) is filtered by name pattern (`*KEY*`, `*SECRET*`, `*TOKEN*`, `*PASSWORD*`,
//! `*CREDENTIAL*`) and by the variables the config references, with `tools.bash.env.include` /
//! `exclude` to adjust; and a hard link the agent made to a file outside the project does not make
//! that file readable. The real binary against the mock model; `printenv`, `env` and `ln` run for real.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files directly"
)]

#[path = "support/mcp_servers.rs"]
mod mcp_servers;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use mock_model::{MockModel, openai};
use support::{Run, TestEnv};

/// Variables set for pilotdeck, and whether a child should see them by default.
const VARS: &[(&str, &str, bool)] = &[
    ("GITHUB_TOKEN", "ghp-value-1a2b", false),
    ("ANTHROPIC_API_KEY", "sk-ant-value-3c4d", false),
    // Referenced by the config as `apiKey: ${MY_KEY}`.
    ("MY_KEY", "my-key-value-5e6f", false),
    // Referenced by a header; its name looks harmless, the reference alone hides it.
    ("PD_ORG_ID", "org-value-7a8b", false),
    ("DB_PASSWORD", "db-value-9c0d", false),
    ("KEEP_ME", "plain-value-1e2f", true),
];

fn config(mock: &MockModel, extra: &str) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: ${{MY_KEY}}\n      headers:\n        X-Org: ${{env:PD_ORG_ID}}\n      models:\n        gpt-4.1: {{}}\n{extra}",
        mock.base_url()
    )
}

fn run_with_vars(env: &TestEnv, args: &[&str]) -> Run {
    let mut cmd = env.cmd();
    for (name, value, _) in VARS {
        cmd = cmd.env(name, value);
    }
    cmd.args(args).run(0)
}

fn bash(id: &str, command: &str) -> mock_model::Reply {
    openai::tool_call(
        id,
        "bash",
        &serde_json::json!({ "command": command }).to_string(),
    )
}

/// Everything the run left that a person or the model could read.
fn everything_readable(env: &TestEnv, mock: &MockModel, run: &Run) -> String {
    let mut text = format!("{}\n{}\n", run.stdout, run.stderr);
    for request in mock.requests() {
        text.push_str(&request.body.to_string());
    }
    for transcript in env.transcripts() {
        text.push_str(&std::fs::read_to_string(transcript).unwrap());
    }
    text
}

#[test]
fn printenv_and_env_in_bash_and_hooks_show_no_secret() {
    let mock = MockModel::spawn();
    mock.answer_titles("env");
    let env = TestEnv::new();
    env.config(&config(
        &mock,
        "hooks:\n  PreToolUse:\n    - matcher: bash\n      hooks:\n        - type: command\n          command: env > hook-env.txt\n",
    ));
    mock.push(bash("c1", "printenv"));
    mock.push(bash("c2", "env; printenv GITHUB_TOKEN MY_KEY PD_ORG_ID"));
    mock.push(openai::text("done"));
    let run = run_with_vars(&env, &["run", "show me the environment"]);

    let requests = mock.requests();
    let printenv = requests[1].tool_result("c1").unwrap();
    let env_out = requests[2].tool_result("c2").unwrap();
    let hook_env = std::fs::read_to_string(env.project.join("hook-env.txt")).unwrap();
    let readable = format!(
        "{printenv}\n{env_out}\n{hook_env}\n{}",
        everything_readable(&env, &mock, &run)
    );
    for (name, value, visible) in VARS {
        if *visible {
            assert!(
                printenv.contains(value),
                "{name} should reach bash:\n{printenv}"
            );
            assert!(
                hook_env.contains(value),
                "{name} should reach the hook:\n{hook_env}"
            );
        } else {
            assert!(!readable.contains(value), "{name} leaked:\n{readable}");
        }
    }
    // The child still works: PATH and the tool's own variables are there.
    assert!(printenv.contains("PATH="), "{printenv}");
    assert!(printenv.contains("PILOTDECK_TOOL=bash"), "{printenv}");
}

/// An MCP stdio server inherits no secret, but gets what its own `env:` names; a variable only
/// mcp.json references is hidden from bash too.
#[test]
fn an_mcp_server_gets_its_explicit_env_and_no_inherited_secret() {
    let mock = MockModel::spawn();
    mock.answer_titles("env");
    let env = TestEnv::new();
    env.config(&config(&mock, ""));
    let server = serde_json::json!({ "mcpServers": { "everything": {
        "command": mcp_servers::everything(),
        "args": ["stdio"],
        "env": { "GH_FOR_SERVER": "${env:GITHUB_TOKEN}", "ONLY_MCP": "${PD_MCP_ONLY}" },
    }}});
    env.write(&env.home.join("mcp.json"), &server.to_string());
    mock.push(openai::tool_call("m1", "mcp__everything__get-env", "{}"));
    mock.push(bash("b1", "printenv"));
    mock.push(openai::text("done"));
    let mut cmd = env.cmd().env("PD_MCP_ONLY", "mcp-only-value-3f4a");
    for (name, value, _) in VARS {
        cmd = cmd.env(name, value);
    }
    cmd.args(["run", "show me the environment"]).run(0);
    let requests = mock.requests();
    let server_env: serde_json::Value =
        serde_json::from_str(&requests[1].tool_result("m1").unwrap()).unwrap();
    assert_eq!(
        server_env["GH_FOR_SERVER"], "ghp-value-1a2b",
        "{server_env}"
    );
    assert_eq!(
        server_env["ONLY_MCP"], "mcp-only-value-3f4a",
        "{server_env}"
    );
    assert_eq!(server_env["KEEP_ME"], "plain-value-1e2f", "{server_env}");
    for (name, _, visible) in VARS {
        assert_eq!(
            server_env.get(name).is_some(),
            *visible,
            "{name}: {server_env}"
        );
    }
    assert!(server_env.get("PD_MCP_ONLY").is_none(), "{server_env}");
    let printenv = requests[2].tool_result("b1").unwrap();
    assert!(!printenv.contains("mcp-only-value-3f4a"), "{printenv}");
    assert!(printenv.contains("plain-value-1e2f"), "{printenv}");
}

#[test]
fn include_re_allows_a_name_and_exclude_hides_more() {
    let mock = MockModel::spawn();
    mock.answer_titles("env");
    let env = TestEnv::new();
    env.config(&config(
        &mock,
        "tools:\n  bash:\n    env:\n      include: [GITHUB_TOKEN, MY_*]\n      exclude: [KEEP_*]\n",
    ));
    mock.push(bash("c1", "printenv"));
    mock.push(openai::text("done"));
    run_with_vars(&env, &["run", "show me the environment"]);
    let out = mock.requests()[1].tool_result("c1").unwrap();
    assert!(out.contains("GITHUB_TOKEN=ghp-value-1a2b"), "{out}");
    assert!(out.contains("MY_KEY=my-key-value-5e6f"), "{out}");
    assert!(!out.contains("plain-value-1e2f"), "{out}");
    assert!(!out.contains("sk-ant-value-3c4d"), "{out}");
    assert!(!out.contains("db-value-9c0d"), "{out}");
}

#[test]
fn a_bad_env_pattern_is_a_config_error_naming_the_key() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config(
        &mock,
        "tools:\n  bash:\n    env:\n      exclude: [OK_NAME, \"A-B\"]\n",
    ));
    let run = env
        .cmd()
        .env("MY_KEY", "x")
        .env("PD_ORG_ID", "y")
        .args(["run", "hi"])
        .run(2);
    assert!(
        run.stderr.contains("tools.bash.env.exclude.1"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("`A-B`"), "{}", run.stderr);
    assert!(mock.requests().is_empty());
}

/// A file outside the project, hard-linked into it as `x` (as `ln` in a bash call would).
fn hard_linked_secret(env: &TestEnv) -> std::path::PathBuf {
    let outside = env.user_home.join("secret.txt");
    std::fs::write(&outside, "outside-secret-4b5c\n").unwrap();
    std::fs::hard_link(&outside, env.project.join("x")).unwrap();
    std::fs::write(env.project.join("normal.txt"), "plain text 6d7e\n").unwrap();
    env.project.join("x").canonicalize().unwrap()
}

fn call(id: &str, name: &str, args: serde_json::Value) -> mock_model::Reply {
    openai::tool_call(id, name, &args.to_string())
}

#[test]
fn read_file_and_grep_refuse_a_hard_link_to_a_file_outside() {
    let mock = MockModel::spawn();
    mock.answer_titles("links");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    hard_linked_secret(&env);
    mock.push(call(
        "r1",
        "read_file",
        serde_json::json!({"file_path": "x"}),
    ));
    mock.push(call(
        "r2",
        "read_file",
        serde_json::json!({"file_path": "normal.txt"}),
    ));
    mock.push(call(
        "g1",
        "grep",
        serde_json::json!({"pattern": "secret|plain"}),
    ));
    mock.push(openai::text("done"));
    let run = env.cmd().args(["run", "read x"]).run(0);
    let last = mock.requests().pop().unwrap();
    let denied = last.tool_result("r1").unwrap();
    assert!(denied.contains("2 hard links"), "{denied}");
    assert!(denied.contains("outside the project"), "{denied}");
    assert!(!denied.contains("outside-secret-4b5c"), "{denied}");
    assert!(run.stderr.contains("denied read_file x"), "{}", run.stderr);
    let normal = last.tool_result("r2").unwrap();
    assert!(normal.contains("plain text 6d7e"), "{normal}");
    let grep = last.tool_result("g1").unwrap();
    assert!(grep.contains("normal.txt:1:plain text 6d7e"), "{grep}");
    assert!(!grep.contains("outside-secret-4b5c"), "{grep}");
    assert!(
        grep.contains("1 files with several hard links were not searched"),
        "{grep}"
    );
}

#[test]
fn a_rule_naming_the_path_allows_reading_a_hard_linked_file() {
    let mock = MockModel::spawn();
    mock.answer_titles("links");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let linked = hard_linked_secret(&env);
    mock.push(call(
        "r1",
        "read_file",
        serde_json::json!({"file_path": "x"}),
    ));
    mock.push(openai::text("done"));
    let rule = format!("read_file:{}", linked.display());
    env.cmd().args(["run", "--allow", &rule, "read x"]).run(0);
    let read = mock.requests()[1].tool_result("r1").unwrap();
    assert!(read.contains("outside-secret-4b5c"), "{read}");
}
