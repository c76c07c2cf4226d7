//! [`Router::decide`]: which model serves a request.
//!
//! The chain, first match wins: router disabled → the default model; an explicit model (`-m`);
//! a scenario model (`scenarios.subagent` for subagents); sticky (a follow-up request of the same
//! session and turn reuses the turn's model; a short continuation such as "ok" or "继续" keeps the
//! previous tier); classification (the judge, or the offline classifier `tokenSaver.scorer`: the
//! keyword heuristic or the learned scorer); the default tier. Classification
//! calls the judge only when it can change the answer: a judge is configured, `--offline` was not
//! given, and the tiers map to more than one model. A judge failure or timeout falls back to the
//! offline classifier. Cache-aware switching then keeps the session's current model when re-reading the
//! prompt cache on it is cheaper than prefilling the new model. Last, a request with images the
//! chosen model cannot see goes to the first model of its fallback chain that can
//! (`resolved_from: fallback`, reason `media_rerouted: …`), or fails with `unsupported_modality`.

use std::time::Instant;

use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::error::Error;
use super::heuristic;
use super::judge::{self, JudgeOutcome};
use super::ledger::{self, CallRole, RouterEvent, StatsRecord};
use super::runtime::Router;
use super::scorer;
use super::settings::TokenSaver;
use super::sticky::Sticky;
use crate::config::ModelRef;
use crate::model::Pricing;

/// The judged text is cut to this many characters; the start says what the task is.
const JUDGE_TEXT_CHARS: usize = 4000;

/// Which kind of caller asks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scenario {
    #[default]
    Default,
    Subagent,
    Explicit,
}

impl Scenario {
    pub fn as_str(self) -> &'static str {
        match self {
            Scenario::Default => "default",
            Scenario::Subagent => "subagent",
            Scenario::Explicit => "explicit",
        }
    }
}

/// Which step of the chain chose the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResolvedFrom {
    Explicit,
    Scenario,
    Sticky,
    Judge,
    Heuristic,
    Default,
    /// The chosen model could not take the request's media; a fallback that can serves it.
    Fallback,
}

impl ResolvedFrom {
    pub fn as_str(self) -> &'static str {
        match self {
            ResolvedFrom::Explicit => "explicit",
            ResolvedFrom::Scenario => "scenario",
            ResolvedFrom::Sticky => "sticky",
            ResolvedFrom::Judge => "judge",
            ResolvedFrom::Heuristic => "heuristic",
            ResolvedFrom::Default => "default",
            ResolvedFrom::Fallback => "fallback",
        }
    }
}

/// What the judge did for a decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JudgeReport {
    pub provider: String,
    pub model: String,
    pub latency_ms: u64,
    pub attempts: u32,
    pub cost_usd: Option<f64>,
    /// `ok`, `timeout`, `model_error` or `parse_error`.
    pub outcome: String,
}

/// A routing decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    pub tier: Option<String>,
    pub provider: String,
    pub model: String,
    pub resolved_from: ResolvedFrom,
    pub scenario: Scenario,
    pub reason: String,
    pub judge_called: bool,
    pub judge: Option<JudgeReport>,
    /// The fallback chain after the decided model.
    pub fallbacks: Vec<String>,
    /// The tier is one of `autoOrchestrate.triggerTiers`.
    pub orchestrating: bool,
    /// Classifier signals (for `--explain`).
    pub signals: Vec<String>,
    /// Time to decide, judge included.
    pub latency_ms: u64,
}

impl Decision {
    /// A decision that was not made by routing: `model` as it is, for `scenario`, with `reason`.
    pub fn fixed(model: &ModelRef, scenario: Scenario, reason: &str) -> Decision {
        Decision {
            tier: None,
            provider: model.provider.clone(),
            model: model.model.clone(),
            resolved_from: ResolvedFrom::Default,
            scenario,
            reason: reason.to_owned(),
            judge_called: false,
            judge: None,
            fallbacks: Vec::new(),
            orchestrating: false,
            signals: Vec::new(),
            latency_ms: 0,
        }
    }

    pub fn model_ref(&self) -> ModelRef {
        ModelRef {
            provider: self.provider.clone(),
            model: self.model.clone(),
        }
    }
}

