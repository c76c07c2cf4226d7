//! Turn limits and the circuit breaker on invalid tool input.

use std::collections::HashMap;
use std::time::Duration;

/// Bounds on one turn. Hitting any ends the turn with a reason.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Model calls per turn.
    pub max_iterations: u32,
    /// Tool calls per turn.
    pub max_tool_calls: u32,
    /// Wall-clock time for the whole turn.
    pub timeout: Option<Duration>,
    /// What the turn may spend (see `budget.rs`).
    pub budget: super::RunBudget,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_iterations: 50,
            max_tool_calls: 500,
            timeout: None,
            budget: super::RunBudget::default(),
        }
    }
}

/// How many replies in a row may contain invalid tool input before the turn stops.
pub(super) const MAX_INVALID_IN_A_ROW: u32 = 3;
/// How often the very same invalid call may repeat before the turn stops.
pub(super) const MAX_SAME_INVALID: u32 = 3;

/// Tracks invalid tool input across the iterations of a turn.
#[derive(Debug, Default)]
pub struct CircuitBreaker {
    in_a_row: u32,
    same: HashMap<String, u32>,
}

impl CircuitBreaker {
    /// Records one reply's invalid calls (`name` + arguments); returns why to stop, if it is time.
    pub fn record(&mut self, invalid: &[(String, serde_json::Value)]) -> Option<String> {
        if invalid.is_empty() {
            self.in_a_row = 0;
            return None;
        }
        self.in_a_row += 1;
        for (name, args) in invalid {
            let n = self.same.entry(format!("{name}\u{0}{args}")).or_insert(0);
            *n += 1;
            if *n >= MAX_SAME_INVALID {
                return Some(format!(
                    "circuit breaker: `{name}` was called {n} times with the same invalid arguments"
                ));
            }
        }
        (self.in_a_row > MAX_INVALID_IN_A_ROW).then(|| {
            format!(
                "circuit breaker: {} replies in a row had invalid tool arguments",
                self.in_a_row
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn same_invalid_call_three_times_trips() {
        let mut b = CircuitBreaker::default();
        let call = vec![("read_file".to_owned(), json!({"pth": "a"}))];
        assert!(b.record(&call).is_none());
        assert!(b.record(&call).is_none());
        assert!(b.record(&call).unwrap().contains("3 times"));
    }

    #[test]
    fn different_invalid_calls_get_three_corrections_then_trip() {
        let mut b = CircuitBreaker::default();
        for i in 0..3 {
            assert!(b.record(&[("x".to_owned(), json!({"i": i}))]).is_none());
        }
        assert!(b.record(&[("x".to_owned(), json!({"i": 9}))]).is_some());
    }

    #[test]
    fn a_clean_reply_resets_the_streak() {
        let mut b = CircuitBreaker::default();
        for i in 0..3 {
            assert!(b.record(&[("x".to_owned(), json!({"i": i}))]).is_none());
        }
        assert!(b.record(&[]).is_none());
        assert!(b.record(&[("x".to_owned(), json!({"i": 7}))]).is_none());
    }
}
