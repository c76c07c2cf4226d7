//! [`RunBudget`]: what one turn may spend, checked before every model call.
//!
//! The caps come from `run --max-cost/--max-tokens`, `agent.budget.perRunUsd`, a cron task's
//! `maxCostUsd` and, for the day, `agent.budget.perDayUsd` less what the day's calls already cost
//! (`router/stats.jsonl`) or always-on's `dailyBudgetUsd` less what its turns cost today (their
//! run logs); the caller puts its caps in [`AgentOptions::budget`](super::AgentOptions) and the
//! launcher hands the result to the loop in [`Limits::budget`](super::Limits).
//!
//! The check is worst-case: the call's estimated input tokens plus its output limit at the
//! model's catalog prices must fit in what is left. When the full output limit does not fit, the
//! call's output limit is lowered to what does (an answer cut there is continued while the budget
//! lasts); when not even [`MIN_OUTPUT_TOKENS`] fit, the turn stops with `budget_exceeded`.

use super::Agent;
use super::turn::{TurnIo, TurnState};
use crate::model::{ModelRequest, Pricing, Usage};
use crate::tools::SpendLimit;

/// The smallest output limit a call is still made with.
pub const MIN_OUTPUT_TOKENS: u64 = 256;

/// Caps on one turn's spending; `None` is no cap.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RunBudget {
    /// USD the turn may spend.
    pub max_cost_usd: Option<f64>,
    /// Tokens (input, output and cache, as reported) the turn may use.
    pub max_tokens: Option<u64>,
    /// USD left today under a daily cap, as the caller computed it at the start.
    pub day_left_usd: Option<f64>,
}

/// What the next model call is about to cost at most, and what was spent so far.
pub(super) struct NextCall {
    pub(super) spent: Usage,
    /// `None` when a call's price was unknown.
    pub(super) spent_usd: Option<f64>,
    pub(super) input_tokens: u64,
    pub(super) max_output_tokens: u64,
    pub(super) pricing: Option<Pricing>,
    /// `provider/model`, for the messages.
    pub(super) model: String,
}

impl RunBudget {
    pub fn is_unlimited(&self) -> bool {
        self.max_cost_usd.is_none() && self.max_tokens.is_none() && self.day_left_usd.is_none()
    }

    /// The budget of a sub-agent given `limit` (its share of the parent turn's budget).
    pub(super) fn of_share(limit: Option<SpendLimit>) -> RunBudget {
        limit.map_or_else(RunBudget::default, |l| RunBudget {
            max_cost_usd: l.max_cost_usd,
            max_tokens: l.max_tokens,
            day_left_usd: None,
        })
    }

    /// The lower of two caps.
    pub fn tighter(a: Option<f64>, b: Option<f64>) -> Option<f64> {
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The output limit the next call may have (at most `next.max_output_tokens`), or why it must
    /// not be made.
    pub(super) fn allowance(&self, next: &NextCall) -> Result<u64, String> {
        let mut allowed = next.max_output_tokens;
        if let Some(cap) = self.max_tokens {
            let left = cap.saturating_sub(next.spent.total() + next.input_tokens);
            if left < MIN_OUTPUT_TOKENS.min(allowed) {
                return Err(format!(
                    "the next model call (~{} input tokens) would exceed --max-tokens {cap} ({} used so far)",
                    next.input_tokens,
                    next.spent.total()
                ));
            }
            allowed = allowed.min(left);
        }
        let caps = [
            (self.max_cost_usd, "the run's cost limit"),
            (self.day_left_usd, "today's budget"),
        ];
        for (cap, what) in caps {
            let Some(cap) = cap else { continue };
            let Some(pricing) = next.pricing else {
                return Err(format!(
                    "{what} cannot be checked: the price of {} is unknown (set its pricing in model.providers)",
                    next.model
                ));
            };
            let spent = next.spent_usd.unwrap_or(0.0);
            let input = next.input_tokens as f64 * pricing.input / 1_000_000.0;
            let left = cap - spent - input;
            let affordable = if pricing.output > 0.0 {
                (left.max(0.0) * 1_000_000.0 / pricing.output) as u64
            } else {
                u64::MAX
            };
            if left <= 0.0 || affordable < MIN_OUTPUT_TOKENS.min(allowed) {
                return Err(format!(
                    "the next model call could cost more than is left of {what} (${cap:.4}: ${spent:.4} spent, ~${input:.4} of input for {})",
                    next.model
                ));
            }
            allowed = allowed.min(affordable);
        }
        Ok(allowed)
    }
}

impl Agent {
    /// Checks the next call against [`Limits::budget`](super::Limits) (worst case: its estimated
    /// input plus its output limit at the catalog prices of the model that will serve it, the
    /// router's choice included) and lowers its output limit to what is left.
    pub(super) async fn check_budget(
        &self,
        io: &mut TurnIo<'_>,
        state: &TurnState,
        request: &mut ModelRequest,
    ) -> Result<(), String> {
        let budget = self.limits.budget;
        if budget.is_unlimited() {
            return Ok(());
        }
        let (model, max_output, pricing) = self
            .serving_model(io.turn, request, &io.token, io.emit)
            .await;
        let (spent, spent_usd) = self.turn_spend(io.turn, state);
        let next = NextCall {
            spent,
            spent_usd,
            input_tokens: self.prompt_tokens(&request.messages),
            max_output_tokens: request.max_output_tokens.unwrap_or(max_output),
            pricing,
            model,
        };
        let allowed = budget.allowance(&next)?;
        if allowed < next.max_output_tokens {
            request.max_output_tokens = Some(allowed);
        }
        Ok(())
    }
}

impl Agent {
    /// What the turn used so far and its cost: its own model calls, what its tool calls spent
    /// (sub-agents, at their own models' prices) and its compaction summaries.
    pub(super) fn turn_spend(&self, turn: u32, state: &TurnState) -> (Usage, Option<f64>) {
        let own = self.turn_cost(turn, &state.usage);
        match &state.side_spend {
            None => (state.usage, own),
            Some(d) => {
                let mut usage = state.usage;
                usage.add(&d.usage);
                (usage, own.zip(d.cost_usd).map(|(a, b)| a + b))
            }
        }
    }

