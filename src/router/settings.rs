//! [`Settings`]: the effective router configuration, derived from the `router:` section and
//! `agent.model` with PilotDeck's defaulting rules, minus its weaknesses.
//!
//! Differences from PilotDeck, on purpose:
//! - With no `router:` section the tiers all map to the agent model and **no judge is configured**,
//!   so routing never costs an extra model call (PilotDeck judged every turn with the agent model,
//!   a call that could not change anything). The built-in heuristic still reports a tier.
//! - A `tokenSaver` without `judge` keeps its tiers and classifies with the heuristic, instead of
//!   dropping the token saver.
//! - `fallback.default` defaults to empty (the decided model is always tried first anyway).

use std::collections::BTreeMap;
use std::time::Duration;

use super::error::Error;
use super::heuristic::Tier;
use super::scorer::Thresholds;
use crate::config::{Config, ModelPricing, ModelRef, RouterConfig, ScorerChoice, TokenSaverConfig};

/// Fallbacks tried after the decided model unless `fallback.maxFallbacks` says otherwise.
pub(super) const DEFAULT_MAX_FALLBACKS: usize = 5;
/// The shortest judge timeout accepted; shorter values are raised to it.
const MIN_JUDGE_TIMEOUT: Duration = Duration::from_millis(100);

/// One tier of the token saver.
#[derive(Debug, Clone, PartialEq)]
pub struct TierSpec {
    pub name: String,
    pub model: ModelRef,
    pub description: String,
}

/// The token saver, when enabled.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenSaver {
    /// `None`: classify with the heuristic only.
    pub judge: Option<ModelRef>,
    pub tiers: Vec<TierSpec>,
    pub default_tier: String,
    pub rules: Vec<String>,
    /// Subagent requests skip classification (`subagent.policy: skip`).
    pub subagent_skip: bool,
    pub judge_timeout: Duration,
    /// `Some(minSavingsRatio)` when cache-aware switching is on.
    pub cache_aware: Option<f64>,
    /// `tokenSaver.scorer`: the offline classifier.
    pub scorer: ScorerChoice,
    /// `tokenSaver.thresholds`; `None`: the learned scorer's defaults.
    pub thresholds: Option<Thresholds>,
}

impl TokenSaver {
    pub fn tier(&self, name: &str) -> Option<&TierSpec> {
        self.tiers
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The configured tier for a canonical tier: the same name, else the nearest configured
    /// canonical tier above, then below.
    pub fn nearest(&self, tier: Tier) -> Option<&TierSpec> {
        self.tier(tier.as_str()).or_else(|| {
            let mut order: Vec<Tier> = Tier::ALL.into_iter().filter(|t| *t > tier).collect();
            order.extend(Tier::ALL.into_iter().rev().filter(|t| *t < tier));
            order.into_iter().find_map(|t| self.tier(t.as_str()))
        })
    }

    /// True when every tier maps to one model: classifying cannot change the model.
    pub fn is_single_model(&self) -> bool {
        self.tiers.windows(2).all(|w| w[0].model == w[1].model)
    }
}

/// The effective router configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// `router.enabled: false` means pass-through: the default model, no classification.
    pub enabled: bool,
    /// `scenarios.default`, else `agent.model`.
    pub default_model: ModelRef,
    pub scenarios: BTreeMap<String, ModelRef>,
    pub token_saver: Option<TokenSaver>,
    /// Fallback chains by scenario (`default`, `subagent`, `explicit`).
    pub fallback: BTreeMap<String, Vec<ModelRef>>,
    pub max_fallbacks: usize,
    /// `Some(maxAttempts)` when zero-usage retry is on.
    pub zero_usage_attempts: Option<u32>,
    pub orchestrate_tiers: Vec<String>,
    pub stats_enabled: bool,
    pub pricing: BTreeMap<String, ModelPricing>,
    /// What savings are measured against: `stats.baselineModel`, else the default model.
    pub baseline: ModelRef,
}

/// PilotDeck's default description of each tier.
pub(super) fn default_description(tier: &str) -> &'static str {
    match tier {
        "simple" => {
            "greetings, confirmations, single-step questions and answers, trivial file writes, remembering a rule"
        }
        "medium" => {
            "a single tool call, short generation, reading or writing one or two files, code generation"
        }
        "complex" => "only sub-agent orchestration or parallel delegation of several tasks",
        "reasoning" => {
            "deep single-agent work: multi-file changes, data analysis, multi-step workflows, research"
        }
        _ => "",
    }
}

/// The built-in routing rules given to the judge.
pub(super) const DEFAULT_RULES: &[&str] = &[
    "Prefer the cheapest tier that can do the job well.",
    "Use complex only when the task asks to delegate work to several agents or run parts in parallel.",
    "Use reasoning for multi-file changes, debugging without an obvious cause, and multi-step plans.",
    "Short acknowledgements continue the previous task and keep its tier.",
];

