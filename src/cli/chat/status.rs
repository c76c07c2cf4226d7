//! Chat's status on the terminal: between turns, one dim line under the prompt (cleared when the
//! input is sent) with the model and tier, the chat's tokens in and out, its cost from the catalog's
//! prices and how full the context is; while a turn runs, a spinner line with the current step
//! (thinking, a tool's name) and the time since the turn started. The spinner is hidden while the
//! answer streams and while the person is asked something ([`StatusLine::pause`]).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio_util::task::AbortOnDropHandle;

use crate::model::Usage;
use crate::output::Output;
use crate::terminal::inert_line;

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

/// Spinner frames, one per tick.
const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const TICK: Duration = Duration::from_millis(150);

#[derive(Default)]
struct State {
    /// When the running turn started; `None` between turns.
    started: Option<Instant>,
    step: String,
    /// Hidden by the answer streaming; shown again by the next step.
    hidden: bool,
    /// Nested pauses.
    paused: usize,
    /// The spinner is on the cursor's line now.
    drawn: bool,
    frame: usize,
    /// Redraws the spinner while the turn runs.
    ticker: Option<AbortOnDropHandle<()>>,
}

impl State {
    fn visible(&self) -> bool {
        self.started.is_some() && !self.hidden && self.paused == 0
    }
}

/// The live part of the status line, drawn on the cursor's line (which the chat keeps at a line
/// start while it shows) and cleared before anything else is written. Its own drawing, not a
/// progress-bar crate's: a key echoed by the terminal during a turn (Ctrl-C's `^C`) lands on the
/// spinner's line and is cleared with it. Shared by the REPL and the approver.
pub(super) struct StatusLine {
    out: Output,
    state: Mutex<State>,
}

/// Keeps the spinner hidden while it lives.
pub(super) struct Paused<'a>(&'a StatusLine);

impl Drop for Paused<'_> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.paused = state.paused.saturating_sub(1);
        self.0.draw(&mut state);
    }
}

impl StatusLine {
    pub(super) fn new(out: Output) -> StatusLine {
        StatusLine {
            out,
            state: Mutex::new(State::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn start_turn(self: &Arc<Self>) {
        let mut state = self.lock();
        state.started = Some(Instant::now());
        state.step = "thinking".to_owned();
        state.hidden = false;
        let weak = Arc::downgrade(self);
        state.ticker = Some(AbortOnDropHandle::new(tokio::spawn(async move {
            loop {
                tokio::time::sleep(TICK).await;
                let Some(status) = weak.upgrade() else { break };
                let mut state = status.lock();
                state.frame = state.frame.wrapping_add(1);
                status.draw(&mut state);
            }
        })));
        self.draw(&mut state);
    }

    pub(super) fn end_turn(&self) {
        let mut state = self.lock();
        state.started = None;
        state.ticker = None;
        self.draw(&mut state);
    }

    /// The current step (`thinking`, `bash`), shown again if it was hidden by the answer.
    pub(super) fn step(&self, step: &str) {
        let mut state = self.lock();
        step.clone_into(&mut state.step);
        state.hidden = false;
        self.draw(&mut state);
    }

    /// Hides the spinner until the next [`StatusLine::step`] (the answer is streaming on its
    /// line).
    pub(super) fn hide(&self) {
        let mut state = self.lock();
        state.hidden = true;
        self.draw(&mut state);
    }

    /// Hides the spinner while the guard lives (a question to the person, a line of output).
    pub(super) fn pause(&self) -> Paused<'_> {
        let mut state = self.lock();
        state.paused += 1;
        self.draw(&mut state);
        Paused(self)
    }

    /// Draws or clears the spinner to match the state.
    fn draw(&self, state: &mut State) {
        if state.visible() {
            let elapsed = state.started.map(|s| s.elapsed()).unwrap_or_default();
            let frame = FRAMES[state.frame % FRAMES.len()];
            self.out.live(&format!(
                "{frame} {} · {}",
                inert_line(&state.step),
                format_elapsed(elapsed)
            ));
            state.drawn = true;
        } else if state.drawn {
            self.out.clear_line();
            state.drawn = false;
        }
    }
}

/// `5s`, `2m 05s`.
fn format_elapsed(elapsed: Duration) -> String {
    let secs = elapsed.as_secs();
    if secs < 60 {
        format!("{secs}s")
    } else {
        format!("{}m {:02}s", secs / 60, secs % 60)
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
        assert_eq!(format_elapsed(Duration::from_millis(5_900)), "5s");
        assert_eq!(format_elapsed(Duration::from_secs(125)), "2m 05s");
    }
}
