//! The `memory index` and `memory reindex --embeddings` progress bars on stderr (a
//! [`memory::IndexProgress`]).

use crate::memory;

/// A progress bar on stderr: one bar per project, drawn only when `shown` and stderr is a
/// terminal. `verb` and `unit` name the work (`indexing` … `turns`, `embedding` … `notes`).
pub(super) struct IndexBar {
    shown: bool,
    verb: &'static str,
    unit: &'static str,
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
}

impl IndexBar {
    pub(super) fn new(shown: bool, verb: &'static str, unit: &'static str) -> IndexBar {
        use std::io::IsTerminal as _;
        IndexBar {
            shown: shown && std::io::stderr().is_terminal(),
            verb,
            unit,
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
        let template = format!(
            "{} {{msg}} [{{bar:30}}] {{pos}}/{{len}} {} ({{elapsed}})",
            self.verb, self.unit
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
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
