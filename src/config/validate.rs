//! Checks that need the whole merged config: every model reference resolves to a configured provider
//! (and to one of its models when it lists them), every provider has a protocol and a valid URL, and
//! enumerated strings hold allowed values. Findings are added to [`Loaded::diagnostics`] with the file
//! position of the offending key.

use super::diagnostic::{Diagnostic, Severity};
use super::load::Loaded;
use super::providers::known_provider;
use super::schema::Config;

pub(super) fn check(loaded: &mut Loaded) {
    let mut found = Vec::new();
    let cfg = &loaded.config;
    check_providers(cfg, &mut found);
    for (key, reference) in model_refs(cfg) {
        if let Err(e) = cfg.resolve_model(&reference) {
            found.push((Severity::Error, key, e.to_string()));
        }
    }
    if cfg.agent.model.is_none() && !cfg.model.providers.is_empty() {
        found.push((
            Severity::Warning,
            "agent.model".to_owned(),
            "no default model; set agent.model (e.g. openai/gpt-4.1-mini) or pass --model"
                .to_owned(),
        ));
    }
    check_choices(cfg, &mut found);
    check_env_patterns(cfg, &mut found);
    check_budget(cfg, &mut found);
    for (severity, key, message) in found {
        let loc = loaded.location(&key);
        loaded
            .diagnostics
            .push(Diagnostic::new(severity, message).key(key).at(loc.as_ref()));
    }
}

/// The providers some model reference of the config names (`agent.model`, the router's tiers,
/// scenarios and fallbacks, memory's models, …): the ones a missing key breaks.
/// Without `agent.model` the default may come from any of them, so all count.
pub fn used_providers(cfg: &Config) -> std::collections::BTreeSet<String> {
    if cfg.agent.model.is_none() {
        return cfg.model.providers.keys().cloned().collect();
    }
    (model_refs(cfg).into_iter())
        .filter_map(|(_, r)| r.split_once('/').map(|(p, _)| p.to_owned()))
        .collect()
}

