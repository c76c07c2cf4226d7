//! The agent's model call through the router: decide once per turn (the main agent's latest user
//! text), then execute with fallbacks, forwarding content deltas as they stream. Also tracks the
//! model that actually answered and the turn's cost, which may span several models.

use std::sync::PoisonError;

use tokio_util::sync::CancellationToken;

use super::Agent;
use super::event::AgentEvent;
use super::outcome::TurnError;
use super::turn::CallEnd;
use crate::config::ModelRef;
use crate::context::Budget;
use crate::model::{ErrorCode, ModelEvent, ModelRequest, Pricing, Role, Usage};
use crate::router::{CallContext, CallRole, DecideOptions, Decision, Router, Scenario};

/// What the router did in the current turn.
#[derive(Debug, Default)]
pub(super) struct TurnRouting {
    pub(super) turn: u32,
    pub(super) decision: Option<Decision>,
    /// The model of the latest reply.
    pub(super) model: Option<String>,
    /// Summed over the turn's calls; `None` once a call's price is unknown.
    pub(super) cost_usd: Option<f64>,
    pub(super) priced_calls: u32,
    pub(super) calls: u32,
}

impl Agent {
    /// The model that produced the latest reply (the routed one, or the agent's own).
    pub(super) fn current_model(&self) -> String {
        self.routing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .model
            .clone()
            .unwrap_or_else(|| self.model.to_string())
    }

    /// The model the router chose for `turn`, once it has.
    pub(super) fn decided_model(&self, turn: u32) -> Option<ModelRef> {
        let routing = self.routing.lock().unwrap_or_else(PoisonError::into_inner);
        (routing.turn == turn)
            .then(|| routing.decision.as_ref().map(Decision::model_ref))
            .flatten()
    }

    /// The turn's cost: the routed calls' summed cost (judge included), else the agent model's price
    /// of `usage`.
    pub(super) fn turn_cost(&self, turn: u32, usage: &Usage) -> Option<f64> {
        let routing = self.routing.lock().unwrap_or_else(PoisonError::into_inner);
        if self.router.is_some() && routing.turn == turn && routing.calls > 0 {
            return (routing.priced_calls == routing.calls)
                .then_some(routing.cost_usd.unwrap_or(0.0));
        }
        drop(routing);
        self.cost(usage)
    }

