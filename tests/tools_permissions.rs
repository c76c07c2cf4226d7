//! Permissions end to end: confinement (absolute paths, `..`, symlinks, --add-dir), the hard-deny list
//! in `full` mode, read-only mode, rule precedence, permissions.json with Claude names, config and
//! flag sources, and the unattended Ask → Deny finalisation.

mod tools_common;

use std::path::PathBuf;
use std::sync::Arc;

use pilotdeck::config::PermissionsConfig;
use pilotdeck::tools::permission::{
    Approver, ApproverFuture, AskKind, Decision, FixedRules, PermissionMode, PermissionPolicy,
    PermissionRequest, PolicySources, RuleKind,
};
use pilotdeck::tools::{ExecutionStatus, PermissionSubject, ToolContext, Workspace};
use serde_json::json;
use tokio_util::sync::CancellationToken;
use tools_common::{Project, call};

fn bash(command: &str) -> PermissionRequest {
    PermissionRequest {
        tool: "bash".to_owned(),
        is_read_only: false,
        subject: PermissionSubject::Command(command.to_owned()),
    }
}

fn write(path: impl Into<PathBuf>) -> PermissionRequest {
    PermissionRequest {
        tool: "write_file".to_owned(),
        is_read_only: false,
        subject: PermissionSubject::Path {
            path: path.into(),
            is_write: true,
        },
    }
}

fn read(path: impl Into<PathBuf>) -> PermissionRequest {
    PermissionRequest {
        tool: "read_file".to_owned(),
        is_read_only: true,
        subject: PermissionSubject::Path {
            path: path.into(),
            is_write: false,
        },
    }
}

fn is_allow(d: &Decision) -> bool {
    *d == Decision::Allow
}
fn is_ask(d: &Decision) -> bool {
    matches!(d, Decision::Ask { .. })
}
fn is_deny(d: &Decision) -> bool {
    matches!(d, Decision::Deny { .. })
}

#[tokio::test]
async fn writes_outside_the_project_are_denied_in_workspace_write() {
    let p = Project::new();
    std::os::unix::fs::symlink(&p.outside, p.root.join("escape")).unwrap();
    let ctx = p.ctx(PermissionMode::WorkspaceWrite);
    for path in [
        p.outside.join("direct.txt").display().to_string(),
        "../outside/dotdot.txt".to_owned(),
        "sub/../../outside/dotdot2.txt".to_owned(),
        "escape/via-symlink.txt".to_owned(),
    ] {
        let out = call(
            &ctx,
            "write_file",
            json!({"file_path": path, "content": "x"}),
        )
        .await;
        let ExecutionStatus::Denied { reason } = &out.status else {
            panic!("{path}: expected a denial, got {:?}", out.status);
        };
        assert!(reason.contains("outside the project"), "{reason}");
        assert!(reason.contains("nobody can be asked"), "{reason}");
        assert!(out.output.is_error);
    }
    assert_eq!(
        std::fs::read_dir(&p.outside).unwrap().count(),
        0,
        "nothing was written outside"
    );

    let inside = call(
        &ctx,
        "write_file",
        json!({"file_path": "in.txt", "content": "x"}),
    )
    .await;
    assert_eq!(inside.status, ExecutionStatus::Completed);
}

#[tokio::test]
async fn add_dir_extends_the_workspace() {
    let p = Project::new();
    let workspace = Workspace::new(&p.root, std::slice::from_ref(&p.outside)).unwrap();
    let ctx = ToolContext::new(
        PermissionPolicy::new(PermissionMode::WorkspaceWrite, workspace),
        CancellationToken::new(),
    );
    let out = call(
        &ctx,
        "write_file",
        json!({"file_path": p.outside.join("ok.txt"), "content": "x"}),
    )
    .await;
    assert_eq!(
        out.status,
        ExecutionStatus::Completed,
        "{}",
        out.output.content
    );
}

