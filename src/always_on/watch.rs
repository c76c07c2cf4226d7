//! `always-on watch`: the long-running variant of `tick`. It ticks every project now, then again
//! every `trigger.tickIntervalMinutes`, and — sooner — when files of a project change: file-system
//! events (notify) that are not ignored (`dormancy.ignoreGlobs`) are collected until
//! `dormancy.debounceMs` pass without another, and then the changed projects tick (a dormant one
//! wakes, since its fingerprint changed). Stops cleanly when `cancel` fires.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};
use tokio_util::sync::CancellationToken;

use super::Error;
use super::fingerprint::IgnoreSet;
use super::gates::Target;
use super::tick::{TickOptions, TickReport, tick};
use crate::config::{AlwaysOnConfig, Config};
use crate::home::PilotHome;

/// How `watch` gets each project's configuration (it may change while watching).
pub type ConfigLoader<'a> = dyn Fn(&Target) -> Result<Config, String> + Sync + 'a;

/// Watches `targets` until `cancel` fires; `on_report` gets every tick's report, `on_error` every
/// failure (a failing project does not stop the others).
pub async fn watch(
    home: &PilotHome,
    settings: &AlwaysOnConfig,
    targets: &[Target],
    load: &ConfigLoader<'_>,
    cancel: &CancellationToken,
    on_report: &mut (dyn FnMut(&TickReport) + Send),
    on_error: &mut (dyn FnMut(&Target, String) + Send),
) -> Result<(), Error> {
    let ignore = IgnoreSet::new(&settings.dormancy.ignore_globs)?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<PathBuf>();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event {
            for path in event.paths {
                let _ = tx.send(path);
            }
        }
    })
    .map_err(|source| Error::Watch {
        path: home.root().to_owned(),
        source,
    })?;
    for t in targets.iter().filter(|t| t.root.is_dir()) {
        watcher
            .watch(&t.root, RecursiveMode::Recursive)
            .map_err(|source| Error::Watch {
                path: t.root.clone(),
                source,
            })?;
    }
    let interval =
        Duration::from_secs(u64::from(settings.trigger.tick_interval_minutes.max(1)) * 60);
    let debounce = Duration::from_millis(settings.dormancy.debounce_ms);
    let relevant = |path: &PathBuf| -> Option<usize> {
        if path.starts_with(home.root()) {
            return None;
        }
        targets.iter().position(|t| {
            path.strip_prefix(&t.root)
                .is_ok_and(|rel| !rel.as_os_str().is_empty() && !ignore.is_ignored_path(rel))
        })
    };
    let mut due: BTreeSet<usize> = (0..targets.len()).collect();
    loop {
        for &i in &due {
            let target = &targets[i];
            match load(target) {
                Ok(config) => {
                    match tick(home, &config, target, TickOptions::default(), cancel).await {
                        Ok(report) => on_report(&report),
                        Err(e) => on_error(target, e.to_string()),
                    }
                }
                Err(e) => on_error(target, e),
            }
            if cancel.is_cancelled() {
                return Ok(());
            }
        }
        due.clear();
        let deadline = tokio::time::sleep(interval);
        tokio::pin!(deadline);
        // Wait for the interval or the first relevant change, then for quiet.
        loop {
            tokio::select! {
                () = cancel.cancelled() => return Ok(()),
                () = &mut deadline => {
                    due = (0..targets.len()).collect();
                    break;
                }
                Some(path) = rx.recv() => {
                    if let Some(i) = relevant(&path) {
                        due.insert(i);
                    }
                    if !due.is_empty() {
                        loop {
                            tokio::select! {
                                () = cancel.cancelled() => return Ok(()),
                                () = tokio::time::sleep(debounce) => break,
                                Some(path) = rx.recv() => {
                                    if let Some(i) = relevant(&path) {
                                        due.insert(i);
                                    }
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
    }
}
