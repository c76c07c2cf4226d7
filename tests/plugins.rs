//! Plugins: one plugin contributing a skill, a hook and an MCP server (the npm reference server
//! `server-everything`, see `support/mcp_servers.rs`), with the real binary and the mock model.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/mcp_servers.rs"]
mod mcp_servers;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use mock_model::{MockModel, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

/// `<project>/.pilotdeck/plugins/kit`: a skill, a PreToolUse hook on MCP tools, and an MCP server.
fn with_plugin(env: &TestEnv) -> std::path::PathBuf {
    let dir = env.project.join(".pilotdeck/plugins/kit");
    env.write(
        &dir.join("plugin.json"),
        &serde_json::to_string_pretty(&json!({
            "name": "kit",
            "version": "1.2.0",
            "description": "Review kit",
            "mcpServers": {
                "everything": {"command": mcp_servers::everything(), "args": ["stdio"]}
            }
        }))
        .unwrap(),
    );
    env.write(
        &dir.join("skills/review/SKILL.md"),
        "---\nname: review\ndescription: Review a change\n---\nRead {{SKILL_ROOT_SHELL}}/checklist.md\n",
    );
    env.write(
        &dir.join("hooks/hooks.json"),
        &serde_json::to_string_pretty(&json!({
            "description": "log MCP calls",
            "hooks": {
                "PreToolUse": [{
                    "matcher": "/^mcp__/",
                    "hooks": [{
                        "type": "command",
                        "command": "cat > \"$PILOTDECK_PROJECT_DIR/plugin-hook.json\"; printf %s \"$PILOTDECK_PLUGIN_ROOT\" > \"$PILOTDECK_PROJECT_DIR/plugin-root.txt\"",
                        "timeout": 30
                    }]
                }]
            }
        }))
        .unwrap(),
    );
    dir
}

#[test]
fn plugins_list_shows_what_a_plugin_contributes() {
    let env = TestEnv::new();
    let dir = with_plugin(&env);
    let list = env.cmd().args(["plugins", "list", "--json"]).run(0).json();
    assert_eq!(list.as_array().unwrap().len(), 1);
    let kit = &list[0];
    assert_eq!(kit["name"], "kit");
    assert_eq!(kit["version"], "1.2.0");
    assert_eq!(kit["scope"], "project");
    assert_eq!(kit["skills"], json!(["kit:review"]));
    assert_eq!(kit["hookEvents"], json!(["PreToolUse"]));
    assert!(kit["mcp_servers"]["everything"].is_object(), "{kit}");
    assert_eq!(kit["dir"], dir.display().to_string());

    let skills = env.cmd().args(["skills", "list", "--json"]).run(0).json();
    assert_eq!(skills[0]["name"], "kit:review");
    assert_eq!(skills[0]["plugin"], "kit");

    let servers = env.cmd().args(["mcp", "list", "--json"]).run(0).json();
    assert_eq!(servers[0]["name"], "everything");
    assert_eq!(servers[0]["plugin"], "kit");
    let text = env.cmd().args(["mcp", "list"]).run(0).stdout;
    assert!(text.contains("project (plugin kit)"), "{text}");
    // Not in an mcp.json: disable and rm say where it comes from, not that it does not exist.
    for verb in ["disable", "rm"] {
        let refused = env.cmd().args(["mcp", verb, "everything"]).run(2);
        assert!(
            refused.stderr.contains("declared by the plugin `kit`")
                && refused.stderr.contains("plugin.json"),
            "{verb}: {}",
            refused.stderr
        );
    }
}

#[test]
fn an_mcp_json_entry_wins_over_a_plugin_server_of_the_same_id() {
    let env = TestEnv::new();
    with_plugin(&env);
    env.write(
        &env.home.join("mcp.json"),
        &json!({"mcpServers": {"everything": {"command": "from-mcp-json"}}}).to_string(),
    );
    // A project's own plugins join only once the project is trusted.
    env.cmd().args(["trust"]).run(0);
    let servers = env.cmd().args(["mcp", "list", "--json"]).run(0).json();
    assert_eq!(servers.as_array().unwrap().len(), 1);
    assert_eq!(servers[0]["target"], "from-mcp-json");
    assert_eq!(servers[0].get("plugin"), None);
}

#[test]
fn a_run_gets_the_plugin_skill_hook_and_mcp_server() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let dir = with_plugin(&env);
    mock.push(openai::tool_call(
        "c1",
        "mcp__everything__echo",
        &json!({"message": "plugin-ping"}).to_string(),
    ));
    mock.push(openai::text("The plugin server answered."));
    // A project's own plugins run only once the project is trusted.
    env.cmd().args(["trust"]).run(0);
    let run = env.cmd().args(["run", "Echo through the plugin"]).run(0);
    assert_eq!(run.stdout, "The plugin server answered.\n");
    let requests = mock.requests();
    let system = requests[0].body["messages"][0]["content"].as_str().unwrap();
    assert!(
        system.contains("- kit:review: Review a change ("),
        "{system}"
    );
    let result = requests[1].body["messages"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(result.contains("plugin-ping"), "{result}");
    let payload: Value = serde_json::from_str(
        &std::fs::read_to_string(env.project.join("plugin-hook.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(payload["tool_name"], "mcp__everything__echo");
    assert_eq!(payload["tool_input"]["message"], "plugin-ping");
    assert_eq!(
        std::fs::read_to_string(env.project.join("plugin-root.txt")).unwrap(),
        dir.display().to_string()
    );
}

#[test]
fn a_broken_manifest_is_reported_and_other_plugins_load() {
    let env = TestEnv::new();
    with_plugin(&env);
    env.write(
        &env.home.join("plugins/bad/plugin.json"),
        "{\"version\": \"1\"}",
    );
    env.write(&env.home.join("plugins/worse/plugin.json"), "{not json");
    let run = env.cmd().args(["plugins", "list"]).run(0);
    assert!(
        run.stdout
            .starts_with("kit\t1.2.0\tproject\tskills: 1\thooks: 1\tmcp: 1\t"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("plugins/bad/plugin.json"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("name: missing"), "{}", run.stderr);
    assert!(
        run.stderr.contains("plugins/worse/plugin.json"),
        "{}",
        run.stderr
    );
}