#[test]
fn reads_outside_ask_and_full_mode_allows_them() {
    let p = Project::new();
    let ws = p.policy(PermissionMode::WorkspaceWrite);
    assert!(is_ask(&ws.decide(&read("/etc/hostname"))));
    assert!(is_allow(&ws.decide(&read("src/main.rs"))));
    let full = p.policy(PermissionMode::Full);
    assert!(is_allow(&full.decide(&read("/etc/hostname"))));
    assert!(is_allow(&full.decide(&write(p.outside.join("x")))));
}

#[test]
fn hard_denied_commands_are_denied_even_in_full_mode_with_allow_rules() {
    let p = Project::new();
    let mut policy = p.policy(PermissionMode::Full);
    policy
        .add_rule(
            "bash",
            RuleKind::Allow,
            pilotdeck::tools::permission::RuleSource::Flag,
        )
        .unwrap();
    for cmd in [
        "rm -rf /",
        "echo hi && rm -rf /",
        "rm -rf ~",
        "rm -rf $HOME",
        "rm -rf /usr/*",
        "mkfs.ext4 /dev/sdb",
        "dd if=/dev/zero of=/dev/sda bs=1M",
        ":(){ :|:& };:",
        "sudo shutdown -h now",
        "reboot",
        "echo secret | sudo -S rm x",
    ] {
        let d = policy.decide(&bash(cmd));
        let Decision::Deny { reason } = &d else {
            panic!("{cmd}: expected Deny, got {d:?}");
        };
        assert!(reason.contains("hard-deny list"), "{reason}");
    }
    assert!(is_allow(&policy.decide(&bash("rm -rf build"))));
    policy
        .add_rule(
            "write_file",
            RuleKind::Allow,
            pilotdeck::tools::permission::RuleSource::Flag,
        )
        .unwrap();
    for path in [
        "/dev/sda",
        "/proc/sys/kernel/panic",
        "/sys/power/state",
        "/boot/vmlinuz",
    ] {
        let d = policy.decide(&write(path));
        assert!(
            matches!(&d, Decision::Deny { reason } if reason.contains("hard-deny")),
            "{path}: {d:?}"
        );
    }
}

#[tokio::test]
async fn a_hard_denied_command_never_runs() {
    let p = Project::new();
    let ctx = p.ctx(PermissionMode::Full);
    let out = call(
        &ctx,
        "bash",
        json!({"command": "touch ran.txt; echo pw | sudo -S true"}),
    )
    .await;
    assert!(matches!(out.status, ExecutionStatus::Denied { .. }));
    assert!(!p.root.join("ran.txt").exists());
}

#[tokio::test]
async fn read_only_mode_runs_only_reads() {
    let p = Project::new();
    p.file("a.txt", "hello\n");
    let ctx = p.ctx_with_rules(PermissionMode::ReadOnly, &[("write_file", RuleKind::Allow)]);
    let read = call(&ctx, "read_file", json!({"file_path": "a.txt"})).await;
    assert_eq!(read.status, ExecutionStatus::Completed);
    let ls = call(
        &ctx,
        "bash",
        json!({"command": "ls && git status --short || true"}),
    )
    .await;
    assert!(
        !matches!(ls.status, ExecutionStatus::Denied { .. }),
        "{:?}",
        ls.status
    );

    let write = call(
        &ctx,
        "write_file",
        json!({"file_path": "a.txt", "content": "x"}),
    )
    .await;
    let ExecutionStatus::Denied { reason } = &write.status else {
        panic!("expected a denial, got {:?}", write.status);
    };
    assert!(reason.contains("read-only mode"), "{reason}");
    let touch = call(&ctx, "bash", json!({"command": "touch new.txt"})).await;
    assert!(matches!(touch.status, ExecutionStatus::Denied { .. }));
    let redirect = call(&ctx, "bash", json!({"command": "echo x > new.txt"})).await;
    assert!(matches!(redirect.status, ExecutionStatus::Denied { .. }));
    assert!(!p.root.join("new.txt").exists());
    assert_eq!(p.read("a.txt"), "hello\n");
}

