//! `cron install`: the files that make the system run `pilotdeck cron tick` every minute — a systemd
//! user service + timer, a launchd agent plist, or a crontab line — filled in with this binary's path,
//! the PilotHome and PATH.
//!
//! Nothing here edits system files or runs `systemctl`/`launchctl`/`crontab`: files are written only
//! where the caller says (the per-user unit directory by default) and the activation commands are
//! returned for the user to run. A crontab line is only ever printed.

use std::path::{Path, PathBuf};

use super::Error;

/// Which scheduler to install for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheduler {
    Systemd,
    Launchd,
    Crontab,
}

/// What the units run.
#[derive(Debug, Clone)]
pub struct InstallOptions {
    pub scheduler: Scheduler,
    /// The `pilotdeck` binary.
    pub exe: PathBuf,
    pub home: PathBuf,
    /// `PATH` for the tick (so `exec:` deliveries and tools find their programs).
    pub path_env: String,
    /// `--config FILE` to pass on, if any.
    pub config_file: Option<PathBuf>,
    /// The environment variables the configuration reads its API keys from.
    pub keys: Vec<String>,
}

/// One file to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitFile {
    /// File name (`pilotdeck-cron.timer`).
    pub name: String,
    pub contents: String,
}

/// The generated files and what to run next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Units {
    pub files: Vec<UnitFile>,
    /// Commands the user runs to activate (or, for crontab, the line to add).
    pub next_steps: Vec<String>,
    /// Where the API keys go, when the configuration reads any from the environment (which a
    /// scheduler does not pass on).
    pub keys: Option<String>,
}

/// The file of `KEY=value` lines the systemd service reads its environment from.
pub const ENV_FILE: &str = "cron.env";

/// The note on where `o.keys` go, `place` saying where for this scheduler.
fn keys_note(o: &InstallOptions, place: &str) -> Option<String> {
    (!o.keys.is_empty()).then(|| {
        let lines: Vec<String> = o.keys.iter().map(|k| format!("{k}=…")).collect();
        format!(
            "the configuration reads {} from the environment, which the scheduler does not pass \
             on: {place} ({})",
            o.keys.join(", "),
            lines.join(", ")
        )
    })
}

const SERVICE: &str = "pilotdeck-cron.service";
const TIMER: &str = "pilotdeck-cron.timer";
const PLIST: &str = "dev.pilotdeck.cron.plist";

