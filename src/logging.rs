//! Logging: `tracing` to stderr (level from `-v`/`-q`, else `PILOTDECK_LOG`, else `RUST_LOG`, else
//! warnings, the PDF parser's errors only) and to a daily file under `<home>/logs/` (info and up).
//! The stderr side shows control characters instead of obeying them (`terminal::sgr_only`). The
//! file is opened on the first record, so commands that log nothing never touch PilotHome; files
//! older than a week are removed then.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

use crate::env;
use crate::store::create_dir_private;

/// How long rolled log files are kept.
const KEEP: Duration = Duration::from_secs(7 * 24 * 3600);

/// What stderr shows by default: warnings, but only errors from the PDF parser, which warns about
/// each broken object of a file that is not ours (a hostile PDF could fill the terminal and the log
/// with them); what it could not read reaches the model and the user as one note. Nothing from the
/// MCP SDK: its errors are pilotdeck's to report, once, naming the server (`-v` shows them).
const DEFAULT: &str = "warn,lopdf=error,rmcp=off";

/// Installs the global subscriber. `verbosity` is +N for `-v…`, -1 for `-q`, 0 otherwise.
pub fn init(verbosity: i8, color: bool, logs_dir: Option<PathBuf>) {
    let stderr_filter = match verbosity {
        i8::MIN..=-1 => EnvFilter::new("error"),
        0 => env::var("PILOTDECK_LOG")
            .or_else(|| env::var("RUST_LOG"))
            .and_then(|v| EnvFilter::try_new(v).ok())
            .unwrap_or_else(|| EnvFilter::new(DEFAULT)),
        1 => EnvFilter::new("pilotdeck=info,warn"),
        2 => EnvFilter::new("pilotdeck=debug,info"),
        _ => EnvFilter::new("trace"),
    };
    let stderr = tracing_subscriber::fmt::layer()
        .with_writer(|| InertStderr)
        .with_ansi(color)
        .with_target(false)
        .without_time()
        .with_filter(stderr_filter);
    let file = logs_dir.map(|dir| {
        tracing_subscriber::fmt::layer()
            .with_writer(LazyFile::new(dir))
            .with_ansi(false)
            .with_filter(EnvFilter::new(format!("pilotdeck=info,{DEFAULT}")))
    });
    let _ = tracing_subscriber::registry()
        .with(stderr)
        .with(file)
        .try_init();
}

/// stderr behind the terminal gate: log lines quote hook output, server stderr and model errors, so
/// only colour sequences (the subscriber's own) pass; any other control character is shown.
struct InertStderr;

impl Write for InertStderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        io::stderr().write_all(crate::terminal::sgr_only(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// A writer that opens `<dir>/pilotdeck-YYYY-MM-DD.log` on first use.
#[derive(Clone)]
struct LazyFile {
    dir: PathBuf,
    file: Arc<OnceLock<Option<Mutex<File>>>>,
}

impl LazyFile {
    fn new(dir: PathBuf) -> LazyFile {
        LazyFile {
            dir,
            file: Arc::new(OnceLock::new()),
        }
    }

    fn open(&self) -> Option<Mutex<File>> {
        create_dir_private(&self.dir).ok()?;
        prune(&self.dir);
        let name = format!("pilotdeck-{}.log", chrono::Local::now().format("%Y-%m-%d"));
        OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(self.dir.join(name))
            .ok()
            .map(Mutex::new)
    }
}

fn prune(dir: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for e in entries.flatten() {
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| now.duration_since(t).unwrap_or_default() > KEEP);
        if old && e.file_name().to_string_lossy().starts_with("pilotdeck-") {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

impl Write for &LazyFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.file.get_or_init(|| self.open()) {
            Some(m) => match m.lock() {
                Ok(mut f) => f.write(buf),
                Err(_) => Ok(buf.len()),
            },
            None => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for LazyFile {
    type Writer = &'a LazyFile;

    fn make_writer(&'a self) -> Self::Writer {
        self
    }
}