#[test]
fn rule_precedence_deny_then_read_only_then_ask_then_allow_then_mode() {
    use pilotdeck::tools::permission::RuleSource::Flag;
    let p = Project::new();
    let mut policy = p.policy(PermissionMode::WorkspaceWrite);
    policy.add_rule("bash", RuleKind::Allow, Flag).unwrap();
    policy
        .add_rule("bash:git push*", RuleKind::Deny, Flag)
        .unwrap();
    policy
        .add_rule("bash:npm publish*", RuleKind::Ask, Flag)
        .unwrap();
    // deny beats a broader allow, also inside a compound command
    assert!(is_deny(&policy.decide(&bash("git push origin main"))));
    assert!(is_deny(&policy.decide(&bash("make && git push"))));
    // ask beats allow
    assert!(is_ask(&policy.decide(&bash("npm publish"))));
    // the broad allow lifts the mode's ask for dangerous commands
    assert!(is_allow(&policy.decide(&bash("rm -rf build"))));

    let mut narrow = p.policy(PermissionMode::WorkspaceWrite);
    narrow
        .add_rule("Bash(git:*)", RuleKind::Allow, Flag)
        .unwrap();
    narrow
        .add_rule("bash:rm -rf build", RuleKind::Allow, Flag)
        .unwrap();
    assert!(is_allow(&narrow.decide(&bash("git reset --hard"))));
    assert!(is_allow(&narrow.decide(&bash("rm -rf build"))));
    // every part of a compound command must be allowed
    assert!(is_allow(&narrow.decide(&bash("git stash && rm -rf build"))));
    assert!(is_ask(&narrow.decide(&bash("git stash && rm -rf src"))));
    // shell writes outside the workspace ask; temp dirs and the project are fine
    assert!(is_ask(
        &narrow.decide(&bash("cp build/app /usr/local/bin/app"))
    ));
    assert!(is_ask(
        &narrow.decide(&bash("echo x > ../../../../../../../../../etc/x"))
    ));
    assert!(is_ask(&narrow.decide(&bash("cd /opt && make install"))));
    assert!(is_allow(
        &narrow.decide(&bash("make > /tmp/build.log 2>&1"))
    ));
    assert!(is_allow(
        &narrow.decide(&bash("cp a.txt sub/b.txt && cat /etc/hosts"))
    ));
    // without a rule, dangerous commands ask and ordinary ones run
    assert!(is_ask(&narrow.decide(&bash("sudo apt-get install x"))));
    assert!(is_allow(&narrow.decide(&bash("cargo test"))));
    // a session grant (chat's "allow and remember") applies from then on
    narrow.grant("bash:sudo apt-get *").unwrap();
    assert!(is_allow(&narrow.decide(&bash("sudo apt-get install x"))));

    // an allow rule lifts the outside-the-project ask for paths it matches
    let mut paths = p.policy(PermissionMode::WorkspaceWrite);
    let pattern = format!("write_file:{}/*", p.outside.display());
    paths.add_rule(&pattern, RuleKind::Allow, Flag).unwrap();
    assert!(is_allow(&paths.decide(&write(p.outside.join("a/b.txt")))));
    assert!(is_ask(&paths.decide(&write("/tmp/elsewhere.txt"))));
    // writes into .git ask even inside the project
    assert!(is_ask(&paths.decide(&write(".git/config"))));
    assert!(is_allow(&paths.decide(&write("src/lib.rs"))));
}

