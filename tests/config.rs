//! Config loading, merging, sources, zero-config and every promised diagnostic, through the real binary.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

mod support;

use support::TestEnv;

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn full_example_parses_into_expected_values() {
    let env = TestEnv::new();
    env.config(&example("pilotdeck.yaml"));
    let run = env
        .cmd()
        .args(["config", "show", "--json"])
        .env("OPENAI_API_KEY", "sk-test")
        .run(0);
    let v = run.json();
    let c = &v["config"];
    assert_eq!(c["agent"]["model"], "openai/gpt-4.1");
    assert_eq!(c["agent"]["thinking"]["budgetTokens"], 8000);
    let ts = &c["router"]["tokenSaver"];
    assert_eq!(ts["judge"], "openai/gpt-4.1-mini");
    assert_eq!(ts["defaultTier"], "medium");
    assert_eq!(ts["judgeTimeoutMs"], 10000);
    assert_eq!(ts["tiers"]["reasoning"]["model"], "openai/o4-mini");
    assert_eq!(
        ts["tiers"]["simple"]["description"],
        "Greetings, lookups, one-line answers"
    );
    assert_eq!(ts["cacheAwareSwitching"]["minSavingsRatio"], 0.2);
    assert_eq!(ts["subagent"]["policy"], "skip");
    let r = &c["router"];
    assert_eq!(
        r["fallback"]["default"],
        serde_json::json!(["anthropic/claude-sonnet-4-5", "deepseek/deepseek-chat"])
    );
    assert_eq!(r["fallback"]["maxFallbacks"], 2);
    assert_eq!(
        r["zeroUsageRetry"],
        serde_json::json!({"enabled": true, "maxAttempts": 2})
    );
    assert_eq!(
        r["autoOrchestrate"]["triggerTiers"],
        serde_json::json!(["complex"])
    );
    assert_eq!(
        r["autoOrchestrate"]["slimSystemPrompt"], true,
        "default filled in"
    );
    assert_eq!(
        r["stats"]["modelPricing"]["deepseek/deepseek-chat"]["cacheRead"],
        0.07
    );
    let m = &c["memory"];
    assert_eq!(m["captureStrategy"], "full_session");
    assert_eq!(m["schedule"]["autoIndexIntervalMinutes"], 15);
    assert_eq!(m["schedule"]["autoDreamIntervalMinutes"], 120);
    assert_eq!(m["schedule"]["reasoningMode"], "accuracy_first");
    assert_eq!(m["retrievalTimeoutMs"], 30000, "default filled in");
    assert_eq!(c["alwaysOn"]["trigger"]["cooldownMinutes"], 90);
    assert_eq!(
        c["alwaysOn"]["trigger"]["heartbeatStaleSeconds"], 90,
        "default filled in"
    );
    assert_eq!(c["cron"]["timezone"], "Europe/Berlin");
    assert_eq!(
        c["model"]["providers"]["deepseek"]["extraBody"]["temperature"],
        0.2
    );
    assert_eq!(
        c["model"]["providers"]["openai"]["apiKey"], "${OPENAI_API_KEY}",
        "env refs are shown, not values"
    );
    let file = env.home.join("pilotdeck.yaml");
    assert_eq!(v["sources"]["agent.model"], format!("{}:7", file.display()));
    assert_eq!(
        v["sources"]["router.tokenSaver.judgeTimeoutMs"],
        format!("{}:49", file.display())
    );
    assert_eq!(v["sources"]["memory.heartbeatBatchSize"], "default");
}

#[test]
fn every_example_validates() {
    for name in [
        "pilotdeck.yaml",
        "minimal.yaml",
        "ollama.yaml",
        "pilotdeck-server-keys.yaml",
    ] {
        let env = TestEnv::new();
        let path = env.tmp.path().join(name);
        env.write(&path, &example(name));
        let run = env
            .cmd()
            .args(["config", "validate"])
            .arg_path(&path)
            .run(0);
        assert!(!run.stdout.contains("error"), "{name}: {}", run.stdout);
    }
}

