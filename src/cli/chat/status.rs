//! Chat's status on the terminal: between turns, one dim line under the prompt (cleared when the
//! input is sent) with the model and tier, the chat's tokens in and out, its cost from the catalog's
//! prices and how full the context is; while a turn runs, a spinner line with the current step
//! (thinking, a tool's name) and the time since the turn started. The spinner is hidden while the
//! answer streams and while the person is asked something ([`StatusLine::pause`]).

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::model::Usage;

/// What the status line shows between turns.
#[derive(Debug, Clone, Default)]
pub(super) struct Totals {
    pub(super) model: String,
    pub(super) tier: Option<String>,
    pub(super) usage: Usage,
    pub(super) cost_usd: f64,
    /// Tokens the last model call read (its context), and the model's window.
    pub(super) context_tokens: u64,
    pub(super) context_window: u64,
}

impl Totals {
    /// `mock/gpt-4.1 (tier fast) · 1200 in / 35 out · $0.0026 · context 1%`.
    pub(super) fn line(&self) -> String {
        let tier = match &self.tier {
            Some(tier) => format!(" (tier {tier})"),
            None => String::new(),
        };
        let u = &self.usage;
        let mut line = format!(
            "{}{tier} · {} in / {} out · ${:.4}",
            self.model, u.input_tokens, u.output_tokens, self.cost_usd
        );
        if let Some(percent) = self
            .context_tokens
            .saturating_mul(100)
            .checked_div(self.context_window)
        {
            line.push_str(&format!(" · context {percent}%"));
        }
        line
    }
}

#[derive(Default)]
struct State {
    /// When the running turn started; `None` between turns.
    started: Option<Instant>,
    step: String,
    bar: Option<ProgressBar>,
    /// Hidden by the answer streaming; shown again by the next step.
    hidden: bool,
    /// Nested pauses.
    paused: usize,
}

/// The live part of the status line. Shared by the REPL and the approver.
pub(super) struct StatusLine {
    state: Mutex<State>,
}

/// Keeps the spinner hidden while it lives.
pub(super) struct Paused<'a>(&'a StatusLine);

impl Drop for Paused<'_> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.paused = state.paused.saturating_sub(1);
        draw(&mut state);
    }
}

impl StatusLine {
    pub(super) fn new() -> StatusLine {
        StatusLine {
            state: Mutex::new(State::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn start_turn(&self) {
        let mut state = self.lock();
        state.started = Some(Instant::now());
        state.step = "thinking".to_owned();
        state.hidden = false;
        draw(&mut state);
    }

    pub(super) fn end_turn(&self) {
        let mut state = self.lock();
        state.started = None;
        draw(&mut state);
    }

    /// The current step (`thinking`, `bash`), shown again if it was hidden by the answer.
    pub(super) fn step(&self, step: &str) {
        let mut state = self.lock();
        step.clone_into(&mut state.step);
        state.hidden = false;
        if let Some(bar) = &state.bar {
            bar.set_message(step.to_owned());
        }
        draw(&mut state);
    }

    /// Hides the spinner until the next [`StatusLine::step`] (the answer is streaming on its
    /// line).
    pub(super) fn hide(&self) {
        let mut state = self.lock();
        state.hidden = true;
        draw(&mut state);
    }

    /// Hides the spinner while the guard lives (a question to the person).
    pub(super) fn pause(&self) -> Paused<'_> {
        let mut state = self.lock();
        state.paused += 1;
        draw(&mut state);
        Paused(self)
    }
}

/// Shows or clears the spinner to match the state.
fn draw(state: &mut State) {
    let visible = state.started.is_some() && !state.hidden && state.paused == 0;
    match (visible, state.bar.take()) {
        (true, Some(bar)) => state.bar = Some(bar),
        (true, None) => {
            let elapsed = state.started.map(|s| s.elapsed()).unwrap_or_default();
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                .with_elapsed(elapsed)
                .with_message(state.step.clone());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} · {elapsed}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(120));
            state.bar = Some(bar);
        }
        (false, Some(bar)) => bar.finish_and_clear(),
        (false, None) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_shows_model_tokens_cost_and_context() {
        let totals = Totals {
            model: "mock/gpt-4.1".into(),
            tier: Some("fast".into()),
            usage: Usage {
                input_tokens: 1000,
                output_tokens: 35,
                ..Usage::default()
            },
            cost_usd: 0.00228,
            context_tokens: 10_000,
            context_window: 1_000_000,
        };
        assert_eq!(
            totals.line(),
            "mock/gpt-4.1 (tier fast) · 1000 in / 35 out · $0.0023 · context 1%"
        );
    }
}
