//! MCP resources: `pilotdeck mcp resources|read` and the agent's `read_mcp_resource` tool, against
//! the official reference servers from npm (`server-everything` offers resources, `server-filesystem`
//! none) and the mock model.
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

const STRUCTURE: &str = "demo://resource/static/document/structure.md";

/// `everything` (stdio) and `fs` (no resources) in the global mcp.json.
fn env_with_servers() -> TestEnv {
    let env = TestEnv::new();
    let mcp = json!({ "mcpServers": {
        "everything": { "command": mcp_servers::everything(), "args": ["stdio"] },
        "fs": { "command": mcp_servers::filesystem(), "args": [env.project.to_str().unwrap()] },
    }});
    env.write(&env.home.join("mcp.json"), &mcp.to_string());
    env
}

/// The document `server-everything` serves at [`STRUCTURE`].
fn structure_doc() -> String {
    std::fs::read_to_string(
        mcp_servers::bin_dir()
            .join("../@modelcontextprotocol/server-everything/dist/docs/structure.md"),
    )
    .unwrap()
}

#[test]
fn resources_lists_and_read_prints_text_and_describes_binary() {
    let env = env_with_servers();
    let listed = env
        .cmd()
        .args(["mcp", "resources", "everything", "--json"])
        .run(0)
        .json();
    let structure = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["uri"] == STRUCTURE)
        .unwrap_or_else(|| panic!("{listed}"));
    assert_eq!(structure["name"], "structure.md");
    assert_eq!(structure["mime_type"], "text/markdown");

    let human = env.cmd().args(["mcp", "resources", "everything"]).run(0);
    assert!(
        human
            .stdout
            .lines()
            .any(|l| l.starts_with(&format!("{STRUCTURE}\tstructure.md\ttext/markdown\t"))),
        "{}",
        human.stdout
    );

    let read = env
        .cmd()
        .args(["mcp", "read", "everything", STRUCTURE])
        .run(0);
    assert_eq!(read.stdout.trim_end(), structure_doc().trim_end());

    let blob = env
        .cmd()
        .args([
            "mcp",
            "read",
            "everything",
            "demo://resource/dynamic/blob/1",
            "--json",
        ])
        .run(0)
        .json();
    assert!(blob[0]["blob_bytes"].as_u64().unwrap() > 0, "{blob}");
    assert_eq!(blob[0]["text"], Value::Null);

    let none = env.cmd().args(["mcp", "resources", "fs"]).run(2);
    assert!(
        none.stderr.contains("MCP server `fs` offers no resources"),
        "{}",
        none.stderr
    );
    let missing = env.cmd().args(["mcp", "read", "nope", "x://y"]).run(2);
    assert!(missing.stderr.contains("no MCP server named `nope`"));
}

#[test]
fn the_agent_lists_and_reads_a_resource_with_read_mcp_resource() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::tool_call(
        "call_list",
        "read_mcp_resource",
        r#"{"server":"everything"}"#,
    ));
    mock.push(openai::tool_call(
        "call_read",
        "read_mcp_resource",
        &json!({"server": "everything", "uri": STRUCTURE}).to_string(),
    ));
    mock.push(openai::tool_call(
        "call_bad",
        "read_mcp_resource",
        r#"{"server":"fs","uri":"x://y"}"#,
    ));
    mock.push(openai::text("read it"));
    let env = env_with_servers();
    env.config(&mock.agent_config());
    // A read-only tool: allowed without --allow even in an unattended run.
    let run = env.cmd().args(["run", "read the structure doc"]).run(0);
    assert_eq!(run.stdout, "read it\n");
    let requests = mock.requests();
    assert_eq!(requests.len(), 4);
    assert!(
        requests[0]
            .tool_names()
            .contains(&"read_mcp_resource".to_owned())
    );
    let listing = requests[1].tool_result("call_list").unwrap();
    assert!(
        listing.contains(&format!("{STRUCTURE}\tstructure.md\ttext/markdown")),
        "{listing}"
    );
    let doc = requests[2].tool_result("call_read").unwrap();
    assert!(
        doc.contains(structure_doc().lines().next().unwrap()),
        "{doc}"
    );
    let bad = requests[3].tool_result("call_bad").unwrap();
    assert!(
        bad.contains("no running MCP server `fs` with resources; choose one of: everything"),
        "{bad}"
    );
}

#[test]
fn read_mcp_resource_is_absent_when_no_server_offers_resources() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("ok"));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let mcp = json!({ "mcpServers": {
        "fs": { "command": mcp_servers::filesystem(), "args": [env.project.to_str().unwrap()] },
    }});
    env.write(&env.home.join("mcp.json"), &mcp.to_string());
    env.cmd().args(["run", "hi"]).run(0);
    let tools = mock.single_request().tool_names();
    assert!(
        tools.iter().any(|t| t.starts_with("mcp__fs__")),
        "{tools:?}"
    );
    assert!(!tools.contains(&"read_mcp_resource".to_owned()));
}