impl Settings {
    /// Derives the effective settings from the merged config. `default_model` is the model the agent
    /// would use without routing (`agent.model`, or the resumed session's).
    pub fn from_config(
        config: &Config,
        default_model: Option<&ModelRef>,
    ) -> Result<Settings, Error> {
        let section = config.router.clone().unwrap_or_default();
        let parse = |key: &str, text: &str| parse_ref(config, key, text);
        let default_model = match section.scenarios.get("default") {
            Some(text) => parse("scenarios.default", text)?,
            None => default_model.cloned().ok_or(Error::NoModel)?,
        };
        let mut scenarios = BTreeMap::new();
        for (name, text) in &section.scenarios {
            scenarios.insert(name.clone(), parse(&format!("scenarios.{name}"), text)?);
        }
        let mut fallback = BTreeMap::new();
        for (name, chain) in &section.fallback.chains {
            let refs = chain
                .iter()
                .map(|t| parse(&format!("fallback.{name}"), t))
                .collect::<Result<Vec<_>, _>>()?;
            fallback.insert(name.clone(), refs);
        }
        let token_saver = token_saver(config, &section, &default_model)?;
        let baseline = match &section.stats.baseline_model {
            Some(text) => parse("stats.baselineModel", text)?,
            None => default_model.clone(),
        };
        Ok(Settings {
            enabled: section.enabled,
            default_model,
            scenarios,
            token_saver,
            fallback,
            max_fallbacks: section
                .fallback
                .max_fallbacks
                .map_or(DEFAULT_MAX_FALLBACKS, |n| n as usize),
            zero_usage_attempts: section
                .zero_usage_retry
                .enabled
                .then_some(section.zero_usage_retry.max_attempts.max(1)),
            orchestrate_tiers: section
                .auto_orchestrate
                .filter(|a| a.enabled)
                .map(|a| a.trigger_tiers)
                .unwrap_or_default(),
            stats_enabled: section.stats.enabled,
            pricing: section.stats.model_pricing.clone(),
            baseline,
        })
    }

    /// The fallback chain after `first` for `scenario`: deduplicated, without `first`, capped.
    pub fn chain(&self, scenario: &str, first: &ModelRef) -> Vec<ModelRef> {
        let list = self
            .fallback
            .get(scenario)
            .or_else(|| {
                // An explicit model gets no fallbacks unless `fallback.explicit` names some.
                (scenario != "explicit")
                    .then(|| self.fallback.get("default"))
                    .flatten()
            })
            .cloned()
            .unwrap_or_default();
        let mut out: Vec<ModelRef> = Vec::new();
        for r in list {
            if &r != first && !out.contains(&r) {
                out.push(r);
            }
        }
        out.truncate(self.max_fallbacks);
        out
    }
}

fn parse_ref(config: &Config, key: &str, text: &str) -> Result<ModelRef, Error> {
    config
        .resolve_model(text)
        .map(|(model, _)| model)
        .map_err(|problem| Error::BadModel {
            key: key.to_owned(),
            problem: Box::new(problem),
        })
}

fn token_saver(
    config: &Config,
    section: &RouterConfig,
    default_model: &ModelRef,
) -> Result<Option<TokenSaver>, Error> {
    let ts = section
        .token_saver
        .clone()
        .unwrap_or_else(|| TokenSaverConfig {
            judge: None,
            ..TokenSaverConfig::default()
        });
    if !ts.enabled {
        return Ok(None);
    }
    let mut tiers = Vec::new();
    if ts.tiers.is_empty() {
        for tier in Tier::ALL {
            tiers.push(TierSpec {
                name: tier.as_str().to_owned(),
                model: default_model.clone(),
                description: default_description(tier.as_str()).to_owned(),
            });
        }
    } else {
        for (name, tier) in &ts.tiers {
            let model = if tier.model.is_empty() {
                default_model.clone()
            } else {
                parse_ref(
                    config,
                    &format!("tokenSaver.tiers.{name}.model"),
                    &tier.model,
                )?
            };
            tiers.push(TierSpec {
                name: name.clone(),
                model,
                description: tier
                    .description
                    .clone()
                    .unwrap_or_else(|| default_description(name).to_owned()),
            });
        }
        // Cheapest-first order for prompts and reports; unknown names keep config order at the end.
        tiers.sort_by_key(|t| Tier::parse(&t.name).map_or(usize::MAX, |t| t as usize));
    }
    let default_tier = match &ts.default_tier {
        Some(name) => {
            let found = tiers.iter().find(|t| t.name.eq_ignore_ascii_case(name));
            match found {
                Some(t) => t.name.clone(),
                None => {
                    return Err(Error::UnknownDefaultTier {
                        tier: name.clone(),
                        known: tiers
                            .iter()
                            .map(|t| t.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                }
            }
        }
        None => tiers
            .iter()
            .find(|t| t.name == "medium")
            .or_else(|| tiers.first())
            .map(|t| t.name.clone())
            .unwrap_or_default(),
    };
    let thresholds = match ts.thresholds {
        Some(t) if (0.0..=t.reasoning).contains(&t.medium) && t.reasoning <= 1.0 => {
            Some(Thresholds {
                medium: t.medium,
                reasoning: t.reasoning,
            })
        }
        Some(t) => {
            return Err(Error::BadThresholds {
                medium: t.medium,
                reasoning: t.reasoning,
            });
        }
        None => None,
    };
    let judge = ts
        .judge
        .as_deref()
        .map(|j| parse_ref(config, "tokenSaver.judge", j))
        .transpose()?;
    Ok(Some(TokenSaver {
        judge,
        tiers,
        default_tier,
        rules: ts
            .rules
            .clone()
            .unwrap_or_else(|| DEFAULT_RULES.iter().map(|r| (*r).to_owned()).collect()),
        subagent_skip: ts
            .subagent
            .as_ref()
            .and_then(|s| s.policy.as_deref())
            .is_some_and(|p| p == "skip"),
        judge_timeout: Duration::from_millis(ts.judge_timeout_ms).max(MIN_JUDGE_TIMEOUT),
        cache_aware: ts
            .cache_aware_switching
            .enabled
            .then_some(ts.cache_aware_switching.min_savings_ratio),
        scorer: ts.scorer,
        thresholds,
    }))
}
