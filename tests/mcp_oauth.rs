//! OAuth sign-in to a remote MCP server: `pilotdeck mcp login|logout|list|call` against an in-test
//! authorization server + protected MCP server written with the official Python MCP SDK
//! (`tests/fixtures/mcp_oauth_server.py`): discovery from the 401, dynamic registration, PKCE through
//! the loopback redirect (a `$BROWSER` script follows the authorize redirect), tokens in a 0600 file
//! and nowhere else, refresh on expiry, and an unattended run that goes on without a server whose
//! sign-in is gone.
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

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use mock_model::{MockModel, openai};
use serde_json::{Value, json};
use support::TestEnv;

/// The OAuth fixture on a free port; killed on drop.
struct OAuthServer {
    child: std::process::Child,
    port: u16,
}

impl OAuthServer {
    fn start(args: &[&str]) -> OAuthServer {
        OAuthServer::start_at(mcp_servers::free_port(), args)
    }

    fn start_at(port: u16, args: &[&str]) -> OAuthServer {
        let child = std::process::Command::new(support::python_with_mcp_sdk())
            .arg(support::fixture("mcp_oauth_server.py"))
            .arg(port.to_string())
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "the OAuth fixture did not listen"
            );
            std::thread::park_timeout(Duration::from_millis(50));
        }
        OAuthServer { child, port }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }
}

impl Drop for OAuthServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A test env with `remote` in mcp.json and a `$BROWSER` script that follows the authorize
/// redirect (the fixture approves at once) back to pilotdeck's loopback listener.
fn env_for(server: &OAuthServer) -> (TestEnv, PathBuf) {
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        &json!({"mcpServers": {"remote": {"url": server.url()}}}).to_string(),
    );
    let browser = env.tmp.path().join("browser.sh");
    env.write(
        &browser,
        "#!/bin/sh\nexec curl -s -f -L -o /dev/null \"$1\"\n",
    );
    std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
    (env, browser)
}

fn token_file(env: &TestEnv) -> PathBuf {
    env.home.join("mcp-auth/remote.json")
}

/// The access and refresh tokens in the sign-in file.
fn tokens(env: &TestEnv) -> Vec<String> {
    let stored: Value =
        serde_json::from_str(&std::fs::read_to_string(token_file(env)).unwrap()).unwrap();
    let response = &stored["credentials"]["token_response"];
    ["access_token", "refresh_token"]
        .iter()
        .map(|k| response[k].as_str().unwrap().to_owned())
        .collect()
}

fn login(env: &TestEnv, browser: &PathBuf) -> support::Run {
    env.cmd()
        .args(["mcp", "login", "remote"])
        .env("BROWSER", browser)
        .run(0)
}

#[test]
fn login_discovers_registers_signs_in_through_the_loopback_redirect_and_logout_forgets() {
    let server = OAuthServer::start(&[]);
    let (env, browser) = env_for(&server);

    let before = env.cmd().args(["mcp", "call", "remote", "whoami"]).run(1);
    assert!(
        before
            .stderr
            .contains("needs a sign-in: run `pilotdeck mcp login remote`"),
        "{}",
        before.stderr
    );
    let listed = env.cmd().args(["mcp", "list"]).run(0);
    assert!(listed.stdout.contains("\tneeds login"), "{}", listed.stdout);

    let signed = login(&env, &browser);
    assert!(
        signed.stderr.contains("open this URL to sign in"),
        "{}",
        signed.stderr
    );
    assert!(signed.stderr.contains("/authorize?"), "{}", signed.stderr);
    assert!(
        signed
            .stderr
            .contains("signed in to MCP server `remote` (scopes: mcp:read"),
        "{}",
        signed.stderr
    );
    let mode = std::fs::metadata(token_file(&env))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
    let secrets = tokens(&env);

    let called = env.cmd().args(["mcp", "call", "remote", "whoami"]).run(0);
    assert_eq!(called.stdout, "hello, signed-in client\n");
    let stats = env.cmd().args(["mcp", "call", "remote", "stats"]).run(0);
    assert!(
        stats.stdout.contains("registrations=1 codes=1 refreshes=0"),
        "dynamic registration, one code grant: {}",
        stats.stdout
    );
    let listed = env.cmd().args(["mcp", "list"]).run(0);
    assert!(
        listed.stdout.contains("\tsigned in (expires "),
        "{}",
        listed.stdout
    );
    let listed_json = env.cmd().args(["mcp", "list", "--json"]).run(0);
    assert_eq!(listed_json.json()[0]["auth"]["state"], "signed_in");
    let got = env.cmd().args(["mcp", "get", "remote"]).run(0);

    // The tokens are in the sign-in file and nowhere else.
    let mcp_json = std::fs::read_to_string(env.home.join("mcp.json")).unwrap();
    for secret in &secrets {
        for (what, text) in [
            ("login", format!("{}{}", signed.stdout, signed.stderr)),
            ("call", format!("{}{}", called.stdout, called.stderr)),
            ("list", listed.stdout.clone()),
            ("list --json", listed_json.stdout.clone()),
            ("get", got.stdout.clone()),
            ("mcp.json", mcp_json.clone()),
        ] {
            assert!(
                !text.contains(secret.as_str()),
                "a token leaked into {what}"
            );
        }
    }

    let out = env.cmd().args(["mcp", "logout", "remote"]).run(0);
    assert!(out.stderr.contains("signed out"), "{}", out.stderr);
    assert!(!token_file(&env).exists());
    env.cmd().args(["mcp", "call", "remote", "whoami"]).run(1);
}