#[test]
fn server_sections_are_ignored_with_an_info_line() {
    let env = TestEnv::new();
    env.config(&example("pilotdeck-server-keys.yaml"));
    let run = env.cmd().args(["config", "validate"]).run(0);
    assert!(
        run.stdout
            .contains(":11:1: info: `gateway`: PilotDeck server setting"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("`adapters`"));
    assert!(run.stdout.contains("`webui`"));
}

#[test]
fn layers_merge_with_project_over_home_and_env_and_flag_on_top() {
    let env = TestEnv::new();
    env.config(&example("pilotdeck.yaml"));
    env.project_config(
        "agent:\n  model: anthropic/claude-sonnet-4-5\nmemory:\n  maxMessageChars: 999\n",
    );
    // A project's memory settings apply once it is trusted.
    env.cmd().args(["trust"]).run(0);
    let v = env.cmd().args(["config", "show", "--json"]).run(0).json();
    assert_eq!(v["config"]["agent"]["model"], "anthropic/claude-sonnet-4-5");
    assert_eq!(v["config"]["memory"]["maxMessageChars"], 999);
    assert_eq!(
        v["config"]["memory"]["captureStrategy"], "full_session",
        "home value kept beside the project's"
    );
    let project_file = env
        .project
        .canonicalize()
        .unwrap()
        .join(".pilotdeck/pilotdeck.yaml");
    assert_eq!(
        v["sources"]["agent.model"],
        format!("{}:2", project_file.display())
    );

    let v = env
        .cmd()
        .args(["config", "show", "--json"])
        .env("PILOTDECK_MODEL", "deepseek/deepseek-chat")
        .run(0)
        .json();
    assert_eq!(v["config"]["agent"]["model"], "deepseek/deepseek-chat");
    assert_eq!(v["sources"]["agent.model"], "env PILOTDECK_MODEL");
}

#[test]
fn zero_config_derives_a_provider_from_the_environment() {
    let env = TestEnv::new();
    let v = env
        .cmd()
        .args(["config", "show", "--json"])
        .env("ANTHROPIC_API_KEY", "sk-ant-test")
        .run(0)
        .json();
    assert_eq!(v["config"]["agent"]["model"], "anthropic/claude-sonnet-4-5");
    assert!(v["config"]["model"]["providers"]["anthropic"].is_object());
    let source = v["sources"]["agent.model"].as_str().unwrap();
    assert!(source.contains("ANTHROPIC_API_KEY"), "{source}");
    assert!(
        !v.to_string().contains("sk-ant-test"),
        "the key never appears"
    );
}

#[test]
fn literal_secrets_are_redacted() {
    let env = TestEnv::new();
    env.config("agent: {model: openai/gpt-4.1}\nmodel:\n  providers:\n    openai:\n      apiKey: sk-literal-secret\n      headers: {Authorization: Bearer abc}\n");
    let run = env.cmd().args(["config", "show"]).run(0);
    assert!(!run.stdout.contains("sk-literal-secret"));
    assert!(!run.stdout.contains("Bearer abc"));
    assert!(
        run.stdout
            .contains("model.providers.openai.apiKey = <redacted>")
    );
}

#[test]
fn home_override_by_flag_and_env() {
    let env = TestEnv::new();
    let other = env.tmp.path().join("other-home");
    env.write(
        &other.join("pilotdeck.yaml"),
        "agent: {model: ollama/llama3.2}\nmodel: {providers: {ollama: {}}}\n",
    );
    let v = env
        .cmd()
        .args(["config", "path", "--json", "--home"])
        .arg_path(&other)
        .run(0)
        .json();
    assert_eq!(v["home"], other.display().to_string());
    assert_eq!(v["config"]["exists"], true);
    let v = env
        .cmd()
        .args(["config", "path", "--json"])
        .env("PILOTDECK_HOME", &other)
        .run(0)
        .json();
    assert_eq!(v["home"], other.display().to_string());
    let v = env
        .cmd()
        .args(["config", "show", "--json"])
        .env("PILOTDECK_HOME", &other)
        .run(0)
        .json();
    assert_eq!(v["config"]["agent"]["model"], "ollama/llama3.2");
}

#[test]
fn init_writes_a_private_valid_file_and_never_overwrites() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    let run = env
        .cmd()
        .args([
            "config",
            "init",
            "--provider",
            "deepseek",
            "--model",
            "deepseek-chat",
            "--router",
            "--non-interactive",
        ])
        .run(0);
    let path = env.home.join("pilotdeck.yaml");
    assert_eq!(run.stdout.trim(), path.display().to_string());
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("apiKey: \"${DEEPSEEK_API_KEY}\""), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with('#')),
        "the file is commented"
    );
    let v = env.cmd().args(["config", "show", "--json"]).run(0).json();
    assert_eq!(
        v["config"]["router"]["tokenSaver"]["tiers"]["simple"]["model"],
        "deepseek/deepseek-chat"
    );

    let run = env
        .cmd()
        .args([
            "config",
            "init",
            "--provider",
            "openai",
            "--non-interactive",
        ])
        .run(2);
    assert!(
        run.stderr.contains("already exists; pass --force"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "untouched");
    env.cmd()
        .args([
            "config",
            "init",
            "--provider",
            "openai",
            "--non-interactive",
            "--force",
        ])
        .run(0);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("openai/gpt-4.1-mini")
    );
}

