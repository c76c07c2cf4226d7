//! The file tools on real temp dirs and a real git repository: read paging and binary files, the
//! read-before-write rule, edit_file's match rules, gitignore-aware glob and grep, argument
//! validation and the large-result spill.

mod tools_common;

use std::sync::Arc;

use pilotdeck::tools::permission::PermissionMode;
use pilotdeck::tools::{
    ExecutionStatus, Tool, ToolCall, ToolContext, ToolFuture, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};
use tools_common::{Project, call};

fn ctx(p: &Project) -> ToolContext {
    p.ctx(PermissionMode::WorkspaceWrite)
}

#[tokio::test]
async fn read_file_numbers_and_pages_lines() {
    let p = Project::new();
    let body: String = (1..=10).map(|i| format!("line {i}\n")).collect();
    p.file("a.txt", &body);
    let ctx = ctx(&p);
    let out = call(
        &ctx,
        "read_file",
        json!({"file_path": "a.txt", "offset": 3, "limit": 2}),
    )
    .await;
    assert_eq!(out.status, ExecutionStatus::Completed);
    assert_eq!(
        out.output.content,
        "     3\tline 3\n     4\tline 4\n[showing lines 3-4 of 10; call read_file with offset=5 to continue]"
    );
    let all = call(&ctx, "read_file", json!({"file_path": "a.txt"})).await;
    assert!(all.output.content.ends_with("    10\tline 10"));
    assert!(!all.output.content.contains("continue"));
}

#[tokio::test]
async fn read_file_refuses_binary_and_directories() {
    let p = Project::new();
    p.write_bytes(&p.root.join("blob.bin"), &[0u8, 1, 2, 3]);
    let ctx = ctx(&p);
    let out = call(&ctx, "read_file", json!({"file_path": "blob.bin"})).await;
    assert!(out.output.is_error);
    assert!(out.output.content.contains("looks binary"));
    let dir = call(&ctx, "read_file", json!({"file_path": "."})).await;
    assert!(dir.output.content.contains("is a directory"));
    let missing = call(&ctx, "read_file", json!({"file_path": "nope.txt"})).await;
    assert!(missing.output.content.contains("does not exist"));
}

#[tokio::test]
async fn read_file_caps_huge_files_below_the_spill_limit() {
    let p = Project::new();
    let line = "x".repeat(100);
    p.file("big.txt", &format!("{line}\n").repeat(50_000));
    let out = call(&ctx(&p), "read_file", json!({"file_path": "big.txt"})).await;
    assert!(out.output.content.len() < 40_000);
    assert!(
        out.output
            .content
            .contains("of 50000; call read_file with offset=")
    );
}

#[tokio::test]
async fn read_file_streams_past_a_giant_line() {
    let p = Project::new();
    p.file(
        "min.js",
        &format!("{}\nsecond\nthird", "x".repeat(3_000_000)),
    );
    let out = call(
        &ctx(&p),
        "read_file",
        json!({"file_path": "min.js", "limit": 2}),
    )
    .await;
    let text = &out.output.content;
    assert!(text.len() < 3_000, "{}", text.len());
    assert!(text.contains("[line truncated]"));
    assert!(text.contains("     2\tsecond"));
    assert!(text.ends_with("[showing lines 1-2 of 3; call read_file with offset=3 to continue]"));
}

#[tokio::test]
async fn write_file_requires_a_prior_read_to_overwrite() {
    let p = Project::new();
    p.file("a.txt", "old\n");
    let ctx = ctx(&p);
    let denied = call(
        &ctx,
        "write_file",
        json!({"file_path": "a.txt", "content": "new\n"}),
    )
    .await;
    assert!(denied.output.is_error);
    assert!(
        denied
            .output
            .content
            .contains("was not read in this session")
    );
    assert_eq!(p.read("a.txt"), "old\n");

    call(&ctx, "read_file", json!({"file_path": "a.txt"})).await;
    let ok = call(
        &ctx,
        "write_file",
        json!({"file_path": "a.txt", "content": "new\n"}),
    )
    .await;
    assert_eq!(
        ok.status,
        ExecutionStatus::Completed,
        "{}",
        ok.output.content
    );
    assert_eq!(p.read("a.txt"), "new\n");

    let created = call(
        &ctx,
        "write_file",
        json!({"file_path": "sub/dir/b.txt", "content": "fresh"}),
    )
    .await;
    assert_eq!(created.status, ExecutionStatus::Completed);
    assert_eq!(p.read("sub/dir/b.txt"), "fresh");
}

