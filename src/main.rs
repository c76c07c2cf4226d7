//! The `pilotdeck` binary: parse, set up logging, run one command on one tokio runtime, and turn the
//! result into an exit code. Exit codes are chosen here and only here:
//! 0 ok, 1 the task failed, 2 usage or config error, 3 provider auth/billing/quota error, 130 interrupted,
//! 128 + N ended by signal N (SIGTERM, SIGHUP) in a command that does not take it as an interrupt.

use std::process::ExitCode;

use clap::Parser;
use pilotdeck::agent::{RunError, SetupError};
use pilotdeck::cli::{self, Cli, Outcome, UsageError};
use pilotdeck::home::{self, PilotHome};
use pilotdeck::output::Output;
use pilotdeck::{config, logging, mcp, model, router, session};

fn main() -> ExitCode {
    // A confined command's pid-namespace steps: pilotdeck's own binary, before any thread starts.
    #[cfg(target_os = "linux")]
    if let Some(code) = pilotdeck::tools::pid_namespace::run_if_asked() {
        return code;
    }
    // Children must not read pilotdeck's environment (API keys) through /proc/<pid>/environ.
    pilotdeck::tools::sandbox::protect_process();
    // reqwest is built without a default TLS provider; every client needs this first.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let out = Output::new(cli.global.json, cli.global.color, cli.global.quiet);
    let verbosity = if cli.global.quiet {
        -1
    } else {
        cli.global.verbose.min(3) as i8
    };
    let logs = PilotHome::resolve(cli.global.home.as_deref())
        .ok()
        .map(|(h, _)| h.logs_dir());
    logging::init(verbosity, out.color(), logs);
    // The work is I/O-bound (model streams, tools, MCP servers); a few workers serve it, and a
    // many-core machine does not pay for one thread per core at every start.
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4));
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            out.error(&format!("cannot start the async runtime: {e}"));
            return ExitCode::FAILURE;
        }
    };
    // SIGTERM or SIGHUP, where the command does not take them itself: the command is dropped (its
    // children end as at a normal end) and the exit code is 128 + the signal's number.
    let ended = cli::ended_by_signal();
    let (result, signalled) = runtime.block_on(async {
        tokio::select! {
            result = cli::run(cli, out) => (result, false),
            number = ended => (Ok(Outcome::Child(128 + number)), true),
        }
    });
    if signalled {
        // The dropped command's cleanups ran as it was dropped; what it left on blocking threads
        // (chat's line editor waiting for a key) is not waited for.
        runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    }
    match result {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Ok(Outcome::Invalid) => ExitCode::from(2),
        Ok(Outcome::AccountError) => ExitCode::from(3),
        Ok(Outcome::BudgetExceeded) => ExitCode::from(4),
        Ok(Outcome::Interrupted) => ExitCode::from(130),
        Ok(Outcome::Child(code)) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            out.error(&format!("{e:#}"));
            ExitCode::from(exit_code(&e))
        }
    }
}

/// The exit code for an error, from the most specific cause that has one.
fn exit_code(e: &anyhow::Error) -> u8 {
    for cause in e.chain() {
        if cause.is::<config::Error>() || cause.is::<UsageError>() {
            return 2;
        }
        if let Some(e) = cause.downcast_ref::<mcp::Error>() {
            return if e.is_usage() { 2 } else { 1 };
        }
        // `mcp serve` refusing its flags: a remote address without --allow-remote, a token file
        // others may read, a root it cannot serve.
        if let Some(
            pilotdeck::serve::ServeError::Remote { .. }
            | pilotdeck::serve::ServeError::Token { .. }
            | pilotdeck::serve::ServeError::Root(_),
        ) = cause.downcast_ref::<pilotdeck::serve::ServeError>()
        {
            return 2;
        }
        if let Some(e) = cause.downcast_ref::<model::Error>() {
            return if e.is_account_error() { 3 } else { 1 };
        }
        // `RunError` wraps these transparently, which hides them from the source chain.
        if let Some(RunError::InputTooLarge { .. }) = cause.downcast_ref::<RunError>() {
            return 2;
        }
        let (setup, session) = match cause.downcast_ref::<RunError>() {
            Some(RunError::Setup(e)) => (Some(e), None),
            Some(RunError::Session(e)) => (None, Some(e)),
            _ => (
                cause.downcast_ref::<SetupError>(),
                cause.downcast_ref::<session::Error>(),
            ),
        };
        match setup {
            Some(
                SetupError::NoModel
                | SetupError::BadModel(_)
                | SetupError::Permissions(_)
                | SetupError::Sandbox(_)
                | SetupError::Router(
                    router::Error::BadModel { .. }
                    | router::Error::UnknownDefaultTier { .. }
                    | router::Error::NoModel,
                ),
            ) => return 2,
            Some(SetupError::Provider(e)) if e.is_account_error() => return 3,
            _ => {}
        }
        if let Some(
            router::Error::BadModel { .. }
            | router::Error::UnknownDefaultTier { .. }
            | router::Error::NoModel,
        ) = cause.downcast_ref::<router::Error>()
        {
            return 2;
        }
        if let Some(
            session::Error::NotFound { .. }
            | session::Error::Ambiguous { .. }
            | session::Error::NoSuchTurn { .. },
        ) = session
        {
            return 2;
        }
        if let Some(home::Error::BadProject { .. } | home::Error::NoHomeDir) =
            cause.downcast_ref::<home::Error>()
        {
            return 2;
        }
    }
    1
}

/// A closed stdout (`pilotdeck … | head`) is not a failure.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
