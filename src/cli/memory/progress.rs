//! The `memory index` progress bar on stderr (a [`memory::IndexProgress`]).

use crate::memory;

/// The `memory index` progress bar on stderr: one bar per project, drawn only when `shown` and
/// stderr is a terminal.
pub(super) struct IndexBar {
    shown: bool,
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
}

impl IndexBar {
    pub(super) fn new(shown: bool) -> IndexBar {
        use std::io::IsTerminal as _;
        IndexBar {
            shown: shown && std::io::stderr().is_terminal(),
            bar: std::sync::Mutex::new(None),
        }
    }

    fn with(&self, f: impl FnOnce(&mut Option<indicatif::ProgressBar>)) {
        if let Ok(mut bar) = self.bar.lock() {
            f(&mut bar);
        }
    }
}

impl memory::IndexProgress for IndexBar {
    fn start(&self, project_key: &str, pending: usize) {
        if !self.shown {
            return;
        }
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(pending as u64),
            indicatif::ProgressDrawTarget::stderr(),
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "indexing {msg} [{bar:30}] {pos}/{len} turns ({elapsed})",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(project_key.to_owned());
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        self.with(|b| *b = Some(bar));
    }

    fn advance(&self) {
        self.with(|b| {
            if let Some(bar) = b {
                bar.inc(1);
            }
        });
    }

    fn finish(&self) {
        self.with(|b| {
            if let Some(bar) = b.take() {
                bar.finish_and_clear();
            }
        });
    }
}