#[tokio::test]
async fn write_file_refuses_a_file_changed_since_it_was_read() {
    let p = Project::new();
    let path = p.file("a.txt", "one\n");
    let ctx = ctx(&p);
    call(&ctx, "read_file", json!({"file_path": "a.txt"})).await;
    p.write_bytes(&path, b"changed elsewhere, longer\n");
    let f = std::fs::File::options().write(true).open(&path).unwrap();
    f.set_modified(std::time::SystemTime::UNIX_EPOCH).unwrap();
    let out = call(
        &ctx,
        "write_file",
        json!({"file_path": "a.txt", "content": "x"}),
    )
    .await;
    assert!(
        out.output.content.contains("changed on disk"),
        "{}",
        out.output.content
    );
}

#[tokio::test]
async fn write_file_keeps_the_permission_bits() {
    use std::os::unix::fs::PermissionsExt;
    let p = Project::new();
    let path = p.file("run.sh", "#!/bin/sh\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let ctx = ctx(&p);
    call(&ctx, "read_file", json!({"file_path": "run.sh"})).await;
    call(
        &ctx,
        "write_file",
        json!({"file_path": "run.sh", "content": "#!/bin/sh\necho\n"}),
    )
    .await;
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o755);
}

/// A text file in another encoding is read (its bytes shown as U+FFFD) but not edited: the
/// refusal says why and what to use instead, and the file is left as it was.
#[tokio::test]
async fn edit_file_refuses_a_file_that_is_not_utf8_and_says_so() {
    let p = Project::new();
    let latin1 = b"caf\xe9 cr\xe8me\n";
    p.write_bytes(&p.root.join("menu.txt"), latin1);
    let ctx = ctx(&p);
    call(&ctx, "read_file", json!({"file_path": "menu.txt"})).await;
    let out = call(
        &ctx,
        "edit_file",
        json!({"file_path": "menu.txt", "old_string": "cr", "new_string": "CR"}),
    )
    .await;
    assert!(out.output.is_error);
    assert!(
        out.output.content.contains("not UTF-8"),
        "{}",
        out.output.content
    );
    assert_eq!(std::fs::read(p.root.join("menu.txt")).unwrap(), latin1);
}

#[tokio::test]
async fn edit_file_match_rules() {
    let p = Project::new();
    p.file("a.txt", "foo bar foo\nbaz\n");
    let ctx = ctx(&p);
    let unread = call(
        &ctx,
        "edit_file",
        json!({"file_path": "a.txt", "old_string": "baz", "new_string": "qux"}),
    )
    .await;
    assert!(unread.output.content.contains("was not read"));
    call(&ctx, "read_file", json!({"file_path": "a.txt"})).await;

    let zero = call(
        &ctx,
        "edit_file",
        json!({"file_path": "a.txt", "old_string": "nothing", "new_string": "x"}),
    )
    .await;
    assert!(zero.output.is_error);
    assert!(zero.output.content.contains("was not found"));

    let ambiguous = call(
        &ctx,
        "edit_file",
        json!({"file_path": "a.txt", "old_string": "foo", "new_string": "x"}),
    )
    .await;
    assert!(ambiguous.output.content.contains("occurs 2 times"));
    assert_eq!(p.read("a.txt"), "foo bar foo\nbaz\n");

    let unique = call(
        &ctx,
        "edit_file",
        json!({"file_path": "a.txt", "old_string": "baz", "new_string": "qux"}),
    )
    .await;
    assert_eq!(
        unique.status,
        ExecutionStatus::Completed,
        "{}",
        unique.output.content
    );
    let all = call(
        &ctx,
        "edit_file",
        json!({"file_path": "a.txt", "old_string": "foo", "new_string": "x", "replace_all": true}),
    )
    .await;
    assert!(all.output.content.contains("2 occurrences"));
    assert_eq!(p.read("a.txt"), "x bar x\nqux\n");
}