/// What to decide for.
#[derive(Debug, Clone, Default)]
pub struct DecideOptions {
    pub session: Option<String>,
    /// The turn asking; a second request in the same turn reuses the turn's decision.
    pub turn: Option<u32>,
    /// The latest user text.
    pub text: String,
    /// `-m`: bypasses classification.
    pub explicit: Option<ModelRef>,
    pub scenario: Scenario,
    /// Never call the judge.
    pub offline: bool,
    /// Estimated input tokens of the request (cache-aware switching).
    pub estimated_tokens: u64,
    /// The request carries images the user gave: a model that cannot see them is replaced by the
    /// first fallback that can (`media_rerouted`), or the decision fails (`unsupported_modality`).
    pub needs_images: bool,
    /// Write the decision to the sticky state and `events.jsonl` (`run` does; `router decide`
    /// only reads).
    pub record: bool,
}

struct Pick {
    tier: Option<String>,
    model: ModelRef,
    from: ResolvedFrom,
    reason: String,
    signals: Vec<String>,
    judge: Option<JudgeReport>,
}

impl Router {
    /// Decides which model serves a request; see the module doc. Never fails for a judge problem
    /// (the heuristic answers instead); fails only when the router state cannot be read.
    pub async fn decide(
        &self,
        opts: &DecideOptions,
        cancel: &CancellationToken,
    ) -> Result<Decision, Error> {
        let started = Instant::now();
        let sticky = match &opts.session {
            Some(s) if self.settings.enabled => {
                let s = s.clone();
                self.with_store(move |store| store.get(&s)).await?
            }
            _ => None,
        };
        let mut scenario = opts.scenario;
        let pick = if !self.settings.enabled {
            Pick::plain(
                &self.settings.default_model,
                ResolvedFrom::Default,
                "the router is disabled (router.enabled: false)",
            )
        } else if let Some(model) = &opts.explicit {
            scenario = Scenario::Explicit;
            Pick::plain(
                model,
                ResolvedFrom::Explicit,
                "the model was given explicitly",
            )
        } else if let Some(model) = (scenario == Scenario::Subagent)
            .then(|| self.settings.scenarios.get("subagent"))
            .flatten()
        {
            Pick::plain(model, ResolvedFrom::Scenario, "scenarios.subagent")
        } else if let Some(pick) = self.sticky_pick(opts, sticky.as_ref()) {
            pick
        } else {
            self.classify(opts, cancel).await
        };
        let pick = self.cache_aware(pick, sticky.as_ref(), opts);
        let pick = if opts.needs_images {
            self.media_pick(pick, scenario)?
        } else {
            pick
        };
        let model = pick.model.clone();
        let orchestrating = pick
            .tier
            .as_ref()
            .is_some_and(|t| self.settings.orchestrate_tiers.contains(t));
        let decision = Decision {
            tier: pick.tier,
            provider: model.provider.clone(),
            model: model.model.clone(),
            resolved_from: pick.from,
            scenario,
            reason: pick.reason,
            judge_called: pick.judge.is_some(),
            judge: pick.judge,
            fallbacks: self
                .settings
                .chain(scenario.as_str(), &model)
                .iter()
                .map(ToString::to_string)
                .collect(),
            orchestrating,
            signals: pick.signals,
            latency_ms: started.elapsed().as_millis() as u64,
        };
        if opts.record {
            if let Some(session) = opts.session.clone() {
                let (tier, turn) = (decision.tier.clone(), opts.turn.unwrap_or(0));
                self.with_store(move |store| store.set(&session, tier.as_deref(), &model, turn))
                    .await?;
            }
            ledger::append(
                &self.router_dir.join("events.jsonl"),
                &RouterEvent::Decision {
                    at: chrono::Utc::now(),
                    session: opts.session.as_deref(),
                    turn: opts.turn,
                    decision: &decision,
                },
            );
        }
        Ok(decision)
    }

    /// `pick` when its model sees images, else the first model of its fallback chain that does.
    fn media_pick(&self, pick: Pick, scenario: Scenario) -> Result<Pick, Error> {
        if self.sees_images(&pick.model) {
            return Ok(pick);
        }
        let chain = if self.settings.enabled {
            self.settings.chain(scenario.as_str(), &pick.model)
        } else {
            Vec::new()
        };
        match chain.iter().find(|m| self.sees_images(m)) {
            Some(model) => Ok(Pick {
                reason: format!(
                    "media_rerouted: the request has images and {} cannot see them",
                    pick.model
                ),
                model: model.clone(),
                from: ResolvedFrom::Fallback,
                ..pick
            }),
            None => {
                let tried = std::iter::once(&pick.model)
                    .chain(&chain)
                    .map(ToString::to_string)
                    .collect::<Vec<_>>();
                Err(Error::UnsupportedModality {
                    model: pick.model,
                    tried,
                })
            }
        }
    }

    fn sees_images(&self, model: &ModelRef) -> bool {
        self.provider(model)
            .is_ok_and(|p| p.model_info(&model.model).supports_images)
    }