#[test]
fn init_without_a_provider_or_key_is_a_usage_error() {
    let env = TestEnv::new();
    let run = env
        .cmd()
        .args(["config", "init", "--non-interactive"])
        .run(2);
    assert!(run.stderr.contains("pass --provider"), "{}", run.stderr);
    assert!(!env.home.join("pilotdeck.yaml").exists());
}

/// Each broken config: (file text, what `config validate` must say, including line and column).
const BROKEN: &[(&str, &str, &str)] = &[
    (
        "yaml_syntax",
        "agent:\n  model: openai/gpt-4.1\n model: [unclosed\n",
        "pilotdeck.yaml:3:2: error: did not find expected key",
    ),
    (
        "wrong_type",
        "agent:\n  model: openai/gpt-4.1\n  maxOutputTokens: lots\nmodel: {providers: {openai: {}}}\n",
        "pilotdeck.yaml:3:20: error: `agent.maxOutputTokens`: invalid type: string \"lots\", expected u64",
    ),
    (
        "unknown_key",
        "agent:\n  model: openai/gpt-4.1\n  modle: x\nmodel: {providers: {openai: {}}}\n",
        "pilotdeck.yaml:3:3: warning: `agent.modle`: unknown key",
    ),
    (
        "unresolvable_provider",
        "agent:\n  model: openai/gpt-4.1\nmodel:\n  providers:\n    openai: {}\nrouter:\n  fallback:\n    default:\n      - antropic/claude\n",
        "pilotdeck.yaml:9:7: error: `router.fallback.default.0`: `antropic/claude` names provider `antropic`, which is not configured (configured: openai)",
    ),
    (
        "unresolvable_model",
        "agent:\n  model: openai/gpt-5x\nmodel:\n  providers:\n    openai:\n      models:\n        gpt-4.1: {}\n",
        "pilotdeck.yaml:2:3: error: `agent.model`: `openai/gpt-5x`: provider `openai` has no model `gpt-5x` (listed: gpt-4.1)",
    ),
    (
        "missing_env",
        "agent:\n  model: openai/gpt-4.1\nmodel:\n  providers:\n    openai:\n      url: \"${MY_OPENAI_PROXY}/v1\"\n",
        "pilotdeck.yaml:6:7: error: `model.providers.openai.url`: environment variable `MY_OPENAI_PROXY` is not set",
    ),
    (
        "bad_schema_version",
        "schemaVersion: 2\nagent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {}}}\n",
        "pilotdeck.yaml:1:1: error: `schemaVersion`: only schemaVersion 1 is supported",
    ),
    (
        "bad_enum",
        "agent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {}}}\nmemory:\n  captureStrategy: everything\n",
        "pilotdeck.yaml:4:3: error: `memory.captureStrategy`: `everything` is not one of last_turn, full_session",
    ),
    (
        "unknown_provider_needs_protocol",
        "agent: {model: acme/m1}\nmodel:\n  providers:\n    acme:\n      apiKey: x\n",
        "pilotdeck.yaml:4:5: error: `model.providers.acme`: unknown provider id needs `protocol:`",
    ),
];