#[tokio::test]
async fn edit_file_with_empty_old_string_creates() {
    let p = Project::new();
    p.file("exists.txt", "content");
    let ctx = ctx(&p);
    let created = call(
        &ctx,
        "edit_file",
        json!({"file_path": "new/file.txt", "old_string": "", "new_string": "hello"}),
    )
    .await;
    assert_eq!(created.status, ExecutionStatus::Completed);
    assert_eq!(p.read("new/file.txt"), "hello");
    let refused = call(
        &ctx,
        "edit_file",
        json!({"file_path": "exists.txt", "old_string": "", "new_string": "x"}),
    )
    .await;
    assert!(refused.output.content.contains("already exists"));
}

fn git_project() -> Project {
    let p = Project::new();
    p.init_git();
    p.file(".gitignore", "target/\n*.log\n");
    p.file("src/main.rs", "fn main() { needle(); }\n");
    p.file("src/lib.rs", "pub fn needle() {}\n");
    p.file("target/debug/gen.rs", "fn needle() {}\n");
    p.file("debug.log", "needle\n");
    p.file(".github/ci.yml", "needle: true\n");
    p
}

#[tokio::test]
async fn glob_respects_gitignore() {
    let p = git_project();
    let out = call(&ctx(&p), "glob", json!({"pattern": "*.rs"})).await;
    assert_eq!(out.output.content, "src/lib.rs\nsrc/main.rs");
    let logs = call(&ctx(&p), "glob", json!({"pattern": "**/*.log"})).await;
    assert!(logs.output.content.starts_with("no files match"));
}

#[tokio::test]
async fn grep_respects_gitignore_and_modes() {
    let p = git_project();
    let ctx = ctx(&p);
    let out = call(&ctx, "grep", json!({"pattern": "needle"})).await;
    assert_eq!(
        out.output.content,
        ".github/ci.yml:1:needle: true\nsrc/lib.rs:1:pub fn needle() {}\nsrc/main.rs:1:fn main() { needle(); }"
    );
    let files = call(
        &ctx,
        "grep",
        json!({"pattern": "NEEDLE", "case_insensitive": true, "glob": "*.rs", "output_mode": "files_with_matches"}),
    )
    .await;
    assert_eq!(files.output.content, "src/lib.rs\nsrc/main.rs");
    let bad = call(&ctx, "grep", json!({"pattern": "("})).await;
    assert!(bad.output.is_error);
    assert!(bad.output.content.contains("invalid regular expression"));
}

#[tokio::test]
async fn grep_caps_results_with_a_note() {
    let p = Project::new();
    p.file("many.txt", &"hit\n".repeat(500));
    let out = call(
        &ctx(&p),
        "grep",
        json!({"pattern": "hit", "max_results": 10}),
    )
    .await;
    assert_eq!(out.output.content.lines().count(), 11);
    assert!(
        out.output
            .content
            .contains("[truncated: 500 matching lines in 1 files")
    );
}

#[tokio::test]
async fn list_dir_marks_directories() {
    let p = git_project();
    let out = call(&ctx(&p), "list_dir", json!({})).await;
    assert_eq!(
        out.output.content,
        ".git/\n.github/\n.gitignore\ndebug.log\nsrc/\ntarget/"
    );
}

#[tokio::test]
async fn invalid_arguments_and_unknown_tools_are_structured_errors() {
    let p = Project::new();
    let ctx = ctx(&p);
    let out = call(&ctx, "read_file", json!({"path": "a.txt", "offset": "3"})).await;
    let ExecutionStatus::InvalidArguments(invalid) = &out.status else {
        panic!("expected invalid arguments, got {:?}", out.status);
    };
    assert_eq!(invalid.tool, "read_file");
    assert!(
        invalid
            .problems
            .contains(&"missing required field `file_path`".to_owned())
    );
    assert!(
        invalid
            .problems
            .contains(&"unknown field `path`".to_owned())
    );
    assert!(out.output.content.contains("Expected input schema"));

    let unknown = call(&ctx, "no_such_tool", json!({})).await;
    assert_eq!(unknown.status, ExecutionStatus::UnknownTool);
    assert!(unknown.output.content.contains("read_file"));
}