    fn sticky_pick(&self, opts: &DecideOptions, sticky: Option<&Sticky>) -> Option<Pick> {
        let sticky = sticky?;
        if opts.turn.is_some_and(|t| t == sticky.turn) {
            return Some(Pick {
                tier: sticky.tier.clone(),
                model: sticky.model.clone(),
                from: ResolvedFrom::Sticky,
                reason: "a follow-up request in the same turn keeps the turn's model".to_owned(),
                signals: Vec::new(),
                judge: None,
            });
        }
        let saver = self.settings.token_saver.as_ref()?;
        let tier = saver.tier(sticky.tier.as_deref()?)?;
        heuristic::is_short_continuation(&opts.text).then(|| Pick {
            tier: Some(tier.name.clone()),
            model: tier.model.clone(),
            from: ResolvedFrom::Sticky,
            reason: format!(
                "a short continuation keeps the previous tier ({})",
                tier.name
            ),
            signals: vec!["short continuation".to_owned()],
            judge: None,
        })
    }

    async fn classify(&self, opts: &DecideOptions, cancel: &CancellationToken) -> Pick {
        let Some(saver) = &self.settings.token_saver else {
            return Pick::plain(
                &self.settings.default_model,
                ResolvedFrom::Default,
                "the token saver is off; the default model",
            );
        };
        if opts.scenario == Scenario::Subagent && saver.subagent_skip {
            return Pick::plain(
                &self.settings.default_model,
                ResolvedFrom::Default,
                "subagent requests skip classification (tokenSaver.subagent.policy: skip)",
            );
        }
        if opts.text.trim().is_empty() {
            return default_tier(saver, "no user text to classify");
        }
        let why_no_judge = if saver.judge.is_none() {
            Some("no judge is configured".to_owned())
        } else if opts.offline {
            Some("--offline".to_owned())
        } else if saver.is_single_model() {
            Some(format!(
                "every tier maps to {}, so a judge cannot change the model",
                saver
                    .tiers
                    .first()
                    .map(|t| t.model.to_string())
                    .unwrap_or_default()
            ))
        } else {
            None
        };
        let judge_model = match (why_no_judge, &saver.judge) {
            (None, Some(judge)) => judge.clone(),
            (why, _) => {
                let why = why.unwrap_or_default();
                return heuristic_pick(saver, opts, &why, None);
            }
        };
        let outcome = self.call_judge(saver, &judge_model, opts, cancel).await;
        let report = JudgeReport {
            provider: judge_model.provider.clone(),
            model: judge_model.model.clone(),
            latency_ms: outcome.latency.as_millis() as u64,
            attempts: outcome.attempts,
            cost_usd: self.judge_cost(&judge_model, &outcome),
            outcome: match &outcome.result {
                Ok(_) => "ok",
                Err(judge::JudgeFailure::Timeout) => "timeout",
                Err(judge::JudgeFailure::ModelError(_)) => "model_error",
                Err(judge::JudgeFailure::ParseError(_)) => "parse_error",
            }
            .to_owned(),
        };
        match outcome.result {
            Ok(name) => match saver.tier(&name) {
                Some(tier) => Pick {
                    tier: Some(tier.name.clone()),
                    model: tier.model.clone(),
                    from: ResolvedFrom::Judge,
                    reason: format!("the judge ({judge_model}) chose {}", tier.name),
                    signals: Vec::new(),
                    judge: Some(report),
                },
                None => default_tier(saver, "the judge named an unknown tier"),
            },
            Err(failure) => {
                heuristic_pick(saver, opts, &format!("the judge {failure}"), Some(report))
            }
        }
    }

    async fn call_judge(
        &self,
        saver: &TokenSaver,
        judge_model: &ModelRef,
        opts: &DecideOptions,
        cancel: &CancellationToken,
    ) -> JudgeOutcome {
        let text: String = opts.text.chars().take(JUDGE_TEXT_CHARS).collect();
        let prompt = judge::judge_prompt(saver, &text, None);
        let request = judge::judge_request(judge_model, prompt);
        let provider = match self.provider(judge_model) {
            Ok(p) => p,
            Err(e) => return JudgeOutcome::not_started(e.code),
        };
        let client = match self.client() {
            Ok(c) => c,
            Err(e) => return JudgeOutcome::not_started(e.code),
        };
        let outcome = judge::run_judge(client, &provider, request, saver, cancel).await;
        for response in &outcome.responses {
            self.record_stats(StatsRecord {
                at: chrono::Utc::now(),
                session: opts.session.clone(),
                turn: opts.turn,
                role: CallRole::Judge,
                tier: None,
                provider: judge_model.provider.clone(),
                model: judge_model.model.clone(),
                usage: response.usage,
                cost_usd: self.cost(judge_model, &response.usage),
                baseline_cost_usd: None,
                latency_ms: outcome.latency.as_millis() as u64,
                outcome: "ok".to_owned(),
                entry: None,
                project: None,
            });
        }
        outcome
    }