    /// Counts a compaction summary's tokens in the turn's spend, at the price of the agent's model
    /// (the one it is asked of).
    pub(super) fn count_summary(&self, state: &mut TurnState, usage: Usage) {
        if usage.is_zero() {
            return;
        }
        let cost_usd = match &self.router {
            Some(router) => router.cost(&self.model, &usage),
            None => self.cost(&usage),
        };
        state
            .side_spend
            .get_or_insert_default()
            .add(&crate::tools::Spent { usage, cost_usd });
    }

    /// What is left of the turn's budget for its tool calls' own model calls (sub-agents); `None`
    /// when the turn has no budget.
    pub(super) fn spend_left(&self, turn: u32, state: &TurnState) -> Option<SpendLimit> {
        let budget = self.limits.budget;
        if budget.is_unlimited() {
            return None;
        }
        let (usage, cost) = self.turn_spend(turn, state);
        let cap = RunBudget::tighter(budget.max_cost_usd, budget.day_left_usd);
        Some(SpendLimit {
            max_cost_usd: cap.map(|c| (c - cost.unwrap_or(0.0)).max(0.0)),
            max_tokens: budget.max_tokens.map(|t| t.saturating_sub(usage.total())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next(spent_usd: f64, input_tokens: u64) -> NextCall {
        NextCall {
            spent: Usage {
                input_tokens: 1000,
                ..Usage::default()
            },
            spent_usd: Some(spent_usd),
            input_tokens,
            max_output_tokens: 32_000,
            pricing: Some(Pricing {
                input: 2.0,
                output: 8.0,
                cache_read: 0.5,
                cache_write: 0.0,
            }),
            model: "mock/gpt-4.1".into(),
        }
    }

    #[test]
    fn the_output_limit_shrinks_to_what_is_left_then_the_call_is_refused() {
        let budget = RunBudget {
            max_cost_usd: Some(0.1),
            ..RunBudget::default()
        };
        // $0.1 − $0.02 input = $0.08 → 10 000 output tokens at $8/M.
        assert_eq!(budget.allowance(&next(0.0, 10_000)), Ok(10_000));
        assert_eq!(budget.allowance(&next(0.0, 1_000)), Ok(12_250));
        assert!(budget.allowance(&next(0.079, 10_000)).is_err());
        let unlimited = RunBudget::default();
        assert_eq!(unlimited.allowance(&next(5.0, 10_000)), Ok(32_000));
    }

    #[test]
    fn token_caps_count_what_was_used_and_the_next_input() {
        let budget = RunBudget {
            max_tokens: Some(5_000),
            ..RunBudget::default()
        };
        assert_eq!(budget.allowance(&next(0.0, 2_000)), Ok(2_000));
        assert!(budget.allowance(&next(0.0, 3_900)).is_err());
    }

    #[test]
    fn an_unknown_price_cannot_be_checked_against_a_cost_cap() {
        let budget = RunBudget {
            day_left_usd: Some(1.0),
            ..RunBudget::default()
        };
        let mut call = next(0.0, 10);
        call.pricing = None;
        let reason = budget.allowance(&call).unwrap_err();
        assert!(
            reason.contains("price of mock/gpt-4.1 is unknown"),
            "{reason}"
        );
    }
}
