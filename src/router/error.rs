//! [`Error`]: what can go wrong while routing (configuration and storage; model failures stay
//! [`crate::model::Error`]).

use std::path::PathBuf;

use crate::config::ModelRef;

/// A routing failure.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("router.{key}: {problem}")]
    BadModel {
        key: String,
        problem: Box<crate::config::ModelRefError>,
    },
    #[error(
        "router.tokenSaver.defaultTier `{tier}` is not one of the tiers ({known}); name one of them"
    )]
    UnknownDefaultTier { tier: String, known: String },
    #[error(
        "router.tokenSaver.thresholds: need 0 <= medium ({medium}) <= reasoning ({reasoning}) <= 1; `pilotdeck router calibrate` sets them"
    )]
    BadThresholds { medium: f64, reasoning: f64 },
    #[error(
        "no model to route to; set agent.model or router.scenarios.default in pilotdeck.yaml, or pass -m provider/model"
    )]
    NoModel,
    #[error("router state in `{path}`: {source}")]
    State {
        path: PathBuf,
        #[source]
        source: crate::store::Error,
    },
    #[error("router state in `{path}`: {source}")]
    Sqlite {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error("the router state task stopped; this is a bug in pilotdeck, please report it")]
    StateTask,
    #[error(
        "unsupported_modality: the request has images and no model tried can see them (tried: {}); add a model that sees images (multimodal.input: [text, image]) to router.fallback.default, or pass -m with one",
        tried.join(", ")
    )]
    UnsupportedModality { model: ModelRef, tried: Vec<String> },
    #[error(transparent)]
    Model(#[from] crate::model::Error),
}