#[test]
fn an_expired_access_token_is_refreshed_and_saved() {
    let server = OAuthServer::start(&["--ttl", "2"]);
    let (env, browser) = env_for(&server);
    login(&env, &browser);
    let first = tokens(&env);
    std::thread::park_timeout(Duration::from_secs(3));
    let stats = env.cmd().args(["mcp", "call", "remote", "stats"]).run(0);
    assert!(
        stats.stdout.contains("codes=1 refreshes=1"),
        "one refresh grant, no new sign-in: {}",
        stats.stdout
    );
    let second = tokens(&env);
    assert_ne!(first[0], second[0], "the new access token was saved");
    assert_eq!(
        std::fs::metadata(token_file(&env))
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
}

#[test]
fn an_unattended_run_goes_on_without_a_server_whose_sign_in_is_gone() {
    let port = mcp_servers::free_port();
    let server = OAuthServer::start_at(port, &["--ttl", "1"]);
    let (env, browser) = env_for(&server);
    login(&env, &browser);
    // A new server process knows none of the tokens: the refresh fails.
    drop(server);
    let _server = OAuthServer::start_at(port, &[]);
    std::thread::park_timeout(Duration::from_secs(2));
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("done without it"));
    env.config(&mock.agent_config());
    let run = env.cmd().args(["run", "hi"]).run(0);
    assert_eq!(run.stdout, "done without it\n");
    assert!(
        run.stderr.contains("pilotdeck mcp login remote"),
        "{}",
        run.stderr
    );
    let tools = mock.single_request().tool_names();
    assert!(
        !tools.iter().any(|t| t.starts_with("mcp__remote__")),
        "{tools:?}"
    );
}

#[test]
fn a_403_insufficient_scope_steps_up_to_the_larger_scope() {
    let server = OAuthServer::start(&["--step-up"]);
    let (env, browser) = env_for(&server);
    // Ask for less than the server needs, as a pre-configured entry might.
    env.write(
        &env.home.join("mcp.json"),
        &json!({"mcpServers": {"remote": {"url": server.url(), "oauth": {"scopes": ["mcp:read"]}}}})
            .to_string(),
    );
    let signed = login(&env, &browser);
    assert!(
        signed
            .stderr
            .contains("the server needs the scope `mcp:write` as well; authorizing again"),
        "{}",
        signed.stderr
    );
    assert!(signed.stderr.contains("mcp:write"), "{}", signed.stderr);
    let stats = env.cmd().args(["mcp", "call", "remote", "stats"]).run(0);
    assert!(
        stats.stdout.contains("codes=2"),
        "a second authorization for the larger scope: {}",
        stats.stdout
    );
}

#[test]
fn an_authorization_response_from_another_issuer_is_refused() {
    let server = OAuthServer::start(&["--wrong-iss"]);
    let (env, browser) = env_for(&server);
    let refused = env
        .cmd()
        .args(["mcp", "login", "remote"])
        .env("BROWSER", &browser)
        .run(1);
    assert!(
        refused.stderr.contains("issuer mismatch") && refused.stderr.contains("evil.example"),
        "{}",
        refused.stderr
    );
    let stored = std::fs::read_to_string(token_file(&env)).unwrap_or_default();
    assert!(
        !stored.contains("access_token"),
        "no token was kept: {stored}"
    );
}

#[test]
fn no_browser_reads_the_redirect_url_from_stdin() {
    use std::io::{BufRead, BufReader, Write};
    let server = OAuthServer::start(&[]);
    let (env, _) = env_for(&server);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .args(["mcp", "login", "remote", "--no-browser"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let auth_url = loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "no URL printed");
        if let Some(url) = line.trim().strip_prefix("http") {
            break format!("http{url}");
        }
    };
    // What the user's browser would be sent to: the authorize endpoint's redirect.
    let location = std::process::Command::new("curl")
        .args(["-s", "-o", "/dev/null", "-w", "%{redirect_url}", &auth_url])
        .output()
        .unwrap();
    let location = String::from_utf8(location.stdout).unwrap();
    assert!(location.contains("code="), "{location}");
    writeln!(child.stdin.take().unwrap(), "{location}").unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert!(child.wait().unwrap().success(), "{rest}");
    assert!(rest.contains("signed in to MCP server `remote`"), "{rest}");
    let called = env.cmd().args(["mcp", "call", "remote", "whoami"]).run(0);
    assert_eq!(called.stdout, "hello, signed-in client\n");
}
