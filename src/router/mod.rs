//! The router: which model serves a request, and what happens when that model fails.
//!
//! [`Router::decide`] runs the decision chain explicit → scenario → sticky → classify → default tier,
//! where classification is the judge model (one non-streaming call, only when it can change the
//! answer) or, offline and whenever the judge fails, the offline classifier `tokenSaver.scorer`:
//! the keyword [`heuristic`] (default) or the learned [`scorer`] (a logistic model over hashed
//! n-grams and dense prompt features, weights compiled in, tiers from `tokenSaver.thresholds`; the
//! heuristic's signals are its explanation). [`eval`] measures routing on labelled prompts (APGR,
//! baselines) for `router eval`; [`calibrate`] fits thresholds to a wanted strong share of the
//! user's past prompts and projects spend for `router calibrate`. [`Router::execute`] streams
//! from the decided model and then the fallback chain, moving on only while nothing has been passed
//! to the caller, with one [`RetryBudget`](crate::model::RetryBudget) shared by every attempt.
//! Sticky state and the provider circuit live in `state.db` ([`sticky`]) because every command is
//! its own process; decisions and per-call costs are appended to `<home>/router/{events,stats}.jsonl`
//! ([`ledger`]).
//!
//! The router does not build requests, run tools or print anything: the agent loop calls it, and
//! `pilotdeck router …` renders what it returns.

mod background;
pub mod calibrate;
mod decide;
mod error;
pub mod eval;
mod execute;
pub mod heuristic;
mod judge;
mod keywords;
pub mod ledger;
mod runtime;
pub mod scorer;
mod settings;
mod sticky;
mod usage;

pub use background::{Direct, background_complete};
pub use decide::{DecideOptions, Decision, ResolvedFrom, Scenario};
pub use error::Error;
pub use execute::{CallContext, Executed, is_fallback_eligible};
pub use heuristic::{Tier, classify, is_short_continuation};
pub use judge::{judge_prompt, parse_tier};
pub use ledger::CallRole;
pub use ledger::{StatsOptions, StatsReport, StatsRow, stats};
pub use runtime::{Router, decide_once};
pub use settings::{Settings, TierSpec, TokenSaver};
pub use sticky::{Health, Sticky, StickyStore};
pub use usage::{UsageReport, usage};