/// `config validate`'s output, which must hold `expected` (exit 2 when it is an error, else 0).
fn validate(env: &TestEnv, expected: &str) -> String {
    let is_error = expected.contains(": error:");
    let run = env
        .cmd()
        .args(["config", "validate"])
        .run(if is_error { 2 } else { 0 });
    assert!(
        run.stdout.contains(expected),
        "expected\n  {expected}\nin\n{}",
        run.stdout
    );
    run.stdout
}

#[test]
fn broken_configs_give_located_messages() {
    for (name, text, expected) in BROKEN {
        let env = TestEnv::new();
        env.config(text);
        let stdout = validate(&env, expected);
        insta::assert_snapshot!(format!("validate_{name}"), env.redact(&stdout));
    }
}

/// Problems inside optional sections, maps of structs (`model.providers.X`, `models.Y`,
/// `tokenSaver.tiers.Z`), lists, untagged values and repeated keys: (file text after a valid
/// `agent` line and, unless the text has its own `model:`, a `model` line; what `config validate`
/// must say).
const NESTED: &[(&str, &str)] = &[
    (
        "memory:\n  recall:\n    bogus: 1\n",
        "pilotdeck.yaml:5:5: warning: `memory.recall.bogus`: unknown key",
    ),
    (
        "tools:\n  webSearch:\n    customProvider:\n      bogus: 1\n",
        "pilotdeck.yaml:6:7: warning: `tools.webSearch.customProvider.bogus`: unknown key",
    ),
    (
        "router:\n  tokenSaver:\n    tiers:\n      simple:\n        model: openai/gpt-4.1\n        bogus: 1\n",
        "pilotdeck.yaml:8:9: warning: `router.tokenSaver.tiers.simple.bogus`: unknown key",
    ),
    (
        "model:\n  providers:\n    openai:\n      models:\n        gpt-4.1:\n          pricing: {input: 2, bogus: 1}\n",
        "pilotdeck.yaml:7:31: warning: `model.providers.openai.models.gpt-4.1.pricing.bogus`: unknown key",
    ),
    (
        "proxy:\n  url: http://proxy.local:3128\n  bogus: 1\n",
        "pilotdeck.yaml:5:3: warning: `proxy.bogus`: unknown key",
    ),
    (
        "memory:\n  sync:\n    branch: [main]\n",
        "pilotdeck.yaml:5:13: error: `memory.sync.branch`: invalid type: sequence, expected a string",
    ),
    (
        "memory:\n  sync:\n    branch: 2024\n",
        "pilotdeck.yaml:5:5: error: `memory.sync.branch`: invalid type: integer `2024`, expected a string",
    ),
    (
        "memory:\n  recall:\n    feedback: sometimes\n",
        "pilotdeck.yaml:5:15: error: `memory.recall.feedback`: unknown variant `sometimes`, expected one of `auto`, `on`, `off`",
    ),
    (
        "model:\n  providers:\n    openai:\n      protocol: opnai\n",
        "pilotdeck.yaml:5:17: error: `model.providers.openai.protocol`: unknown variant `opnai`",
    ),
    (
        "model:\n  providers:\n    openai:\n      models:\n        gpt-4.1:\n          multimodal:\n            input: [text, smell]\n",
        "pilotdeck.yaml:8:27: error: `model.providers.openai.models.gpt-4.1.multimodal.input.1`: unknown variant `smell`",
    ),
    (
        "tools:\n  sandbox:\n    network: 5\n",
        "pilotdeck.yaml:5:5: error: `tools.sandbox.network`: true, false or a list of hosts",
    ),
    (
        "proxy: 5\n",
        "pilotdeck.yaml:3:8: error: `proxy`: invalid type: integer `5`, expected a proxy URL or {url, noProxy}",
    ),
    (
        "hooks:\n  PreToolUze:\n    - hooks: [{type: command, command: 'true'}]\n",
        "pilotdeck.yaml:4:3: warning: `hooks.PreToolUze`: unknown hook event; the events are PreToolUse,",
    ),
    (
        "hooks:\n  PreToolUse:\n    - matcher: \"/[/\"\n      hooks: [{type: command, command: 'true'}]\n",
        "pilotdeck.yaml:5:7: warning: `hooks.PreToolUse.0.matcher`: bad regex: unclosed character class; it is skipped\n",
    ),
    (
        "hooks:\n  Stop:\n    - hooks:\n        - type: http\n          url: x\n",
        "pilotdeck.yaml:6:9: warning: `hooks.Stop.0.hooks.0`: hook type `http` is not supported (only `command`); it is skipped",
    ),
    (
        "cron:\n  enabled: true\ncron:\n  enabled: false\n",
        "pilotdeck.yaml:5:1: error: `cron`: duplicate entry with key \"cron\"",
    ),
];