fn quote_sh(text: &str) -> String {
    if text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,".contains(c))
    {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// systemd quoting: double quotes, with `\`, `"`, `%` and `$` escaped.
fn quote_systemd(text: &str) -> String {
    let escaped = text
        .replace('\\', r"\\")
        .replace('"', "\\\"")
        .replace('%', "%%")
        .replace('$', "$$");
    format!("\"{escaped}\"")
}

fn tick_args(o: &InstallOptions) -> Vec<String> {
    let mut args = vec![o.exe.display().to_string()];
    if let Some(c) = &o.config_file {
        args.push("--config".into());
        args.push(c.display().to_string());
    }
    args.extend(["cron".into(), "tick".into(), "--quiet".into()]);
    args
}

/// Renders the files for `o.scheduler`.
pub fn render(o: &InstallOptions) -> Units {
    let home = o.home.display().to_string();
    let args = tick_args(o);
    match o.scheduler {
        Scheduler::Systemd => {
            let exec: Vec<String> = args.iter().map(|a| quote_systemd(a)).collect();
            let env_file = o.home.join(ENV_FILE);
            let service = format!(
                "[Unit]\n\
                 Description=pilotdeck scheduled agent tasks (one tick)\n\n\
                 [Service]\n\
                 Type=oneshot\n\
                 Environment={}\n\
                 Environment={}\n\
                 EnvironmentFile=-{}\n\
                 ExecStart={}\n",
                quote_systemd(&format!("PILOTDECK_HOME={home}")),
                quote_systemd(&format!("PATH={}", o.path_env)),
                env_file.display().to_string().replace('%', "%%"),
                exec.join(" ")
            );
            let timer = "[Unit]\n\
                 Description=Run pilotdeck cron tick every minute\n\n\
                 [Timer]\n\
                 OnCalendar=*-*-* *:*:00\n\
                 AccuracySec=1s\n\
                 Persistent=true\n\n\
                 [Install]\n\
                 WantedBy=timers.target\n"
                .to_owned();
            Units {
                files: vec![
                    UnitFile {
                        name: SERVICE.into(),
                        contents: service,
                    },
                    UnitFile {
                        name: TIMER.into(),
                        contents: timer,
                    },
                ],
                next_steps: vec![
                    "systemctl --user daemon-reload".into(),
                    format!("systemctl --user enable --now {TIMER}"),
                ],
                keys: keys_note(
                    o,
                    &format!(
                        "put them in {} as KEY=value lines (chmod 600), which the service reads",
                        env_file.display()
                    ),
                ),
            }
        }
        Scheduler::Launchd => {
            let program: String = args
                .iter()
                .map(|a| format!("    <string>{}</string>\n", xml(a)))
                .collect();
            let plist = format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
                 <!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n\
                 <plist version=\"1.0\">\n<dict>\n\
                 \x20 <key>Label</key>\n  <string>dev.pilotdeck.cron</string>\n\
                 \x20 <key>ProgramArguments</key>\n  <array>\n{program}  </array>\n\
                 \x20 <key>EnvironmentVariables</key>\n  <dict>\n\
                 \x20   <key>PILOTDECK_HOME</key>\n    <string>{}</string>\n\
                 \x20   <key>PATH</key>\n    <string>{}</string>\n  </dict>\n\
                 \x20 <key>StartInterval</key>\n  <integer>60</integer>\n\
                 \x20 <key>RunAtLoad</key>\n  <true/>\n\
                 </dict>\n</plist>\n",
                xml(&home),
                xml(&o.path_env)
            );
            Units {
                files: vec![UnitFile {
                    name: PLIST.into(),
                    contents: plist,
                }],
                next_steps: vec![format!("launchctl load -w ~/Library/LaunchAgents/{PLIST}")],
                keys: keys_note(o, "add them under EnvironmentVariables in the plist"),
            }
        }
        Scheduler::Crontab => {
            let command: Vec<String> = args.iter().map(|a| quote_sh(a)).collect();
            // cron ends a command at an unescaped `%` (the rest is its stdin), quoted or not.
            let line = format!(
                "* * * * * PILOTDECK_HOME={} PATH={} {}",
                quote_sh(&home),
                quote_sh(&o.path_env),
                command.join(" ")
            )
            .replace('%', r"\%");
            Units {
                files: Vec::new(),
                next_steps: vec![
                    "add this line with `crontab -e` (pilotdeck never edits your crontab):".into(),
                    line,
                ],
                keys: keys_note(o, "add them as KEY=value lines above it in the crontab"),
            }
        }
    }
}

/// The default directory for `scheduler`'s files under the user's home.
pub fn default_dir(scheduler: Scheduler, user_home: &Path) -> Option<PathBuf> {
    match scheduler {
        Scheduler::Systemd => Some(user_home.join(".config/systemd/user")),
        Scheduler::Launchd => Some(user_home.join("Library/LaunchAgents")),
        Scheduler::Crontab => None,
    }
}

/// One file [`write`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub path: PathBuf,
    /// Where the file that was there before went (`<name>.bak`), when it said something else:
    /// a unit the user edited is kept, not silently replaced.
    pub backup: Option<PathBuf>,
}

/// Writes `units` into `dir`; returns the files written.
pub fn write(units: &Units, dir: &Path) -> Result<Vec<Written>, Error> {
    let mut written = Vec::new();
    for f in &units.files {
        let path = dir.join(&f.name);
        let backup = match crate::store::read_file(&path) {
            Ok(old) if old != f.contents.as_bytes() => {
                let backup = dir.join(format!("{}.bak", f.name));
                crate::store::write_atomic(&backup, &old)?;
                Some(backup)
            }
            _ => None,
        };
        crate::store::write_atomic(&path, f.contents.as_bytes())?;
        written.push(Written { path, backup });
    }
    Ok(written)
}

/// Removes the files `install` writes for `scheduler` from `dir`; returns those that existed.
pub fn uninstall(scheduler: Scheduler, dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let names: &[&str] = match scheduler {
        Scheduler::Systemd => &[SERVICE, TIMER],
        Scheduler::Launchd => &[PLIST],
        Scheduler::Crontab => &[],
    };
    let mut removed = Vec::new();
    for name in names {
        let path = dir.join(name);
        match std::fs::remove_file(&path) {
            Ok(()) => removed.push(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => return Err(Error::Write { path, source }),
        }
    }
    Ok(removed)
}