#[test]
fn permissions_json_maps_claude_names_and_sources_combine() {
    let p = Project::new();
    let file = p.tmp.path().join("permissions.json");
    p.write_bytes(
        &file,
        br#"{"version":1,"allowedTools":["Bash(rm -rf build:*)","Write(/srv/out/*)","Read"],
            "disallowedTools":["Edit(secret/*)","Grep"],"skipPermissions":true}"#,
    );
    let config = PermissionsConfig {
        mode: Some("read-only".to_owned()),
        ask: vec!["bash:make deploy*".to_owned()],
        ..PermissionsConfig::default()
    };
    let sources = PolicySources {
        mode_flag: Some(PermissionMode::WorkspaceWrite),
        config: &config,
        permissions_file: Some(&file),
        allow_flags: &["bash:make *".to_owned()],
        deny_flags: &["bash:make clean".to_owned()],
        fixed_deny: FixedRules {
            rules: &["bash:make publish*"],
            ..pilotdeck::always_on::execute::FIXED_DENY
        },
    };
    let policy =
        PermissionPolicy::from_sources(Workspace::new(&p.root, &[]).unwrap(), sources).unwrap();
    assert_eq!(
        policy.mode(),
        PermissionMode::WorkspaceWrite,
        "the flag wins over config"
    );
    assert!(is_allow(&policy.decide(&bash("rm -rf build/debug"))));
    assert!(is_allow(&policy.decide(&write("/srv/out/x.txt"))));
    // a bare `Read` covers the workspace only; outside needs a rule naming the path
    assert!(is_ask(&policy.decide(&read("/etc/hostname"))));
    assert!(is_allow(&policy.decide(&read(".git/config"))));
    let edit = PermissionRequest {
        tool: "edit_file".to_owned(),
        is_read_only: false,
        subject: PermissionSubject::Path {
            path: "secret/key.pem".into(),
            is_write: true,
        },
    };
    assert!(is_deny(&policy.decide(&edit)));
    let grep = PermissionRequest {
        tool: "grep".to_owned(),
        is_read_only: true,
        subject: PermissionSubject::Path {
            path: ".".into(),
            is_write: false,
        },
    };
    assert!(is_deny(&policy.decide(&grep)));
    assert!(is_allow(&policy.decide(&bash("make test"))));
    assert!(is_ask(&policy.decide(&bash("make deploy-prod"))));
    assert!(is_deny(&policy.decide(&bash("make clean"))));
    // always-on's fixed rules win over the `make *` flag and say where they come from
    let Decision::Deny { reason } = policy.decide(&bash("make publish-docs")) else {
        panic!("make publish-docs is not denied");
    };
    assert!(reason.contains("from always-on's fixed rules"), "{reason}");
    assert!(
        policy
            .rules()
            .iter()
            .any(|r| r.pattern() == Some("rm -rf build*"))
    );
}

#[test]
fn config_mode_is_used_without_a_flag_and_bad_input_is_reported() {
    let p = Project::new();
    let config = PermissionsConfig {
        mode: Some("read-only".to_owned()),
        ..PermissionsConfig::default()
    };
    let sources = PolicySources {
        mode_flag: None,
        config: &config,
        permissions_file: Some(&p.tmp.path().join("missing.json")),
        allow_flags: &[],
        deny_flags: &[],
        fixed_deny: FixedRules::default(),
    };
    let ws = || Workspace::new(&p.root, &[]).unwrap();
    assert_eq!(
        PermissionPolicy::from_sources(ws(), sources)
            .unwrap()
            .mode(),
        PermissionMode::ReadOnly
    );
    let bad = PermissionsConfig {
        mode: Some("yolo".to_owned()),
        ..PermissionsConfig::default()
    };
    let err = PermissionPolicy::from_sources(
        ws(),
        PolicySources {
            config: &bad,
            ..sources
        },
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("unknown permission mode `yolo`"),
        "{err}"
    );
    let rule = ["bash:[".to_owned()];
    let err = PermissionPolicy::from_sources(
        ws(),
        PolicySources {
            allow_flags: &rule,
            ..sources
        },
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("invalid permission rule `bash:[`"),
        "{err}"
    );
    assert!(
        PermissionPolicy::from_sources(
            ws(),
            PolicySources {
                mode_flag: None,
                config: &PermissionsConfig::default(),
                ..sources
            }
        )
        .unwrap()
        .mode()
            == PermissionMode::WorkspaceWrite
    );
}