#[test]
fn nested_problems_name_their_dotted_key_and_position() {
    let env = TestEnv::new();
    for (text, expected) in NESTED {
        let providers = match text.starts_with("model:") {
            true => "",
            false => "model: {providers: {openai: {apiKey: k}}}\n",
        };
        env.config(&format!(
            "agent: {{model: openai/gpt-4.1}}\n{providers}{text}"
        ));
        let stdout = validate(&env, expected);
        let is_error = expected.contains(": error:");
        assert_eq!(stdout.matches(": error:").count(), usize::from(is_error));
        assert!(!stdout.contains('?'), "{stdout}");
    }
    // The project's file, read by a command that only needs the configuration.
    env.config("agent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {apiKey: k}}}\n");
    env.project_config("memory:\n  recall:\n    bogus: 1\n    feedback: on\n");
    // A project's memory settings apply (and are checked) once it is trusted.
    env.cmd().args(["trust"]).run(0);
    let run = env
        .cmd()
        .args(["memory", "recall", "--offline", "x"])
        .run(0);
    let warning = ".pilotdeck/pilotdeck.yaml:3:5: warning: `memory.recall.bogus`: unknown key";
    assert_eq!(run.stderr.matches(warning).count(), 1, "{}", run.stderr);
}

#[test]
fn other_commands_refuse_a_broken_config_with_exit_2() {
    let env = TestEnv::new();
    env.config("agent:\n  model: nowhere/model\nmodel: {providers: {openai: {}}}\n");
    let run = env.cmd().args(["config", "show"]).run(2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .contains("pilotdeck.yaml:2:3: error: `agent.model`"),
        "{}",
        run.stderr
    );
}

/// Each command loads the configuration once and reports its problems once: a broken project file
/// is one located error (file, line, key) and exit 2 in every front that needs the configuration,
/// and a warning is printed once.
#[test]
fn each_command_reports_a_config_problem_once_with_its_location() {
    let env = TestEnv::new();
    env.config("agent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {apiKey: k}}}\n");
    env.project_config("memory:\n  captureStrategy: everything\n");
    // A project's memory settings apply (and are checked) once it is trusted.
    env.cmd().args(["trust"]).run(0);
    let error = ".pilotdeck/pilotdeck.yaml:2:3: error: `memory.captureStrategy`";
    let commands: [&[&str]; 6] = [
        &["run", "hi"],
        &["chat"],
        &["memory", "recall", "--offline", "parser"],
        &["router", "decide", "--offline", "hi"],
        &["session", "compact", "01ARZ3NDEKTSV4RRFFQ69G5FAV"],
        &["config", "show"],
    ];
    for args in commands {
        let out = env.cmd().args(args).stdin("hi\n").run(2);
        assert_eq!(
            out.stderr.matches(error).count(),
            1,
            "{args:?}: {}",
            out.stderr
        );
    }
    env.project_config("agent:\n  modle: x\nmemory:\n  captureStrategy: last_turn\n");
    env.cmd().args(["trust"]).run(0);
    let warning = ".pilotdeck/pilotdeck.yaml:2:3: warning: `agent.modle`";
    for args in [
        &["memory", "recall", "--offline", "parser"][..],
        &["router", "decide", "--offline", "hi"],
        &["config", "show"],
    ] {
        let out = env.cmd().args(args).run(0);
        assert_eq!(
            out.stderr.matches(warning).count(),
            1,
            "{args:?}: {}",
            out.stderr
        );
    }
}