    /// The routing decision of `turn`, made on its first call. `Ok(None)` when routing failed (the
    /// agent's model serves); an error when no model can take the request's media.
    async fn decision(
        &self,
        router: &Router,
        turn: u32,
        request: &ModelRequest,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Result<Option<Decision>, TurnError> {
        {
            let routing = self.routing.lock().unwrap_or_else(PoisonError::into_inner);
            if routing.turn == turn && routing.decision.is_some() {
                return Ok(routing.decision.clone());
            }
        }
        let text = request
            .messages
            .iter()
            .rev()
            .filter(|m| m.role == Role::User)
            .map(|m| m.text())
            .find(|t| !t.trim().is_empty())
            .unwrap_or_default();
        let estimated = serde_json::to_string(&request.messages).map_or(0, |s| s.len() / 4);
        let opts = DecideOptions {
            session: self.session.clone(),
            turn: Some(turn),
            text,
            explicit: self.explicit_model.then(|| self.model.clone()),
            scenario: if self.is_subagent {
                Scenario::Subagent
            } else {
                Scenario::Default
            },
            offline: false,
            estimated_tokens: estimated as u64,
            needs_images: crate::media::needs_images(&request.messages),
            record: true,
        };
        let decision = match router.decide(&opts, token).await {
            Ok(d) => d,
            Err(crate::router::Error::UnsupportedModality { model, tried }) => {
                return Err(unsupported_modality(&model, &tried));
            }
            Err(e) => {
                tracing::warn!(error = %e, "routing failed; using the agent's model");
                return Ok(None);
            }
        };
        tracing::info!(tier = ?decision.tier, model = %decision.model_ref(), from = ?decision.resolved_from, "routed");
        emit(AgentEvent::Routed {
            turn,
            tier: decision.tier.clone(),
            model: decision.model_ref().to_string(),
            resolved_from: decision.resolved_from.as_str().to_owned(),
            reason: decision.reason.clone(),
            judge_called: decision.judge_called,
        });
        let mut routing = self.routing.lock().unwrap_or_else(PoisonError::into_inner);
        // The judge's cost is part of the turn's; an unpriced judge leaves the total unknown.
        let judge = decision.judge.as_ref();
        *routing = TurnRouting {
            turn,
            decision: Some(decision.clone()),
            cost_usd: judge.and_then(|j| j.cost_usd),
            calls: u32::from(judge.is_some()),
            priced_calls: u32::from(judge.is_some_and(|j| j.cost_usd.is_some())),
            ..TurnRouting::default()
        };
        Ok(Some(decision))
    }

    /// The model the next call of `turn` goes to — the router's choice for the turn (made now when
    /// it was not yet), else the agent's — with its output limit and price, for the budget check.
    pub(super) async fn serving_model(
        &self,
        turn: u32,
        request: &ModelRequest,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> (String, u64, Option<Pricing>) {
        if let Some(router) = &self.router
            && let Ok(Some(decision)) = self.decision(router, turn, request, token, emit).await
        {
            let model = decision.model_ref();
            if let Ok(provider) = router.provider(&model) {
                let info = provider.model_info(&model.model);
                return (
                    model.to_string(),
                    info.max_output_tokens,
                    router.pricing(&model),
                );
            }
        }
        let info = self.provider.model_info(&self.model.model);
        (self.model.to_string(), info.max_output_tokens, info.pricing)
    }

    /// The prompt budget the next call of `turn` must fit: the agent model's, or the routed
    /// model's when that one's window is smaller (the router decides now when it has not yet).
    pub(super) async fn serving_budget(
        &self,
        turn: u32,
        request: &ModelRequest,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Budget {
        let own = self.budget();
        let Some(router) = &self.router else {
            return own;
        };
        let Ok(Some(decision)) = self.decision(router, turn, request, token, emit).await else {
            return own;
        };
        let model = decision.model_ref();
        let Ok(provider) = router.provider(&model) else {
            return own;
        };
        let info = provider.model_info(&model.model);
        let routed = Budget::new(
            info.context_window,
            self.max_output_tokens.unwrap_or(info.max_output_tokens),
        );
        if routed.prompt_tokens < own.prompt_tokens {
            routed
        } else {
            own
        }
    }

    /// One model call through the router. `None` when routing is unavailable (the caller then
    /// calls the agent's model directly).
    pub(super) async fn routed_call(
        &self,
        turn: u32,
        request: &ModelRequest,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Option<CallEnd> {
        let router = self.router.as_ref()?;
        let decision = match self.decision(router, turn, request, token, emit).await {
            Ok(Some(d)) => d,
            // Routing failed: the agent's model serves, through the router all the same, so the
            // call is accounted in `router/stats.jsonl` like every other (budgets count from it).
            Ok(None) => self.unrouted(),
            Err(e) => return Some(CallEnd::Failed(e)),
        };
        let call = CallContext {
            session: self.session.clone(),
            turn: Some(turn),
            role: if self.is_subagent {
                CallRole::Subagent
            } else {
                CallRole::Main
            },
            entry: self.entry.map(str::to_owned),
            project: self.project_key.clone(),
        };
        // A `complex` turn of the main agent: tell it to delegate to sub-agents.
        let orchestrated;
        let request = if decision.orchestrating && self.tools.get("agent").is_some() {
            let mut patched = request.clone();
            patched.system = Some(format!(
                "{}\n\n{}",
                request.system.as_deref().unwrap_or_default(),
                self.orchestration_prompt
            ));
            orchestrated = patched;
            &orchestrated
        } else {
            request
        };
        let mut forward = |event: &ModelEvent| match event {
            ModelEvent::TextDelta { text } => emit(AgentEvent::TextDelta { text: text.clone() }),
            ModelEvent::ThinkingDelta { text, .. } if !text.is_empty() => {
                emit(AgentEvent::ThinkingDelta { text: text.clone() });
            }
            _ => {}
        };
        let model = decision.model_ref();
        let request = match router.provider(&model) {
            Ok(provider) => self.materialized(request, &provider, &model.model),
            Err(_) => request.clone(),
        };
        let executed = router
            .execute(&decision, &request, &call, token, &mut forward)
            .await;
        for step in &executed.fell_back {
            emit(AgentEvent::FellBack {
                from: step.from.clone(),
                to: step.to.clone(),
                error: step.error.clone(),
            });
        }
        {
            let mut routing = self.routing.lock().unwrap_or_else(PoisonError::into_inner);
            routing.model = Some(executed.model.to_string());
            // A failed call counts too when it used tokens (see `Executed::cost_usd`).
            let used = match &executed.result {
                Ok(_) => true,
                Err(e) => !e.usage.is_zero(),
            };
            if used {
                routing.calls += 1;
                if let Some(c) = executed.cost_usd {
                    routing.priced_calls += 1;
                    routing.cost_usd = Some(routing.cost_usd.unwrap_or(0.0) + c);
                }
            }
        }
        if token.is_cancelled() {
            let usage = match &executed.result {
                Ok(r) => r.usage,
                Err(e) => e.usage,
            };
            return Some(CallEnd::Cancelled(usage));
        }
        Some(match executed.result {
            Ok(r) => CallEnd::Done(r),
            Err(e) if e.code == ErrorCode::Cancelled => CallEnd::Cancelled(e.usage),
            Err(e) => CallEnd::Failed(TurnError::Model(e)),
        })
    }
}

impl Agent {
    /// The decision for a call the router could not decide: the agent's own model.
    fn unrouted(&self) -> Decision {
        let scenario = if self.is_subagent {
            Scenario::Subagent
        } else {
            Scenario::Default
        };
        Decision::fixed(&self.model, scenario, "routing failed; the agent's model")
    }
}

/// The turn error for a request whose images no model tried can see.
pub(super) fn unsupported_modality(model: &ModelRef, tried: &[String]) -> TurnError {
    TurnError::Model(crate::model::Error::new(
        ErrorCode::UnsupportedModality,
        &model.provider,
        &model.model,
        tried.join(", "),
    ))
}

impl Agent {
    /// `request` with its media references turned into what `model` of `provider` takes
    /// ([`crate::media::materialize`]).
    pub(super) fn materialized(
        &self,
        request: &ModelRequest,
        provider: &crate::model::ResolvedProvider,
        model: &str,
    ) -> ModelRequest {
        let mut request = request.clone();
        let info = provider.model_info(model);
        crate::media::materialize(&mut request.messages, &info, provider.protocol);
        request
    }
}