#[test]
fn unattended_finalisation_turns_ask_into_deny_with_a_hint() {
    let ask = Decision::Ask {
        reason: "`sudo x` runs with elevated privileges".to_owned(),
        kind: AskKind::Routine,
    };
    let root = std::path::Path::new("/srv/project");
    let Decision::Deny { reason } =
        ask.finalize_unattended(&bash("sudo apt-get install -y x").suggested_rules(root))
    else {
        panic!("ask must become deny");
    };
    assert!(reason.starts_with("`sudo x` runs with elevated privileges"));
    assert!(reason.contains("--allow 'bash:sudo apt-get*'"), "{reason}");
    assert_eq!(
        Decision::Allow.finalize_unattended(&bash("ls").suggested_rules(root)),
        Decision::Allow
    );
    assert_eq!(
        bash("git push --force").suggested_rules(root),
        ["bash:git push*"]
    );
    assert_eq!(bash("make -j4").suggested_rules(root), ["bash:make*"]);
    // No prefix rule for code given inline, or run through a wrapper: it would allow any code.
    let p = Project::new();
    let ws = p.policy(PermissionMode::WorkspaceWrite);
    for line in [
        "bash -c 'rm -rf build'",
        "mkdir b && python3 -c 'import os'",
        "timeout 5 rm -r x",
    ] {
        assert!(ws.suggested_rules(&bash(line)).is_empty(), "{line}");
    }
    assert_eq!(ws.suggested_rules(&bash("rm -r x")), ["bash:rm*"]);
    // Every part of a compound command must be allowed: a rule for each.
    assert_eq!(
        bash("mkdir -p d && touch d/x && rm -r d; mkdir e").suggested_rules(root),
        ["bash:mkdir*", "bash:touch*", "bash:rm*"]
    );
    assert_eq!(
        write("/srv/out/a.txt").suggested_rules(root),
        ["write_file:/srv/out/*"]
    );
    // A relative path is named as rules match it: resolved; a file in the project by itself.
    assert_eq!(
        write("../out/a.txt").suggested_rules(root),
        ["write_file:/srv/out/*"]
    );
    assert_eq!(
        write("src/../AGENTS.md").suggested_rules(root),
        ["write_file:AGENTS.md"]
    );
}

/// Which asks a `PreToolUse` hook's `allow` may answer (R6-03): only the mode's routine approval of
/// an in-project call, and only where a person could have been asked.
#[test]
fn a_hook_allow_answers_only_routine_asks_of_an_attended_session() {
    let p = Project::new();
    let mut ws = p.policy(PermissionMode::WorkspaceWrite);
    ws.add_rule(
        "bash:make*",
        RuleKind::Ask,
        pilotdeck::tools::permission::RuleSource::Flag,
    )
    .unwrap();
    let kind = |request: &PermissionRequest| match ws.decide(request) {
        Decision::Ask { kind, .. } => kind,
        other => panic!("{request:?}: {other:?}"),
    };
    let mcp = PermissionRequest {
        tool: "mcp__x__create".to_owned(),
        is_read_only: false,
        subject: PermissionSubject::Other,
    };
    let web = PermissionRequest {
        tool: "web_fetch".to_owned(),
        is_read_only: true,
        subject: PermissionSubject::Host("example.com".to_owned()),
    };
    assert_eq!(kind(&bash("rm -r build")), AskKind::Routine);
    assert_eq!(kind(&mcp), AskKind::Routine);
    for guard in [
        write(p.outside.join("x.txt")),
        write(".git/config"),
        bash("git config core.fsmonitor 'touch x'"),
        bash("rm -r build && cp -r src /srv/out"),
        bash("make all"),
        web,
    ] {
        assert_eq!(kind(&guard), AskKind::Guard, "{guard:?}");
    }
    let routine = ws.decide(&bash("rm -r build"));
    assert!(is_allow(&routine.clone().answer_hook_allow(true)));
    let unattended = routine.answer_hook_allow(false);
    assert!(is_ask(&unattended), "{unattended:?}");
    let guarded = ws.decide(&write(".git/config")).answer_hook_allow(true);
    assert!(
        matches!(&guarded, Decision::Ask { reason, .. } if reason.contains("PreToolUse hook")),
        "{guarded:?}"
    );
    let denied = ws.decide(&bash("rm -rf /"));
    assert_eq!(denied.clone().answer_hook_allow(true), denied);
}