#[test]
fn validate_json_lists_diagnostics() {
    let env = TestEnv::new();
    env.config("agent:\n  model: openai/gpt-4.1\n  modle: x\nmodel: {providers: {openai: {}}}\n");
    let v = env
        .cmd()
        .args(["config", "validate", "--json"])
        .run(0)
        .json();
    assert_eq!(v["valid"], true);
    let d = &v["diagnostics"][0];
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["key"], "agent.modle");
    assert_eq!(d["line"], 3);
    assert_eq!(d["column"], 3);
}

#[test]
fn path_json_keeps_its_shape() {
    let env = TestEnv::new();
    let v = env.cmd().args(["config", "path", "--json"]).run(0).json();
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&v), ["home", "config", "project"]);
    assert_eq!(keys(&v["config"]), ["path", "exists", "givenBy"]);
    assert_eq!(v["config"]["givenBy"], "default");
    assert_eq!(v["config"]["exists"], false);
    assert_eq!(
        keys(&v["project"]),
        ["root", "key", "identity", "state", "config"]
    );
    assert_eq!(v["project"]["identity"], "path");
    assert_eq!(keys(&v["project"]["config"]), ["path", "exists"]);
    assert_eq!(v["project"]["config"]["exists"], false);
}

/// A project config may not choose where pilotdeck writes: its `memory.rootDir` and always-on
/// worktree and snapshot folders are dropped with a warning naming each.
#[test]
fn a_project_config_cannot_point_pilotdecks_writes_elsewhere() {
    let env = TestEnv::new();
    let out = env.tmp.path().join("OUT");
    env.project_config(&format!(
        "memory:\n  enabled: true\n  rootDir: {0}\nalwaysOn:\n  workspace:\n    gitWorktreeBaseDir: {0}/w\n    snapshotBaseDir: {0}/s\n",
        out.display()
    ));
    // Even trusted (its memory settings need trust).
    env.cmd().args(["trust"]).run(0);
    let run = env.cmd().args(["config", "show", "--json"]).run(0);
    let v = run.json();
    assert!(v["config"]["memory"]["rootDir"].is_null(), "{v}");
    assert_eq!(v["config"]["memory"]["enabled"], true);
    let workspace = &v["config"]["alwaysOn"]["workspace"];
    assert!(workspace["gitWorktreeBaseDir"].is_null(), "{workspace}");
    assert!(workspace["snapshotBaseDir"].is_null(), "{workspace}");
    for key in [
        "memory.rootDir",
        "alwaysOn.workspace.gitWorktreeBaseDir",
        "alwaysOn.workspace.snapshotBaseDir",
    ] {
        assert!(
            run.stderr.contains(&format!("`{key}` is ignored")),
            "{key}: {}",
            run.stderr
        );
    }
}

/// Flow collections nested past 64 levels are refused with an error naming the file and line,
/// before any parser recurses into them (20,000 nested mappings used to overflow the stack; nested
/// sequences took quadratic time).
#[test]
fn deeply_nested_flow_collections_are_a_clear_config_error() {
    let env = TestEnv::new();
    for open in ["{a: ", "["] {
        env.project_config(&format!("agent:\n  x: {}\n", open.repeat(20_000)));
        let run = env.cmd().args(["config", "show"]).run(2);
        assert!(
            run.stderr.contains("pilotdeck.yaml:2:") && run.stderr.contains("nested more than 64"),
            "{}",
            run.stderr
        );
    }
}