    fn judge_cost(&self, judge: &ModelRef, outcome: &JudgeOutcome) -> Option<f64> {
        outcome
            .responses
            .iter()
            .map(|r| self.cost(judge, &r.usage))
            .sum()
    }

    /// Keeps the session's current model when its prompt cache makes it cheaper than the new one.
    fn cache_aware(&self, pick: Pick, sticky: Option<&Sticky>, opts: &DecideOptions) -> Pick {
        let ratio = self
            .settings
            .token_saver
            .as_ref()
            .and_then(|s| s.cache_aware);
        let (Some(ratio), Some(sticky)) = (ratio, sticky) else {
            return pick;
        };
        if !matches!(pick.from, ResolvedFrom::Judge | ResolvedFrom::Heuristic)
            || sticky.model == pick.model
            || sticky.last_cache_read_tokens == 0
            || sticky.last_input_tokens == 0
        {
            return pick;
        }
        let (Some(current), Some(next)) = (self.pricing(&sticky.model), self.pricing(&pick.model))
        else {
            return pick;
        };
        let tokens = opts.estimated_tokens.max(sticky.last_input_tokens) as f64;
        let hit = sticky.last_cache_read_tokens as f64 / sticky.last_input_tokens as f64;
        let cached = cache_cost(&current, tokens, hit.min(1.0));
        let prefill = tokens * next.input / 1_000_000.0;
        if prefill < cached - cached * ratio {
            return pick;
        }
        Pick {
            tier: sticky.tier.clone(),
            model: sticky.model.clone(),
            from: ResolvedFrom::Sticky,
            reason: format!(
                "cache-aware: staying on {} (cached ${cached:.4} vs prefill ${prefill:.4} on {})",
                sticky.model, pick.model
            ),
            signals: pick.signals,
            judge: pick.judge,
        }
    }

    pub(super) fn record_stats(&self, record: StatsRecord) {
        if self.settings.stats_enabled {
            ledger::append(&self.router_dir.join("stats.jsonl"), &record);
        }
    }
}

fn cache_cost(p: &Pricing, tokens: f64, hit: f64) -> f64 {
    (tokens * hit * p.cache_read + tokens * (1.0 - hit) * p.input) / 1_000_000.0
}

impl Pick {
    fn plain(model: &ModelRef, from: ResolvedFrom, reason: &str) -> Pick {
        Pick {
            tier: None,
            model: model.clone(),
            from,
            reason: reason.to_owned(),
            signals: Vec::new(),
            judge: None,
        }
    }
}

fn default_tier(saver: &TokenSaver, why: &str) -> Pick {
    let tier = saver.tier(&saver.default_tier);
    Pick {
        tier: tier.map(|t| t.name.clone()),
        model: tier.map(|t| t.model.clone()).unwrap_or_else(|| ModelRef {
            provider: String::new(),
            model: String::new(),
        }),
        from: ResolvedFrom::Default,
        reason: format!("{why}; the default tier ({})", saver.default_tier),
        signals: Vec::new(),
        judge: None,
    }
}

/// The offline classifier's tier (`tokenSaver.scorer`: the keyword heuristic, or the learned
/// [`scorer`] under the configured thresholds), mapped onto the configured tiers (an unconfigured
/// tier → the nearest configured).
fn heuristic_pick(
    saver: &TokenSaver,
    opts: &DecideOptions,
    why: &str,
    judge: Option<super::decide::JudgeReport>,
) -> Pick {
    let follow_up = opts.turn.map_or(0, |t| t.saturating_sub(1));
    let c = scorer::classify_with(saver.scorer, &opts.text, follow_up, saver.thresholds);
    let Some(tier) = saver.nearest(c.tier) else {
        return default_tier(saver, why);
    };
    Pick {
        tier: Some(tier.name.clone()),
        model: tier.model.clone(),
        from: ResolvedFrom::Heuristic,
        reason: match c.score {
            Some(score) => format!("{why}; the scorer ({score:.3}) chose {}", tier.name),
            None => format!("{why}; the heuristic chose {}", tier.name),
        },
        signals: c.signals.iter().map(|s| (*s).to_owned()).collect(),
        judge,
    }
}