struct Yes;

impl Approver for Yes {
    fn approve<'a>(&'a self, _r: &'a PermissionRequest, _reason: &'a str) -> ApproverFuture<'a> {
        Box::pin(async { true })
    }
}

#[tokio::test]
async fn an_approver_can_allow_what_asks() {
    let p = Project::new();
    let mut ctx = p.ctx(PermissionMode::WorkspaceWrite);
    ctx.approver = Some(Arc::new(Yes));
    let out = call(
        &ctx,
        "write_file",
        json!({"file_path": p.outside.join("approved.txt"), "content": "x"}),
    )
    .await;
    assert_eq!(
        out.status,
        ExecutionStatus::Completed,
        "{}",
        out.output.content
    );
}

#[test]
fn protected_paths_need_approval_outside_full_from_every_tool() {
    use pilotdeck::tools::permission::RuleSource::Flag;
    let p = Project::new();
    let ws = p.policy(PermissionMode::WorkspaceWrite);
    for path in [
        ".git/hooks/pre-commit",
        ".git/config",
        ".pilotdeck/pilotdeck.yaml",
        ".pilotdeck/rules/style.md",
        "AGENTS.md",
        "docs/PILOTDECK.md",
    ] {
        let d = ws.decide(&write(path));
        assert!(
            matches!(&d, Decision::Ask { reason, kind: AskKind::Guard } if reason.contains("protected")),
            "{path}: {d:?}"
        );
        // The rule offered names the one file.
        assert_eq!(
            ws.suggested_rules(&write(path)),
            [format!("write_file:{path}")],
            "{path}"
        );
        assert!(
            is_deny(&d.finalize_unattended(&ws.suggested_rules(&write(path)))),
            "{path}"
        );
        assert!(is_allow(
            &p.policy(PermissionMode::Full).decide(&write(path))
        ));
    }
    for cmd in [
        "printf '#!/bin/sh\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit",
        "cp /tmp/x .git/hooks/post-checkout",
        "echo 'mode: full' >> .pilotdeck/pilotdeck.yaml",
        "setsid tee AGENTS.md < /dev/null",
        "cd .git/hooks && touch pre-push",
        "git config core.fsmonitor 'touch PWN'",
        "git -C . config --local core.hooksPath /tmp/hooks",
        "git config alias.st '!sh -c x'",
        "git config filter.x.clean 'sh x'",
        "sh -c 'echo x > .pilotdeck/rules/r.md'",
    ] {
        let d = ws.decide(&bash(cmd));
        assert!(
            matches!(&d, Decision::Ask { reason, kind: AskKind::Guard } if reason.contains("protected")),
            "{cmd}: {d:?}"
        );
        // No prefix rule is offered for a command changing a protected path: `bash:cp*` would
        // let every later `cp` into `.git/hooks` through, unguarded.
        assert!(ws.suggested_rules(&bash(cmd)).is_empty(), "{cmd}");
        let Decision::Deny { reason } = d.finalize_unattended(&ws.suggested_rules(&bash(cmd)))
        else {
            panic!("{cmd}: ask must become deny");
        };
        assert!(
            !reason.contains("--allow") && reason.contains("a person's approval"),
            "{cmd}: {reason}"
        );
    }
    // Ordinary git settings and writes elsewhere in the project do not ask.
    assert!(is_allow(&ws.decide(&bash("git config user.name me"))));
    assert!(is_allow(&ws.decide(&write("src/lib.rs"))));
    assert!(is_allow(&ws.decide(&bash("echo x > notes.md"))));

    // A bare allow rule does not lift the protection; a rule naming the path does.
    let mut bare = p.policy(PermissionMode::WorkspaceWrite);
    bare.add_rule("write_file", RuleKind::Allow, Flag).unwrap();
    bare.add_rule("bash", RuleKind::Allow, Flag).unwrap();
    assert!(is_ask(&bare.decide(&write(".pilotdeck/pilotdeck.yaml"))));
    assert!(is_ask(
        &bare.decide(&bash("git config core.sshCommand 'sh x'"))
    ));
    bare.add_rule("write_file:.pilotdeck/*", RuleKind::Allow, Flag)
        .unwrap();
    assert!(is_allow(&bare.decide(&write(".pilotdeck/pilotdeck.yaml"))));
}