/// The environment variables the `apiKey`s of the providers in use read (`${OPENAI_API_KEY}`): what
/// a scheduler's environment must hold for the runs to reach their models.
pub fn key_variables(cfg: &Config) -> std::collections::BTreeSet<String> {
    used_providers(cfg)
        .iter()
        .filter_map(|p| cfg.model.providers.get(p)?.api_key.as_deref())
        .flat_map(|key| {
            super::references(key)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every model reference in the config, with its key path.
fn model_refs(cfg: &Config) -> Vec<(String, String)> {
    let mut refs = Vec::new();
    if let Some(m) = &cfg.agent.model {
        refs.push(("agent.model".to_owned(), m.clone()));
    }
    if let Some(d) = cfg
        .agent
        .subagents
        .as_ref()
        .and_then(|s| s.default.as_ref())
        && d != "inherit"
    {
        refs.push(("agent.subagents.default".to_owned(), d.clone()));
    }
    if let Some(router) = &cfg.router {
        for (name, r) in &router.scenarios {
            refs.push((format!("router.scenarios.{name}"), r.clone()));
        }
        for (name, chain) in &router.fallback.chains {
            for (i, r) in chain.iter().enumerate() {
                refs.push((format!("router.fallback.{name}.{i}"), r.clone()));
            }
        }
        if let Some(ts) = &router.token_saver {
            if let Some(j) = &ts.judge {
                refs.push(("router.tokenSaver.judge".to_owned(), j.clone()));
            }
            for (name, tier) in &ts.tiers {
                refs.push((
                    format!("router.tokenSaver.tiers.{name}.model"),
                    tier.model.clone(),
                ));
            }
        }
        if let Some(b) = &router.stats.baseline_model {
            refs.push(("router.stats.baselineModel".to_owned(), b.clone()));
        }
    }
    if let Some(m) = cfg.memory.as_ref().and_then(|m| m.model.as_ref()) {
        refs.push(("memory.model".to_owned(), m.clone()));
    }
    if let Some(m) = cfg.memory.as_ref().and_then(|m| m.embedding.as_ref()) {
        refs.push(("memory.embedding".to_owned(), m.clone()));
    }
    refs
}

fn check_providers(cfg: &Config, found: &mut Vec<(Severity, String, String)>) {
    for (id, p) in &cfg.model.providers {
        if p.protocol.is_none() && known_provider(id).is_none() {
            found.push((
                Severity::Error,
                format!("model.providers.{id}"),
                "unknown provider id needs `protocol:` (openai, openai-responses, anthropic or google) and `url:`".to_owned(),
            ));
        }
        if p.url.is_none() && known_provider(id).is_none() {
            found.push((
                Severity::Error,
                format!("model.providers.{id}"),
                "unknown provider id needs `url:` (the API base URL)".to_owned(),
            ));
        }
        if let Some(url) = &p.url
            && reqwest::Url::parse(url).is_err()
        {
            found.push((
                Severity::Error,
                format!("model.providers.{id}.url"),
                format!("`{url}` is not a valid URL; write it like https://api.example.com/v1"),
            ));
        }
    }
}

/// Budget caps are positive, finite amounts of USD.
fn check_budget(cfg: &Config, found: &mut Vec<(Severity, String, String)>) {
    let budget = cfg.agent.budget.clone().unwrap_or_default();
    let caps = [
        ("agent.budget.perRunUsd", budget.per_run_usd),
        ("agent.budget.perDayUsd", budget.per_day_usd),
        (
            "alwaysOn.trigger.dailyBudgetUsd",
            cfg.always_on.trigger.daily_budget_usd,
        ),
    ];
    for (key, cap) in caps {
        if let Some(cap) = cap
            && !(cap.is_finite() && cap > 0.0)
        {
            found.push((
                Severity::Error,
                key.to_owned(),
                format!("`{cap}` is not a positive amount of USD"),
            ));
        }
    }
    // The day's spend is counted from the ledger of every model call, which this turns off.
    let ledger_off = cfg.router.as_ref().is_some_and(|r| !r.stats.enabled);
    if ledger_off && budget.per_day_usd.is_some() {
        found.push((
            Severity::Error,
            "agent.budget.perDayUsd".to_owned(),
            "today's spend is counted from router/stats.jsonl, which router.stats.enabled: false turns off; remove one of the two".to_owned(),
        ));
    }
}

fn check_choices(cfg: &Config, found: &mut Vec<(Severity, String, String)>) {
    if let Some(m) = &cfg.memory
        && !["last_turn", "full_session"].contains(&m.capture_strategy.as_str())
    {
        found.push((
            Severity::Error,
            "memory.captureStrategy".to_owned(),
            format!(
                "`{}` is not one of last_turn, full_session",
                m.capture_strategy
            ),
        ));
    }
    if let Some(m) = &cfg.memory {
        let weight = m.recall.embedding_weight;
        if !(weight.is_finite() && weight >= 0.0) {
            found.push((
                Severity::Error,
                "memory.recall.embeddingWeight".to_owned(),
                format!(
                    "`{weight}` is not a weight; use a number ≥ 0 (1 weighs both rankings alike)"
                ),
            ));
        }
        let modes = [
            ("memory.reasoningMode", m.reasoning_mode.as_deref()),
            (
                "memory.schedule.reasoningMode",
                Some(m.schedule.reasoning_mode.as_str()),
            ),
        ];
        for (key, mode) in modes {
            if let Some(mode) = mode
                && !["answer_first", "accuracy_first"].contains(&mode)
            {
                found.push((
                    Severity::Error,
                    key.to_owned(),
                    format!("`{mode}` is not one of answer_first, accuracy_first"),
                ));
            }
        }
    }
    if let Some(mode) = &cfg.tools.permissions.mode
        && !["read-only", "workspace-write", "full"].contains(&mode.as_str())
    {
        found.push((
            Severity::Error,
            "tools.permissions.mode".to_owned(),
            format!("`{mode}` is not one of read-only, workspace-write, full"),
        ));
    }
    if let Some(search) = &cfg.tools.web_search {
        found.extend(super::web::problems(search));
    }
    if let Some(backend) = &cfg.tools.sandbox.backend
        && super::sections::SandboxBackend::parse(backend).is_none()
    {
        found.push((
            Severity::Error,
            "tools.sandbox.backend".to_owned(),
            format!(
                "`{backend}` is not one of {}",
                super::sections::SandboxBackend::NAMES.join(", ")
            ),
        ));
    }
    if let Some(ts) = cfg.router.as_ref().and_then(|r| r.token_saver.as_ref())
        && let Some(tier) = &ts.default_tier
        && !ts.tiers.is_empty()
        && !ts.tiers.contains_key(tier)
    {
        let names: Vec<&str> = ts.tiers.keys().map(String::as_str).collect();
        found.push((
            Severity::Error,
            "router.tokenSaver.defaultTier".to_owned(),
            format!(
                "`{tier}` is not a configured tier (tiers: {})",
                names.join(", ")
            ),
        ));
    }
    if !["en", "zh-CN"].contains(&cfg.always_on.language.as_str()) {
        found.push((
            Severity::Warning,
            "alwaysOn.language".to_owned(),
            format!(
                "`{}` is not en or zh-CN; en is used",
                cfg.always_on.language
            ),
        ));
    }
}

/// `tools.bash.env.include` / `exclude`: each entry must be a variable name or a `*`/`?` glob.
fn check_env_patterns(cfg: &Config, found: &mut Vec<(Severity, String, String)>) {
    let env = &cfg.tools.bash.env;
    for (list, patterns) in [("include", &env.include), ("exclude", &env.exclude)] {
        for (i, pattern) in patterns.iter().enumerate() {
            if let Some(message) = env_pattern_problem(pattern) {
                found.push((
                    Severity::Error,
                    format!("tools.bash.env.{list}.{i}"),
                    message,
                ));
            }
        }
    }
}

/// Why `pattern` is not a variable name or glob (letters, digits, `_`, `*`, `?`), if it is not.
fn env_pattern_problem(pattern: &str) -> Option<String> {
    let valid = !pattern.is_empty()
        && pattern
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '*' | '?'));
    (!valid).then(|| {
        format!(
            "`{pattern}` is not an environment variable name or glob; use letters, digits, `_`, `*` and `?`"
        )
    })
}
