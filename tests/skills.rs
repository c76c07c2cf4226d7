//! Skills: discovery and precedence (`skills list`), `skills show`, the system prompt listing and the
//! `read_skill` tool, with the real binary and the mock model.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use mock_model::{MockModel, openai};
use serde_json::json;
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

fn skill(name: &str, description: &str, body: &str) -> String {
    format!("---\nname: {name}\ndescription: {description}\n---\n{body}\n")
}

/// A global `deploy` and `lint`, a project `deploy` (wins), and a skill without a name.
fn with_skills() -> TestEnv {
    let env = TestEnv::new();
    env.write(
        &env.home.join("skills/deploy/SKILL.md"),
        &skill("deploy", "Global deploy steps", "global body"),
    );
    env.write(
        &env.home.join("skills/lint/skill.md"),
        &skill("lint", "Run the linters", "lint body"),
    );
    env.write(
        &env.project.join(".pilotdeck/skills/deploy-here/SKILL.md"),
        &skill(
            "deploy",
            "Project deploy steps",
            "Run {{SKILL_ROOT_SHELL}}/deploy.sh, not {{!SKILL_ROOT_SHELL}}.",
        ),
    );
    env.write(
        &env.project.join(".pilotdeck/skills/broken/SKILL.md"),
        "---\ndescription: no name here\n---\nbody\n",
    );
    env
}

#[test]
fn discovery_project_wins_and_a_nameless_skill_is_reported() {
    let env = with_skills();
    let run = env.cmd().args(["skills", "list", "--json"]).run(0);
    let list = run.json();
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["deploy", "lint"]);
    assert_eq!(list[0]["scope"], "project");
    assert_eq!(list[0]["description"], "Project deploy steps");
    assert_eq!(list[1]["scope"], "global");
    assert!(
        run.stderr.contains("broken/SKILL.md") && run.stderr.contains("frontmatter.name"),
        "{}",
        run.stderr
    );
    let text = env.cmd().args(["skills", "list"]).run(0).stdout;
    assert!(
        text.starts_with("deploy\tproject\tProject deploy steps\t"),
        "{text}"
    );
}

#[test]
fn show_substitutes_the_skill_root() {
    let env = with_skills();
    let shown = env.cmd().args(["skills", "show", "deploy"]).run(0).stdout;
    let root = env
        .project
        .join(".pilotdeck/skills/deploy-here")
        .display()
        .to_string();
    assert_eq!(
        shown.trim(),
        format!("Run '{root}'/deploy.sh, not {{{{SKILL_ROOT_SHELL}}}}.")
    );
    let run = env.cmd().args(["skills", "show", "nope"]).run(1);
    assert!(
        run.stderr.contains("no skill named `nope`"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_prompt_lists_skills_and_read_skill_loads_one() {
    let mock = MockModel::spawn();
    let env = with_skills();
    env.config(&config_for(&mock));
    mock.push(openai::tool_call(
        "c1",
        "read_skill",
        &json!({"name": "deploy"}).to_string(),
    ));
    mock.push(openai::text("Deployed by the skill."));
    env.cmd().args(["run", "deploy it"]).run(0);
    let requests = mock.requests();
    let system = requests[0].body["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("<available-skills>"), "{system}");
    assert!(
        system.contains("- deploy: Project deploy steps ("),
        "{system}"
    );
    assert!(system.contains("- lint: Run the linters ("), "{system}");
    assert!(!system.contains("Global deploy steps"), "{system}");
    let tools: Vec<&str> = requests[0].body["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["function"]["name"].as_str().unwrap())
        .collect();
    assert!(tools.contains(&"read_skill"));
    let messages = requests[1].body["messages"].as_array().unwrap();
    let result = messages.last().unwrap()["content"].as_str().unwrap();
    let root = env.project.join(".pilotdeck/skills/deploy-here");
    assert!(
        result.contains(&format!("Run '{}'/deploy.sh", root.display())),
        "{result}"
    );
    assert!(result.contains("Skill: deploy"), "{result}");
}

#[test]
fn without_skills_there_is_no_listing_and_no_read_skill() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    mock.push(openai::text("hi"));
    env.cmd().args(["run", "hello"]).run(0);
    let request = &mock.requests()[0];
    let system = request.body["messages"][0]["content"].as_str().unwrap();
    assert!(!system.contains("available-skills"));
    assert!(!request.body["tools"].to_string().contains("read_skill"));
    let run = env.cmd().args(["skills", "list"]).run(0);
    assert!(run.stderr.contains("no skills"), "{}", run.stderr);
}