#[test]
fn read_only_denials_name_the_program_or_flag() {
    let p = Project::new();
    let ro = p.policy(PermissionMode::ReadOnly);
    for (cmd, named) in [
        ("sort -o out f", "`sort -o` writes a file"),
        (
            "sed -n '1e id' f",
            "the sed command `e` runs a shell command",
        ),
        ("awk -f x.awk f", "`awk -f`"),
        ("uniq a b", "`uniq` writes its second operand `b`"),
        (
            "git -C . status && make",
            "`make` is not on the read-only list",
        ),
        (
            "git grep -O x",
            "`git grep -O` writes a file or runs a program",
        ),
        ("cat a > b", "it writes `b` through a redirection"),
    ] {
        let Decision::Deny { reason } = ro.decide(&bash(cmd)) else {
            panic!("{cmd} is not denied in read-only mode");
        };
        assert!(reason.contains(named), "{cmd}: {reason}");
    }
    for cmd in [
        "git -C sub log --oneline -5",
        "find . -name '*.rs' -exec grep -l fn {} +",
        "timeout 5 grep -rn x src | head",
        "env",
        "command -v cargo",
    ] {
        // As the registry asks: the bash tool marks a call read-only by the same classifier.
        let request = PermissionRequest {
            is_read_only: true,
            ..bash(cmd)
        };
        assert!(
            is_allow(&ro.decide(&request)),
            "{cmd}: {:?}",
            ro.decide(&request)
        );
    }
}

#[test]
fn plan_mode_reads_only_until_it_goes_back_to_the_mode_it_came_from() {
    let p = Project::new();
    let policy = p.policy(PermissionMode::WorkspaceWrite);
    assert!(is_allow(&policy.decide(&write("a.txt"))));
    policy.enter_plan();
    assert_eq!(policy.mode(), PermissionMode::Plan);
    assert!(is_allow(&policy.decide(&read("a.txt"))));
    // The bash tool calls a command read-only when the classifier does.
    let status = PermissionRequest {
        is_read_only: true,
        ..bash("git status && cat a.txt")
    };
    assert!(is_allow(&policy.decide(&status)));
    for denied in [
        policy.decide(&write("a.txt")),
        policy.decide(&bash("touch b")),
    ] {
        let Decision::Deny { reason } = denied else {
            panic!("a change is not denied in plan mode");
        };
        assert!(reason.contains("exit_plan_mode"), "{reason}");
    }
    assert_eq!(policy.leave_plan(), PermissionMode::WorkspaceWrite);
    assert!(is_allow(&policy.decide(&write("a.txt"))));

    // `--permission-mode plan` goes back to the configured mode, or the default.
    let config = PermissionsConfig {
        mode: Some("full".to_owned()),
        ..PermissionsConfig::default()
    };
    let planned = PermissionPolicy::from_sources(
        Workspace::new(&p.root, &[]).unwrap(),
        PolicySources {
            mode_flag: Some(PermissionMode::Plan),
            config: &config,
            permissions_file: None,
            allow_flags: &[],
            deny_flags: &[],
            fixed_deny: FixedRules::default(),
        },
    )
    .unwrap();
    assert_eq!(planned.mode(), PermissionMode::Plan);
    assert_eq!(planned.mode_after_plan(), PermissionMode::Full);
    assert_eq!(
        p.policy(PermissionMode::Plan).mode_after_plan(),
        PermissionMode::WorkspaceWrite
    );
}
