//! What a tool call's own model calls may spend ([`SpendLimit`], on the [`ToolContext`]) and did
//! spend ([`Spent`], on the [`ToolOutput`]). Only the `agent` tool spends: its sub-agent runs on
//! a share of the parent turn's budget, and what the child used is counted in the parent's turn.
//!
//! [`ToolContext`]: super::ToolContext
//! [`ToolOutput`]: super::ToolOutput

use crate::model::Usage;

/// Caps on what one call's model calls may spend; `None` is no cap.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SpendLimit {
    pub max_cost_usd: Option<f64>,
    /// Tokens (input, output and cache, as reported).
    pub max_tokens: Option<u64>,
}

impl SpendLimit {
    /// An even share of this limit for each of `n` calls that run at the same time.
    pub fn share(self, n: usize) -> SpendLimit {
        let n = n.max(1);
        SpendLimit {
            max_cost_usd: self.max_cost_usd.map(|c| c / n as f64),
            max_tokens: self.max_tokens.map(|t| t / n as u64),
        }
    }

    /// What is left of this limit after `spent`.
    pub fn less(self, spent: &Spent) -> SpendLimit {
        SpendLimit {
            max_cost_usd: self
                .max_cost_usd
                .map(|c| (c - spent.cost_usd.unwrap_or(0.0)).max(0.0)),
            max_tokens: self
                .max_tokens
                .map(|t| t.saturating_sub(spent.usage.total())),
        }
    }
}

/// What one call's model calls used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spent {
    pub usage: Usage,
    /// `None` when the price of one of the calls is unknown.
    pub cost_usd: Option<f64>,
}

// Costs are finite sums of catalog prices, never NaN.
impl Eq for Spent {}

impl Default for Spent {
    fn default() -> Self {
        Spent {
            usage: Usage::default(),
            cost_usd: Some(0.0),
        }
    }
}

impl Spent {
    /// Both together; the cost is unknown once either is.
    pub fn add(&mut self, other: &Spent) {
        self.usage.add(&other.usage);
        self.cost_usd = self.cost_usd.zip(other.cost_usd).map(|(a, b)| a + b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_is_shared_evenly_and_shrinks_by_what_was_spent() {
        let limit = SpendLimit {
            max_cost_usd: Some(0.09),
            max_tokens: Some(10_000),
        };
        let third = limit.share(3);
        assert!((third.max_cost_usd.unwrap() - 0.03).abs() < 1e-12);
        assert_eq!(third.max_tokens, Some(3_333));
        let spent = Spent {
            usage: Usage {
                input_tokens: 4_000,
                ..Usage::default()
            },
            cost_usd: Some(0.1),
        };
        let left = limit.less(&spent);
        assert_eq!(left.max_cost_usd, Some(0.0));
        assert_eq!(left.max_tokens, Some(6_000));
        assert_eq!(SpendLimit::default().share(2), SpendLimit::default());
    }

    #[test]
    fn an_unknown_price_makes_the_sum_unknown() {
        let mut total = Spent::default();
        total.add(&Spent {
            usage: Usage::default(),
            cost_usd: Some(0.5),
        });
        assert_eq!(total.cost_usd, Some(0.5));
        total.add(&Spent {
            usage: Usage::default(),
            cost_usd: None,
        });
        assert_eq!(total.cost_usd, None);
    }
}