#[tokio::test]
async fn get_current_time_accepts_iana_zones() {
    let p = Project::new();
    let ctx = ctx(&p);
    let out = call(&ctx, "get_current_time", json!({"timezone": "Asia/Tokyo"})).await;
    assert!(
        out.output.content.contains("+09:00"),
        "{}",
        out.output.content
    );
    let bad = call(&ctx, "get_current_time", json!({"timezone": "Mars/Base"})).await;
    assert!(bad.output.content.contains("unknown time zone"));
}

/// A tool that returns a result far over the inline limit, like a chatty MCP server.
struct Chatty;

impl Tool for Chatty {
    fn name(&self) -> &str {
        "chatty"
    }
    fn description(&self) -> &str {
        "returns 300 KB"
    }
    fn input_schema(&self) -> Value {
        json!({"type": "object"})
    }
    fn is_read_only(&self) -> bool {
        true
    }
    fn call<'a>(&'a self, _ctx: &'a ToolContext, _input: Value) -> ToolFuture<'a> {
        Box::pin(async {
            let body = format!("HEAD{}TAIL", "0123456789".repeat(30_000));
            ToolOutput::ok(body, "chatty output")
        })
    }
}

#[tokio::test]
async fn results_over_200kb_spill_to_the_project() {
    let p = Project::new();
    let ctx = ctx(&p);
    let mut registry = ToolRegistry::with_builtins();
    registry.register(Arc::new(Chatty));
    let call = ToolCall {
        id: "toolu_01".to_owned(),
        name: "chatty".to_owned(),
        input: json!({}),
    };
    let out = registry.execute(&ctx, &call).await;
    let saved = p.root.join(".pilotdeck/tool-results/toolu_01.txt");
    let full = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(full.len(), 300_008);
    assert!(out.output.content.starts_with("HEAD"));
    assert!(out.output.content.contains("TAIL"));
    assert!(out.output.content.contains(&saved.display().to_string()));
    assert!(out.output.content.len() < 20_000);
    assert!(!out.output.is_error);
    assert_eq!(
        std::fs::read_to_string(p.root.join(".pilotdeck/tool-results/.gitignore")).unwrap(),
        "*\n"
    );
    // The model can search the saved file although its directory is ignored.
    let found = tools_common::call(
        &ctx,
        "grep",
        json!({"pattern": "TAIL", "path": saved, "output_mode": "count"}),
    )
    .await;
    assert_eq!(
        found.output.content,
        ".pilotdeck/tool-results/toolu_01.txt:1"
    );
}

#[tokio::test]
async fn file_tools_preview_the_change_their_call_makes() {
    let p = Project::new();
    p.file("a.txt", "one\ntwo\nthree\n");
    let ctx = ctx(&p);
    let registry = ToolRegistry::with_builtins();
    call(&ctx, "read_file", json!({"file_path": "a.txt"})).await;

    let edit = json!({"file_path": "a.txt", "old_string": "two", "new_string": "2\n2b"});
    let tool = registry.get("edit_file").unwrap();
    let preview = tool.preview(&ctx, &edit).unwrap().unwrap();
    assert_eq!(preview.summary(), "edited a.txt (+2 \u{2212}1)");
    assert_eq!(
        std::fs::read_to_string(p.root.join("a.txt")).unwrap(),
        "one\ntwo\nthree\n"
    );
    let done = call(&ctx, "edit_file", edit).await;
    assert_eq!(done.output.changes, std::slice::from_ref(&preview));
    assert_eq!(
        std::fs::read_to_string(p.root.join("a.txt")).unwrap(),
        preview.after.unwrap()
    );

    let write = json!({"file_path": "new.txt", "content": "x\n"});
    let preview = registry
        .get("write_file")
        .unwrap()
        .preview(&ctx, &write)
        .unwrap()
        .unwrap();
    assert_eq!(preview.summary(), "created new.txt (+1 \u{2212}0)");
    let done = call(&ctx, "write_file", write).await;
    assert_eq!(done.output.changes, [preview]);

    // A call that will fail previews as the same error.
    let stale = json!({"file_path": "a.txt", "old_string": "absent", "new_string": "x"});
    let error = tool.preview(&ctx, &stale).unwrap().unwrap_err().to_string();
    let done = call(&ctx, "edit_file", stale).await;
    assert_eq!(done.output.content, error);
}
